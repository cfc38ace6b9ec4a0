import { linkedGames } from '../../runtime/games/index.js';

/**
 * Each tournament discipline's game read model and the API route that exports a game's record (issue 35): the page
 * links to the API's own export, which applies its own public view.
 */
const RECORDS: Readonly<Record<string, { projection: string; format: string; href: (id: string) => string }>> = {
  scrabble: { projection: 'scrabble-games', format: 'GCG', href: (id) => `/v1/scrabble/games/${id}/gcg` },
  go: { projection: 'go-games', format: 'SGF', href: (id) => `/v1/go/games/${id}/sgf` },
  'chess-rapid': { projection: 'chess-games', format: 'PGN', href: (id) => `/v1/chess/games/${id}/pgn` },
  xiguaqi: { projection: 'xiguaqi-games', format: 'record', href: (id) => `/v1/xiguaqi/games/${id}/record` },
  mahjong: { projection: 'mahjong-games', format: 'score card', href: (id) => `/v1/tables/${id}/scorecard` },
};

export interface RecordLink {
  readonly href: string;
  readonly format: string;
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
          .map((g) => ({ href: r.href(encodeURIComponent(g.id)), format: r.format }));
}
