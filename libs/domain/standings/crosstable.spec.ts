import { describe, expect, it } from '@jest/globals';
import { crosstable } from './crosstable.js';
import type { GameResult } from './results.js';
import { bye, forfeit, mahjongProfile, players, sc, scrabbleProfile } from './testing/standings.test-support.js';

describe('crosstable', () => {
  it('gives per player each round: opponent, first/second, result, score and running total', () => {
    const results = [sc(1, 1, 'a', 'b', 400, 350), bye(1, 'c'), forfeit(2, 1, 'c', 'a', 'second'), sc(3, 1, 'b', 'c', 300, 300)];
    const table = crosstable({ players: players('a', 'b', 'c'), results, profile: scrabbleProfile });
    expect(table.map((r) => [r.rank, r.player])).toEqual([
      [1, 'c'],
      [2, 'a'],
      [3, 'b'],
    ]);
    const c = table[0].cells;
    expect(c.map((x) => [x.round, x.kind, x.opponent, x.side, x.outcome, x.scoreFor, x.scoreAgainst, x.points, x.running])).toEqual([
      [1, 'bye', null, null, 'win', null, null, 1, 1],
      [2, 'forfeit', 'a', 'first', 'win', null, null, 1, 2],
      [3, 'played', 'b', 'second', 'draw', 300, 300, 0.5, 2.5],
    ]);
    const a = table[1].cells;
    expect(a.map((x) => [x.round, x.kind, x.outcome, x.running])).toEqual([
      [1, 'played', 'win', 1],
      [2, 'forfeit', 'loss', 1],
      [3, 'absent', null, 1],
    ]);
  });

  it('mahjong: the wind, the table-mates, table points and rank at the table', () => {
    const r: GameResult = {
      kind: 'mahjong-table',
      round: 1,
      table: 3,
      seats: [
        { player: 'a', wind: 'E', points: 24, rank: 1 },
        { player: 'b', wind: 'S', points: -8, rank: 2 },
        { player: 'c', wind: 'W', points: -8, rank: 2 },
        { player: 'd', wind: 'N', points: -8, rank: 2 },
      ],
    };
    const [top] = crosstable({ players: players('a', 'b', 'c', 'd'), results: [r], profile: mahjongProfile });
    expect(top.cells[0]).toMatchObject({
      round: 1,
      table: 3,
      kind: 'mahjong-table',
      wind: 'E',
      tableMates: ['b', 'c', 'd'],
      scoreFor: 24,
      tableRank: 1,
      running: 24,
    });
  });

  it('Arbitra reading of FIDE TB 2023 §16: a round in progress shows not-yet-played, not absent, for a player without a result yet', () => {
    const results = [sc(1, 1, 'a', 'b', 400, 350), bye(1, 'c'), bye(2, 'a')];
    const live = crosstable({ players: players('a', 'b', 'c'), results, profile: scrabbleProfile, completeThrough: 1 });
    expect(live.map((r) => [r.player, r.cells[1].kind])).toEqual(
      expect.arrayContaining([
        ['a', 'bye'],
        ['b', 'not-yet-played'],
        ['c', 'not-yet-played'],
      ]),
    );
    const over = crosstable({ players: players('a', 'b', 'c'), results, profile: scrabbleProfile });
    expect(over.find((r) => r.player === 'b')?.cells[1].kind).toBe('absent');
  });
});
