import type { Remedy } from '../../domain/appeals/index.js';
import type { LedgerState } from '../../domain/penalties/index.js';
import { resolveDivision, type OpenTournament } from '../../domain/tournament/index.js';
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

/** A remedy as the domain takes it; the next round's state is looked up for a re-pairing. `ledger` is null without a penalty ledger. */
export function remedyOf(r: RemedyDto, i: number, t: OpenTournament, ledger: LedgerState | null): Remedy {
  switch (r.kind) {
    case 'correct-result':
      return {
        kind: 'correct-result',
        ...(r.division !== undefined && { division: r.division }),
        round: r.round!,
        table: r.table!,
        result: resultInput(r.result!),
      };
    case 'cancel-penalty':
    case 'reduce-penalty':
      if (!ledger)
        throw unprocessable(
          'appeals/no-penalty-ledger',
          'this server has no penalty ledger to cancel or reduce a penalty in',
          `remedies[${i}].kind`,
          LEDGER_RULE,
        );
      checkPenaltyRemedy(r, i, ledger);
      return r.kind === 'cancel-penalty'
        ? { kind: 'cancel-penalty', penaltyId: r.penaltyId! }
        : { kind: 'reduce-penalty', penaltyId: r.penaltyId!, amount: r.amount! };
    case 'order-replay':
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
