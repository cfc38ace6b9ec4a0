import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { positionHash, sabakiBoard, tryPlay } from './board.js';

/**
 * Issue 34: the board's chain and liberty searches (sets in place of the library's linear membership test and string
 * keys) find what @sabaki/go-board finds, point for point and in the same order, so no move's verdict or captures change.
 */
const rows = (size: number) =>
  fc
    .array(fc.constantFrom('x', 'o', '.', '.'), { minLength: size * size, maxLength: size * size })
    .map((cells) => Array.from({ length: size }, (_, y) => cells.slice(y * size, (y + 1) * size).join('')));
const position = fc.constantFrom(5, 9, 19).chain((size) => fc.tuple(rows(size), fc.integer({ min: 0, max: size - 1 }), fc.integer({ min: 0, max: size - 1 })));

describe('the board against @sabaki/go-board', () => {
  it('chains, liberties, move analysis and the board after a move are the library’s', () => {
    fc.assert(
      fc.property(position, fc.constantFrom(1 as const, -1 as const), ([board, x, y], sign) => {
        const ours = sabakiBoard(board);
        const theirs = sabakiBoard(board, true);
        expect(ours.getNeighbors([x, y])).toEqual(theirs.getNeighbors([x, y]));
        expect(ours.getChain([x, y])).toEqual(theirs.getChain([x, y]));
        expect(ours.getLiberties([x, y])).toEqual(theirs.getLiberties([x, y]));
        expect(ours.hasLiberties([x, y])).toBe(theirs.hasLiberties([x, y]));
        expect(ours.getRelatedChains([x, y])).toEqual(theirs.getRelatedChains([x, y]));
        expect(ours.analyzeMove(sign, [x, y])).toEqual(theirs.analyzeMove(sign, [x, y]));
        if (ours.get([x, y]) !== 0) return;
        const after = ours.makeMove(sign, [x, y]);
        const expected = theirs.makeMove(sign, [x, y]);
        expect(after.signMap).toEqual(expected.signMap);
        expect([after.getCaptures(1), after.getCaptures(-1)]).toEqual([expected.getCaptures(1), expected.getCaptures(-1)]);
        expect(after.clone().signMap).toEqual(expected.signMap);
        const verdict = tryPlay(board, sign === 1 ? 0 : 1, [x, y], 'multi-stone');
        const stone = { 1: 'x', [-1]: 'o', 0: '.' } as const;
        if (verdict.ok) expect(verdict.board).toEqual(expected.signMap.map((row) => row.map((s) => stone[s]).join('')));
      }),
      { numRuns: 400 },
    );
  });

  it('a stone that takes a 150-stone chain off takes every stone of it', () => {
    // Black fills rows 0–8 but the top right point, its last liberty; White holds row 9 and plays there.
    const board = [
      'xxxxxxxxxxxxxxxxxx.',
      ...Array.from({ length: 8 }, () => 'x'.repeat(19)),
      'o'.repeat(19),
      ...Array.from({ length: 9 }, () => '.'.repeat(19)),
    ];
    const verdict = tryPlay(board, 1, [18, 0], 'forbidden');
    expect(verdict.ok && verdict.captured.length).toBe(18 + 8 * 19);
    expect(verdict.ok && verdict.board.slice(0, 9)).toEqual(['.'.repeat(18) + 'o', ...Array.from({ length: 8 }, () => '.'.repeat(19))]);
  });

  it('a position’s key is the 16 hex digits of its two FNV-1a hashes, as every stored game’s positions hold them', () => {
    // The key as first written: each hash in hex, zero-padded to 8 digits, one after the other.
    const written = (rows: readonly string[]) => {
      let a = 0x811c9dc5;
      let b = 0x01000193 ^ 0x5bd1e995;
      for (const c of rows.join('')) {
        a = Math.imul(a ^ c.charCodeAt(0), 0x01000193) >>> 0;
        b = Math.imul(b ^ (c.charCodeAt(0) + 131), 0x01000193) >>> 0;
      }
      return a.toString(16).padStart(8, '0') + b.toString(16).padStart(8, '0');
    };
    fc.assert(fc.property(position, ([board]) => expect(positionHash(board)).toBe(written(board))));
    expect(positionHash(Array.from({ length: 19 }, () => '.'.repeat(19)))).toMatch(/^[0-9a-f]{16}$/);
  });
});
