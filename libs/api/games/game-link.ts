/**
 * The tournament link of a game being started or imported, for every discipline: the caller's
 * token must be granted the tournament, the tournament must be of the game's discipline, and the
 * players must be the pairing's at that round and table (the tournament feature's `tableAt`).
 */
import type { RulesProfile } from '../../domain/tournament/index.js';
import type { GameFeature } from '../../runtime/games/game-feature.js';
import { gamesProjectionName } from '../../runtime/games/game-read-model.js';
import { LINK_RULE, ONE_GAME_RULE, ReadModelBehindError, requireTableFree, tableWithProfileAt } from '../../runtime/features/tournament/index.js';
import type { AuthedRequest } from '../auth/auth.guard.js';
import { ProblemException } from '../problem.js';
import { missingDivisionAsBadRequest } from '../tournaments/tournament-command.js';
import { ACCESS_RULE } from './game-access.js';
import type { GameLinkDto } from './game.dto.js';

/**
 * A checked link, with the division and the seat (0 or 1) of the pairing's "first" player, so the result can be posted back.
 * A four-seat game (a mahjong table) is linked the same way: its players are the table's four; its result names them by id.
 */
export interface ResolvedLink {
  readonly tournamentId: string;
  readonly round: number;
  readonly table: number;
  readonly division: string;
  readonly firstSeat: 0 | 1;
}

/** 403 unless the caller's token is granted the linked tournament (admin: every tournament). */
export function requireGranted(request: AuthedRequest, link: GameLinkDto | undefined): void {
  const who = request.principal;
  if (!link || !who || who.role === 'admin' || who.tournaments.includes(link.tournamentId)) return;
  throw new ProblemException(403, 'auth/tournament-not-granted', 'Forbidden', `this ${who.role} token is not granted tournament ${link.tournamentId}`, {
    field: 'link.tournamentId',
    rule: ACCESS_RULE,
  });
}

export async function resolveLink(
  core: Parameters<typeof tableWithProfileAt>[0],
  feature: Pick<GameFeature<never, never, never>, 'discipline' | 'tournamentDisciplines'>,
  /** The game being linked: a table another game is linked to is refused (`requireTableFree`), this game's own link is not. */
  gameId: string,
  link: GameLinkDto,
  players: readonly { id: string }[],
  /** What the discipline requires of the tournament beyond the pairing (chess: its minutes); throws to refuse. */
  requireOfTournament?: (profile: RulesProfile) => void,
): Promise<ResolvedLink> {
  const at = await tableWithProfileAt(core, link.tournamentId, link, feature.tournamentDisciplines).catch((e: unknown) =>
    Promise.reject(missingDivisionAsBadRequest(e)),
  );
  const ids = players.map((p) => p.id);
  if (at.seats.length !== ids.length || !at.seats.every((p) => ids.includes(p))) {
    throw new ProblemException(
      422,
      'games/link-players-mismatch',
      'Unprocessable command',
      `table ${link.table} of round ${link.round} seats ${at.seats.join(', ')}, not ${ids.join(', ')}`,
      { field: 'players', rule: LINK_RULE },
    );
  }
  requireOfTournament?.(at.profile);
  await requireTableFree(core, gamesProjectionName(feature), at, gameId).catch((e: unknown) => {
    if (!(e instanceof ReadModelBehindError)) throw e;
    throw new ProblemException(503, 'read-model/behind', 'Service unavailable', `${e.message}: the table's other games cannot be checked; retry shortly`, {
      rule: ONE_GAME_RULE,
      headers: { 'retry-after': '1' },
    });
  });
  return { tournamentId: link.tournamentId, round: link.round, table: link.table, division: at.division, firstSeat: ids[0] === at.seats[0] ? 0 : 1 };
}

/**
 * A value a tournament fixes in advance for all its games (chess: `rapidMinutes`, Go: `goBasicMinutes`), for
 * resolveLink's `requireOfTournament`: `check` refuses a game naming another value (422 of `type`, naming `field`);
 * once it ran, `planned.value` is the tournament's value (undefined: the tournament fixes none).
 */
export function fixedByTournament(
  pick: (profile: RulesProfile) => number | undefined,
  given: number | undefined,
  refusal: { readonly type: string; readonly field: string; readonly rule: string; readonly detail: (planned: number) => string },
): { readonly check: (profile: RulesProfile) => void; readonly planned: { value?: number } } {
  const planned: { value?: number } = {};
  const check = (profile: RulesProfile): void => {
    planned.value = pick(profile);
    if (planned.value !== undefined && given !== undefined && planned.value !== given)
      throw new ProblemException(422, refusal.type, 'Unprocessable command', refusal.detail(planned.value), { field: refusal.field, rule: refusal.rule });
  };
  return { check, planned };
}
