import { describe, expect, it } from '@jest/globals';
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { recordedEvent } from './testing/recorded-events.js';
import type { RecordedEvent } from '../../store/event-store.port.js';
import type { DocumentTx, Projection } from './projection.js';
import { ReadModelStore } from './read-model-store.js';

const event = (position: number, type = 'n.Counted'): RecordedEvent => recordedEvent({ type, data: {} }, position - 1, 'n-1');

/** Counts events in a transient collection (`memo`, rebuilt from the stored `count` when missing) and a stored one; `n.Broken` throws after counting. */
const counter: Projection = {
  name: 'counter',
  version: 1,
  transient: ['memo'],
  handles: () => true,
  apply(e: RecordedEvent, docs: DocumentTx) {
    const memo = docs.get<{ n: number }>('memo', 'k') ?? { n: docs.get<number>('count', 'k') ?? 0 };
    docs.put('memo', 'k', { n: memo.n + 1 });
    docs.put('count', 'k', memo.n + 1);
    if (e.type === 'n.Broken') throw new Error('broken');
  },
};

const memoAfter = (store: ReadModelStore, e: RecordedEvent) => {
  let seen: unknown;
  const probe: Projection = { ...counter, apply: (_e, docs) => void (seen = docs.get('memo', 'k')) };
  store.applyBatch(probe, [e], e.position);
  return seen;
};

describe('ReadModelStore: transient collections', () => {
  it('keeps them in memory across batches, never in the file, and forgets what a failed batch put', () => {
    const store = new ReadModelStore(':memory:', 'OFF');
    store.applyBatch(counter, [event(1), event(2)], 2);
    store.applyBatch(counter, [event(3)], 3);
    expect(store.get('counter', 'count', 'k')).toBe(3);
    expect(store.get('counter', 'memo', 'k')).toBeUndefined();
    expect(store.raw('counter', 'memo', 'k')).toBeUndefined();
    expect(memoAfter(store, event(4))).toEqual({ n: 3 });

    expect(() => store.applyBatch(counter, [event(5), event(6, 'n.Broken')], 6)).toThrow('broken');
    expect(store.get('counter', 'count', 'k')).toBe(3);
    expect(store.checkpoint('counter')?.position).toBe(4);
    // Rolled back: the memo is gone too, and the next batch rebuilds it from what is stored.
    expect(memoAfter(store, event(5))).toBeUndefined();
    store.close();
  });
});

describe('ReadModelStore: recovery-only collections (Projection.recoveryOnly)', () => {
  /** Keeps a running count in memory (`memo`, transient) and journals every event in a document of its own (`entry`). */
  const journaling = (recoveryOnly?: readonly string[]): Projection => ({
    name: 'journal',
    version: 1,
    transient: ['memo'],
    recoveryOnly,
    handles: () => true,
    apply(e: RecordedEvent, docs: DocumentTx) {
      docs.put('memo', 'k', { n: (docs.get<{ n: number }>('memo', 'k')?.n ?? 0) + 1 });
      docs.put('entry', String(e.position), { type: e.type, position: e.position });
    },
  });
  /** What the next batch reads: the memo (from memory only) and the first and last entries. */
  const nextBatchReads = (store: ReadModelStore, projection: Projection, last: number) => {
    let seen: unknown[] = [];
    const probe: Projection = {
      ...projection,
      apply: (_e, docs) => void (seen = [docs.get('memo', 'k'), docs.get('entry', '1'), docs.get('entry', String(last))]),
    };
    store.applyBatch(probe, [event(last + 1)], last + 1);
    return seen;
  };
  const events = Array.from({ length: 2_100 }, (_, i) => event(i + 1));
  const read = [{ n: 2_100 }, { type: 'n.Counted', position: 1 }, { type: 'n.Counted', position: 2_100 }];

  it('are written and read back from the file, and not kept in memory: only what the next batch reads is', () => {
    const store = new ReadModelStore(':memory:', 'OFF');
    const projection = journaling(['entry']);
    store.applyBatch(projection, events, 2_100);
    expect(store.memory().entries).toBe(1);
    expect(nextBatchReads(store, projection, 2_100)).toEqual(read);
    expect(store.get('journal', 'entry', '2100')).toEqual({ type: 'n.Counted', position: 2_100 });
    expect(store.list('journal', 'entry')).toHaveLength(2_100);
    store.close();
  });

  it('(the same projection without them: every entry is kept in memory beside the memo)', () => {
    const store = new ReadModelStore(':memory:', 'OFF');
    const projection = journaling();
    store.applyBatch(projection, events, 2_100);
    expect(store.memory().entries).toBe(2_101);
    expect(nextBatchReads(store, projection, 2_100)).toEqual(read);
    store.close();
  });
});

describe('ReadModelStore: the memory kept for the next batches is bounded by estimated bytes', () => {
  /** Puts one transient document per event (`memo/<position>`), with the size estimate its data gives (DocumentTx.put). */
  const memos: Projection = {
    name: 'memos',
    version: 1,
    transient: ['memo'],
    handles: () => true,
    apply(e: RecordedEvent, docs: DocumentTx) {
      docs.put('memo', String(e.position), { position: e.position }, { bytes: (e.data as { bytes?: number }).bytes });
    },
  };
  const sized = (position: number, bytes?: number) => recordedEvent({ type: 'm.Put', data: bytes === undefined ? {} : { bytes } }, position - 1, 'm-1');
  /** The memo of `position` as the next batch finds it in memory (transient: nowhere else). */
  const kept = (store: ReadModelStore, position: number, at: number) => {
    let seen: unknown;
    store.applyBatch({ ...memos, apply: (_e, docs) => void (seen = docs.get('memo', String(position))) }, [sized(at)], at);
    return seen;
  };

  it('keeps many small documents (more than 2,000), and lets the oldest go for one that outweighs the bound', () => {
    const store = new ReadModelStore(':memory:', 'OFF');
    for (let p = 1; p <= 5_000; p += 500)
      store.applyBatch(
        memos,
        Array.from({ length: 500 }, (_, i) => sized(p + i, 100)),
        p + 499,
      );
    expect(store.memory().entries).toBe(5_000);
    expect(kept(store, 1, 5_001)).toEqual({ position: 1 });

    store.applyBatch(memos, [sized(5_002, 2 ** 30)], 5_002); // a document estimated at 1 GB
    expect(kept(store, 1, 5_003)).toBeUndefined();
    expect(kept(store, 5_000, 5_004)).toBeUndefined();
    expect(kept(store, 5_002, 5_005)).toEqual({ position: 5_002 }); // the newest stays, whatever its weight
    store.close();
  });
});

describe('ReadModelStore: files of earlier versions', () => {
  it('opens a file whose documents table is WITHOUT ROWID: same documents and checkpoints, now in a rowid table', () => {
    const dir = mkdtempSync(join(tmpdir(), 'arbitra-read-models-'));
    try {
      const path = join(dir, 'read-models.db');
      const old = new Database(path);
      old.exec(`
        CREATE TABLE documents (
          projection TEXT NOT NULL, collection TEXT NOT NULL, key TEXT NOT NULL, value TEXT NOT NULL,
          PRIMARY KEY (projection, collection, key)
        ) WITHOUT ROWID;
        CREATE TABLE checkpoints (projection TEXT PRIMARY KEY, version INTEGER NOT NULL, position INTEGER NOT NULL);
        INSERT INTO documents VALUES ('counter', 'count', 'k', '2'), ('counter', 'count', 'j', '{"a":[1]}');
        INSERT INTO checkpoints VALUES ('counter', 1, 2);
      `);
      old.close();
      const store = new ReadModelStore(path, 'OFF');
      expect(store.list('counter', 'count')).toEqual([
        { key: 'j', value: { a: [1] } },
        { key: 'k', value: 2 },
      ]);
      expect(store.checkpoint('counter')).toEqual({ version: 1, position: 2 });
      const { sql } = store.db.prepare("SELECT sql FROM sqlite_master WHERE name = 'documents'").get() as { sql: string };
      expect(sql).not.toMatch(/WITHOUT ROWID/i);
      store.applyBatch(counter, [event(3)], 3);
      expect(store.get('counter', 'count', 'k')).toBe(3);
      store.close();
      // Opening it again leaves it as it is.
      const again = new ReadModelStore(path, 'OFF');
      expect(again.get('counter', 'count', 'k')).toBe(3);
      again.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

/**
 * Sums events into a deferred transient document (`total`), computed from the stored count: counts how often it
 * is computed. `materialize` rebuilds it from the file after a restart.
 */
function summing() {
  const computed: number[] = [];
  const projection: Projection = {
    name: 'summing',
    version: 1,
    transient: ['total'],
    handles: () => true,
    apply(_e: RecordedEvent, docs: DocumentTx) {
      docs.put('count', 'k', (docs.get<number>('count', 'k') ?? 0) + 1);
    },
    flush(docs: DocumentTx) {
      const n = docs.get<number>('count', 'k');
      if (n !== undefined) docs.defer('total', 'k', () => (computed.push(n), { n }));
    },
    materialize: (collection, key, docs) => (collection === 'total' ? { n: docs.get<number>('count', key), rebuilt: true } : undefined),
  };
  return { projection, computed };
}

describe('ReadModelStore: deferred documents (DocumentTx.defer)', () => {
  it('are computed when first read, once per version, never for a version nobody read, and never written to the file', () => {
    const store = new ReadModelStore(':memory:', 'OFF');
    const { projection, computed } = summing();
    store.register([projection]);
    store.applyBatch(projection, [event(1), event(2)], 2);
    store.applyBatch(projection, [event(3)], 3);
    expect(computed).toEqual([]);
    expect(store.get('summing', 'total', 'k')).toEqual({ n: 3 });
    expect(JSON.parse(store.raw('summing', 'total', 'k')?.json ?? 'null')).toEqual({ n: 3 });
    expect(computed).toEqual([3]);
    store.applyBatch(projection, [event(4)], 4);
    expect(store.get('summing', 'total', 'k')).toEqual({ n: 4 }); // the read version is dropped with the batch that changes it
    expect(computed).toEqual([3, 4]);
    expect(store.db.prepare("SELECT count(*) AS n FROM documents WHERE collection = 'total'").get()).toEqual({ n: 0 });
    store.close();
  });

  it('a failed batch leaves the version before it; after a restart the projection materializes them from the file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'arbitra-read-models-'));
    try {
      const path = join(dir, 'rm.db');
      const store = new ReadModelStore(path, 'OFF');
      const { projection } = summing();
      store.register([projection]);
      store.applyBatch(projection, [event(1)], 1);
      const broken: Projection = {
        ...projection,
        flush(docs) {
          projection.flush?.(docs);
          throw new Error('broken');
        },
      };
      expect(() => store.applyBatch(broken, [event(2)], 2)).toThrow('broken');
      expect(store.get('summing', 'total', 'k')).toEqual({ n: 1, rebuilt: true }); // the failed batch forgot the memory: rebuilt from the file
      store.close();
      const reopened = new ReadModelStore(path, 'OFF');
      reopened.register([projection]);
      expect(reopened.get('summing', 'total', 'k')).toEqual({ n: 1, rebuilt: true });
      reopened.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('ReadModelStore: batches in one transaction (inTransaction)', () => {
  const other: Projection = { ...counter, name: 'other', transient: [] };

  it('a reducer that throws writes nothing of its projection; the others commit', () => {
    const store = new ReadModelStore(':memory:', 'OFF');
    store.inTransaction(() => {
      store.applyBatch(other, [event(1)], 1);
      expect(() => store.applyBatch(counter, [event(1, 'n.Broken')], 1)).toThrow('broken');
    });
    expect(store.get('other', 'count', 'k')).toBe(1);
    expect(store.checkpoint('other')?.position).toBe(1);
    expect(store.get('counter', 'count', 'k')).toBeUndefined();
    expect(store.checkpoint('counter')).toBeUndefined();
    store.close();
  });

  it('a write that fails (here a trigger standing for a full disk) fails the whole transaction: no projection of it is kept', () => {
    const store = new ReadModelStore(':memory:', 'OFF');
    store.applyBatch(other, [event(1)], 1);
    store.db.exec(`CREATE TRIGGER full BEFORE UPDATE ON documents WHEN NEW.projection = 'counter' BEGIN SELECT RAISE(ABORT, 'disk full'); END`);
    store.applyBatch(counter, [event(1)], 1); // an insert: written
    let later: unknown;
    expect(() =>
      store.inTransaction(() => {
        store.applyBatch(other, [event(2)], 2);
        expect(() => store.applyBatch(counter, [event(2)], 2)).toThrow('disk full');
        // The transaction is lost: a later batch of it writes nothing.
        try {
          store.applyBatch(other, [event(3)], 3);
        } catch (error) {
          later = error;
        }
      }),
    ).toThrow('disk full');
    expect(String(later)).toContain('disk full');
    expect(store.get('other', 'count', 'k')).toBe(1);
    expect(store.checkpoint('other')?.position).toBe(1);
    expect(store.get('counter', 'count', 'k')).toBe(1);
    expect(store.checkpoint('counter')?.position).toBe(1);
    // The memory did not keep what the lost transaction computed: the next batch reads what the file holds.
    store.db.exec('DROP TRIGGER full');
    store.inTransaction(() => store.applyBatch(counter, [event(2)], 2));
    expect(store.get('counter', 'count', 'k')).toBe(2);
    store.close();
  });
});
