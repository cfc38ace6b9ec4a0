import { describe, expect, it } from '@jest/globals';
import { computeStandings } from './standings.js';
import { bye, chessProfile, forfeit, played, players } from './testing/standings.test-support.js';

const tb = (rows: ReturnType<typeof computeStandings>, id: string) => Object.fromEntries((rows.find((r) => r.player === id)?.tieBreaks ?? []).map((t) => [t.code, t.value]));

describe('standings: chess (FIDE Tie-Break Regulations 2023)', () => {
  /*
   * Worked example, 4-player round robin, hand-checked:
   *   R1: A–B 1–0, C–D ½–½    R2: A–C ½–½, B–D 1–0    R3: A–D 1–0, B–C ½–½
   *   Scores: A 2.5, B 1.5, C 1.5, D 0.5
   *   BH: A = B1.5 + C1.5 + D0.5 = 3.5; B = A2.5 + D0.5 + C1.5 = 4.5; C = D0.5 + A2.5 + B1.5 = 4.5; D = C1.5 + B1.5 + A2.5 = 5.5
   *   BH-C1 (drop the lowest): A 3.0, B 4.0, C 4.0, D 4.0
   *   SB: A = 1·1.5 + ½·1.5 + 1·0.5 = 2.75; B = 0·2.5 + 1·0.5 + ½·1.5 = 1.25; C = ½·0.5 + ½·2.5 + ½·1.5 = 2.25; D = ½·1.5 = 0.75
   *   DE B vs C: drew → ½ each, no separation.  WON: A 2, B 1, C 0, D 0.
   *   PS: A 1+1.5+2.5 = 5; B 0+1+1.5 = 2.5; C 0.5+1+1.5 = 3; D 0.5+0.5+0.5 = 1.5
   *   Ranking with DE, BH, BH-C1 then SB: A, C (SB 2.25), B (SB 1.25), D.
   */
  const rr = [
    played(1, 1, 'a', 'b', 'first'),
    played(1, 2, 'c', 'd', 'draw'),
    played(2, 1, 'a', 'c', 'draw'),
    played(2, 2, 'b', 'd', 'first'),
    played(3, 1, 'a', 'd', 'first'),
    played(3, 2, 'b', 'c', 'draw'),
  ];

  it('FIDE TB 2023 worked example: BH, BH-C1, SB, DE, WON, PS of a 4-player round robin', () => {
    // DE first: it is computed within the group still tied when it is reached (B and C here), 0 for the others.
    const rows = computeStandings({ players: players('a', 'b', 'c', 'd'), results: rr, profile: chessProfile(['DE', 'BH', 'BH-C1', 'SB', 'WON', 'PS']) });
    expect(rows.map((r) => [r.rank, r.player, r.score])).toEqual([
      [1, 'a', 2.5],
      [2, 'c', 1.5],
      [3, 'b', 1.5],
      [4, 'd', 0.5],
    ]);
    expect(tb(rows, 'a')).toEqual({ BH: 3.5, 'BH-C1': 3, SB: 2.75, DE: 0, WON: 2, PS: 5 });
    expect(tb(rows, 'b')).toEqual({ BH: 4.5, 'BH-C1': 4, SB: 1.25, DE: 0.5, WON: 1, PS: 2.5 });
    expect(tb(rows, 'c')).toEqual({ BH: 4.5, 'BH-C1': 4, SB: 2.25, DE: 0.5, WON: 0, PS: 3 });
    expect(tb(rows, 'd')).toEqual({ BH: 5.5, 'BH-C1': 4, SB: 0.75, DE: 0, WON: 0, PS: 1.5 });
  });

  it('FIDE TB 2023 §6 direct encounter separates tied players who all met', () => {
    // A and B tied on 1 point; A beat B.  R1: A–B 1–0, C–D 1–0 (C beats D)  R2: A–C 0–1, B–D 1–0
    const results = [played(1, 1, 'a', 'b', 'first'), played(1, 2, 'c', 'd', 'first'), played(2, 1, 'a', 'c', 'second'), played(2, 2, 'b', 'd', 'first')];
    const rows = computeStandings({ players: players('a', 'b', 'c', 'd'), results, profile: chessProfile(['DE']) });
    expect(rows.map((r) => [r.rank, r.player])).toEqual([
      [1, 'c'],
      [2, 'a'],
      [3, 'b'],
      [4, 'd'],
    ]);
    expect(tb(rows, 'a')).toEqual({ DE: 1 });
  });

  it('FIDE TB 2023 §16: unplayed rounds count against a dummy opponent with the player\'s own score', () => {
    /*
     * R1: A–B 1–0, C bye (1 point)     R2: C–A forfeit (A absent) → C wins, B bye
     * Scores: A 1, B 1, C 2
     * BH: A = B(1) + dummy(own 1) = 2; B = A(1) + dummy(1) = 2; C = dummy(2) + dummy(2) = 4
     * SB: A = 1·1 + 0 = 1; B = 0 + 1·dummy(1) = 1; C = 1·2 + 1·2 = 4
     * WON (over the board): A 1, B 0, C 0;  WIN (incl. unplayed): A 1, B 1, C 2
     */
    const results = [played(1, 1, 'a', 'b', 'first'), bye(1, 'c'), forfeit(2, 1, 'c', 'a', 'second'), bye(2, 'b')];
    const rows = computeStandings({ players: players('a', 'b', 'c'), results, profile: chessProfile(['BH', 'SB', 'WON', 'WIN']) });
    expect(tb(rows, 'a')).toEqual({ BH: 2, SB: 1, WON: 1, WIN: 1 });
    expect(tb(rows, 'b')).toEqual({ BH: 2, SB: 1, WON: 0, WIN: 1 });
    expect(tb(rows, 'c')).toEqual({ BH: 4, SB: 4, WON: 0, WIN: 2 });
    // A and B tie on score, BH, SB; WON puts A first
    expect(rows.map((r) => [r.rank, r.player])).toEqual([
      [1, 'c'],
      [2, 'a'],
      [3, 'b'],
    ]);
  });

  it('shares the rank when every tie-break is equal (1, 2, 2, 4)', () => {
    const results = [played(1, 1, 'a', 'b', 'first'), played(1, 2, 'c', 'd', 'first')];
    const rows = computeStandings({ players: players('a', 'b', 'c', 'd'), results, profile: chessProfile(['BH']) });
    // a and c: 1 point, BH 0 each → share 1st; b and d: 0, BH 1 each → share 3rd
    expect(rows.map((r) => [r.rank, r.player])).toEqual([
      [1, 'a'],
      [1, 'c'],
      [3, 'b'],
      [3, 'd'],
    ]);
  });

  it('takes penalty points off the chess score', () => {
    const rows = computeStandings({ players: players('a', 'b'), results: [played(1, 1, 'a', 'b', 'first')], profile: chessProfile([]), penalties: [{ player: 'a', points: 1, round: 1, reason: 'r', ref: 'p1' }] });
    expect(rows.map((r) => [r.rank, r.player, r.score, r.penaltyPoints])).toEqual([
      [1, 'a', 0, 1],
      [1, 'b', 0, 0],
    ]);
  });

  it('as of round N uses only results and penalties of rounds ≤ N', () => {
    const rows = computeStandings({ players: players('a', 'b', 'c', 'd'), results: rr, profile: chessProfile(['BH']), asOfRound: 1, penalties: [{ player: 'a', points: 0.5, round: 2, reason: 'r', ref: 'p' }] });
    expect(rows.map((r) => [r.player, r.score])).toEqual([
      ['a', 1],
      ['c', 0.5],
      ['d', 0.5],
      ['b', 0],
    ]);
  });
});
