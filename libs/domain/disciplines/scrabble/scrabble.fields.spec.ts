import { describe, expect, it } from '@jest/globals';
import { startedTable } from './testing/table.js';

/** Refusals name the command's own field, as sent: under `move` for a move; `tiles` or `count` for a draw as given. */
describe('refusals name the field the command sent', () => {
  it('an exchange by count is at fault in move.count; by letters in move.tiles', () => {
    const t = startedTable({ profile: { exchangeMinBag: 87 } });
    expect(t.refused({ type: 'scrabble.make-move', seat: 0, move: { kind: 'exchange', count: 3 } }).field).toBe('move.count');
    const tracked = startedTable({ tracking: true, profile: { exchangeMinBag: 87 } });
    expect(tracked.refused({ type: 'scrabble.make-move', seat: 0, move: { kind: 'exchange', count: 2, tiles: ['A', 'E'] } }).field).toBe('move.tiles');
  });
  it('a play by word is at fault in move.word or move.coordinate; a play by tiles in move.tiles', () => {
    const t = startedTable();
    expect(t.refused({ type: 'scrabble.make-move', seat: 0, move: { kind: 'play', coordinate: '1A', word: 'QI' }, announcedScore: 22 }).field).toBe('move.word');
    expect(t.refused({ type: 'scrabble.make-move', seat: 0, move: { kind: 'play', tiles: [{ row: 0, col: 0, letter: 'Q', blank: false }] }, announcedScore: 22 }).field).toBe('move.tiles');
  });
  it('a draw given by letters is at fault in tiles, by count in count', () => {
    const t = startedTable({ tracking: true });
    t.run({ type: 'scrabble.make-move', seat: 0, move: { kind: 'play', coordinate: '8G', word: 'IN' }, announcedScore: 4 });
    expect(t.refused({ type: 'scrabble.draw-tiles', seat: 0, tiles: ['E'] }).field).toBe('tiles');
    const s = startedTable();
    s.run({ type: 'scrabble.make-move', seat: 0, move: { kind: 'play', coordinate: '8G', word: 'QI' }, announcedScore: 22 });
    expect(s.refused({ type: 'scrabble.draw-tiles', seat: 0, count: 1 }).field).toBe('count');
  });
});
