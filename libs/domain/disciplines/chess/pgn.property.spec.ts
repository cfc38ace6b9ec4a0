import { describe, expect, it } from '@jest/globals';
import { Chess } from 'chess.js';
import fc from 'fast-check';
import type { RecordSource } from '../../kernel/index.js';
import { chessDecider } from './chess.decider.js';
import { chessCommand, type ChessState } from './chess.types.js';
import { exportPgn, parsePgn, pgnCommands } from './pgn.js';
import { at, PLAYERS } from './testing/chess-game.js';

/** Issue 30: PGN export → import → export is byte-identical on generated imported games (fast-check). */
const source = (pgn: string): RecordSource => ({
  format: 'pgn',
  sha256: '0'.repeat(64),
  importedBy: 'arb-1',
  importedAt: at(0),
  headers: parsePgn(pgn).headers,
});
function imported(pgn: string): ChessState {
  let state = chessDecider.initialState();
  pgnCommands(parsePgn(pgn), [PLAYERS[0], PLAYERS[1]], source(pgn)).forEach((step, i) => {
    for (const e of chessDecider.decide(chessCommand(step, { at: at(0), actor: { id: 'arb-1', role: 'arbiter' }, commandId: `c${i}` }), state))
      state = chessDecider.evolve(state, e);
  });
  return state;
}
const exported = (s: ChessState) => (s.phase === 'none' ? '' : exportPgn(s.game));

describe('PGN round trip (property)', () => {
  it('export → import → export is byte-identical: tags as written, names with digits, legal moves with or without [%clk], any Result the moves allow', () => {
    const name = fc.stringMatching(/^[A-Za-z][A-Za-z0-9 ,]{0,20}[A-Za-z0-9]$/);
    fc.assert(
      fc.property(
        name,
        name,
        fc.array(fc.record({ pick: fc.nat(), clk: fc.option(fc.integer({ min: 0, max: 3600 })) }), { maxLength: 30 }),
        fc.constantFrom('1-0', '0-1', '1/2-1/2', '*'),
        fc.boolean(),
        (white, black, picks, result, withTags) => {
          const board = new Chess();
          const moves: string[] = [];
          for (const [i, p] of picks.entries()) {
            const legal = board.moves();
            if (legal.length === 0) break;
            const san = legal[p.pick % legal.length];
            board.move(san);
            const n = Math.floor(i / 2) + 1;
            const clk =
              p.clk === null
                ? ''
                : ` {[%clk ${Math.floor(p.clk / 3600)}:${String(Math.floor(p.clk / 60) % 60).padStart(2, '0')}:${String(p.clk % 60).padStart(2, '0')}]}`;
            moves.push(`${i % 2 === 0 ? `${n}. ` : ''}${san}${clk}`);
          }
          // A Result the moves contradict (a mate on the board) is refused: write the one the board gives.
          const over = board.isCheckmate() ? (board.turn() === 'w' ? '0-1' : '1-0') : board.isGameOver() ? '1/2-1/2' : result;
          const tags = withTags ? `[Event "Club ${white.length}"]\n[Date "2001.??.??"]\n` : '';
          const pgn = `${tags}[White "${white}"]\n[Black "${black}"]\n[Result "${over}"]\n\n${moves.join(' ')} ${over}\n`;
          const first = exported(imported(pgn));
          expect(exported(imported(first))).toBe(first);
          expect(first).not.toMatch(/Rapid game|TimeControl|2026/);
        },
      ),
      { numRuns: 100 },
    );
  });
});
