/** Scrabble games from HTTP: the runner bound to Scrabble's GameFeature, and the tournament link check. */
import type { GameLink, Seat } from '../../domain/disciplines/scrabble/index.js';
import type { ArbitraCore } from '../../runtime/arbitra-core.js';
import { SCRABBLE_GAME, type ScrabbleCommandBody } from '../../runtime/features/scrabble/index.js';
import { LINK_RULE, tableAt } from '../../runtime/features/tournament/index.js';
import { ProblemException } from '../problem.js';
import { missingDivisionAsBadRequest } from '../tournaments/tournament-command.js';
import { GameRunner, loadGame, unknownGame } from './game-runner.js';
import type { GameLinkDto } from './game.dto.js';

export { unknownGame };
export type CommandBody = ScrabbleCommandBody;

/** The generic runner for Scrabble. */
export const scrabbleRunner = (core: ArbitraCore) => new GameRunner(core, SCRABBLE_GAME);
export type ScrabbleRunner = ReturnType<typeof scrabbleRunner>;

/** A Scrabble game as the command path sees it now, or 404. */
export const loadScrabbleGame = (core: ArbitraCore, id: string) => loadGame(core, SCRABBLE_GAME, id);

/**
 * Checks a link against the tournament's pairing (same players: the tournament feature's `tableAt`)
 * and completes it with the division and the seat of the pairing's "first" player, so the result
 * can be posted back.
 */
export async function resolveLink(core: ArbitraCore, link: GameLinkDto, players: readonly { id: string }[]): Promise<GameLink> {
  const at = await tableAt(core, link.tournamentId, link).catch((e: unknown) => Promise.reject(missingDivisionAsBadRequest(e)));
  const ids = players.map((p) => p.id);
  if (at.seats.length !== ids.length || !at.seats.every((p) => ids.includes(p))) {
    throw new ProblemException(
      422,
      'games/link-players-mismatch',
      'Unprocessable command',
      `table ${link.table} of round ${link.round} pairs ${at.seats.join(' and ')}, not ${ids.join(' and ')}`,
      {
        field: 'players',
        rule: LINK_RULE,
      },
    );
  }
  return { tournamentId: link.tournamentId, round: link.round, table: link.table, division: at.division, firstSeat: (ids[0] === at.seats[0] ? 0 : 1) as Seat };
}
