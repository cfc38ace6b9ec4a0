/**
 * Persisting a folded document that the durable store keeps in memory only (Projection.transient): a snapshot of it
 * now and then, and between snapshots one small journal entry per event, from which it is folded again after a
 * restart. Used by the tournament's folded state and the games' documents.
 */
import type { DocumentTx } from './projection.js';

/** The journal outgrows the snapshot at the snapshot's size, or at this many bytes while the snapshot is smaller. */
const MIN_JOURNAL_BYTES = 4096;
/**
 * And at this many events, whatever their size: folding the document again (after a restart, or once the store's
 * memory let it go) reads at most this many entries. A 500-player tournament's state (~0.5 MB) is then written every
 * 256 events, about 2 KB per event, where it was written every 16.
 */
const MAX_JOURNAL_ENTRIES = 256;

/** How far a journal has grown since its snapshot. */
export interface JournalCounts {
  /** Events journaled after the snapshot, in entries 0 … count − 1, in log order. */
  readonly count: number;
  /** Their JSON size, and the snapshot's: together an estimate of the document's, without serialising it. */
  readonly bytes: number;
  readonly snapshotBytes: number;
}

/** Where a document's snapshot and journal entries are stored: collections of the projection, keyed by the document's id. */
export interface JournalCollections {
  readonly snapshot: string;
  readonly entry: string;
}

export const journalEntryKey = (id: string, n: number) => `${id}/${n}`;

/**
 * Persists one event of document `id`: its `entry`, or a new snapshot of the document as the event leaves it (`folded`)
 * once the journal outgrows the last one, or when there is no journal yet (`before` undefined: a document folded from
 * a snapshot only). Returns the journal's counts after it; the caller stores them with its head.
 */
export function journalEvent(
  docs: DocumentTx,
  c: JournalCollections,
  id: string,
  before: JournalCounts | undefined,
  entry: unknown,
  folded: unknown,
): JournalCounts {
  // Each JSON text measured here is handed to the store with its value, which writes it without serialising again.
  const json = JSON.stringify(entry);
  const bytes = (before?.bytes ?? 0) + json.length;
  if (before && bytes < Math.max(before.snapshotBytes, MIN_JOURNAL_BYTES) && before.count < MAX_JOURNAL_ENTRIES) {
    docs.put(c.entry, journalEntryKey(id, before.count), entry, { json });
    return { count: before.count + 1, bytes, snapshotBytes: before.snapshotBytes };
  }
  const snapshot = JSON.stringify(folded);
  docs.put(c.snapshot, id, folded, { json: snapshot });
  return { count: 0, bytes: 0, snapshotBytes: snapshot.length };
}

/**
 * Document `id` folded again from what `journalEvent` persisted: its snapshot (or `initial` when there is none: a
 * journal started without one; without `initial` a snapshot is required), then its `head.count` entries in order.
 * `what` names the document in the error a missing part raises (`tournament <id>`). The caller keeps the result.
 */
export function refold<D, E>(
  docs: DocumentTx,
  c: JournalCollections,
  id: string,
  head: JournalCounts,
  fold: (doc: D, entry: E) => D,
  what: string,
  initial?: () => D,
): D {
  const missing = (part: string) => new Error(`${what}: ${part} is missing (rebuild the read models: npm run arbitra -- replay)`);
  let doc = docs.get<D>(c.snapshot, id) ?? initial?.();
  if (doc === undefined) throw missing('its snapshot');
  for (let n = 0; n < head.count; n++) {
    const entry = docs.get<E>(c.entry, journalEntryKey(id, n));
    if (entry === undefined) throw missing(`journal entry ${n} of ${head.count}`);
    doc = fold(doc, entry);
  }
  return doc;
}
