import { isLedgerEvent, ledgerDivisions } from '../../../domain/penalties/index.js';
import type { OpenTournament, TournamentEvent, TournamentState } from '../../../domain/tournament/index.js';
import type { RecordedEvent } from '../../../store/event-store.port.js';
import type { DocumentTx, Projection } from '../../projections/projection.js';
import { foldedState, foldInto, handlesTournamentEvent, materializeState, tournamentOf } from './tournament-fold.js';
import { COLLECTIONS, divisionKey, type AsOf } from './tournament-read-model.js';

/**
 * A projection of documents per division that are a pure function of the folded tournament state
 * (standings, crosstable, provisional pairings). `apply` folds the event and marks the divisions it
 * can change; `flush` derives each marked division once per batch, so a replay does not recompute
 * after every event, and the documents at every checkpoint are the same as if it did. Marks are
 * kept per DocumentTx (one per batch or per "as of" view), so batches never see each other's.
 */
export function perDivisionProjection(
  name: string,
  version: number,
  affected: (t: OpenTournament, e: TournamentEvent) => Iterable<string>,
  derive: (docs: DocumentTx, key: string, t: OpenTournament, division: string, asOf: AsOf) => void,
): Projection {
  const marks = new WeakMap<DocumentTx, Map<string, { id: string; division: string; asOf: AsOf }>>();
  return {
    name,
    version,
    handles: handlesTournamentEvent,
    transient: [COLLECTIONS.state],
    materialize: materializeState,
    apply(event: RecordedEvent, docs: DocumentTx) {
      const id = tournamentOf(event);
      const before = foldedState(docs, id);
      const folded = foldInto(docs, id, before, event);
      if (!folded) return;
      const { t, asOf } = folded;
      let dirty = marks.get(docs);
      if (!dirty) marks.set(docs, (dirty = new Map()));
      const divisions = isLedgerEvent(event.type) ? ledgerDivisions(before, t) : affected(t, { type: event.type, data: event.data } as TournamentEvent);
      for (const division of divisions) dirty.set(divisionKey(id, division), { id, division, asOf });
    },
    flush(docs: DocumentTx) {
      const dirty = marks.get(docs);
      marks.delete(docs);
      for (const [key, { id, division, asOf }] of dirty ?? []) {
        const t = docs.get<TournamentState>(COLLECTIONS.state, id);
        if (t?.status === 'open') derive(docs, key, t, division, asOf);
      }
    },
  };
}
