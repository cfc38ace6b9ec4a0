import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { emptyBoard, formatCoordinate, isBoardEmpty, parseCoordinate, placeOnBoard, premiumAt, removeFromBoard, SIZE } from './board.js';
import { DISTRIBUTION, fullBag, LETTER_VALUES, rackValue, TILE_COUNT } from './tiles.js';

describe('board and tiles (WESPA Rules v3 §1.3 / Appendix 1)', () => {
  it('the board is 15×15 with the standard premium squares: 8 TW, 17 DW (incl. centre), 12 TL, 24 DL', () => {
    const count: Record<string, number> = { TW: 0, DW: 0, TL: 0, DL: 0 };
    for (let r = 0; r < SIZE; r++)
      for (let c = 0; c < SIZE; c++) {
        const p = premiumAt(r, c);
        if (p) count[p]++;
      }
    expect(count).toEqual({ TW: 8, DW: 17, TL: 12, DL: 24 });
    expect(premiumAt(7, 7)).toBe('DW');
    expect(emptyBoard()).toHaveLength(15);
    // The premium layout is symmetric under rotation and reflection.
    for (let r = 0; r < SIZE; r++)
      for (let c = 0; c < SIZE; c++) {
        expect(premiumAt(c, r)).toBe(premiumAt(r, c));
        expect(premiumAt(14 - r, c)).toBe(premiumAt(r, c));
      }
  });
  it('the tile set holds 100 tiles incl. 2 blanks, with the standard English letter values (seed 開始前: 100枚棋子)', () => {
    expect(fullBag()).toHaveLength(TILE_COUNT);
    expect(DISTRIBUTION['?']).toBe(2);
    expect(rackValue(fullBag())).toBe(187);
    expect([LETTER_VALUES.Q, LETTER_VALUES.Z, LETTER_VALUES.J, LETTER_VALUES.X, LETTER_VALUES.K]).toEqual([10, 10, 8, 8, 5]);
  });
  it('coordinates: 8H is across from the centre, H8 is down; others round-trip', () => {
    expect(parseCoordinate('8H')).toEqual({ row: 7, col: 7, direction: 'across' });
    expect(parseCoordinate('h8')).toEqual({ row: 7, col: 7, direction: 'down' });
    expect(parseCoordinate('16A')).toBeNull();
    expect(parseCoordinate('P1')).toBeNull();
    for (const s of ['1A', '15O', 'A1', 'O15', '12C', 'K3']) expect(formatCoordinate(parseCoordinate(s)!)).toBe(s);
  });
  it('placing and removing tiles sets exactly those squares and leaves every other square as it was', () => {
    // The board as characters, one square at a time: what placeOnBoard and removeFromBoard must give.
    const bySquare = (board: readonly string[], squares: readonly { row: number; col: number; letter: string }[]) => {
      const rows = board.map((r) => r.split(''));
      for (const t of squares) rows[t.row][t.col] = t.letter;
      return rows.map((r) => r.join(''));
    };
    const square = fc.record({
      row: fc.integer({ min: 0, max: SIZE - 1 }),
      col: fc.integer({ min: 0, max: SIZE - 1 }),
      letter: fc.constantFrom(...'ABCXYZaez'),
    });
    fc.assert(
      fc.property(fc.array(square, { maxLength: 40 }), fc.array(square, { maxLength: 7 }), fc.array(square, { maxLength: 7 }), (setUp, placed, removed) => {
        const board = bySquare(emptyBoard(), setUp);
        expect(placeOnBoard(board, placed)).toEqual(bySquare(board, placed));
        expect(removeFromBoard(board, removed)).toEqual(
          bySquare(
            board,
            removed.map((t) => ({ ...t, letter: '.' })),
          ),
        );
        expect(board).toEqual(bySquare(emptyBoard(), setUp)); // the board given is not changed
        expect(isBoardEmpty(board)).toBe(setUp.length === 0);
      }),
      { numRuns: 300 },
    );
    expect(premiumAt(-1, 0)).toBeNull();
    expect(premiumAt(0, SIZE)).toBeNull();
  });
});
