import { isLedgerEvent, ledgerDivisions } from '../../../domain/penalties/index.js';
import type { OpenTournament, TournamentEvent, TournamentState } from '../../../domain/tournament/index.js';
import type { RecordedEvent } from '../../../store/event-store.port.js';
import type { DocumentTx, Projection } from '../../projections/projection.js';
import { FOLD_RECOVERY, foldedState, foldInto, handlesTournamentEvent, materializeState, tournamentOf } from './tournament-fold.js';
import { COLLECTIONS, divisionKey, type AsOf } from './tournament-read-model.js';

/** A division's document, a pure function of the folded tournament state (and the asOf of the last event that changed it). */
export type DivisionDocument = (t: OpenTournament, division: string, asOf: AsOf) => unknown;

/**
 * Per division (`<id>/<division>`), the asOf of the last event that changed the division's documents: stored
 * (small), so that after a restart a document is computed from the folded state with the asOf it was last changed at.
 */
export const DIVISION_AS_OF = 'division-as-of';
interface DivisionAsOf {
  readonly tournament: string;
  readonly division: string;
  readonly asOf: AsOf;
}

/**
 * A projection of documents per division that are a pure function of the folded tournament state
 * (standings, crosstable, provisional pairings). `apply` folds the event and marks the divisions it
 * can change; `flush` marks each division once per batch, so a replay does not recompute after every
 * event, and the documents at every checkpoint are the same as if it did. Marks are kept per DocumentTx
 * (one per batch or per "as of" view), so batches never see each other's.
 *
 * The documents themselves are deferred (DocumentTx.defer): the durable store computes one when it is first
 * read, from the state as the batch left it, and never writes it to disk; a command that changes a division
 * nobody reads costs no standings. After a restart `materialize` computes it from the folded state (its
 * snapshot and journal) and the division's stored asOf. This relies on what the eager version relied on:
 * a division's documents change only with events `affected` (or the ledger) names for it.
 */
export function perDivisionProjection(
  name: string,
  version: number,
  affected: (t: OpenTournament, e: TournamentEvent) => Iterable<string>,
  documents: Readonly<Record<string, DivisionDocument>>,
): Projection {
  const marks = new WeakMap<DocumentTx, Map<string, { id: string; division: string; asOf: AsOf }>>();
  const collections = Object.keys(documents);
  return {
    name,
    version,
    handles: handlesTournamentEvent,
    transient: [COLLECTIONS.state, ...collections],
    // The asOf marks are read only to compute a document again (after a restart, or once memory let it go).
    recoveryOnly: [...FOLD_RECOVERY, DIVISION_AS_OF],
    materialize(collection, key, docs) {
      if (collection === COLLECTIONS.state) return materializeState(collection, key, docs);
      const document = documents[collection];
      const mark = docs.get<DivisionAsOf>(DIVISION_AS_OF, key);
      if (!document || !mark) return undefined;
      const t = foldedState(docs, mark.tournament);
      return t.status === 'open' ? document(t, mark.division, mark.asOf) : undefined;
    },
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
        if (t?.status !== 'open') continue;
        docs.put(DIVISION_AS_OF, key, { tournament: id, division, asOf } satisfies DivisionAsOf);
        for (const collection of collections) docs.defer(collection, key, () => documents[collection](t, division, asOf));
      }
    },
  };
}
