import type { AppealState, Remedy } from '../../domain/appeals/index.js';
import type { AuthedRequest } from '../auth/auth.guard.js';
import { TOURNAMENT_SCOPED } from '../auth/principal.js';
import { ProblemException } from '../problem.js';

export const VISIBILITY_RULE =
  'Arbitra appeals: the file is seen by the appellant (and the player they act for), the committee and the tournament officials; the public sees the decision once final';

/** Officials of the appeal's tournament (a token scoped to it) or admin. */
export function isTournamentOfficial(request: AuthedRequest, tournamentId: string): boolean {
  const who = request.principal;
  if (!who) return false;
  return who.role === 'admin' || (TOURNAMENT_SCOPED.includes(who.role) && who.tournaments.includes(tournamentId));
}

/** May this caller see the whole appeal file (every step, statements, the timeline)? */
export function canSeeFile(request: AuthedRequest, state: AppealState): boolean {
  const who = request.principal;
  if (!who || state.step === null) return false;
  if (isTournamentOfficial(request, state.tournamentId!)) return true;
  const own = who.tournaments.includes(state.tournamentId!);
  if (who.role === 'player' && own && (who.id === state.appellant!.id || who.id === state.appellant!.forPlayer)) return true;
  // A member reads the file with a token naming the appeal's tournament, as every scoped role acts (admin is an official above).
  return own && state.members.some((m) => m.id === who.id);
}

/**
 * A scoped role acting on an appeal must be granted the appeal's tournament; so must a player (players are scoped
 * as in linked games, game-access.ts: a player token acts in a tournament only when it names it).
 */
export function requireTournamentScope(request: AuthedRequest, tournamentId: string, field?: string): void {
  const who = request.principal;
  if (who && (TOURNAMENT_SCOPED.includes(who.role) || who.role === 'player') && !who.tournaments.includes(tournamentId))
    throw new ProblemException(403, 'auth/tournament-not-granted', 'Forbidden', `this ${who.role} token is not granted tournament ${tournamentId}`, {
      rule: 'Arbitra roles: arbiters, chief arbiters, appeals committees and players act in an appeal only in the tournaments their token names',
      ...(field && { field }),
    });
}

export function unknownAppeal(id: string): ProblemException {
  return new ProblemException(404, 'appeals/unknown-appeal', 'Not found', `no appeal ${id} that you may see`, { field: 'id', rule: VISIBILITY_RULE });
}

/**
 * A remedy as the public reads it once the appeal is final. A re-pairing keeps which round, never what the runtime
 * found: `paired-unpublished` would tell the public that the next round was paired before it was published.
 */
export function publicRemedy(remedy: Remedy): Remedy | Omit<Extract<Remedy, { kind: 're-pair-next-round' }>, 'found'> {
  if (remedy.kind !== 're-pair-next-round') return remedy;
  const { found: _found, ...rest } = remedy;
  return rest;
}
