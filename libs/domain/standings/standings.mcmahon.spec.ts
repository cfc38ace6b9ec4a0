import { describe, expect, it } from '@jest/globals';
import { mcmahonInitial } from './mcmahon.js';
import type { GameResult } from './results.js';
import type { ScoringProfile } from './scoring-profile.js';
import { computeStandings } from './standings.js';
import { bye, goProfile, played } from './testing/standings.test-support.js';

/*
 * Profile value (the Ing excerpt does not speak of McMahon): bar 2100 (1 dan), floor 1800 (3 kyu), EGD GoR-style ratings.
 * Top initial score = (2100 − 1800) / 100 = 3. Initial: a 2300 → 3 (above the bar), b 2100 → 3 (at the bar),
 * c 2050 → 2 (part of a rank under), d 1950 → 1, e 1500 → 0 (never below the floor), f unrated → 0 (floor).
 *
 * R1: a beats b, d beats c, e–f draw.   R2: d beats a, b beats e, c beats f.
 * Scores: a 1, b 1, c 1, d 2, e ½, f ½.   McMahon = initial + score: a 4, b 4, c 3, d 3, e ½, f ½.
 * SOS (opponents' McMahon scores): a b4+d3 = 7; b a4+e½ = 4.5; c d3+f½ = 3.5; d c3+a4 = 7; e f½+b4 = 4.5; f e½+c3 = 3.5.
 * SODOS: a b4 = 4; b e½ = 0.5; c f½ = 0.5; d c3+a4 = 7; e ½·f½ = 0.25; f ½·e½ = 0.25.
 * SOSOS: a 4.5+7 = 11.5; b 7+4.5 = 11.5; c 7+3.5 = 10.5; d 3.5+7 = 10.5; e 3.5+4.5 = 8; f 4.5+3.5 = 8.
 *
 * Without McMahon (scores alone): SOS a 3, b 1.5, c 2.5, d 2, e 1.5, f 1.5; SODOS a 1, b ½, c ½, d 2, e ¼, f ¼;
 * SOSOS a 1.5+2 = 3.5, b 3+1.5 = 4.5, c 2+1.5 = 3.5, d 2.5+3 = 5.5, e 1.5+1.5 = 3, f 1.5+2.5 = 4.
 */
const band = { bar: 2100, floor: 1800 };
const mcmahonProfile: ScoringProfile = { ...goProfile, mcmahon: band };
const entrants = [
  { id: 'a', rating: 2300 },
  { id: 'b', rating: 2100 },
  { id: 'c', rating: 2050 },
  { id: 'd', rating: 1950 },
  { id: 'e', rating: 1500 },
  { id: 'f' },
];
const results: GameResult[] = [
  played(1, 1, 'a', 'b', 'first'),
  played(1, 2, 'd', 'c', 'first'),
  played(1, 3, 'e', 'f', 'draw'),
  played(2, 1, 'd', 'a', 'first'),
  played(2, 2, 'b', 'e', 'first'),
  played(2, 3, 'c', 'f', 'first'),
];
const rowsOf = (rows: ReturnType<typeof computeStandings>) => rows.map((r) => [r.rank, r.player, r.score, r.mcmahon, ...r.tieBreaks.map((t) => t.value)]);

describe('standings: Go McMahon (profile value; the Ing excerpt does not speak of McMahon)', () => {
  it('McMahon initial score: at or above the bar all start equal at the top, one point less per rank below, never below the floor', () => {
    expect([2300, 2100, 2099, 2050, 2000, 1999, 1800, 1500, undefined].map((r) => mcmahonInitial(band, r))).toEqual([3, 3, 2, 2, 2, 1, 0, 0, 0]);
  });

  it('McMahon: ranked by initial score + wins, then SOS, SODOS, SOSOS over the opponents’ McMahon scores (worked example)', () => {
    expect(rowsOf(computeStandings({ players: entrants, results, profile: mcmahonProfile }))).toEqual([
      [1, 'a', 1, 4, 7, 4, 11.5],
      [2, 'b', 1, 4, 4.5, 0.5, 11.5],
      [3, 'd', 2, 3, 7, 7, 10.5],
      [4, 'c', 1, 3, 3.5, 0.5, 10.5],
      [5, 'e', 0.5, 0.5, 4.5, 0.25, 8],
      [6, 'f', 0.5, 0.5, 3.5, 0.25, 8],
    ]);
  });

  it('McMahon: a bye counts as a win (profile default), added to the initial score', () => {
    const rows = computeStandings({ players: [{ id: 'g', rating: 2000 }], results: [bye(1, 'g')], profile: mcmahonProfile });
    expect(rows.map((r) => [r.player, r.score, r.mcmahon])).toEqual([['g', 1, 3]]);
  });

  it('without the McMahon option Go standings rank by wins, then SOS over scores, and show no McMahon score', () => {
    const rows = computeStandings({ players: entrants, results, profile: goProfile });
    expect(rows.map((r) => [r.rank, r.player, r.score, ...r.tieBreaks.map((t) => t.value)])).toEqual([
      [1, 'd', 2, 2, 2, 5.5],
      [2, 'a', 1, 3, 1, 3.5],
      [3, 'c', 1, 2.5, 0.5, 3.5],
      [4, 'b', 1, 1.5, 0.5, 4.5],
      [5, 'f', 0.5, 1.5, 0.25, 4],
      [6, 'e', 0.5, 1.5, 0.25, 3],
    ]);
    expect(rows.every((r) => !('mcmahon' in r))).toBe(true);
  });
});
