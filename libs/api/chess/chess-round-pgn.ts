/**
 * One published round of a chess-rapid tournament as a PGN file: every game linked to that round (and
 * division), in table order, one after another (chess.js export, with [%clk] clock comments). The
 * round's board is written as a `Board` tag after `Round`.
 */
import { exportPgn, type ChessState } from '../../domain/disciplines/chess/index.js';
import type { ArbitraCore } from '../../runtime/arbitra-core.js';
import { CHESS_GAME } from '../../runtime/features/chess/index.js';
import { gamesProjectionName, linkedGames, readGameDocument } from '../../runtime/games/index.js';

export function roundPgn(core: ArbitraCore, tournament: { id: string; name: string }, division: string, round: number): string {
  const projection = gamesProjectionName(CHESS_GAME);
  const linked = linkedGames(core.readModels, projection, { tournamentId: tournament.id, division, round }).sort(
    (a, b) => (a.link?.table ?? 0) - (b.link?.table ?? 0) || a.id.localeCompare(b.id),
  );
  const games: string[] = [];
  for (const item of linked) {
    const doc = readGameDocument<ChessState>(core.readModels, CHESS_GAME, item.id);
    if (!doc || doc.state.phase === 'none') continue;
    const pgn = exportPgn(doc.state.game, { event: tournament.name });
    games.push(pgn.replace(/^(\[Round "[^"]*"\])$/m, `$1\n[Board "${item.link?.table ?? '?'}"]`));
  }
  return games.length ? `${games.join('\n\n')}\n` : '';
}
