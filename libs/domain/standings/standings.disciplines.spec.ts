import { describe, expect, it } from '@jest/globals';
import type { GameResult } from './results.js';
import { computeStandings } from './standings.js';
import { bye, forfeit, goProfile, mahjongProfile, played, players, sc, scrabbleProfile, xiguaqiProfile } from './testing/standings.test-support.js';

const rowsOf = (rows: ReturnType<typeof computeStandings>) => rows.map((r) => [r.rank, r.player, r.score, ...r.tieBreaks.map((t) => t.value)]);

describe('standings: Scrabble (WESPA seed: wins, then spread)', () => {
  /*
   * R1: A–B 400–350, C–D forfeit (D absent), E bye     R2: A–C 380–390, B–D 420–300, E–? (E bye again for the example)
   * Wins: A 1, B 1, C 2, D 0, E 2
   * Spread: A +50 −10 = +40; B −50 +120 = +70; C +100 (缺席: 對手勝100分) +10 = +110; D −100 −120 = −220; E +50 +50 = +100
   */
  const results: GameResult[] = [
    sc(1, 1, 'a', 'b', 400, 350),
    forfeit(1, 2, 'c', 'd', 'second'),
    bye(1, 'e'),
    sc(2, 1, 'a', 'c', 380, 390),
    sc(2, 2, 'b', 'd', 420, 300),
    bye(2, 'e'),
  ];

  it('WESPA 缺席: a forfeit through absence is a loss by 100 (對手勝100分); ranked by wins then spread', () => {
    expect(rowsOf(computeStandings({ players: players('a', 'b', 'c', 'd', 'e'), results, profile: scrabbleProfile }))).toEqual([
      [1, 'c', 2, 110],
      [2, 'e', 2, 100],
      [3, 'b', 1, 70],
      [4, 'a', 1, 40],
      [5, 'd', 0, -220],
    ]);
  });

  it('profile default: a bye is a win by 50; a draw is half a win', () => {
    const rows = computeStandings({ players: players('a', 'b', 'c'), results: [sc(1, 1, 'a', 'b', 400, 400), bye(1, 'c')], profile: scrabbleProfile });
    expect(rowsOf(rows)).toEqual([
      [1, 'c', 1, 50],
      [2, 'a', 0.5, 0],
      [2, 'b', 0.5, 0],
    ]);
  });

  it('WESPA seed example table: wins, then 總分數差異 (the seed lists +52 above +120 among 2-win players; Arbitra follows the stated rule)', () => {
    // The seed's example: 3/+430, 2/+298, 2/+113, 2/+52, 2/+120, 1/+15. Built here as synthetic results.
    const p = (id: string, w: number, spread: number): GameResult[] => [
      ...Array.from({ length: w }, (_, i): GameResult => bye(i + 1, id)),
      { kind: 'played', round: 9, table: 1, first: id, second: `${id}-x`, outcome: 'draw', score: { first: spread, second: 0 } },
    ];
    const results = [...p('chan', 3, 430), ...p('wongsk', 2, 298), ...p('wongwh', 2, 113), ...p('cheung', 2, 52), ...p('lee', 2, 120), ...p('ho', 1, 15)];
    const profile = { ...scrabbleProfile, bye: { outcome: 'win' as const, spread: 0 }, points: { win: 1, draw: 0, loss: 0 } };
    const rows = computeStandings({ players: players('chan', 'wongsk', 'wongwh', 'cheung', 'lee', 'ho'), results, profile }).filter(
      (r) => !r.player.endsWith('-x'),
    );
    expect(rows.map((r) => r.player)).toEqual(['chan', 'wongsk', 'lee', 'wongwh', 'cheung', 'ho']);
  });

  it('takes Scrabble penalty points off the spread', () => {
    const rows = computeStandings({
      players: players('a', 'b'),
      results: [sc(1, 1, 'a', 'b', 400, 390)],
      profile: scrabbleProfile,
      penalties: [{ player: 'a', points: 20, round: 1, reason: 'r', ref: 'p' }],
    });
    expect(rowsOf(rows)).toEqual([
      [1, 'a', 1, -10],
      [2, 'b', 0, -10],
    ]);
  });
});

describe('standings: Go (wins, then SOS, SODOS, SOSOS)', () => {
  it('worked example: SOS separates, SODOS and SOSOS computed by hand', () => {
    /*
     * R1: A beats B, C beats D     R2: A beats C, D beats B
     * Wins: A 2, B 0, C 1, D 1
     * SOS: A = B0 + C1 = 1; B = A2 + D1 = 3; C = D1 + A2 = 3; D = C1 + B0 = 1
     * SODOS: A = 0 + 1 = 1; B = 0; C = D1 = 1; D = B0 = 0
     * SOSOS: A = SOS(B)3 + SOS(C)3 = 6; B = SOS(A)1 + SOS(D)1 = 2; C = SOS(D)1 + SOS(A)1 = 2; D = SOS(C)3 + SOS(B)3 = 6
     */
    const results = [played(1, 1, 'a', 'b', 'first'), played(1, 2, 'c', 'd', 'first'), played(2, 1, 'a', 'c', 'first'), played(2, 2, 'b', 'd', 'second')];
    expect(rowsOf(computeStandings({ players: players('a', 'b', 'c', 'd'), results, profile: goProfile }))).toEqual([
      [1, 'a', 2, 1, 1, 6],
      [2, 'c', 1, 3, 1, 2],
      [3, 'd', 1, 1, 0, 6],
      [4, 'b', 0, 3, 0, 2],
    ]);
  });

  it('ING 第八条 缺席 is a 裁定败: a forfeit is a loss; a cyclic tie stays shared', () => {
    // A>B, C>D, C>A, B>D, A>D, B>C: A, B, C on 2 wins with SOS 4, SODOS 2, SOSOS equal → share 1st
    const results = [
      played(1, 1, 'a', 'b', 'first'),
      played(1, 2, 'c', 'd', 'first'),
      played(2, 1, 'a', 'c', 'second'),
      forfeit(2, 2, 'b', 'd', 'second'),
      played(3, 1, 'a', 'd', 'first'),
      played(3, 2, 'b', 'c', 'first'),
    ];
    expect(computeStandings({ players: players('a', 'b', 'c', 'd'), results, profile: goProfile }).map((r) => [r.rank, r.player, r.score])).toEqual([
      [1, 'a', 2],
      [1, 'b', 2],
      [1, 'c', 2],
      [4, 'd', 0],
    ]);
  });
});

describe('standings: mahjong (WMC: total table points, 罰分 off the offender only)', () => {
  it('WMC 以多局的得分及失分合計 ranks by total table points minus penalty points', () => {
    /*
     * R1: A +40, B +10, C −20, D −30     R2: A −10, B +30, C 0, D −20
     * Totals: A 30, B 40, C −20, D −50; A penalised 15 → A 15
     */
    const table = (round: number, pts: [number, number, number, number]): GameResult => ({
      kind: 'mahjong-table',
      round,
      table: 1,
      seats: (['a', 'b', 'c', 'd'] as const).map((player, i) => ({
        player,
        wind: (['E', 'S', 'W', 'N'] as const)[i],
        points: pts[i],
        rank: 1 + pts.filter((x) => x > pts[i]).length,
      })),
    });
    const rows = computeStandings({
      players: players('a', 'b', 'c', 'd'),
      results: [table(1, [40, 10, -20, -30]), table(2, [-10, 30, 0, -20])],
      profile: mahjongProfile,
      penalties: [{ player: 'a', points: 15, round: 2, reason: '打牌逾時', ref: 'pen-1' }],
    });
    expect(rows.map((r) => [r.rank, r.player, r.score, r.penaltyPoints])).toEqual([
      [1, 'b', 40, 0],
      [2, 'a', 15, 15],
      [3, 'c', -20, 0],
      [4, 'd', -50, 0],
    ]);
  });
});

describe('standings: xiguaqi (match wins, then game wins, then captured difference)', () => {
  it('西瓜棋 第十条/第九条 worked example', () => {
    /*
     * R1: A beats B 2–1 (captured 5–3), C beats D 2–0 (8–2)    R2: D beats A 2–1 (4–3), B beats C 2–0 (8–1)
     * Match wins all 1. Game wins: A 3, B 3, C 2, D 2. Captured diff: A +2−1 = +1; B −2+7 = +5; C +6−7 = −1; D −6+1 = −5
     */
    const x = (round: number, table: number, f: string, s: string, o: 'first' | 'second', g: [number, number], c: [number, number]) =>
      played(round, table, f, s, o, { games: { first: g[0], second: g[1] }, captured: { first: c[0], second: c[1] } });
    const results = [
      x(1, 1, 'a', 'b', 'first', [2, 1], [5, 3]),
      x(1, 2, 'c', 'd', 'first', [2, 0], [8, 2]),
      x(2, 1, 'a', 'd', 'second', [1, 2], [3, 4]),
      x(2, 2, 'b', 'c', 'first', [2, 0], [8, 1]),
    ];
    expect(rowsOf(computeStandings({ players: players('a', 'b', 'c', 'd'), results, profile: xiguaqiProfile }))).toEqual([
      [1, 'b', 1, 3, 5],
      [2, 'a', 1, 3, 1],
      [3, 'c', 1, 2, -1],
      [4, 'd', 1, 2, -5],
    ]);
  });
});
