import { describe, expect, it } from '@jest/globals';
import { canonicalJson } from '../kernel/canonical-json.js';
import { fold } from '../kernel/decider.js';
import { pair } from '../pairing/index.js';
import type { PairingSystem } from '../pairing/types.js';
import { computeStandings } from '../standings/standings.js';
import { pairingRequestFor } from './pairing-request.js';
import { standingsInputFor } from './standings-input.js';
import type { TournamentCommand } from './tournament.commands.js';
import { tournamentDecider } from './tournament.decider.js';
import type { TournamentEvent } from './tournament.events.js';
import { create, ctx, extend, publish, record, register, run, scrabble, stateOf, won } from './testing/tournament.test-support.js';

/** The application-layer sequence: fold → pairingRequestFor → pair() → tournament.pair-round → publish → results → lock. */
function playRound(
  history: TournamentEvent[],
  round: number,
  system: PairingSystem,
  resultFor: (table: number) => Parameters<typeof record>[2],
): TournamentEvent[] {
  const state = stateOf(history);
  const seed = `t1/main/${round}`;
  const result = pair(system, pairingRequestFor(state, 'main', round, seed));
  const pairCmd: TournamentCommand = { type: 'tournament.pair-round', context: ctx(), data: { round, pairing: { kind: 'system', system, seed, result } } };
  const paired = extend(history, pairCmd, publish(round));
  const tables = result.games.length > 0 ? result.games.map((g) => g.table) : result.tables.map((t) => t.table);
  return extend(paired, ...tables.map((t) => record(round, t, resultFor(t))), {
    type: 'tournament.lock-round',
    context: ctx('chief-arbiter'),
    data: { round },
  });
}

describe('tournament flow with the pairing systems (pair() injected through the command)', () => {
  it('plays a 5-player Scrabble event over 4 Australian-draw rounds: one bye a round, every game recorded', () => {
    let h = run(create({ roundsPlanned: 4 }), ...['a', 'b', 'c', 'd', 'e'].map((id, i) => register(id, { rating: 2000 - i * 50 })));
    for (let round = 1; round <= 4; round++) h = playRound(h, round, 'australian-draw', (t) => scrabble(400 + t * 10, 380));
    const state = fold(tournamentDecider, h);
    expect(state.status).toBe('open');
    const rows = computeStandings(standingsInputFor(stateOf(h), 'main'));
    expect(rows).toHaveLength(5);
    expect(rows.reduce((n, r) => n + r.rounds, 0)).toBe(20); // 5 players × 4 rounds, byes included
    expect(h.filter((e) => e.type === 'tournament.ResultRecorded' && e.data.source.kind === 'pairing')).toHaveLength(4);
  });

  it('plays a 4-player chess round robin to the end', () => {
    let h = run(create({ discipline: 'chess-rapid', roundsPlanned: 3 }), ...['a', 'b', 'c', 'd'].map((id) => register(id)));
    for (let round = 1; round <= 3; round++) h = playRound(h, round, 'round-robin', (t) => won(t === 1 ? 'first' : 'draw'));
    const rows = computeStandings(standingsInputFor(stateOf(h), 'main'));
    expect(rows.reduce((n, r) => n + r.score, 0)).toBe(6); // 6 games, 1 point each
  });

  it('Go McMahon (profile value): the standings start each player from their registered rating', () => {
    const profile = { mcmahon: { bar: 2100, floor: 1900 } };
    let h = run(create({ discipline: 'go', roundsPlanned: 1, profile }), register('a', { rating: 2200 }), register('b', { rating: 1900 }));
    h = playRound(h, 1, 'round-robin', () => won('second'));
    const rows = computeStandings(standingsInputFor(stateOf(h), 'main'));
    // Initial scores: a above the bar 2, b at the floor 0; whoever won the one game, a's McMahon score (2 or 3) leads b's (1 or 0).
    expect(rows.map((r) => [r.player, (r.mcmahon ?? Number.NaN) - r.score])).toEqual([
      ['a', 2],
      ['b', 0],
    ]);
  });

  it('stores only plain JSON: every event survives a canonical-JSON round trip unchanged', () => {
    let h = run(create({ roundsPlanned: 2 }), ...['a', 'b', 'c'].map((id) => register(id)));
    for (let round = 1; round <= 2; round++) h = playRound(h, round, 'random', () => scrabble(400, 350));
    h = extend(h, {
      type: 'tournament.correct-result',
      context: ctx('chief-arbiter'),
      data: { round: 1, table: 1, result: scrabble(350, 400), reason: 'slip misread' },
    });
    for (const e of h) expect(JSON.parse(canonicalJson(e))).toEqual(e);
  });

  it('penalties applied to the tournament flow into standings (Scrabble: off the spread)', () => {
    let h = run(create(), register('a'), register('b'));
    h = playRound(h, 1, 'random', () => scrabble(400, 350));
    const before = computeStandings(standingsInputFor(stateOf(h), 'main'));
    h = extend(h, {
      type: 'tournament.apply-penalty',
      context: ctx('chief-arbiter'),
      data: { player: before[0].player, points: 60, reason: 'phone rang', ref: 'ledger-1' },
    });
    const after = computeStandings(standingsInputFor(stateOf(h), 'main'));
    expect(after.find((r) => r.player === before[0].player)).toMatchObject({ spread: -10, penaltyPoints: 60, rank: 1 });
  });
});
