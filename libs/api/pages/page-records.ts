import { linkedGames } from '../../runtime/games/index.js';
import type { GamePageDiscipline } from './page-games.js';

/**
 * Each tournament discipline's game read model and the API route that exports a game's record (issue 35): the page
 * links to the API's own export, which applies its own public view.
 */
const RECORDS: Readonly<Record<string, { projection: string; format: string; href: (id: string) => string; page: GamePageDiscipline }>> = {
  scrabble: { projection: 'scrabble-games', format: 'GCG', href: (id) => `/v1/scrabble/games/${id}/gcg`, page: 'scrabble' },
  go: { projection: 'go-games', format: 'SGF', href: (id) => `/v1/go/games/${id}/sgf`, page: 'go' },
  'chess-rapid': { projection: 'chess-games', format: 'PGN', href: (id) => `/v1/chess/games/${id}/pgn`, page: 'chess' },
  xiguaqi: { projection: 'xiguaqi-games', format: 'record', href: (id) => `/v1/xiguaqi/games/${id}/record`, page: 'xiguaqi' },
  mahjong: { projection: 'mahjong-games', format: 'score card', href: (id) => `/v1/tables/${id}/scorecard`, page: 'mahjong' },
};

/** The export of a game's record (its format and the API route), for the game page of `discipline`. */
export function recordOf(discipline: GamePageDiscipline, id: string): RecordLink {
  const r = Object.values(RECORDS).find((x) => x.page === discipline)!;
  return { href: r.href(encodeURIComponent(id)), format: r.format, game: { discipline, id } };
}

/** The tournament discipline a game page's discipline plays (chess: rapid chess). */
export function tournamentDisciplineOf(discipline: GamePageDiscipline): string {
  return Object.keys(RECORDS).find((k) => RECORDS[k].page === discipline)!;
}

export interface RecordLink {
  readonly href: string;
  readonly format: string;
  /** The game's page (issue 35): its discipline's segment and id. */
  readonly game: { readonly discipline: GamePageDiscipline; readonly id: string };
}

/**
 * The records of the games linked to a division's round and table (games recorded through Arbitra; a result entered
 * by an arbiter has none). The player page shows published rounds only, so no link names an unpublished round's game.
 */
export function recordLinks(
  readModels: Parameters<typeof linkedGames>[0],
  discipline: string,
  at: { tournamentId: string; division: string },
): (round: number, table: number | null) => RecordLink[] {
  const r = RECORDS[discipline];
  if (!r) return () => [];
  const games = linkedGames(readModels, r.projection, at);
  return (round, table) =>
    table === null
      ? []
      : games
          .filter((g) => g.link?.round === round && g.link.table === table)
          .sort((a, b) => a.id.localeCompare(b.id))
          .map((g) => ({ href: r.href(encodeURIComponent(g.id)), format: r.format, game: { discipline: r.page, id: g.id } }));
}
