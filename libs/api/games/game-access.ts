/**
 * Who may record what in a Scrabble game, and who may see racks.
 *  - admin: anything, any game.
 *  - arbiter / chief arbiter: anything in a game linked to a tournament their token names; in an
 *    unlinked game only the official who started (or imported) it.
 *  - player: only the self-recording commands (moves, press, draws, holds, accept, challenges,
 *    re-announcing, recount request, signing, calling the TD) of a game they sit in, for their own seat;
 *    in a game linked to a tournament, only with a token that names that tournament (like officials).
 *  - a game in progress (setup or playing) shows racks, the bag and unseen tiles only to officials
 *    with access (all) and to each player (their own rack); once it has ended the racks are laid open.
 */
import type { GameLink, PlayerInfo, ScrabbleState, Seat } from '../../domain/disciplines/scrabble/index.js';
import type { Actor } from '../../domain/kernel/index.js';
import type { Principal } from '../auth/principal.js';
import { ProblemException } from '../problem.js';

export interface GameFacts {
  readonly id: string;
  readonly players: readonly [PlayerInfo, PlayerInfo];
  readonly link: GameLink | null;
  readonly createdBy: Actor;
}

export const ACCESS_RULE = 'Arbitra roles: players record their own plays, holds and challenges; arbiters record anything in their tournament\'s games; the public never sees racks of a game in progress';

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
export function seatOf(who: Principal | undefined, g: GameFacts): Seat | null {
  if (!who || who.role !== 'player') return null;
  if (g.link && !who.tournaments.includes(g.link.tournamentId)) return null;
  const i = g.players.findIndex((p) => p.id === who.id);
  return i < 0 ? null : (i as Seat);
}

function forbidden(code: string, detail: string, field?: string): ProblemException {
  return new ProblemException(403, code, 'Forbidden', detail, { rule: ACCESS_RULE, ...(field && { field }) });
}

/** An official's command: refuses (403) anyone without official power over this game. */
export function requireOfficial(who: Principal | undefined, g: GameFacts): void {
  if (isOfficialFor(who, g)) return;
  if (who?.role === 'player') throw forbidden('games/players-may-not', `a player may not record this in game ${g.id}: ask the arbiter`);
  if (g.link) throw forbidden('auth/tournament-not-granted', `this ${who?.role ?? 'anonymous'} token is not granted tournament ${g.link.tournamentId}, which game ${g.id} belongs to`);
  throw forbidden('games/not-your-game', `game ${g.id} is not linked to a tournament: only the official who started it (${g.createdBy.id}) or an admin records it`);
}

/** A self-recording command: officials for either seat; a player of the game for their own seat. */
export function requireRecorder(who: Principal | undefined, g: GameFacts, seat: Seat | null): void {
  if (isOfficialFor(who, g)) return;
  if (who?.role !== 'player') return requireOfficial(who, g);
  const own = seatOf(who, g);
  if (own === null && g.link && g.players.some((p) => p.id === who.id)) {
    throw forbidden('auth/tournament-not-granted', `this player token is not granted tournament ${g.link.tournamentId}, which game ${g.id} belongs to`);
  }
  if (own === null) throw forbidden('games/not-a-player', `player ${who.id} does not play in game ${g.id}`);
  if (seat !== null && seat !== own) throw forbidden('games/not-your-seat', `player ${who.id} sits at seat ${own}; a player records only for their own seat (not seat ${seat})`, 'seat');
}

/** What a reader may see of tiles: everything, one seat's own tiles, or none. */
export type Viewer = { readonly kind: 'all' } | { readonly kind: 'seat'; readonly seat: Seat } | { readonly kind: 'public' };

export function inProgress(state: ScrabbleState): boolean {
  return state.phase === 'setup' || state.phase === 'playing';
}

export function viewerFor(who: Principal | undefined, g: GameFacts, state: ScrabbleState): Viewer {
  if (!inProgress(state) || isOfficialFor(who, g)) return { kind: 'all' };
  const seat = seatOf(who, g);
  return seat === null ? { kind: 'public' } : { kind: 'seat', seat };
}

export function sees(viewer: Viewer, seat: Seat | null | undefined): boolean {
  return viewer.kind === 'all' || (viewer.kind === 'seat' && seat === viewer.seat);
}
