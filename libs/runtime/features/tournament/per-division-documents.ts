import { isLedgerEvent, ledgerDivisions } from '../../../domain/penalties/index.js';
import type { OpenTournament, TournamentEvent, TournamentState } from '../../../domain/tournament/index.js';
import type { DocumentTx } from '../../projections/projection.js';
import { foldedState } from './tournament-fold.js';
import { COLLECTIONS, divisionKey, type AsOf } from './tournament-read-model.js';

/** A division's document, a pure function of the folded tournament state (and the asOf of the last event that changed it). */
export type DivisionDocument = (t: OpenTournament, division: string, asOf: AsOf) => unknown;

interface DivisionAsOf {
  readonly tournament: string;
  readonly division: string;
  readonly asOf: AsOf;
}

/**
 * Documents per division (`<id>/<division>`) that are a pure function of the folded tournament state (standings and
 * crosstable; provisional pairings), kept by the tournaments projection from the state it folds once per event.
 * `mark` names the divisions an event can change; `flush` marks each division once per batch, so a replay does not
 * recompute after every event, and the documents at every checkpoint are the same as if it did. Marks are kept per
 * DocumentTx (one per batch or per "as of" view), so batches never see each other's.
 *
 * The documents themselves are deferred (DocumentTx.defer): the durable store computes one when it is first read,
 * from the state as the batch left it, and never writes it to disk; a command that changes a division nobody reads
 * costs no standings. Per division, the asOf of the last event that changed its documents is stored (`asOfCollection`,
 * small), so that after a restart `materialize` computes a document from the folded state (its snapshot and journal)
 * with the asOf it was last changed at. This relies on what the eager version relied on: a division's documents
 * change only with events `affected` (or the ledger) names for it.
 */
export interface DivisionDocuments {
  /** The deferred documents' collections. */
  readonly collections: readonly string[];
  /** Where each division's asOf is stored (read only to compute a document again: Projection.recoveryOnly). */
  readonly asOfCollection: string;
  mark(docs: DocumentTx, id: string, before: TournamentState, t: OpenTournament, event: Pick<TournamentEvent, 'type' | 'data'>, asOf: AsOf): void;
  flush(docs: DocumentTx): void;
  /** One of `collections` after a restart, or once memory let it go. */
  materialize(collection: string, key: string, docs: DocumentTx): unknown;
}

export function perDivisionDocuments(
  asOfCollection: string,
  affected: (t: OpenTournament, e: TournamentEvent) => Iterable<string>,
  documents: Readonly<Record<string, DivisionDocument>>,
): DivisionDocuments {
  const marks = new WeakMap<DocumentTx, Map<string, { id: string; division: string; asOf: AsOf }>>();
  const collections = Object.keys(documents);
  return {
    collections,
    asOfCollection,
    mark(docs, id, before, t, event, asOf) {
      let dirty = marks.get(docs);
      if (!dirty) marks.set(docs, (dirty = new Map()));
      const divisions = isLedgerEvent(event.type) ? ledgerDivisions(before, t) : affected(t, event as TournamentEvent);
      for (const division of divisions) dirty.set(divisionKey(id, division), { id, division, asOf });
    },
    flush(docs) {
      const dirty = marks.get(docs);
      marks.delete(docs);
      for (const [key, { id, division, asOf }] of dirty ?? []) {
        const t = docs.get<TournamentState>(COLLECTIONS.state, id);
        if (t?.status !== 'open') continue;
        docs.put(asOfCollection, key, { tournament: id, division, asOf } satisfies DivisionAsOf);
        for (const collection of collections) docs.defer(collection, key, () => documents[collection](t, division, asOf));
      }
    },
    materialize(collection, key, docs) {
      const document = documents[collection];
      const mark = docs.get<DivisionAsOf>(asOfCollection, key);
      if (!document || !mark) return undefined;
      const t = foldedState(docs, mark.tournament);
      return t.status === 'open' ? document(t, mark.division, mark.asOf) : undefined;
    },
  };
}
