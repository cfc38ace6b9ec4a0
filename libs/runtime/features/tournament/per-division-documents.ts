import { isLedgerEvent, ledgerDivisions } from '../../../domain/penalties/index.js';
import type { OpenTournament, TournamentEvent, TournamentState } from '../../../domain/tournament/index.js';
import type { DocumentTx } from '../../projections/projection.js';
import { foldedState } from './tournament-fold.js';
import { COLLECTIONS, divisionKey, type AsOf } from './tournament-read-model.js';

/** A division's document, a pure function of the folded tournament state (and the asOf of the last event that changed it). */
export type DivisionDocument = (t: OpenTournament, division: string, asOf: AsOf) => unknown;

/**
 * Per division (`<id>/<division>`), the asOf of the last event that changed each part's documents (`asOf.standings`,
 * `asOf.provisional`): one small document for both parts, written once per batch whichever of them an event changed.
 */
export const DIVISION_AS_OF = 'division-as-of';
interface DivisionAsOf {
  readonly tournament: string;
  readonly division: string;
  readonly asOf: Readonly<Record<string, AsOf>>;
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
 * costs no standings. Per division, the asOf of the last event that changed its documents is stored (DIVISION_AS_OF,
 * under the part's name), so that after a restart `materialize` computes a document from the folded state (its snapshot and journal)
 * with the asOf it was last changed at. This relies on what the eager version relied on: a division's documents
 * change only with events `affected` (or the ledger) names for it.
 */
export interface DivisionDocuments {
  /** The deferred documents' collections. */
  readonly collections: readonly string[];
  mark(docs: DocumentTx, id: string, before: TournamentState, t: OpenTournament, event: Pick<TournamentEvent, 'type' | 'data'>, asOf: AsOf): void;
  flush(docs: DocumentTx): void;
  /** One of `collections` after a restart, or once memory let it go. */
  materialize(collection: string, key: string, docs: DocumentTx): unknown;
}

export function perDivisionDocuments(
  part: string,
  affected: (t: OpenTournament, e: TournamentEvent) => Iterable<string>,
  documents: Readonly<Record<string, DivisionDocument>>,
): DivisionDocuments {
  const marks = new WeakMap<DocumentTx, Map<string, { id: string; division: string; asOf: AsOf }>>();
  const collections = Object.keys(documents);
  return {
    collections,
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
        // The other part's asOf is kept: both are in one document (read from memory, written once per batch).
        const marked = docs.get<DivisionAsOf>(DIVISION_AS_OF, key)?.asOf;
        docs.put(DIVISION_AS_OF, key, { tournament: id, division, asOf: Object.assign({}, marked, { [part]: asOf }) } satisfies DivisionAsOf);
        for (const collection of collections) docs.defer(collection, key, () => documents[collection](t, division, asOf));
      }
    },
    materialize(collection, key, docs) {
      const document = documents[collection];
      const mark = docs.get<DivisionAsOf>(DIVISION_AS_OF, key);
      const asOf = mark?.asOf[part];
      if (!document || !mark || !asOf) return undefined;
      const t = foldedState(docs, mark.tournament);
      return t.status === 'open' ? document(t, mark.division, asOf) : undefined;
    },
  };
}
