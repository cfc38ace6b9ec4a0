/** What a reader sees of a xiguaqi match: its games with board, plies, clocks now, outcomes; and the match outcome. */
import { boardAt, clocksAt, gameWins, type XiguaqiGame, type XiguaqiState } from '../../domain/disciplines/xiguaqi/index.js';
import { ProblemException } from '../problem.js';
import { positionSvg } from '../../domain/disciplines/xiguaqi/board-svg.js';

const pieces = (g: XiguaqiGame) => g.board.flatMap((p, i) => (p ? [{ point: i + 1, colour: p.colour, ...(p.escaped && { escaped: true }) }] : []));

export function xiguaqiView(id: string, state: XiguaqiState, now: string) {
  if (state.phase === 'none') return { id, phase: state.phase };
  const m = state.match;
  return {
    id,
    discipline: 'xiguaqi',
    phase: state.phase,
    players: m.players,
    link: m.link,
    bestOf: m.bestOf,
    minutesPerGame: m.minutesPerGame,
    gameWins: gameWins(m),
    games: m.games.map((g) => ({
      game: g.number,
      black: g.black,
      pieces: pieces(g),
      captured: g.captured,
      toMove: g.outcome ? null : g.toMove,
      // The clocks as of this request while the game is played; frozen once it has ended.
      clocks: { remainingMs: g.outcome ? g.remainingMs : clocksAt(g, now) },
      plies: g.plies,
      outcome: g.outcome,
    })),
    outcome: m.outcome,
  };
}

function notFound(field: string, detail: string): ProblemException {
  return new ProblemException(404, 'xiguaqi/no-such-position', 'Not found', detail, {
    field,
    rule: 'Arbitra: a position is named by a game of the match and a ply of that game',
  });
}

/** The SVG of game `n` (default: the latest) after `ply` plies (default: all). */
export function positionOf(id: string, state: XiguaqiState, n?: number, ply?: number): string {
  if (state.phase === 'none') throw notFound('id', `no match ${id}`);
  const games = state.match.games;
  const g = n === undefined ? games[games.length - 1] : games[n - 1];
  if (!g) throw notFound('game', `match ${id} has no game ${n}`);
  if (ply !== undefined && ply > g.plies.length) throw notFound('ply', `game ${g.number} has ${g.plies.length} plies, not ${ply}`);
  const upTo = ply ?? g.plies.length;
  const board = boardAt(g.plies, upTo);
  const [black, white] = g.black === 0 ? state.match.players : [state.match.players[1], state.match.players[0]];
  const title = `Match ${id}, game ${g.number} after ${upTo} plies: Black ${black.name}, White ${white.name}`;
  const standing = boardCounts(board);
  return positionSvg(board, title, `Game ${g.number}, ply ${upTo}: Black ${standing.B} on the board, White ${standing.W}`);
}

const boardCounts = (board: ReturnType<typeof boardAt>) => ({
  B: board.filter((p) => p?.colour === 'B').length,
  W: board.filter((p) => p?.colour === 'W').length,
});
