import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import type { GameResult } from './results.js';
import { computeStandings, type StandingsRow } from './standings.js';
import { bye, chessProfile, forfeit, played, players } from './testing/standings.test-support.js';

/** FIDE TB 2023-09 art. 16.3 and 16.5 (unplayed rounds seen by opponents; Cut-1 and VURs), on hand-computed events. */
const halfBye = (round: number, player: string): GameResult => ({ kind: 'requested-bye', round, player, points: 'half' });
const tb = (rows: readonly StandingsRow[], id: string) =>
  Object.fromEntries((rows.find((r) => r.player === id)?.tieBreaks ?? []).map((t) => [t.code, t.value]));
const ranks = (rows: readonly StandingsRow[]) => rows.map((r) => [r.rank, r.player]);

describe('tie-break values: FIDE TB 2023-09 art. 16.3 and 16.5', () => {
  it("FIDE TB 2023-09 art. 16.3: an opponent's rounds after a withdrawal count as draws in the score others' BH and SB take", () => {
    /*
     * 6 players, 3 rounds; W withdraws from round 2 (no result in rounds 2 and 3).
     *   R1: A–W 1–0, B–C 1–0, D–E 1–0     R2: A–B ½–½, C–E 1–0, D bye     R3: A–D 1–0, B–E 1–0, C bye
     *   Scores: A 2.5, B 2.5, C 2, D 2, E 0, W 0.
     *   W as A sees it (art. 16.3): R2 and R3 are requested byes only VURs follow (art. 16.2.5) → draws (art. 16.3.2):
     *   0 + ½ + ½ = 1 (counted as scored it would be 0).
     *   BH: A = W 1 + B 2.5 + D 2 = 5.5 (was 4.5); B = C 2 + A 2.5 + E 0 = 4.5.
     *   SB: A = 1·1 + ½·2.5 + 1·2 = 4.25 (was 3.25); B = 1·2 + ½·2.5 + 1·0 = 3.25.
     *   So A ranks ahead of B (counted as scored, A and B were equal on both and shared first place).
     *   C: BH = B 2.5 + E 0 + dummy 2 = 4.5, SB = 1·dummy 2 = 2; D: BH = E 0 + dummy 2 + A 2.5 = 4.5, SB 2 → C, D share 3rd.
     *   E: BH = D 2 + C 2 + B 2.5 = 6.5; W: BH = A 2.5 + dummy 0 + dummy 0 = 2.5.
     */
    const results = [
      played(1, 1, 'a', 'w', 'first'),
      played(1, 2, 'b', 'c', 'first'),
      played(1, 3, 'd', 'e', 'first'),
      played(2, 1, 'a', 'b', 'draw'),
      played(2, 2, 'c', 'e', 'first'),
      bye(2, 'd'),
      played(3, 1, 'a', 'd', 'first'),
      played(3, 2, 'b', 'e', 'first'),
      bye(3, 'c'),
    ];
    const field = [...players('a', 'b', 'c', 'd', 'e'), { id: 'w', name: 'W', withdrawnFromRound: 2 }];
    const rows = computeStandings({ players: field, results, profile: chessProfile(['BH', 'SB']) });
    expect(tb(rows, 'a')).toEqual({ BH: 5.5, SB: 4.25 });
    expect(tb(rows, 'b')).toEqual({ BH: 4.5, SB: 3.25 });
    expect(tb(rows, 'c')).toEqual({ BH: 4.5, SB: 2 });
    expect(tb(rows, 'e')).toEqual({ BH: 6.5, SB: 0 });
    expect(tb(rows, 'w')).toEqual({ BH: 2.5, SB: 0 });
    expect(ranks(rows)).toEqual([
      [1, 'a'],
      [2, 'b'],
      [3, 'c'],
      [3, 'd'],
      [5, 'e'],
      [6, 'w'],
    ]);
  });

  it('FIDE TB 2023-09 art. 16.3.1: a forfeit loss, and a requested bye a played round follows, count as scored; a bye in the last round as a draw', () => {
    /*
     * 4 players. R1: A–B 1–0, C–D 1–0; R2: A–D ½–½ and B does not play round 2:
     *   (a) B is paired with C and forfeits (C wins): a forfeit loss (art. 16.2.4) counts as scored: B = 0 → A's BH = B 0 + D ½ = ½.
     *   (b) B is absent, C has the bye: a requested bye in the last round (art. 16.2.5) counts as a draw: B = ½ → A's BH = 1.
     *   Scores in both: A 1.5, B 0, C 2, D 0.5.
     * (c) = (b) plus R3: A–C 0–1, B–D ½–½: B's round-2 bye is now followed by a played round (art. 16.2.3) and counts as
     *   scored: B = 0 + 0 + ½ = ½, D = 0 + ½ + ½ = 1, C = 3 → A's BH = B ½ + D 1 + C 3 = 4.5 (5 if it counted as a draw).
     */
    const r1 = [played(1, 1, 'a', 'b', 'first'), played(1, 2, 'c', 'd', 'first')];
    const profile = chessProfile(['BH']);
    const field = players('a', 'b', 'c', 'd');
    const forfeited = computeStandings({ players: field, results: [...r1, forfeit(2, 1, 'c', 'b', 'second'), played(2, 2, 'a', 'd', 'draw')], profile });
    const absentInLast = [...r1, played(2, 1, 'a', 'd', 'draw'), bye(2, 'c')];
    const absent = computeStandings({ players: field, results: absentInLast, profile });
    for (const rows of [forfeited, absent])
      expect(rows.map((r) => [r.player, r.score])).toEqual([
        ['c', 2],
        ['a', 1.5],
        ['d', 0.5],
        ['b', 0],
      ]);
    expect(tb(forfeited, 'a')).toEqual({ BH: 0.5 });
    expect(tb(absent, 'a')).toEqual({ BH: 1 });
    const playedOn = computeStandings({
      players: field,
      results: [...absentInLast, played(3, 1, 'a', 'c', 'second'), played(3, 2, 'b', 'd', 'draw')],
      profile,
    });
    expect(tb(playedOn, 'a')).toEqual({ BH: 4.5 });
  });

  it("FIDE TB 2023-09 art. 16.5: Cut-1 cuts a requested bye's contribution before the least significant one", () => {
    /*
     * 4 players, 3 rounds. R1: A–B 1–0, C–D 1–0; R2: A half-point bye, C–B ½–½, D bye (pairing-allocated); R3: A–C ½–½, D–B 1–0.
     *   Scores: A 2, B 0.5, C 2, D 2.
     *   A: BH = B 0.5 + dummy 2 (own score, art. 16.4) + C 2 = 4.5. The half-point bye is a VUR, so BH-C1 cuts its 2, not
     *   B's 0.5: 2.5 (4 with the lowest cut).
     *   C: BH = D 2 + B 0.5 + A 2 (A's bye is followed by a game: scored, art. 16.3.1) = 4.5, BH-C1 4 (no VUR: the lowest).
     *   D: BH = C 2 + dummy 2 + B 0.5 = 4.5; the pairing-allocated bye is no VUR (art. 16.2.1): BH-C1 4.
     *   Ranking by BH-C1 then BH: C and D share first, A third (with the lowest cut all three shared first).
     */
    const results = [
      played(1, 1, 'a', 'b', 'first'),
      played(1, 2, 'c', 'd', 'first'),
      halfBye(2, 'a'),
      played(2, 1, 'c', 'b', 'draw'),
      bye(2, 'd'),
      played(3, 1, 'a', 'c', 'draw'),
      played(3, 2, 'd', 'b', 'first'),
    ];
    const rows = computeStandings({ players: players('a', 'b', 'c', 'd'), results, profile: chessProfile(['BH-C1', 'BH']) });
    expect(tb(rows, 'a')).toEqual({ 'BH-C1': 2.5, BH: 4.5 });
    expect(tb(rows, 'c')).toEqual({ 'BH-C1': 4, BH: 4.5 });
    expect(tb(rows, 'd')).toEqual({ 'BH-C1': 4, BH: 4.5 });
    expect(ranks(rows)).toEqual([
      [1, 'c'],
      [1, 'd'],
      [3, 'a'],
      [4, 'b'],
    ]);
  });
});

/**
 * The 16-player, 5-round Swiss of FIDE TEC's tie-break exercises for C.07-2023 (IA Mario Held, "Exercises in
 * Tie-Breaking", tec.fide.com/2024/03/18/tie-break-exercise/; transcribed as in marceljuenemann/tiebreak's test data, whose
 * tests also record the solutions' values used below; the PDF itself was not available here).
 * A cell: result (+ = −), then W/B and the opponent, F and the opponent for a forfeit, BYE (+ pairing-allocated, = half-point
 * requested), or -- for no result (player 12 withdrew after round 3; player 14 was absent in round 4).
 */
const TEC_EXERCISE = `
1 +W9 =B13 =W2 +B15 =W4
2 +B10 +W7 =B1 +W16 =B3
3 =W11 +B6 +W8 =B4 =W2
4 +B12 =BYE +W13 =W3 =B1
5 -W13 -B15 +W11 =B7 +W10
6 -B14 -W3 +BYE +W10 +B8
7 +W15 -B2 -B16 =W5 -B11
8 =B16 +W14 -B3 +W13 -W6
9 -B1 -W10 =BYE -F11 +BYE
10 -W2 +B9 -W15 -B6 -B5
11 =B3 -W16 -B5 +F9 +W7
12 -W4 +BYE +F14 -- --
13 +B5 =W1 -B4 -B8 -W14
14 +W6 -B8 -F12 -- +B13
15 -B7 +W5 +B10 -W1 -B16
16 =W8 +B11 +W7 -B2 +W15`;

function tecResults(): GameResult[] {
  const out: GameResult[] = [];
  for (const [id, ...cells] of TEC_EXERCISE.trim()
    .split('\n')
    .map((l) => l.split(' ')))
    cells.forEach((cell, i) => {
      const round = i + 1;
      const [sign, how, opponent] = [cell[0], cell[1], cell.slice(2)];
      if (cell === '--') return;
      if (cell.slice(1) === 'BYE') return void out.push(sign === '+' ? bye(round, id) : halfBye(round, id));
      if (Number(opponent) < Number(id)) return; // each game once, from its lower-numbered player
      if (how === 'F') return void out.push(forfeit(round, 0, id, opponent, sign === '+' ? 'second' : 'first'));
      const [first, second] = how === 'W' ? [id, opponent] : [opponent, id];
      const mine = how === 'W' ? 'first' : 'second';
      out.push(played(round, 0, first, second, sign === '=' ? 'draw' : sign === '+' ? mine : mine === 'first' ? 'second' : 'first'));
    });
  return out;
}

describe('tie-break values: the FIDE TEC exercises for C.07-2023', () => {
  it("FIDE TB 2023-09 art. 8.1, 9.1, 14.1 and 16: BH, BH-C1 and SB of the exercises' 16-player Swiss, as their solutions give them", () => {
    /*
     * Scores: 1 3.5, 2 4, 3 3.5, 4 3.5, 5 2.5, 6 3, 7 1.5, 8 2.5, 9 1.5, 10 1, 11 2.5, 12 2, 13 1.5, 14 2, 15 2, 16 3.5.
     * Art. 16.3: only 12 changes for opponents: rounds 4–5 without a result after a forfeit win, only VURs after them →
     * draws: 2 + ½ + ½ = 3. 14's round 4 (a game follows) and 9's half-point bye (a pairing-allocated bye follows) count
     * as scored.
     * 4: BH = 12 (3) + dummy 3.5 (half-point bye) + 13 1.5 + 3 3.5 + 1 3.5 = 15 (14 with 12 counted as scored);
     *    BH-C1 cuts the bye's 3.5 (art. 16.5): 11.5 (12.5 cutting the lowest, 13's 1.5);
     *    SB = 1·3 + ½·3.5 + 1·1.5 + ½·3.5 + ½·3.5 = 9.75.
     * 9: BH = 1 3.5 + 10 1 + dummies 1.5 (bye, forfeit loss, pairing-allocated bye) ×3 = 9; BH-C1 cuts a VUR's 1.5: 7.5
     *    (8 cutting 10's 1).
     * 14: BH = 6 3 + 8 2.5 + dummy 2 (forfeit loss) + dummy 2 (absent) + 13 1.5 = 11; BH-C1 cuts a VUR's 2: 9 (9.5 cutting
     *    13's 1.5).
     * The other values below are the solutions' and are unchanged by art. 16.3/16.5.
     */
    const ids = Array.from({ length: 16 }, (_, i) => String(i + 1));
    const rows = computeStandings({ players: ids.map((id) => ({ id })), results: tecResults(), profile: chessProfile(['BH', 'BH-C1', 'SB']) });
    expect(rows.map((r) => [r.player, r.score]).sort((a, b) => Number(a[0]) - Number(b[0]))).toEqual(
      [3.5, 4, 3.5, 3.5, 2.5, 3, 1.5, 2.5, 1.5, 1, 2.5, 2, 1.5, 2, 2, 3.5].map((score, i) => [String(i + 1), score]),
    );
    const expected: Array<[string, 'BH' | 'BH-C1' | 'SB', number]> = [
      ['4', 'BH', 15],
      ['4', 'BH-C1', 11.5],
      ['4', 'SB', 9.75],
      ['9', 'BH-C1', 7.5],
      ['14', 'BH-C1', 9],
      ['1', 'BH', 12.5],
      ['2', 'BH', 13],
      ['3', 'BH', 15.5],
      ['5', 'BH', 8.5],
      ['8', 'BH', 13.5],
      ['11', 'BH', 13.5],
      ['16', 'BH', 12.5],
      ['1', 'BH-C1', 11],
      ['3', 'BH-C1', 13],
      ['5', 'BH-C1', 7.5],
      ['7', 'BH-C1', 12.5],
      ['8', 'BH-C1', 12],
      ['11', 'BH-C1', 12],
      ['12', 'BH-C1', 9.5],
      ['13', 'BH-C1', 12],
      ['15', 'BH-C1', 11],
      ['16', 'BH-C1', 11],
      ['1', 'SB', 8],
      ['2', 'SB', 9.5],
      ['3', 'SB', 10.5],
      ['5', 'SB', 4.25],
      ['6', 'SB', 6.5],
      ['8', 'SB', 5.25],
      ['11', 'SB', 5.75],
      ['12', 'SB', 4],
      ['14', 'SB', 4.5],
      ['16', 'SB', 7.25],
    ];
    expect(expected.map(([id, code]) => [id, code, tb(rows, id)[code]])).toEqual(expected);
  });
});

/**
 * A random Swiss-like chess event: each round a random order pairs neighbours, an odd player out gets the bye, each game
 * is played, forfeited or double-forfeited; then player `x` stops playing from round `from` on.
 */
const ids = ['p1', 'p2', 'p3', 'p4', 'p5', 'p6', 'p7'];
const eventArb = fc.record({ n: fc.integer({ min: 3, max: 7 }), rounds: fc.integer({ min: 2, max: 5 }) }).chain(({ n, rounds }) =>
  fc.record({
    field: fc.constant(ids.slice(0, n)),
    rounds: fc.array(
      fc.tuple(fc.shuffledSubarray(ids.slice(0, n), { minLength: n, maxLength: n }), fc.array(fc.integer({ min: 0, max: 5 }), { minLength: 4, maxLength: 4 })),
      { minLength: rounds, maxLength: rounds },
    ),
    x: fc.constantFrom(...ids.slice(0, n)),
    from: fc.integer({ min: 2, max: rounds }),
  }),
);

/** The event's results; from round `from` on, `x` is left out (`stop`: no result, or a half-point bye) and pairs no one. */
function resultsOf(e: { rounds: ReadonlyArray<[string[], number[]]>; x: string; from: number }, stop: 'none' | 'half-bye'): GameResult[] {
  return e.rounds.flatMap(([order, kinds], i) => {
    const round = i + 1;
    const out: GameResult[] = [];
    const here = round >= e.from ? order.filter((p) => p !== e.x) : order;
    if (round >= e.from && stop === 'half-bye') out.push(halfBye(round, e.x));
    for (let t = 0; t + 1 < here.length; t += 2) {
      const [first, second, table, kind] = [here[t], here[t + 1], t / 2 + 1, kinds[t / 2]];
      if (kind === 0) out.push(forfeit(round, table, first, second, 'second'));
      else if (kind === 1) out.push({ kind: 'double-forfeit', round, table, first, second });
      else out.push(played(round, table, first, second, kind === 2 ? 'first' : kind === 3 ? 'second' : 'draw'));
    }
    if (here.length % 2 === 1) out.push(bye(round, here[here.length - 1]));
    return out;
  });
}

describe('tie-break values: FIDE TB 2023-09 art. 16 properties', () => {
  const profile = chessProfile(['BH', 'BH-C1', 'SB']);

  it("FIDE TB 2023-09 art. 16.3: for everyone else's BH, BH-C1 and SB, rounds missed after a withdrawal weigh as half-point byes", () => {
    fc.assert(
      fc.property(eventArb, (e) => {
        const absent = computeStandings({ players: players(...e.field), results: resultsOf(e, 'none'), profile });
        const halfByes = computeStandings({ players: players(...e.field), results: resultsOf(e, 'half-bye'), profile });
        for (const id of e.field.filter((p) => p !== e.x)) expect(tb(absent, id)).toEqual(tb(halfByes, id));
      }),
      { numRuns: 200 },
    );
  });

  it("FIDE TB 2023-09 art. 16.5 with 16.4: a player with a VUR has BH-C1 = BH minus their own score (the VUR's dummy is cut)", () => {
    fc.assert(
      fc.property(eventArb, fc.constantFrom<'none' | 'half-bye'>('none', 'half-bye'), (e, stop) => {
        const results = resultsOf(e, stop);
        const rows = computeStandings({ players: players(...e.field), results, profile });
        const rounds = e.rounds.length;
        for (const row of rows) {
          const mine = results.filter((r) =>
            r.kind === 'bye' || r.kind === 'requested-bye' ? r.player === row.player : 'first' in r && (r.first === row.player || r.second === row.player),
          );
          const forfeitLoss = mine.some((r) => r.kind === 'double-forfeit' || (r.kind === 'forfeit' && r.second === row.player));
          const vur = forfeitLoss || mine.some((r) => r.kind === 'requested-bye') || mine.length < rounds;
          if (vur) expect(tb(rows, row.player)['BH'] - tb(rows, row.player)['BH-C1']).toBe(row.score);
        }
      }),
      { numRuns: 200 },
    );
  });
});
