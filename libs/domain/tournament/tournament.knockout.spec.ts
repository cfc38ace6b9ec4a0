import { describe, expect, it } from '@jest/globals';
import { pair } from '../pairing/index.js';
import type { PairingOptions, PairingResult } from '../pairing/types.js';
import { computeStandings } from '../standings/standings.js';
import { pairingRequestFor } from './pairing-request.js';
import { standingsInputFor } from './standings-input.js';
import type { ResultInput, TournamentCommand } from './tournament.commands.js';
import type { TournamentEvent } from './tournament.events.js';
import {
  create,
  ctx,
  extend,
  game,
  given,
  lock,
  pairManual,
  publish,
  record,
  register,
  run,
  stateOf,
  systemResult,
  spec,
} from './testing/tournament.test-support.js';

/** An xiguaqi best-of-3 match won by `winner` 2–1 (西瓜棋 第十条 三局两胜). */
const match = (winner: 'first' | 'second'): ResultInput => ({
  kind: 'played',
  outcome: winner,
  games: winner === 'first' ? { first: 2, second: 1 } : { first: 1, second: 2 },
});

/** p1..pN registered in an xiguaqi knockout, p1 the top seed (highest rating). */
function knockoutEvent(n: number): TournamentEvent[] {
  return run(
    create({ discipline: 'xiguaqi', pairingSystems: ['knockout'] }),
    ...Array.from({ length: n }, (_, i) => register(`p${i + 1}`, { rating: 2000 - i * 10 })),
  );
}

/** The application layer: pairingRequestFor(…, 'knockout') → pair('knockout') → the pair-round command. */
function pairKnockout(h: TournamentEvent[], round: number, options?: PairingOptions): { result: PairingResult; command: TournamentCommand } {
  const seed = `t1/main/${round}`;
  const result = pair('knockout', pairingRequestFor(stateOf(h), 'main', round, seed, options, 'knockout'));
  return {
    result,
    command: {
      type: 'tournament.pair-round',
      context: ctx(),
      data: { round, pairing: { kind: 'system', system: 'knockout', seed, ...(options !== undefined && { options }), result } },
    },
  };
}

const seated = (r: PairingResult) => r.games.map((g) => [g.first, g.second].sort());
const tableOf = (r: PairingResult, player: string) =>
  (r.games.find((g) => g.first === player || g.second === player) as { table: number; first: string }).table;
const winFor = (r: PairingResult, player: string): [number, ResultInput] => {
  const g = r.games.find((x) => x.first === player || x.second === player) as { table: number; first: string };
  return [g.table, match(g.first === player ? 'first' : 'second')];
};

describe('tournament: knockout rounds (RULES.knockoutField, RULES.knockoutWinner)', () => {
  it('an 8-player xiguaqi knockout with a cut of 4: round 1 seeds 1v4 and 2v3, round 2 pairs the two winners, the eliminated are never paired again', () => {
    // given 8 players and a knockout cut to the top 4
    let h = knockoutEvent(8);
    // when round 1 is paired
    const r1 = pairKnockout(h, 1, { cut: 4 });
    // then the top 4 play 1v4 and 2v3, the others are out below the cut, and the decider records it
    expect(seated(r1.result)).toEqual([
      ['p1', 'p4'],
      ['p2', 'p3'],
    ]);
    expect(r1.result.out).toEqual(['p5', 'p6', 'p7', 'p8'].map((player) => ({ player, why: 'below-cut' })));
    expect(r1.result.byes).toEqual([]);
    h = extend(h, r1.command, publish(1));
    expect(h.at(-2)).toMatchObject({ type: 'tournament.RoundPaired', data: { out: r1.result.out, bye: null } });

    // when p4 beats p1 2–1 and p2 beats p3 2–1 (best of 3), and round 2 is paired
    h = extend(h, record(1, ...winFor(r1.result, 'p4')), record(1, ...winFor(r1.result, 'p2')), lock(1));
    const r2 = pairKnockout(h, 2);
    // then only the two winners meet; the losers and the players below the cut are named as eliminated
    expect(seated(r2.result)).toEqual([['p2', 'p4']]);
    expect(r2.result.out?.map((o) => o.player).sort()).toEqual(['p1', 'p3', 'p5', 'p6', 'p7', 'p8']);
    expect(r2.result.out?.every((o) => o.why === 'eliminated')).toBe(true);
    h = extend(h, r2.command, publish(2), record(2, ...winFor(r2.result, 'p2')), lock(2));

    // then nobody is left to pair: the winner alone cannot make a round 3
    expect(() => pairKnockout(h, 3)).toThrow(expect.objectContaining({ type: 'pairing/field-too-small' }));
    const paired = h.filter((e): e is Extract<TournamentEvent, { type: 'tournament.RoundPaired' }> => e.type === 'tournament.RoundPaired');
    const r2Players = paired[1].data.games.flatMap((g) => [g.first, g.second]);
    for (const out of ['p1', 'p3', 'p5', 'p6', 'p7', 'p8']) expect(r2Players).not.toContain(out);
  });

  it('refuses to seat an eliminated player in a later knockout round, or to leave out a player for a reason that is not true', () => {
    // given round 1 of a 4-player knockout in which p1 and p2 won
    let h = knockoutEvent(4);
    const r1 = pairKnockout(h, 1);
    h = extend(h, r1.command, publish(1), record(1, ...winFor(r1.result, 'p1')), record(1, ...winFor(r1.result, 'p2')));
    const ko = (result: PairingResult) => ({ ...result, system: 'knockout' as const, explanation: ['forged'] });
    // when round 2 seats an eliminated player: refused
    const seatsLoser = {
      ...ko(systemResult(2, [game(1, 'p1', 'p4')])),
      out: [
        { player: 'p2', why: 'eliminated' as const },
        { player: 'p3', why: 'eliminated' as const },
      ],
    };
    expect(
      given(h).refuses({
        type: 'tournament.pair-round',
        context: ctx(),
        data: { round: 2, pairing: { kind: 'system', system: 'knockout', seed: 's', result: seatsLoser } },
      }).type,
    ).toBe('tournament/knockout-eliminated-player');
    // when round 2 leaves out a winner as "eliminated": refused
    const dropsWinner = {
      ...ko(systemResult(2, [])),
      games: [],
      bye: 'p1',
      byes: ['p1'],
      out: ['p2', 'p3', 'p4'].map((player) => ({ player, why: 'eliminated' as const })),
    };
    spec
      .given(h)
      .when({
        type: 'tournament.pair-round',
        context: ctx(),
        data: { round: 2, pairing: { kind: 'system', system: 'knockout', seed: 's', result: dropsWinner } },
      })
      .thenRefuses('tournament/knockout-out');
    // when round 2 makes a cut: refused, the cut is made in the first knockout round only
    const lateCut = {
      ...ko(systemResult(2, [])),
      games: [game(1, 'p1', 'p2')],
      out: [
        { player: 'p3', why: 'below-cut' as const },
        { player: 'p4', why: 'eliminated' as const },
      ],
    };
    spec
      .given(h)
      .when({ type: 'tournament.pair-round', context: ctx(), data: { round: 2, pairing: { kind: 'system', system: 'knockout', seed: 's', result: lateCut } } })
      .thenRefuses('tournament/knockout-out');
    // when round 2 forgets a player without listing them: refused
    const forgets = { ...ko(systemResult(2, [])), games: [game(1, 'p1', 'p2')], out: [{ player: 'p3', why: 'eliminated' as const }] };
    spec
      .given(h)
      .when({ type: 'tournament.pair-round', context: ctx(), data: { round: 2, pairing: { kind: 'system', system: 'knockout', seed: 's', result: forgets } } })
      .thenRefuses('tournament/pairing-missing-player');
  });

  it('a 6-player knockout without a cut gives byes to the top 2 seeds in round 1, recorded as bye results; round 2 has 4 players', () => {
    // given 6 players
    let h = knockoutEvent(6);
    // when round 1 is paired
    const r1 = pairKnockout(h, 1);
    const events = given(h).when(r1.command);
    // then p1 and p2 have byes, both recorded as results at pairing time, and p3v6, p4v5 play
    expect(r1.result.byes).toEqual(['p1', 'p2']);
    expect(r1.result.bye).toBe('p1');
    expect(seated(r1.result)).toEqual([
      ['p3', 'p6'],
      ['p4', 'p5'],
    ]);
    expect(events.filter((e) => e.type === 'tournament.ResultRecorded').map((e) => e.data)).toEqual([
      { division: 'main', round: 1, table: null, result: { kind: 'bye', round: 1, player: 'p1' }, source: { kind: 'pairing' } },
      { division: 'main', round: 1, table: null, result: { kind: 'bye', round: 1, player: 'p2' }, source: { kind: 'pairing' } },
    ]);
    h = extend(h, r1.command, publish(1));
    expect(Object.keys(stateOf(h).rounds['main/1'].results).sort()).toEqual(['bye', 'bye:p2']);
    // when p6 beats p3 by forfeit and p4 beats p5, and round 2 is paired
    h = extend(
      h,
      record(1, tableOf(r1.result, 'p3'), {
        kind: 'forfeit',
        absent: r1.result.games.find((g) => g.table === tableOf(r1.result, 'p3'))?.first === 'p3' ? 'first' : 'second',
      }),
      record(1, ...winFor(r1.result, 'p4')),
      lock(1),
    );
    const r2 = pairKnockout(h, 2);
    // then the 4 still in play (the bye-holders advance), without byes
    expect(r2.result.games.flatMap((g) => [g.first, g.second]).sort()).toEqual(['p1', 'p2', 'p4', 'p6']);
    expect(r2.result.byes).toEqual([]);
    expect(r2.result.out?.map((o) => o.player).sort()).toEqual(['p3', 'p5']);
    h = extend(h, r2.command);
    // and the byes count in the standings like any bye (xiguaqi: a win)
    const rows = computeStandings(standingsInputFor(stateOf(h), 'main', 1));
    expect(rows.find((r) => r.player === 'p2')?.score).toBe(1);
  });

  it('Arbitra (RULES.knockoutWinner): a drawn knockout match is refused with a typed error saying it needs a winner', () => {
    // given a published knockout round
    let h = knockoutEvent(4);
    const r1 = pairKnockout(h, 1);
    h = extend(h, r1.command, publish(1));
    // when a draw is recorded (or a match is corrected to a draw)
    const e = given(h).refuses(record(1, 1, { kind: 'played', outcome: 'draw', games: { first: 1, second: 1 } }));
    // then it is refused: a knockout match needs a winner
    expect([e.type, e.kind, e.field]).toEqual(['tournament/knockout-needs-winner', 'invalid', 'result.outcome']);
    expect(e.message).toMatch(/needs a winner/);
    h = extend(h, record(1, 1, match('first')));
    expect(
      given(h).refuses({
        type: 'tournament.correct-result',
        context: ctx(),
        data: { round: 1, table: 1, result: { kind: 'played', outcome: 'draw' }, reason: 'slip' },
      }).type,
    ).toBe('tournament/knockout-needs-winner');
    // a draw outside a knockout round is still a result
    const rr = extend(
      run(create({ discipline: 'xiguaqi', pairingSystems: ['random'] }), register('a'), register('b')),
      pairManual(1, [game(1, 'a', 'b')]),
      publish(1),
    );
    expect(given(rr).when(record(1, 1, { kind: 'played', outcome: 'draw' }))).toHaveLength(1);
  });

  it('Arbitra (RULES.knockoutCorrection): once the next round is paired, a knockout result is not corrected to change who advances; a correction that keeps who lost is recorded', () => {
    // given round 1 of a 4-player knockout in which p1 and p2 won, and round 2 (p1 v p2) paired from it
    let h = knockoutEvent(4);
    const r1 = pairKnockout(h, 1);
    const [t1] = winFor(r1.result, 'p1');
    const g1 = r1.result.games.find((g) => g.table === t1) as { first: string; second: string };
    const p4Wins = match(g1.first === 'p4' ? 'first' : 'second');
    const correct = (result: ResultInput, round = 1, table = t1): TournamentCommand => ({
      type: 'tournament.correct-result',
      context: ctx(),
      data: { round, table, result, reason: 'wrong winner on the slip' },
    });
    h = extend(h, r1.command, publish(1), record(1, ...winFor(r1.result, 'p1')), record(1, ...winFor(r1.result, 'p2')));
    // before round 2 is paired, the winner of a match may still be corrected
    expect(given(h).when(correct(p4Wins))).toEqual([expect.objectContaining({ type: 'tournament.ResultCorrected' })]);
    h = extend(h, pairKnockout(h, 2).command);
    // when the correction makes p4 the winner after round 2 was paired from p1's win
    const e = given(h).refuses(correct(p4Wins));
    // then it is refused, naming the outcome and the paired round: p1 would play on although eliminated
    expect([e.type, e.kind, e.field]).toEqual(['tournament/knockout-bracket-paired', 'conflict', 'result.outcome']);
    expect(e.message).toMatch(/round 2 is already paired.*p4 → p1/);
    // so is a forfeit that makes the other side the loser
    const forfeitP1 = { kind: 'forfeit' as const, absent: g1.first === 'p1' ? ('first' as const) : ('second' as const) };
    expect(given(h).refuses(correct(forfeitP1)).field).toBe('result.absent');
    // a correction that keeps who lost (the games 2–0 instead of 2–1) is recorded
    const p1Sweeps: ResultInput = {
      kind: 'played',
      outcome: g1.first === 'p1' ? 'first' : 'second',
      games: g1.first === 'p1' ? { first: 2, second: 0 } : { first: 0, second: 2 },
    };
    expect(given(h).when(correct(p1Sweeps))).toEqual([expect.objectContaining({ type: 'tournament.ResultCorrected' })]);
  });
});
