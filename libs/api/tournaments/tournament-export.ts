/**
 * What every tournament export in a discipline's own format (chess TRF and round PGN, Go EGD, the mahjong table
 * CSV, Scrabble's .TOU and .t) does before writing its file: read after `?waitFor=`, 404 for an unknown tournament, 422 naming `id` for a
 * tournament of another discipline; then the file's media type (and a file name to save it under).
 */
import type { FastifyReply } from 'fastify';
import type { Discipline } from '../../domain/standings/index.js';
import type { OpenTournament } from '../../domain/tournament/index.js';
import { COLLECTIONS, type TournamentSummary } from '../../runtime/features/tournament/index.js';
import type { AuthedRequest } from '../auth/auth.guard.js';
import { ProblemException } from '../problem.js';
import type { TournamentReads } from './tournament-reads.js';

/** The refusal of a tournament of another discipline: its problem type and the rule naming the format's discipline. */
export interface NotThisDiscipline {
  readonly type: string;
  readonly rule: string;
}

export async function tournamentToExport(
  reads: TournamentReads,
  request: AuthedRequest,
  id: string,
  discipline: Discipline,
  refusal: NotThisDiscipline,
): Promise<{ readonly tournament: OpenTournament; readonly asOf: TournamentSummary['asOf'] }> {
  await reads.ready(request);
  const { asOf } = reads.summary(id);
  const tournament = reads.doc<OpenTournament>(COLLECTIONS.state, id) as OpenTournament;
  if (tournament.discipline !== discipline)
    throw new ProblemException(422, refusal.type, 'Unprocessable request', `tournament ${id} plays ${tournament.discipline}`, {
      field: 'id',
      rule: refusal.rule,
    });
  return { tournament, asOf };
}

/** The answer is a file of `mediaType` (UTF-8), offered for saving as `filename` when one is given. */
export function sendsFile(reply: FastifyReply, mediaType: string, filename?: string): void {
  void reply.header('content-type', `${mediaType}; charset=utf-8`);
  if (filename !== undefined) void reply.header('content-disposition', `attachment; filename="${filename}"`);
}
