/** What a reader sees of a Go game: the board, moves, captures, clocks and penalty points now, dead stones, count, result. */
import { penaltyPoints, remainingAt, runningSeat, type GoState } from '../../domain/disciplines/go/index.js';

export function goView(id: string, state: GoState, now: string) {
  if (state.phase === 'none') return { id, phase: state.phase };
  const g = state.game;
  const remainingMs = g.result ? g.clock.remainingMs : remainingAt(state, now);
  return {
    id,
    discipline: 'go',
    phase: state.phase,
    // Issue 30: an imported record shows where it came from, and has no clock of its own.
    imported: g.source,
    players: g.players,
    link: g.link,
    boardSize: g.boardSize,
    rules: g.rules,
    compensation: g.compensation,
    handicapStones: g.handicapStones,
    board: g.board,
    toMove: state.phase === 'playing' ? g.toMove : null,
    moves: g.moves,
    captures: g.captures,
    // The clocks as of this request while the game is played; frozen once it has ended. Penalty points as the clocks stand.
    clocks: g.source ? null : { remainingMs, periodsLeft: g.clock.periodsLeft, running: runningSeat(state), paused: g.clock.paused },
    penaltyPoints: g.source ? g.penaltyPoints : [0, 1].map((s) => Math.max(g.penaltyPoints[s], penaltyPoints(g.rules, remainingMs[s]))),
    deadStones: g.deadStones,
    count: g.count,
    signatures: g.signatures,
    result: g.result,
  };
}
