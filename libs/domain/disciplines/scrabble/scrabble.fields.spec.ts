import { describe, it } from '@jest/globals';
import { startedTable } from './testing/table.js';

/** Refusals name the command's own field, as sent: under `move` for a move; `tiles` or `count` for a draw as given. */
describe('refusals name the field the command sent', () => {
  it('an exchange by count is at fault in move.count; by letters in move.tiles', () => {
    const t = startedTable({ profile: { exchangeMinBag: 87 } });
    t.when({ type: 'scrabble.make-move', seat: 0, move: { kind: 'exchange', count: 3 } }).thenRefuses('scrabble/exchange-bag-too-small', {
      field: 'move.count',
    });
    const tracked = startedTable({ tracking: true, profile: { exchangeMinBag: 87 } });
    tracked
      .when({ type: 'scrabble.make-move', seat: 0, move: { kind: 'exchange', count: 2, tiles: ['A', 'E'] } })
      .thenRefuses('scrabble/exchange-bag-too-small', { field: 'move.tiles' });
  });
  it('a play by word is at fault in move.word or move.coordinate; a play by tiles in move.tiles', () => {
    const t = startedTable();
    t.when({ type: 'scrabble.make-move', seat: 0, move: { kind: 'play', coordinate: '1A', word: 'QI' }, announcedScore: 22 }).thenRefuses(
      'scrabble/first-play-not-on-centre',
      { field: 'move.word' },
    );
    t.when({
      type: 'scrabble.make-move',
      seat: 0,
      move: { kind: 'play', tiles: [{ row: 0, col: 0, letter: 'Q', blank: false }] },
      announcedScore: 22,
    }).thenRefuses('scrabble/first-play-not-on-centre', {
      field: 'move.tiles',
    });
  });
  it('a draw given by letters is at fault in tiles, by count in count', () => {
    const t = startedTable({ tracking: true });
    t.run({ type: 'scrabble.make-move', seat: 0, move: { kind: 'play', coordinate: '8G', word: 'IN' }, announcedScore: 4 });
    t.when({ type: 'scrabble.draw-tiles', seat: 0, tiles: ['E'] }).thenRefuses('scrabble/underdraw', { field: 'tiles' });
    const s = startedTable();
    s.run({ type: 'scrabble.make-move', seat: 0, move: { kind: 'play', coordinate: '8G', word: 'QI' }, announcedScore: 22 });
    s.when({ type: 'scrabble.draw-tiles', seat: 0, count: 1 }).thenRefuses('scrabble/underdraw', { field: 'count' });
  });
});
