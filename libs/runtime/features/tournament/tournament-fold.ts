import { feedStandings, isLedgerEvent, type PenaltyEvent } from '../../../domain/penalties/index.js';
import { evolveTournament, initialTournamentState, type OpenTournament, type TournamentEvent, type TournamentState } from '../../../domain/tournament/index.js';
import type { RecordedEvent } from '../../../store/event-store.port.js';
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
 * the state (`FOLD_SNAPSHOT`) and the events folded since (`FOLD_JOURNAL`, fewer than JOURNAL_LIMIT), from
 * which a missing state is folded again (`foldedState`). Both are written in the batch's transaction, with
 * the checkpoint. MemoryDocuments ("as of" views) hold the state like any other document.
 */
export const FOLD_SNAPSHOT = 'fold-snapshot';
export const FOLD_JOURNAL = 'fold-journal';
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
export function foldedState(docs: DocumentTx, id: string): TournamentState {
  const kept = docs.get<TournamentState>(COLLECTIONS.state, id);
  if (kept) return kept;
  const journal = docs.get<FoldJournal>(FOLD_JOURNAL, id);
  if (!journal) return initialTournamentState();
  let state = docs.get<TournamentState>(FOLD_SNAPSHOT, id) ?? initialTournamentState();
  for (const e of journal.events) state = foldTournamentEvent(state, e);
  docs.put(COLLECTIONS.state, id, state);
  return state;
}

/**
 * Folds one event into the state kept in `docs` (nothing is kept unless the tournament is open); with the asOf the
 * documents it changes carry (a ledger event keeps the tournament stream's revision, the documents' ETag).
 */
export function foldInto(docs: DocumentTx, id: string, before: TournamentState, event: RecordedEvent): { t: OpenTournament; asOf: AsOf } | null {
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
  return { t: after, asOf: { revision, position: event.position, at: event.meta.recordedAt } };
}

/** Projection.materialize of the tournament projections: their transient state, folded again from what they stored. */
export function materializeState(collection: string, key: string, docs: DocumentTx): unknown {
  if (collection !== COLLECTIONS.state) return undefined;
  const state = foldedState(docs, key);
  return state.status === 'open' ? state : undefined;
}
