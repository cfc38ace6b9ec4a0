/** What a reader sees of a chess game: board, moves with clocks, clocks now, draw offer, result. */
import { exportPgn, pgnStatesTimeControl, remainingAt, runningSeat, type ChessState } from '../../domain/disciplines/chess/index.js';
import { headerOf } from '../../domain/kernel/index.js';

export function chessView(id: string, state: ChessState, now: string) {
  if (state.phase === 'none') return { id, phase: state.phase };
  const g = state.game;
  return {
    id,
    discipline: 'chess',
    phase: state.phase,
    // Issue 30: an imported record shows where it came from; no time control or clock the file did not write.
    imported: g.source,
    players: g.players,
    timeControl: g.source && !pgnStatesTimeControl(headerOf(g.source, 'TimeControl')) ? null : g.timeControl,
    link: g.link,
    fen: g.fen,
    toMove: runningSeat(g),
    moves: g.moves.map((m) => ({
      ply: m.ply,
      seat: m.seat,
      san: m.san,
      ...(m.remainingMs !== undefined && { remainingMs: m.remainingMs }),
      ...(m.writtenClockMs !== undefined && { writtenClockMs: m.writtenClockMs }),
      at: m.at,
    })),
    // The clocks as of this request while the game is played; frozen once it has ended; none for an imported record.
    clocks: g.source ? null : { remainingMs: g.result ? g.clock.remainingMs : remainingAt(g, now) },
    drawOffer: g.drawOffer,
    illegalMoves: g.illegalMoves,
    result: g.result,
  };
}

export const pgnOf = (state: ChessState) => (state.phase === 'none' ? '' : exportPgn(state.game));
