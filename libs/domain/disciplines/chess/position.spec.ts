import { describe, expect, it } from '@jest/globals';
import { Chess } from 'chess.js';
import { cannotMate } from './position.js';

/** Rapid rules 11(2) and FIDE Laws 6.9: can the side whose flag is up still mate by any series of legal moves? */
describe('cannotMate (rapid rules 11(2)): sound and conservative', () => {
  const at = (fen: string) => new Chess(fen);
  it('a bare king cannot mate', () => {
    expect(cannotMate(at('k7/8/8/8/8/8/8/KQ6 w - - 0 1'), 1)).toBe(true);
    expect(cannotMate(at('k7/8/8/8/8/8/8/KQ6 w - - 0 1'), 0)).toBe(false);
  });
  it('a single knight or bishop against a bare king cannot mate; against any other piece a helpmate may exist', () => {
    expect(cannotMate(at('k7/8/8/8/8/8/8/KN6 w - - 0 1'), 0)).toBe(true);
    expect(cannotMate(at('k7/8/8/8/8/8/8/KB6 w - - 0 1'), 0)).toBe(true);
    expect(cannotMate(at('k7/p7/8/8/8/8/8/KN6 w - - 0 1'), 0)).toBe(false);
    expect(cannotMate(at('kb6/8/8/8/8/8/8/KN6 w - - 0 1'), 0)).toBe(false);
  });
  it('bishops all on squares of one colour cannot mate; on both colours they may', () => {
    expect(cannotMate(at('k1b5/8/8/8/8/8/8/KB6 w - - 0 1'), 0)).toBe(true); // c8 and b1: both light squares
    expect(cannotMate(at('kb6/8/8/8/8/8/8/KB6 w - - 0 1'), 0)).toBe(false); // b8 dark, b1 light
  });
  it('a pawn can promote: it can mate', () => {
    expect(cannotMate(at('k7/8/8/8/8/8/P7/K7 w - - 0 1'), 0)).toBe(false);
  });
});
