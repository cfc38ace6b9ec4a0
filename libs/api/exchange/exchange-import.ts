import { DomainError } from '../../domain/kernel/index.js';
import { ExchangeFormatError, type ImportedFile } from '../../domain/exchange/index.js';
import type { AuthedRequest } from '../auth/auth.guard.js';
import { personNameProblem } from '../person-name.js';
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

/** Reads a file; a file that is not its format is a 422 naming the request field, the line and the format's rule. */
export function readFile(field: string, read: () => ImportedFile): ImportedFile {
  let file: ImportedFile;
  try {
    file = read();
  } catch (e) {
    if (!(e instanceof ExchangeFormatError)) throw e;
    throw new ProblemException(422, `exchange/${e.format}-unreadable`, 'Unprocessable request', e.message, { field, rule: e.rule, line: e.line });
  }
  for (const d of file.divisions)
    for (const p of d.players) {
      const problem = p.name.length > 200 ? 'is longer than 200 characters' : personNameProblem(p.name);
      if (problem)
        throw new ProblemException(422, 'exchange/player-name', 'Unprocessable request', `line ${p.line}: the player name ${problem}`, {
          field,
          rule: 'Arbitra: names are stored as people read them (docs/security.md, Names)',
          line: p.line,
        });
    }
  const title = file.name === undefined ? null : file.name.length > 200 ? 'is longer than 200 characters' : personNameProblem(file.name);
  if (title)
    throw new ProblemException(422, 'exchange/tournament-name', 'Unprocessable request', `line 1: the tournament name ${title}`, {
      field,
      rule: 'Arbitra: names are stored as people read them (docs/security.md, Names)',
      line: 1,
    });
  return file;
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
