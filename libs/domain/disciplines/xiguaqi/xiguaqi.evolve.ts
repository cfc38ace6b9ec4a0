/** Folds the xiguaqi events into the match state (the board, clocks and runs come from the events). */
import { clocksAt } from './clock.js';
import { initialBoard, other, playMove } from './position.js';
import type { Board, XiguaqiEvent, XiguaqiGame, XiguaqiMatch, XiguaqiState } from './xiguaqi.types.js';

function withCurrent(match: XiguaqiMatch, f: (g: XiguaqiGame) => XiguaqiGame): XiguaqiMatch {
  const games = [...match.games];
  games[games.length - 1] = f(games[games.length - 1]);
  return { ...match, games };
}

/** The board after a recorded move: the same step the decider took (its captures named whole). */
function boardAfter(board: Board, from: number, to: number, captured: readonly number[]): Board {
  const played = playMove(board, from, to, captured);
  return 'board' in played ? played.board : board;
}

export function evolve(state: XiguaqiState, event: XiguaqiEvent): XiguaqiState {
  if (event.type === 'xiguaqi.MatchStarted') {
    const { players, bestOf, minutesPerGame, link, at } = event.data;
    return { phase: 'playing', match: { players, link, bestOf, minutesPerGame, startedAt: at, games: [], outcome: null } };
  }
  if (state.phase === 'none') return state;
  const m = state.match;
  switch (event.type) {
    case 'xiguaqi.GameStarted': {
      const half = (m.minutesPerGame * 60_000) / 2;
      const game: XiguaqiGame = {
        number: event.data.game,
        black: event.data.black,
        startedAt: event.data.at,
        board: initialBoard(),
        captured: [0, 0],
        plies: [],
        toMove: event.data.black,
        since: event.data.at,
        turnStartedAt: event.data.at,
        remainingMs: [half, half],
        runs: [null, null],
        outcome: null,
        endedAt: null,
      };
      return { phase: 'playing', match: { ...m, games: [...m.games, game] } };
    }
    case 'xiguaqi.ClockRead':
      return { ...state, match: withCurrent(m, (g) => ({ ...g, remainingMs: event.data.remainingMs, since: event.data.at })) };
    case 'xiguaqi.PieceMoved': {
      const { game: _game, ...ply } = event.data;
      return {
        ...state,
        match: withCurrent(m, (g) => {
          const board = boardAfter(g.board, ply.from, ply.to, ply.captured);
          const captured: [number, number] = [g.captured[0], g.captured[1]];
          captured[ply.seat] += ply.captured.length;
          const run = g.runs[ply.seat];
          const next = run && run.piece === ply.piece ? { piece: ply.piece, count: run.count + 1 } : { piece: ply.piece, count: 1 };
          const runs: XiguaqiGame['runs'] = ply.seat === 0 ? [next, g.runs[1]] : [g.runs[0], next];
          return { ...g, board, captured, plies: [...g.plies, ply], runs, ...turnAfter(g, ply.seat, ply.at) };
        }),
      };
    }
    case 'xiguaqi.Passed': {
      const { game: _game, ...ply } = event.data;
      return { ...state, match: withCurrent(m, (g) => ({ ...g, plies: [...g.plies, ply], ...turnAfter(g, ply.seat, ply.at) })) };
    }
    case 'xiguaqi.GameEnded':
      return {
        phase: 'between-games',
        match: withCurrent(m, (g) => ({ ...g, remainingMs: clocksAt(g, event.data.at), outcome: event.data.outcome, endedAt: event.data.at })),
      };
    case 'xiguaqi.MatchEnded':
      return { phase: 'finished', match: { ...m, outcome: event.data.outcome } };
  }
}

/** After a ply by `seat` at `at`: the clocks as of then, the turn to the other side, the per-move count restarting. */
function turnAfter(g: XiguaqiGame, seat: 0 | 1, at: string): Pick<XiguaqiGame, 'remainingMs' | 'toMove' | 'since' | 'turnStartedAt'> {
  return { remainingMs: clocksAt(g, at), toMove: other(seat), since: at, turnStartedAt: at };
}
