import { describe, expect, it } from '@jest/globals';
import { computeStandings } from './standings.js';
import { bye, chessProfile, forfeit, played, players } from './testing/standings.test-support.js';

const tb = (rows: ReturnType<typeof computeStandings>, id: string) =>
  Object.fromEntries((rows.find((r) => r.player === id)?.tieBreaks ?? []).map((t) => [t.code, t.value]));

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

  it("FIDE TB 2023 §16: unplayed rounds count against a dummy opponent with the player's own score", () => {
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
    const rows = computeStandings({
      players: players('a', 'b'),
      results: [played(1, 1, 'a', 'b', 'first')],
      profile: chessProfile([]),
      penalties: [{ player: 'a', points: 1, round: 1, reason: 'r', ref: 'p1' }],
    });
    expect(rows.map((r) => [r.rank, r.player, r.score, r.penaltyPoints])).toEqual([
      [1, 'a', 0, 1],
      [1, 'b', 0, 0],
    ]);
  });

  it('as of round N uses only results and penalties of rounds ≤ N', () => {
    const rows = computeStandings({
      players: players('a', 'b', 'c', 'd'),
      results: rr,
      profile: chessProfile(['BH']),
      asOfRound: 1,
      penalties: [{ player: 'a', points: 0.5, round: 2, reason: 'r', ref: 'p' }],
    });
    expect(rows.map((r) => [r.player, r.score])).toEqual([
      ['a', 1],
      ['c', 0.5],
      ['d', 0.5],
      ['b', 0],
    ]);
  });

  /*
   * A round in progress (5 players, rounds 1–2 complete, round 3 paired, only its bye recorded):
   *   R1: A–B ½–½, C–D 1–0, E bye      R2: E–B 1–0, A–C 1–0, D bye      R3: B bye; A–E, C–D not yet played
   *   Through R2: A 1.5, B 0.5, C 1, D 1, E 2.
   *   E through R2: BH = dummy 2 + B 0.5 = 2.5, BH-C1 2, PS 1 + 2 = 3.
   *   Counting R3 as unplayed for E (the defect): BH = 2 + B 1.5 + dummy 2 = 5.5, PS 5, and BH-C1 3.5: R3 without a
   *   result is then a zero-point bye, a VUR, whose dummy (2) is cut before B's 1.5 (FIDE TB 2023-09 art. 16.5).
   *   With the rule: E has no R3 result → tie-breaks as through R2; B's bye is in → B 1.5, and B's
   *   R3 counts for B (bye = dummy with own score 1.5): BH = A 1.5 + E 2 + 1.5 = 5, BH-C1 3.5, PS 0.5 + 0.5 + 1.5 = 2.5.
   */
  const inProgress = [
    played(1, 1, 'a', 'b', 'draw'),
    played(1, 2, 'c', 'd', 'first'),
    bye(1, 'e'),
    played(2, 1, 'e', 'b', 'first'),
    played(2, 2, 'a', 'c', 'first'),
    bye(2, 'd'),
    bye(3, 'b'),
  ];

  it('Arbitra reading of FIDE TB 2023 §16: a round in progress is not yet played, not unplayed, for a player without a result in it', () => {
    const profile = chessProfile(['BH-C1', 'BH', 'SB', 'DE', 'WON', 'PS']);
    const throughR2 = computeStandings({ players: players('a', 'b', 'c', 'd', 'e'), results: inProgress, profile, asOfRound: 2 });
    const live = computeStandings({ players: players('a', 'b', 'c', 'd', 'e'), results: inProgress, profile, completeThrough: 2 });
    expect(tb(throughR2, 'e')).toMatchObject({ BH: 2.5, 'BH-C1': 2, PS: 3 });
    for (const id of ['a', 'c', 'd', 'e']) expect(tb(live, id)).toEqual(tb(throughR2, id));
    // Results that are in still count: B's bye in the score and in B's own tie-breaks.
    expect(live.find((r) => r.player === 'b')).toMatchObject({ score: 1.5, rounds: 3 });
    expect(tb(live, 'b')).toMatchObject({ BH: 5, 'BH-C1': 3.5, PS: 2.5 });
    expect(live.map((r) => [r.rank, r.player, r.score])).toEqual([
      [1, 'e', 2],
      [2, 'b', 1.5],
      [3, 'a', 1.5],
      [4, 'c', 1],
      [5, 'd', 1],
    ]);
    // Without completeThrough every round is taken as complete: round 3 is then unplayed for E (FIDE §16).
    expect(tb(computeStandings({ players: players('a', 'b', 'c', 'd', 'e'), results: inProgress, profile }), 'e')).toMatchObject({
      BH: 5.5,
      'BH-C1': 3.5,
      PS: 5,
    });
  });

  it("Arbitra reading of FIDE TB 2023 §16: once a player's result of the round in progress is in, that round counts for them; once the round is complete, for everyone", () => {
    const profile = chessProfile(['BH', 'PS']);
    const withAE = [...inProgress, played(3, 1, 'a', 'e', 'second')];
    const live = computeStandings({ players: players('a', 'b', 'c', 'd', 'e'), results: withAE, profile, completeThrough: 2 });
    // E: dummy 2→3 (own score now 3), B 1.5, A 1.5 → BH 6; PS 1 + 2 + 3 = 6. C and D still wait: as through R2.
    expect(tb(live, 'e')).toEqual({ BH: 6, PS: 6 });
    const throughR2 = computeStandings({ players: players('a', 'b', 'c', 'd', 'e'), results: withAE, profile, asOfRound: 2 });
    for (const id of ['c', 'd']) expect(tb(live, id)).toEqual(tb(throughR2, id));
    const all = [...withAE, played(3, 2, 'c', 'd', 'draw')];
    expect(computeStandings({ players: players('a', 'b', 'c', 'd', 'e'), results: all, profile, completeThrough: 3 })).toEqual(
      computeStandings({ players: players('a', 'b', 'c', 'd', 'e'), results: all, profile }),
    );
  });
});
