import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { type DomainError } from '../../kernel/errors.js';
import { emptyBoard, placeOnBoard } from './board.js';
import { analysePlay, boardLetter, placementsFromWord, type Placement } from './scoring.js';

const play = (board: readonly string[], coord: string, word: string) => analysePlay(board, placementsFromWord(board, coord, word));
const apply = (board: readonly string[], coord: string, word: string) =>
  placeOnBoard(
    board,
    placementsFromWord(board, coord, word).map((p) => ({ ...p, letter: boardLetter(p) })),
  );
const errType = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    return (e as DomainError).type;
  }
  return 'no error';
};

describe('scoring (WESPA Rules v3 Appendix 1 standard rules)', () => {
  it('first play on the centre double-word square: QI at 8G scores (10+1)×2 = 22', () => {
    expect(play(emptyBoard(), '8G', 'QI').score).toBe(22);
  });
  it('playing all seven tiles earns the 50-point bonus: RETAINS at 8D scores 16 + 50 = 66', () => {
    const a = play(emptyBoard(), '8D', 'RETAINS');
    expect(a.bingo).toBe(true);
    expect(a.score).toBe(66);
  });
  it('a blank scores 0 and its designation is kept: rETAINS at 8D scores 12 + 50', () => {
    expect(play(emptyBoard(), '8D', 'rETAINS').score).toBe(62);
  });
  it('premiums count only under newly placed tiles: IT through the centre I scores 2, not 4', () => {
    const b = apply(emptyBoard(), '8G', 'QI');
    const a = play(b, 'H8', '.T');
    expect(a.main.word).toBe('IT');
    expect(a.score).toBe(2);
  });
  it('cross words score too: ZA at 9H under QI scores ZA 12 + IZ 11 = 23', () => {
    const b = apply(emptyBoard(), '8G', 'QI');
    const a = play(b, '9H', 'ZA');
    expect(a.main.word).toBe('ZA');
    expect(a.crossWords.map((w) => [w.word, w.score])).toEqual([['IZ', 11]]);
    expect(a.score).toBe(23);
  });
  it('a single tile forms its word in either direction', () => {
    const b = apply(emptyBoard(), '8G', 'QI');
    const a = analysePlay(b, [{ row: 7, col: 8, letter: 'S', blank: false }]);
    expect(a.main.word).toBe('QIS');
  });
  it('geometry: the first play must cover the centre', () => {
    expect(errType(() => play(emptyBoard(), '1A', 'QI'))).toBe('scrabble/first-play-not-on-centre');
  });
  it('geometry: tiles lie in one line', () => {
    const ps: Placement[] = [
      { row: 7, col: 7, letter: 'A', blank: false },
      { row: 8, col: 8, letter: 'B', blank: false },
    ];
    expect(errType(() => analysePlay(emptyBoard(), ps))).toBe('scrabble/not-one-line');
  });
  it('geometry: tiles are contiguous with the tiles on the board', () => {
    const ps: Placement[] = [
      { row: 7, col: 7, letter: 'A', blank: false },
      { row: 7, col: 9, letter: 'B', blank: false },
    ];
    expect(errType(() => analysePlay(emptyBoard(), ps))).toBe('scrabble/not-contiguous');
  });
  it('geometry: later plays connect to the board', () => {
    const b = apply(emptyBoard(), '8G', 'QI');
    expect(errType(() => play(b, '1A', 'ZA'))).toBe('scrabble/not-connected');
  });
  it('geometry: an occupied square cannot take a new tile', () => {
    const b = apply(emptyBoard(), '8G', 'QI');
    expect(
      errType(() =>
        analysePlay(b, [
          { row: 7, col: 7, letter: 'A', blank: false },
          { row: 7, col: 8, letter: 'T', blank: false },
        ]),
      ),
    ).toBe('scrabble/square-occupied');
  });
  it('any single across word through the centre scores its letter sum doubled (property)', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Z]{2,7}$/), fc.integer({ min: 0, max: 6 }), (word, off) => {
        const colStart = 7 - Math.min(off, word.length - 1);
        const coord = `8${'ABCDEFGHIJKLMNO'[colStart]}`;
        const a = play(emptyBoard(), coord, word);
        expect(a.score % 1).toBe(0);
        expect(a.score).toBeGreaterThanOrEqual(word.length * 2 + (word.length === 7 ? 50 : 0));
      }),
      { numRuns: 200 },
    );
  });
});
