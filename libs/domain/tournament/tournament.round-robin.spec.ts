import { describe, expect, it } from '@jest/globals';
import { pair } from '../pairing/index.js';
import { computeStandings } from '../standings/standings.js';
import { pairingRequestFor } from './pairing-request.js';
import { standingsInputFor } from './standings-input.js';
import type { TournamentCommand } from './tournament.commands.js';
import type { TournamentEvent } from './tournament.events.js';
import { create, ctx, extend, lock, publish, record, register, run, stateOf, won } from './testing/tournament.test-support.js';

/**
 * WESPA seed 循環賽 (everyone meets everyone in the group) through the application-layer sequence:
 * pairingRequestFor → pair('round-robin') → tournament.pair-round → results → lock. Berger tables
 * need a fixed seed order (RULES.seeding): the request carries `seed`, while `rank` follows the
 * standings, which the results below change every round.
 */
function playRoundRobin(ids: readonly string[]): { history: TournamentEvent[]; orders: string[][] } {
  let h = run(create({ discipline: 'chess-rapid', pairingSystems: ['round-robin'] }), ...ids.map((id, i) => register(id, { rating: 2000 - 50 * i })));
  const rounds = ids.length % 2 === 0 ? ids.length - 1 : ids.length;
  const orders: string[][] = [];
  for (let round = 1; round <= rounds; round++) {
    const seed = `t1/main/${round}`;
    const result = pair('round-robin', pairingRequestFor(stateOf(h), 'main', round, seed));
    const pairCmd: TournamentCommand = {
      type: 'tournament.pair-round',
      context: ctx(),
      data: { round, pairing: { kind: 'system', system: 'round-robin', seed, result } },
    };
    // The player moving first (white) wins every game: the standings reorder the field every round.
    const results = result.games.map((g) => record(round, g.table, won('first')));
    h = extend(h, pairCmd, publish(round), ...results, lock(round));
    orders.push(computeStandings(standingsInputFor(stateOf(h), 'main')).map((r) => r.player));
  }
  return { history: h, orders };
}

function meetings(h: readonly TournamentEvent[]): { pairs: string[]; byes: string[] } {
  const pairs: string[] = [];
  const byes: string[] = [];
  for (const e of h)
    if (e.type === 'tournament.RoundPaired') {
      for (const g of e.data.games) pairs.push([g.first, g.second].sort().join('-'));
      if (e.data.bye !== null) byes.push(e.data.bye);
    }
  return { pairs: pairs.sort(), byes: byes.sort() };
}

const everyPair = (ids: readonly string[]) => ids.flatMap((a, i) => ids.slice(i + 1).map((b) => `${a}-${b}`)).sort();

describe('round robin through the tournament decider (fixed seeds, changing standings)', () => {
  it('WESPA 循環賽: a 4-player chess round robin through pairingRequestFor meets everyone exactly once', () => {
    const ids = ['a', 'b', 'c', 'd'];
    const { history, orders } = playRoundRobin(ids);
    expect(new Set(orders.map((o) => o.join(''))).size).toBeGreaterThan(1); // the standings changed between rounds
    expect(meetings(history)).toEqual({ pairs: everyPair(ids), byes: [] });
  });

  it('WESPA 循環賽: a 5-player chess round robin through pairingRequestFor meets everyone exactly once, with exactly one bye each', () => {
    const ids = ['a', 'b', 'c', 'd', 'e'];
    const { history, orders } = playRoundRobin(ids);
    expect(new Set(orders.map((o) => o.join(''))).size).toBeGreaterThan(1);
    expect(meetings(history)).toEqual({ pairs: everyPair(ids), byes: ids });
  });
});
