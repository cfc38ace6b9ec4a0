import { isLedgerEvent, ledgerDivisions } from '../../../domain/penalties/index.js';
import { initialTournamentState, type OpenTournament, type TournamentEvent, type TournamentState } from '../../../domain/tournament/index.js';
import type { RecordedEvent } from '../../../store/event-store.port.js';
import type { DocumentTx, Projection } from '../../projections/projection.js';
import { foldTournamentEvent, handlesTournamentEvent, tournamentOf } from './tournament.projection.js';
import { COLLECTIONS, divisionKey, type AsOf } from './tournament-read-model.js';

/**
 * How a per-division projection keeps its own folded tournament state (it never reads another projection's
 * documents) without writing the whole state after every event: the state itself (`COLLECTIONS.state`) is
 * transient, kept in memory by the durable store; what is persisted is a snapshot of the state
 * (`FOLD_SNAPSHOT`) and the events folded since (`FOLD_JOURNAL`, fewer than JOURNAL_LIMIT), from which a
 * missing state is folded again. Both are written in the batch's transaction, with the checkpoint.
 */
const FOLD_SNAPSHOT = 'fold-snapshot';
const FOLD_JOURNAL = 'fold-journal';
/**
 * Events kept in the journal before the next snapshot: per event, the journal is written again (up to this many
 * small events) and a snapshot every this many events; about the square root of 2 × state size / event size.
 */
const JOURNAL_LIMIT = 16;

interface FoldJournal {
  /** The tournament stream's revision last folded (a ledger event keeps it): the documents' asOf revision. */
  readonly revision: number;
  /** Events folded after the snapshot (all of them while there is none), in log order. */
  readonly events: ReadonlyArray<Pick<RecordedEvent, 'type' | 'data'>>;
}

/** The folded state kept in `docs`: from memory, else the snapshot and the journal folded again. */
function foldedState(docs: DocumentTx, id: string): TournamentState {
  const kept = docs.get<TournamentState>(COLLECTIONS.state, id);
  if (kept) return kept;
  const journal = docs.get<FoldJournal>(FOLD_JOURNAL, id);
  if (!journal) return initialTournamentState();
  let state = docs.get<TournamentState>(FOLD_SNAPSHOT, id) ?? initialTournamentState();
  for (const e of journal.events) state = foldTournamentEvent(state, e);
  docs.put(COLLECTIONS.state, id, state);
  return state;
}

/** Folds one event into the state kept in `docs`; the revision the documents' asOf gives. */
function foldInto(docs: DocumentTx, id: string, before: TournamentState, event: RecordedEvent): { t: OpenTournament; revision: number } | null {
  const after = foldTournamentEvent(before, event);
  if (after.status !== 'open') return null;
  const journal = docs.get<FoldJournal>(FOLD_JOURNAL, id) ?? { revision: -1, events: [] };
  const revision = isLedgerEvent(event.type) ? journal.revision : event.revision;
  docs.put(COLLECTIONS.state, id, after);
  if (journal.events.length + 1 < JOURNAL_LIMIT) {
    docs.put(FOLD_JOURNAL, id, { revision, events: [...journal.events, { type: event.type, data: event.data }] } satisfies FoldJournal);
  } else {
    docs.put(FOLD_SNAPSHOT, id, after);
    docs.put(FOLD_JOURNAL, id, { revision, events: [] } satisfies FoldJournal);
  }
  return { t: after, revision };
}

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
    apply(event: RecordedEvent, docs: DocumentTx) {
      const id = tournamentOf(event);
      const before = foldedState(docs, id);
      const folded = foldInto(docs, id, before, event);
      if (!folded) return;
      const { t, revision } = folded;
      let dirty = marks.get(docs);
      if (!dirty) marks.set(docs, (dirty = new Map()));
      const asOf: AsOf = { revision, position: event.position, at: event.meta.recordedAt };
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
