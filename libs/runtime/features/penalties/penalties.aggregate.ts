import { penaltiesDecider, type LedgerState, type PenaltyCommand, type PenaltyEvent } from '../../../domain/penalties/index.js';
import type { AggregateType } from '../../command-handler.js';

/** One ledger per tournament: aggregate id = the tournament id, stream `penalties-<tournamentId>` (contract with the appeals helper). */
export const PenaltiesAggregate: AggregateType<PenaltyCommand, PenaltyEvent, LedgerState> = {
  name: 'penalties',
  decider: penaltiesDecider,
  // Snapshot version: bump when evolveLedger or LedgerState changes.
  version: 2,
};
