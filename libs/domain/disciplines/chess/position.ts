/**
 * The board through chess.js (legal moves, check, mate, stalemate, threefold repetition, 50 moves,
 * insufficient material); written here only what chess.js does not do: the fivefold repetition
 * and 75-move draws (FIDE 9.6) and whether one side can still mate (rapid rules 11(2)).
 */
import { Chess, type Move } from 'chess.js';
import type { ChessResult, MoveRecord, Seat } from './chess.types.js';
import { RULES } from './chess.rules.js';

const UCI = /^([a-h][1-8])([a-h][1-8])([qrbn])?$/;

/** The game so far as chess.js holds it: replayed from the recorded moves. */
export function replay(moves: readonly Pick<MoveRecord, 'from' | 'to' | 'promotion'>[], startFen: string | null = null): Chess {
  const chess = startFen ? new Chess(startFen) : new Chess();
  for (const m of moves) chess.move({ from: m.from, to: m.to, ...(m.promotion && { promotion: m.promotion }) });
  return chess;
}

/** The move in SAN or UCI, if legal in the position (chess.js throws on an illegal move). */
export function tryMove(chess: Chess, move: string): Move | null {
  const uci = UCI.exec(move.trim());
  try {
    return uci ? chess.move({ from: uci[1], to: uci[2], ...(uci[3] && { promotion: uci[3] }) }) : chess.move(move.trim(), { strict: false });
  } catch {
    return null;
  }
}

/** The position key of FIDE 9.2 (pieces, side to move, castling, en passant): the FEN's first four fields. */
const positionKey = (fen: string) => fen.split(' ').slice(0, 4).join(' ');

function occurrences(chess: Chess): number {
  const history = chess.history({ verbose: true });
  const replayer = new Chess(history.length ? history[0].before : chess.fen());
  const keys = [positionKey(replayer.fen())];
  for (const m of history) {
    replayer.move({ from: m.from, to: m.to, ...(m.promotion && { promotion: m.promotion }) });
    keys.push(positionKey(replayer.fen()));
  }
  const now = keys[keys.length - 1];
  return keys.filter((k) => k === now).length;
}

/** The end a move brings about by itself (no claim needed), or null; `mover` just moved. */
export function automaticEnd(chess: Chess, mover: Seat): ChessResult | null {
  if (chess.isCheckmate()) return { winner: mover, reason: 'checkmate', rule: RULES.checkmate };
  if (chess.isStalemate()) return { winner: null, reason: 'stalemate', rule: RULES.stalemate };
  if (chess.isInsufficientMaterial()) return { winner: null, reason: 'dead-position', rule: RULES.deadPosition };
  if (occurrences(chess) >= 5) return { winner: null, reason: 'fivefold-repetition', rule: RULES.fivefold };
  // FIDE 9.6.2: the halfmove clock (FEN field 5) counts plies without capture or pawn move; 150 plies = 75 moves each.
  if (Number(chess.fen().split(' ')[4]) >= 150) return { winner: null, reason: 'seventy-five-moves', rule: RULES.seventyFive };
  return null;
}

const squareColour = (square: string) => (square.charCodeAt(0) - 97 + Number(square[1])) % 2;

/**
 * Can `side` no longer checkmate by any series of legal moves (rapid rules 11(2); FIDE Laws 6.9)?
 * Sound and conservative: true only when mate is impossible whatever either side plays, i.e.
 *  - `side` has its king alone; or
 *  - `side` has a king and one knight or one bishop and the other side a bare king (no mate with
 *    a single minor piece against a lone king); or
 *  - every piece on the board other than the kings is a bishop and all those bishops stand on
 *    squares of one colour (no square next to either king can then be covered to complete a mate).
 * Every other case is treated as "can mate" (a helpmate may exist: K+N against K+pawn, for example).
 */
export function cannotMate(chess: Chess, side: Seat): boolean {
  const colour = side === 0 ? 'w' : 'b';
  const pieces = chess
    .board()
    .flat()
    .filter((p): p is NonNullable<typeof p> => p !== null && p.type !== 'k');
  const own = pieces.filter((p) => p.color === colour);
  const theirs = pieces.filter((p) => p.color !== colour);
  if (own.length === 0) return true;
  if (own.length === 1 && (own[0].type === 'n' || own[0].type === 'b') && theirs.length === 0) return true;
  if (pieces.every((p) => p.type === 'b') && new Set(pieces.map((p) => squareColour(p.square))).size === 1) return true;
  return false;
}

/** Is a claim of threefold repetition (FIDE 9.2) or 50 moves (FIDE 9.3) founded on the board now? */
export function claimFounded(chess: Chess, reason: 'repetition' | 'fifty-moves'): boolean {
  return reason === 'repetition' ? chess.isThreefoldRepetition() : chess.isDrawByFiftyMoves();
}
