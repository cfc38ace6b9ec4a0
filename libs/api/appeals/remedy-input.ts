import type { Remedy } from '../../domain/appeals/index.js';
import { DomainError, type CommandContext } from '../../domain/kernel/index.js';
import { inGameResult, LEDGER_RULES, type LedgerState } from '../../domain/penalties/index.js';
import { resolveDivision, tournamentDecider, type OpenTournament } from '../../domain/tournament/index.js';
import { ProblemException } from '../problem.js';
import { resultInput } from '../tournaments/tournament-command.js';
import type { RemedyDto } from './appeals.dto.js';

const LEDGER_RULE = 'Arbitra appeals: a penalty remedy is applied to the penalty ledger (penalties.cancel-penalty / reduce-penalty)';

function unprocessable(type: string, detail: string, field: string, rule: string): ProblemException {
  return new ProblemException(422, type, 'Unprocessable', detail, { field, rule });
}

/** The ledger entry a penalty remedy names, refused at decision time when unknown or when the new amount is no reduction. */
function checkPenaltyRemedy(r: RemedyDto, i: number, ledger: LedgerState): void {
  const entry = ledger.penalties[r.penaltyId!];
  if (!entry) throw unprocessable('appeals/unknown-penalty', `no penalty ${r.penaltyId} in this tournament's ledger`, `remedies[${i}].penaltyId`, LEDGER_RULE);
  // The ledger would refuse it when the remedy is applied: the penalty is part of a game's result (correct the result instead).
  if (inGameResult(entry))
    throw unprocessable(
      'appeals/penalty-applied-in-game',
      `penalty ${entry.penaltyId} took effect in game ${entry.appliedIn?.game}, which the ledger cannot undo: where it changed the result, order a correct-result remedy`,
      `remedies[${i}].penaltyId`,
      LEDGER_RULES.appliedInEffect,
    );
  if (r.kind !== 'reduce-penalty') return;
  const rule = 'Arbitra penalty ledger: a reduction names a new amount above zero and below the current one (to zero is a cancellation)';
  if (entry.amount === null || r.amount! <= 0 || r.amount! >= entry.amount)
    throw unprocessable(
      'appeals/not-a-reduction',
      `penalty ${entry.penaltyId} stands at ${String(entry.amount)}: ${r.amount} is not a reduction`,
      `remedies[${i}].amount`,
      rule,
    );
}

/**
 * The context of the check below: the remedies process manager sends a result remedy acting as the appeals committee
 * (which may correct a locked round). Nothing is recorded with it, so its time and command id are placeholders.
 */
const AS_REMEDY: CommandContext = { at: '1970-01-01T00:00:00.000Z', actor: { id: 'appeal', role: 'appeals-committee' }, commandId: 'remedy-check' };
const REPLAY_RULE = 'Arbitra appeals: a replay is ordered for a game the tournament paired (its round and table)';

/**
 * A result remedy is checked at decision time as the tournament will check it when the remedy is applied (the
 * tournament's own `correct-result` decision run on the current record, nothing stored): a round not paired or not
 * published, a table it does not have, a result of the wrong kind or inconsistent with its scores, a draw in a
 * knockout match are refused now, naming `remedies[i].<field>`, instead of an appeal decision recorded with a
 * remedy that can never be applied. A record the remedy names that does not exist is a 422 like an unknown penalty.
 */
function checkResultRemedy(r: Extract<Remedy, { kind: 'correct-result' }>, i: number, t: OpenTournament): void {
  const { kind: _kind, ...data } = r;
  try {
    tournamentDecider.decide({ type: 'tournament.correct-result', data: { ...data, reason: 'appeal remedy' }, context: AS_REMEDY }, t);
  } catch (e) {
    if (!(e instanceof DomainError)) throw e;
    const field = e.field ? `remedies[${i}].${e.field}` : `remedies[${i}]`;
    throw new DomainError(e.type, `remedies[${i}]: ${e.message}`, e.rule, e.kind === 'not-found' ? 'invalid' : e.kind, field, e.details);
  }
}

/** A replay is ordered for a table of a paired round (some division's). */
function checkReplayRemedy(round: number, table: number, i: number, t: OpenTournament): void {
  const rounds = Object.values(t.rounds).filter((x) => x.round === round);
  if (rounds.length === 0) throw unprocessable('appeals/unknown-round', `round ${round} has not been paired`, `remedies[${i}].round`, REPLAY_RULE);
  const hasTable = rounds.some((x) => x.games.some((g) => g.table === table) || x.tables.some((tb) => tb.table === table));
  if (!hasTable) throw unprocessable('appeals/unknown-table', `round ${round} has no table ${table}`, `remedies[${i}].table`, REPLAY_RULE);
}

/**
 * A remedy of an appeal decision as the domain takes it (the next round's state is looked up for a re-pairing; `ledger`
 * is null without a penalty ledger), checked against the current record unless `check` is false: a decision retried
 * under its Idempotency-Key is not checked again (the record has moved on: its remedies were applied).
 */
export function remedyOf(r: RemedyDto, i: number, t: OpenTournament, ledger: LedgerState | null, check = true): Remedy {
  switch (r.kind) {
    case 'correct-result': {
      const remedy = {
        kind: 'correct-result' as const,
        ...(r.division !== undefined && { division: r.division }),
        round: r.round!,
        table: r.table!,
        result: resultInput(r.result!),
      };
      if (check) checkResultRemedy(remedy, i, t);
      return remedy;
    }
    case 'cancel-penalty':
    case 'reduce-penalty':
      if (!ledger)
        throw unprocessable(
          'appeals/no-penalty-ledger',
          'this server has no penalty ledger to cancel or reduce a penalty in',
          `remedies[${i}].kind`,
          LEDGER_RULE,
        );
      if (check) checkPenaltyRemedy(r, i, ledger);
      return r.kind === 'cancel-penalty'
        ? { kind: 'cancel-penalty', penaltyId: r.penaltyId! }
        : { kind: 'reduce-penalty', penaltyId: r.penaltyId!, amount: r.amount! };
    case 'order-replay':
      if (check) checkReplayRemedy(r.round!, r.table!, i, t);
      return { kind: 'order-replay', round: r.round!, table: r.table!, instructions: r.instructions! };
    case 're-pair-next-round': {
      // A missing division in a tournament with several is refused (say which), so the already-played check always runs.
      const division = resolveDivision(t, r.division, `remedies[${i}].division`);
      const next = t.rounds[`${division}/${r.round! + 1}`];
      const played = next !== undefined && Object.keys(next.results).some((k) => k !== 'bye');
      const found = next === undefined ? 'not-paired' : next.status === 'paired' ? 'paired-unpublished' : played ? 'played' : 'published';
      return { kind: 're-pair-next-round', ...(r.division !== undefined && { division: r.division }), round: r.round!, found };
    }
  }
}
