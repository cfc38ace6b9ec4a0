/**
 * A recorded game at any move, per discipline (issue 35): each discipline builds its own page (the board as an HTML
 * table or an SVG, the mahjong score card, the moves linked) from the public (redacted) state, through its descriptor's
 * `pages.game` (libs/domain/disciplines/<x>/page.ts). A discipline that declares none gets the shared page below.
 */
import type { DisciplineDescriptor } from '../../domain/discipline-kit/descriptor.js';
import { noSuchMove, type GamePage, type GamePageRequest } from '../../domain/discipline-kit/pages.js';
import type { GameSummary, SeatPlayer } from '../../runtime/games/index.js';

export type { GamePage, MoveHref } from '../../domain/discipline-kit/pages.js';

/**
 * The shared page of a game whose discipline draws no board: its players by seat, its phase and its scores as the
 * game's read model sums them up. It shows the game as it stands: a move other than the last (none) is not found.
 */
export function defaultGamePage(players: readonly SeatPlayer[], summary: GameSummary, r: GamePageRequest): GamePage {
  if (r.move !== undefined && r.move !== 0) throw noSuchMove(r.move, 0);
  return {
    players: players.map((p, i) => ({ side: `${r.s.seat} ${i + 1}`, name: p.name })),
    at: summary.phase,
    nav: [],
    facts: [{ term: r.s.game.scores, value: players.map((p, i) => `${p.name} ${summary.scores[i] ?? 0}`).join(' · ') }],
    grid: null,
    svg: null,
    card: null,
    movesTitle: r.s.game.moves,
    moves: [],
    games: [],
  };
}

/** The game page of `descriptor`'s game: its own, else the shared one. */
export function gamePage(descriptor: DisciplineDescriptor, players: readonly SeatPlayer[], summary: GameSummary, r: GamePageRequest): GamePage {
  return descriptor.pages.game ? descriptor.pages.game(r) : defaultGamePage(players, summary, r);
}
