import type { FastifyReply } from 'fastify';
import { DomainError, notFound, refuse, type CommandContext } from '../../domain/kernel/index.js';
import type { PenaltyCommand, PenaltyCommandData } from '../../domain/penalties/index.js';
import { findPlayer, lastPairedRound, RULES } from '../../domain/tournament/index.js';
import type { ArbitraCore } from '../../runtime/arbitra-core.js';
import { PreconditionFailedError, streamOf, type ExecuteOptions } from '../../runtime/command-handler.js';
import { PenaltiesAggregate } from '../../runtime/features/penalties/index.js';
import { TournamentAggregate } from '../../runtime/features/tournament/index.js';
import type { AuthedRequest } from '../auth/auth.guard.js';
import { executeOptions, isRetry, runCommand } from '../command-request.js';
import { loadTournament } from '../tournaments/tournament-command.js';

type IssueData = PenaltyCommandData['penalties.issue-penalty'];
export type LedgerIssue = Omit<IssueData, 'discipline' | 'target'> & { readonly target: Omit<IssueData['target'], 'division'> };

/** How a route names the fields of an issue: the ledger's own body, or the tournament's older `POST …/penalties` shape. */
export interface IssueFields {
  readonly player: string;
  readonly penaltyId: string;
  /** The tournament route keeps its refusal of a ref used before (`tournament/penalty-ref-taken`, field `ref`). */
  readonly legacyRef: boolean;
}

export const LEDGER_FIELDS: IssueFields = { player: 'target.player', penaltyId: 'penaltyId', legacyRef: false };

/**
 * Issues a penalty into the tournament's ledger (`penalties-<tournamentId>`). The tournament as the command path
 * folds it supplies what the ledger cannot know: the discipline (its penalty profile), that the player is
 * registered, their division, and the round (default: the last paired round of their division, as
 * `tournament.apply-penalty` did). A ref already used by a deduction recorded before the ledger
 * (`tournament.PenaltyApplied`) is refused as before.
 */
export async function issueIntoLedger(core: ArbitraCore, request: AuthedRequest, reply: FastifyReply, id: string, issue: LedgerIssue, fields: IssueFields) {
  const { state: t, revision } = await loadTournament(core, id);
  const opts = executeOptions(request);
  const player = findPlayer(t, issue.target.player);
  if (!player) notFound('tournament/unknown-player', `player ${issue.target.player} is not registered in tournament ${t.id}`, fields.player);
  const penaltyId = issue.penaltyId.trim();
  const earlier = t.penalties.find((p) => p.ref.trim() === penaltyId);
  if (earlier)
    refuse(
      'tournament/penalty-ref-taken',
      `penalty ref "${penaltyId}" is already recorded (tournament.PenaltyApplied: ${earlier.points} points to player ${earlier.player} in round ${earlier.round}, "${earlier.reason}")`,
      RULES.penaltyRefUnique,
      { field: fields.penaltyId, details: { first: { ...earlier } } },
    );
  let ledgerOpts: ExecuteOptions = opts;
  if (fields.legacyRef) {
    // The tournament route's If-Match pins the tournament's revision, as it did before the ledger (a retry under its
    // Idempotency-Key gets its first answer, whatever the tournament recorded since).
    if (opts.expectedRevision !== undefined && opts.expectedRevision !== revision && !(await isRetry(core, request)))
      throw new PreconditionFailedError(streamOf(TournamentAggregate, id), opts.expectedRevision, revision);
    ledgerOpts = { correlationId: opts.correlationId };
  }
  const round = issue.target.round ?? Math.max(1, lastPairedRound(t, player.division));
  // Arbitra (RULES.roundsPlanned): a tournament plays at most the rounds it planned, so no offence happens in a later
  // one; a penalty for such a round would count in the overall standings and in no round's.
  if (t.roundsPlanned !== null && round > t.roundsPlanned)
    refuse(
      'tournament/rounds-planned-exceeded',
      `round ${round} is not a round of tournament ${t.id}: ${t.roundsPlanned} rounds are planned`,
      RULES.roundsPlanned,
      { field: fields.legacyRef ? 'round' : 'target.round', details: { roundsPlanned: t.roundsPlanned } },
    );
  const build = (context: CommandContext): PenaltyCommand => ({
    type: 'penalties.issue-penalty',
    context,
    data: { ...issue, penaltyId, discipline: t.discipline, target: { ...issue.target, division: player.division, round } },
  });
  try {
    const answered = await runCommand(core, request, reply, PenaltiesAggregate, id, build, ledgerOpts);
    // The tournament route's ETag is the tournament's revision, the one its If-Match pins (the ledger's would be a 412).
    if (fields.legacyRef) void reply.header('etag', `"${revision}"`);
    return answered;
  } catch (e) {
    if (fields.legacyRef && e instanceof DomainError && e.type === 'penalties/penalty-id-taken')
      throw new DomainError('tournament/penalty-ref-taken', e.message, RULES.penaltyRefUnique, 'conflict', 'ref', e.details);
    throw e;
  }
}
