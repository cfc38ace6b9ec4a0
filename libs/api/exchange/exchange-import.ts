/** What every import of a tournament from an exchange file does, whatever its discipline (.TOU, TSH .t, TRF-16). */
import { DomainError } from '../../domain/kernel/index.js';
import type { AuthedRequest } from '../auth/auth.guard.js';
import { ProblemException } from '../problem.js';

/** A chief arbiter imports only a tournament id their token names (as for POST /v1/tournaments); admin any. */
export function requireCreator(request: AuthedRequest, id: string): void {
  const who = request.principal;
  if (who?.role === 'chief-arbiter' && !who.tournaments.includes(id))
    throw new ProblemException(403, 'auth/tournament-not-granted', 'Forbidden', `this chief-arbiter token is not granted tournament ${id}`, {
      rule: 'Arbitra roles: a chief arbiter creates only a tournament their token names; admin creates any',
      field: 'id',
    });
}

/**
 * The tournament's refusal of an imported file: a tournament id already taken stays 409 on `id`; any other
 * refusal is the file's (a pairing or result the record cannot take), a 422 on the file's field with the rule.
 */
export function asImportRefusal(e: unknown, field: string): unknown {
  if (!(e instanceof DomainError) || e.type === 'tournament/already-created') return e;
  return new ProblemException(422, 'exchange/not-recordable', 'Unprocessable request', `the file cannot be recorded as given: ${e.message}`, {
    field,
    rule: e.rule,
    refusal: e.type,
  });
}
