import { describe, expect, it } from '@jest/globals';
import { journalEntryKey, journalEvent, refold, type JournalCounts } from './journal.js';
import { MemoryDocuments } from './projection.js';

const C = { snapshot: 'snapshot', entry: 'entry' };
/** A running list of the events folded into it. */
type Doc = { readonly seen: readonly number[] };
const fold = (doc: Doc, entry: { n: number }): Doc => ({ seen: [...doc.seen, entry.n] });

/** Journals events 1…count of document `d` (the first with no journal yet, `before` undefined: a snapshot), as a projection would. */
function journaled(count: number): { docs: MemoryDocuments; head: JournalCounts; doc: Doc } {
  const docs = new MemoryDocuments();
  let head: JournalCounts | undefined;
  let doc: Doc = { seen: [] };
  for (let n = 1; n <= count; n++) {
    doc = fold(doc, { n });
    head = journalEvent(docs, C, 'd', head, { n }, doc);
  }
  return { docs, head: head as JournalCounts, doc };
}

describe('journal: a document folded again from its snapshot and entries (refold)', () => {
  it('gives the document as folded event by event, across new snapshots', () => {
    for (const count of [1, 2, 300]) {
      const { docs, head, doc } = journaled(count);
      expect(refold(docs, C, 'd', head, fold, 'document d')).toEqual(doc);
    }
  });

  it('says which part is missing and how to repair it', () => {
    const { docs, head } = journaled(5);
    docs.delete(C.entry, journalEntryKey('d', 2));
    expect(() => refold(docs, C, 'd', head, fold, 'document d')).toThrow(
      'document d: journal entry 2 of 4 is missing (rebuild the read models: npm run arbitra -- replay)',
    );
    docs.delete(C.snapshot, 'd');
    expect(() => refold(docs, C, 'd', head, fold, 'document d')).toThrow('document d: its snapshot is missing');
  });

  it('starts from `initial` when a journal has no snapshot', () => {
    const docs = new MemoryDocuments();
    const head = journalEvent(docs, C, 'd', { count: 0, bytes: 0, snapshotBytes: 0 }, { n: 1 }, { seen: [1] });
    expect(head.count).toBe(1);
    expect(refold(docs, C, 'd', head, fold, 'document d', () => ({ seen: [] }))).toEqual({ seen: [1] });
  });
});
