import { feedStandings, isLedgerEvent, type PenaltyEvent } from '../../../domain/penalties/index.js';
import { evolveTournament, initialTournamentState, type OpenTournament, type TournamentEvent, type TournamentState } from '../../../domain/tournament/index.js';
import type { RecordedEvent } from '../../../store/event-store.port.js';
import { journalEvent, refold, type JournalCounts } from '../../projections/journal.js';
import type { DocumentTx } from '../../projections/projection.js';
import { COLLECTIONS, tournamentIdOf, type AsOf } from './tournament-read-model.js';

// Penalty ledger (issue 10): the tournament's documents also fold its ledger (`penalties-<id>`), whose points
// deductions feed the standings. A document's asOf keeps the tournament stream's revision (its ETag).
const LEDGER_STREAM_PREFIX = 'penalties-';
/** The tournament an event belongs to: its own stream, or its penalty ledger's. */
export const tournamentOf = (e: RecordedEvent): string => (isLedgerEvent(e.type) ? e.stream.slice(LEDGER_STREAM_PREFIX.length) : tournamentIdOf(e.stream));
export const handlesTournamentEvent = (type: string): boolean => type.startsWith('tournament.') || isLedgerEvent(type);

/** One event of a tournament's stream or of its penalty ledger applied to its state: the decider's own `evolve`, a ledger event through `feedStandings`. */
export function foldTournamentEvent(state: TournamentState, event: Pick<RecordedEvent, 'type' | 'data'>): TournamentState {
  return isLedgerEvent(event.type)
    ? feedStandings(state, { type: event.type, data: event.data } as PenaltyEvent)
    : evolveTournament(state, { type: event.type, data: event.data } as TournamentEvent);
}

/**
 * How each tournament projection keeps its own folded tournament state (none reads another projection's
 * documents) without writing the whole state after every event: the state itself (`COLLECTIONS.state`) is
 * transient, kept in memory by the durable store (Projection.transient); what is persisted is a snapshot of
 * the state (`FOLD_SNAPSHOT`) and the events folded since, one document each (`FOLD_ENTRY`, `<id>/<n>`), counted
 * by the journal's head (`FOLD_JOURNAL`). A missing state is folded again from them (`foldedState`). All are
 * written in the batch's transaction, with the checkpoint. MemoryDocuments ("as of" views) hold the state like
 * any other document.
 *
 * A new snapshot is written once the events journaled since the last one outgrow it (in JSON bytes) or number
 * MAX_JOURNAL_ENTRIES: what an event costs to persist then hardly grows with the tournament (a snapshot every 16
 * events wrote a 500-player tournament's whole state every 16 results). Entries past the head's count are left from the
 * previous journal and overwritten by the next; nothing reads them.
 */
export const FOLD_SNAPSHOT = 'fold-snapshot';
export const FOLD_JOURNAL = 'fold-journal';
export const FOLD_ENTRY = 'fold-journal-entry';
/**
 * The snapshot and the journal's entries are read only to fold the state again (Projection.recoveryOnly): the durable
 * store does not keep them in memory, where one new entry per event would push folded states out (bench:federation).
 * The journal's head is read by every event and stays.
 */
export const FOLD_RECOVERY: readonly string[] = [FOLD_SNAPSHOT, FOLD_ENTRY];
/** The journal's head: its counts (projections/journal.ts), and the tournament stream's revision last folded (a ledger event keeps it): the documents' asOf revision. */
interface FoldJournal extends JournalCounts {
  readonly revision: number;
}
type JournalEntry = Pick<RecordedEvent, 'type' | 'data'>;
const FOLD_COLLECTIONS = { snapshot: FOLD_SNAPSHOT, entry: FOLD_ENTRY };

/** The folded state kept in `docs`: from memory, else the snapshot and the journal folded again. */
export function foldedState(docs: DocumentTx, id: string): TournamentState {
  const kept = docs.get<TournamentState>(COLLECTIONS.state, id);
  if (kept) return kept;
  const journal = docs.get<FoldJournal>(FOLD_JOURNAL, id);
  if (!journal) return initialTournamentState();
  // A journal may start without a snapshot (foldInto's first event): from the initial state then.
  const state = refold(docs, FOLD_COLLECTIONS, id, journal, foldTournamentEvent, `tournament ${id}`, initialTournamentState);
  docs.put(COLLECTIONS.state, id, state, { bytes: stateBytes(journal) });
  return state;
}

/** The folded state's JSON size, estimated without serialising it: its snapshot's, plus the events journaled since. */
const stateBytes = (journal: FoldJournal): number => journal.snapshotBytes + journal.bytes;

/**
 * Folds one event into the state kept in `docs` (nothing is kept unless the tournament is open); with the asOf the
 * documents it changes carry (a ledger event keeps the tournament stream's revision, the documents' ETag).
 */
export function foldInto(docs: DocumentTx, id: string, before: TournamentState, event: RecordedEvent): { t: OpenTournament; asOf: AsOf } | null {
  const after = foldTournamentEvent(before, event);
  if (after.status !== 'open') return null;
  const journal = docs.get<FoldJournal>(FOLD_JOURNAL, id) ?? { revision: -1, count: 0, bytes: 0, snapshotBytes: 0 };
  const revision = isLedgerEvent(event.type) ? journal.revision : event.revision;
  const entry: JournalEntry = { type: event.type, data: event.data };
  const head: FoldJournal = { revision, ...journalEvent(docs, FOLD_COLLECTIONS, id, journal, entry, after) };
  docs.put(FOLD_JOURNAL, id, head);
  docs.put(COLLECTIONS.state, id, after, { bytes: stateBytes(head) });
  return { t: after, asOf: { revision, position: event.position, at: event.meta.recordedAt } };
}

/** Projection.materialize of the tournament projections: their transient state, folded again from what they stored. */
export function materializeState(collection: string, key: string, docs: DocumentTx): unknown {
  if (collection !== COLLECTIONS.state) return undefined;
  const state = foldedState(docs, key);
  return state.status === 'open' ? state : undefined;
}
