/**
 * Who may record what in a game of any discipline (N seats), and who may see hidden information.
 *  - admin: anything, any game.
 *  - arbiter / chief arbiter: anything in a game linked to a tournament their token names; in an
 *    unlinked game only the official who started (or imported) it.
 *  - player: only the self-recording commands of a game they sit in, for the seats the discipline
 *    lets them act for (their own); in a game linked to a tournament, only with a token that names
 *    that tournament (like officials).
 *  - while the discipline hides information (Scrabble: racks of a game in setup or playing) it is shown
 *    only to officials with access (all) and to each player (their own seat); then it is laid open.
 */
import type { Actor } from '../../domain/kernel/index.js';
import type { SeatPlayer, TournamentLink, Viewer } from '../../runtime/games/index.js';
import type { Principal } from '../auth/principal.js';
import { ProblemException } from '../problem.js';

export { sees, type Viewer } from '../../runtime/games/index.js';

export interface GameFacts {
  readonly id: string;
  /** One per seat (index = seat). */
  readonly players: readonly SeatPlayer[];
  readonly link: TournamentLink | null;
  readonly createdBy: Actor;
}

/** Which seats a player sitting at `own` may act for (from the discipline); default: their own. */
export type ActsFor = (own: number, seat: number | null) => boolean;

export const ACCESS_RULE =
  "Arbitra roles: players record their own plays, holds and challenges; arbiters record anything in their tournament's games; the public never sees racks of a game in progress";

/** Does this token give an official's (arbiter's) power over the game? */
export function isOfficialFor(who: Principal | undefined, g: GameFacts): boolean {
  if (!who) return false;
  if (who.role === 'admin') return true;
  if (who.role !== 'arbiter' && who.role !== 'chief-arbiter') return false;
  return g.link ? who.tournaments.includes(g.link.tournamentId) : g.createdBy.id === who.id;
}

/**
 * The seat this token plays, if any. Players are scoped like officials: in a game linked to a
 * tournament, a player token acts only when it names that tournament.
 */
export function seatOf(who: Principal | undefined, g: GameFacts): number | null {
  if (!who || who.role !== 'player') return null;
  if (g.link && !who.tournaments.includes(g.link.tournamentId)) return null;
  const i = g.players.findIndex((p) => p.id === who.id);
  return i < 0 ? null : i;
}

function forbidden(code: string, detail: string, field?: string): ProblemException {
  return new ProblemException(403, code, 'Forbidden', detail, { rule: ACCESS_RULE, ...(field && { field }) });
}

/** An official's command: refuses (403) anyone without official power over this game. */
export function requireOfficial(who: Principal | undefined, g: GameFacts): void {
  if (isOfficialFor(who, g)) return;
  if (who?.role === 'player') throw forbidden('games/players-may-not', `a player may not record this in game ${g.id}: ask the arbiter`);
  if (g.link)
    throw forbidden(
      'auth/tournament-not-granted',
      `this ${who?.role ?? 'anonymous'} token is not granted tournament ${g.link.tournamentId}, which game ${g.id} belongs to`,
    );
  throw forbidden(
    'games/not-your-game',
    `game ${g.id} is not linked to a tournament: only the official who started it (${g.createdBy.id}) or an admin records it`,
  );
}

const ownSeat: ActsFor = (own, seat) => seat === null || seat === own;

/** A self-recording command: officials for any seat; a player of the game for the seats `actsFor` allows (their own). */
export function requireRecorder(who: Principal | undefined, g: GameFacts, seat: number | null, actsFor: ActsFor = ownSeat): void {
  if (isOfficialFor(who, g)) return;
  if (who?.role !== 'player') return requireOfficial(who, g);
  const own = seatOf(who, g);
  if (own === null && g.link && g.players.some((p) => p.id === who.id)) {
    throw forbidden('auth/tournament-not-granted', `this player token is not granted tournament ${g.link.tournamentId}, which game ${g.id} belongs to`);
  }
  if (own === null) throw forbidden('games/not-a-player', `player ${who.id} does not play in game ${g.id}`);
  if (!actsFor(own, seat))
    throw forbidden('games/not-your-seat', `player ${who.id} sits at seat ${own}; a player records only for their own seat (not seat ${seat})`, 'seat');
}

/** What this reader may see while the game hides information (`hiding`): all, their own seat, or what is public. */
export function viewerFor(who: Principal | undefined, g: GameFacts, hiding: boolean): Viewer {
  if (!hiding || isOfficialFor(who, g)) return { kind: 'all' };
  const seat = seatOf(who, g);
  return seat === null ? { kind: 'public' } : { kind: 'seat', seat };
}
