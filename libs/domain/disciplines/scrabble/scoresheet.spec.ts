import { describe, expect, it } from '@jest/globals';
import { startedTable } from './testing/table.js';
import { scoreSheet } from './scoresheet.js';
import { exportGcg } from './gcg.js';

describe('score sheet (seed 分數: 記錄每1步的分數及累積總分)', () => {
  it('lists each turn with its score, both cumulative totals and the clock, plus penalty lines', () => {
    const t = startedTable();
    t.run({ type: 'scrabble.make-move', seat: 0, move: { kind: 'play', coordinate: '8G', word: 'QI' }, announcedScore: 22 }, 30);
    t.run({ type: 'scrabble.draw-tiles', seat: 0, count: 2 });
    t.run({ type: 'scrabble.make-move', seat: 1, move: { kind: 'play', coordinate: '9H', word: 'ZA' }, announcedScore: 23 }, 44);
    t.run({ type: 'scrabble.challenge', seat: 0, words: ['ZA'] });
    t.run({ type: 'scrabble.resolve-challenge', verdicts: [{ word: 'ZA', valid: true }] });
    t.run({ type: 'scrabble.reannounce-score', seat: 1, score: 23 });
    const rows = scoreSheet(t.events);
    expect(rows.map((r) => [r.turn, r.player, r.entry, r.score, r.cumulative])).toEqual([
      [1, 'Ann', 'QI 8G', 22, [22, 0]],
      [2, 'Bob', 'ZA 9H', 23, [22, 23]],
      [2, 'Ann', 'challenge penalty', -5, [17, 23]],
    ]);
    expect(rows[0].clockRemainingMs).toEqual([25 * 60_000 - 30_000, 25 * 60_000]);
    expect(rows[1].clockRemainingMs).toEqual([25 * 60_000 - 30_000, 25 * 60_000 - 45_000]);
    expect(scoreSheet(t.state)).toHaveLength(3);
  });
});

describe('reviewed defects: score sheet and GCG (seed 分數)', () => {
  it('seed 分數 (記錄每1步的分數及累積總分): a play corrected by agreement and then challenged off shows the same, current score on its line and its withdrawal line — sheet and GCG net to 0', () => {
    const t = startedTable();
    t.run({ type: 'scrabble.make-move', seat: 0, move: { kind: 'play', coordinate: '8G', word: 'QI' }, announcedScore: 20 });
    t.run({ type: 'scrabble.correct-score', turn: 1, score: 22, agreedBy: [0, 1] });
    t.run({ type: 'scrabble.challenge', seat: 1, words: ['QI'] });
    t.run({ type: 'scrabble.resolve-challenge', verdicts: [{ word: 'QI', valid: false }] });
    expect(t.game.scores).toEqual([0, 0]);
    expect(scoreSheet(t.events).map((r) => [r.turn, r.player, r.entry, r.score, r.cumulative])).toEqual([
      [1, 'Ann', 'QI 8G', 22, [22, 0]],
      [1, 'Ann', 'phoney withdrawn', -22, [0, 0]],
    ]);
    const lines = exportGcg(t.events)
      .split('\n')
      .filter((l) => l.startsWith('>'));
    expect(lines).toEqual(['>p-ann: 8G QI +22 22', '>p-ann: -- -22 0']);
  });
});
