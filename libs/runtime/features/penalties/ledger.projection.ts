import { evolveLedger, initialLedgerState, type LedgerState, type PenaltyEvent } from '../../../domain/penalties/index.js';
import type { RecordedEvent } from '../../../store/event-store.port.js';
import type { Projection } from '../../projections/projection.js';

export const LEDGER_PROJECTION = 'penalty-ledger';
export const LEDGER_COLLECTION = 'ledger';
const STREAM_PREFIX = 'penalties-';

export const ledgerTournamentOf = (stream: string): string => (stream.startsWith(STREAM_PREFIX) ? stream.slice(STREAM_PREFIX.length) : stream);

/** The stored ledger of one tournament: the folded ledger and the event it reflects. */
export interface LedgerDocument {
  readonly tournament: string;
  readonly state: LedgerState;
  readonly asOf: { readonly revision: number; readonly position: number; readonly at: string };
}

/** The ledger of each tournament, folded with the decider's own evolve (one document per tournament). */
export const ledgerProjection: Projection = {
  name: LEDGER_PROJECTION,
  version: 1,
  handles: (type) => type.startsWith('penalties.'),
  apply(event: RecordedEvent, docs) {
    const tournament = ledgerTournamentOf(event.stream);
    const before = docs.get<LedgerDocument>(LEDGER_COLLECTION, tournament)?.state ?? initialLedgerState();
    const state = evolveLedger(before, { type: event.type, data: event.data } as PenaltyEvent);
    docs.put(LEDGER_COLLECTION, tournament, {
      tournament,
      state,
      asOf: { revision: event.revision, position: event.position, at: event.meta.recordedAt },
    } satisfies LedgerDocument);
  },
};
