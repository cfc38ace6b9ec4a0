import Database from 'better-sqlite3';
import { hash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { RecordedEvent } from '../../store/event-store.port.js';
import { keepPrivate } from '../../store/sqlite/private-file.js';
import type { DocumentTx, Projection } from './projection.js';
import { DOCUMENTS_COLUMNS, migrateToRowidDocuments } from './read-model-schema.js';
import { ValueCache } from './value-cache.js';

/** A document as stored: its JSON text (served as is) and a strong ETag over those bytes. */
export interface RawDocument {
  readonly json: string;
  readonly etag: string;
}

interface CachedDocument extends RawDocument {
  /** Values derived from the parsed document, by deriving function (see `derive`). */
  derived?: Map<unknown, unknown>;
}

/** A strong ETag over a document's bytes (SHA-256): the same bytes, wherever they were made, get the same tag. */
export function contentTag(json: string): string {
  return `"${hash('sha256', json, 'base64url').slice(0, 32)}"`;
}

/** How many raw documents stay in memory (the hot standings and summaries). */
const RAW_CACHE = 2_000;
/**
 * How much the parsed documents projections wrote may weigh in memory, kept for their next batch (the folded tournaments),
 * in estimated JSON bytes (see ValueCache). A count alone let small documents push out what the next batch reads (a
 * 20-player tournament's state, journal head and deferred documents took 11 of 2,000 places: past ~180 tournaments
 * active at once, every command folded each one again, bench:federation), and did not bound big ones (0.5 MB each).
 */
const VALUE_BYTES = 256 * 2 ** 20;
/** What an entry is weighed at when nothing tells its size (a transient value put without DocumentTx.put's estimate). */
const UNKNOWN_BYTES = 1024;
/** What a deferred document not computed yet is weighed at: a closure over values kept anyway (a folded state). */
const DEFERRED_BYTES = 64;

/**
 * SQLite checkpoints the WAL into the file inside the commit that crosses this many pages (its default: 1000). Batches
 * rewrite the same hot pages (journal heads, checkpoints, indexes) many times; a checkpoint copies each once: at 10,000
 * the store spends 5–7% less CPU per event (Scrabble games, pages of 1 event, measured interleaved). The WAL file then
 * stays at up to ~40 MB (10,000 pages of 4 KB; SQLite reuses it from its start after a checkpoint, it does not shrink).
 */
const WAL_AUTOCHECKPOINT_PAGES = 10_000;

/**
 * The read-model store: documents per projection plus each projection's checkpoint, in one
 * SQLite file of its own (a projector process in distributed mode keeps its own copy).
 * `applyBatch` writes a projection's documents and its new checkpoint in ONE transaction, so
 * after a crash an event is either fully applied (and the checkpoint says so) or not at all.
 */
export class ReadModelStore {
  readonly db: Database.Database;
  private readonly stmt;
  /**
   * Raw documents served by GETs, kept in memory. This process is the only writer of its file (a
   * replay refuses while a server runs), and every write below drops the entry it changes.
   */
  private readonly raws = new Map<string, CachedDocument>();
  /**
   * Documents as the last committed batch wrote them, parsed: the next batch of the same projection starts
   * from them instead of reading and parsing them again (a tournament's folded state, once per projection
   * and batch). Reducers never mutate what they read (they put new values), so these equal the stored JSON.
   * A projection's transient collections (Projection.transient) live only here: a miss reads nothing from the file.
   * Its recovery-only collections (Projection.recoveryOnly) never come here: a get reads them from the file.
   */
  private readonly values = new ValueCache(VALUE_BYTES);
  /** Projections that rebuild their transient documents for readers (`register`). */
  private readonly materializers = new Map<string, Projection>();
  /**
   * Ids of the values batches of the transaction under way put in memory (`applyBatch`): forgotten if it rolls back,
   * so the next read takes them from the file (or folds them again) as it was.
   */
  private written: string[] | null = null;
  /** A write of the transaction under way that failed: the whole transaction rolls back (`inTransaction`). */
  private failedWrite: { error: unknown } | null = null;
  /** `inTransaction`'s transaction, made once: better-sqlite3 takes ~6 µs to make one, more than an empty one runs. */
  private readonly transaction: (work: () => unknown) => unknown;

  constructor(
    readonly path: string,
    synchronous: 'FULL' | 'NORMAL' | 'OFF' = 'NORMAL',
  ) {
    if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
    keepPrivate(path);
    this.db = new Database(path);
    this.db.pragma('journal_mode = WAL');
    keepPrivate(path);
    // Read models can always be rebuilt from the log, so NORMAL durability is enough here.
    this.db.pragma(`synchronous = ${synchronous}`);
    this.db.pragma(`wal_autocheckpoint = ${WAL_AUTOCHECKPOINT_PAGES}`);
    migrateToRowidDocuments(this.db);
    this.transaction = this.db.transaction((work: () => unknown) => {
      const result = work();
      if (this.failedWrite) throw this.failedWrite.error;
      return result;
    });
    this.db.exec(`
      CREATE TABLE IF NOT EXISTS documents (${DOCUMENTS_COLUMNS});
      CREATE TABLE IF NOT EXISTS checkpoints (
        projection TEXT PRIMARY KEY, version INTEGER NOT NULL, position INTEGER NOT NULL
      );
    `);
    this.stmt = {
      get: this.db.prepare('SELECT value FROM documents WHERE projection = ? AND collection = ? AND key = ?'),
      put: this.db.prepare('INSERT INTO documents (projection, collection, key, value) VALUES (?, ?, ?, ?) ON CONFLICT DO UPDATE SET value = excluded.value'),
      del: this.db.prepare('DELETE FROM documents WHERE projection = ? AND collection = ? AND key = ?'),
      list: this.db.prepare('SELECT key, value FROM documents WHERE projection = ? AND collection = ? ORDER BY key'),
      checkpoint: this.db.prepare('SELECT version, position FROM checkpoints WHERE projection = ?'),
      setCheckpoint: this.db.prepare(
        'INSERT INTO checkpoints (projection, version, position) VALUES (?, ?, ?) ON CONFLICT DO UPDATE SET version = excluded.version, position = excluded.position',
      ),
      clear: this.db.prepare('DELETE FROM documents WHERE projection = ?'),
      advance: this.db.prepare('UPDATE checkpoints SET position = ? WHERE projection = ?'),
      dropCheckpoint: this.db.prepare('DELETE FROM checkpoints WHERE projection = ?'),
    };
  }

  /** The checkpoint furthest along the log (projections, process managers, webhooks), if any: none may be past the log's head. */
  furthest(): { projection: string; position: number } | undefined {
    return this.db.prepare('SELECT projection, position FROM checkpoints ORDER BY position DESC LIMIT 1').get() as
      { projection: string; position: number } | undefined;
  }

  checkpoint(projection: string): { version: number; position: number } | undefined {
    return this.stmt.checkpoint.get(projection) as { version: number; position: number } | undefined;
  }

  /** Drops a projection's documents and checkpoint: the next run rebuilds it from position 0. */
  reset(projection: string, version: number): void {
    this.drop(projection, () => this.stmt.setCheckpoint.run(projection, version, 0));
  }

  /** Deletes a projection that is no longer run (merged into another): its documents and its checkpoint. Nothing if it has none. */
  retire(projection: string): void {
    this.drop(projection, () => this.stmt.dropCheckpoint.run(projection));
  }

  /** A projection's documents deleted, and its checkpoint set or deleted by `checkpoint`, in one transaction. */
  private drop(projection: string, checkpoint: () => void): void {
    // Only this projection's cached documents: another's (a tournament's folded state, kept in memory only) stay.
    forgetProjection(this.raws, projection);
    forgetProjection(this.values, projection);
    this.db.transaction(() => {
      this.stmt.clear.run(projection);
      checkpoint();
    })();
  }

  /** Writes one document outside a projection batch (process managers' own records). */
  putDocument(projection: string, collection: string, key: string, value: unknown): void {
    this.stmt.put.run(projection, collection, key, JSON.stringify(value));
    this.raws.delete(rawId(projection, collection, key));
    this.values.delete(rawId(projection, collection, key));
  }

  /**
   * Runs `work` in one transaction: the batches it applies (one per projection) commit together. A batch whose
   * reducer throws writes nothing (`applyBatch`), and the others go on; a write that fails (disk full, I/O error)
   * fails the whole transaction: its error is thrown from here, once `work` returns, and nothing of it is kept.
   */
  inTransaction<T>(work: () => T): T {
    const written: string[] = (this.written = []);
    try {
      return this.transaction(work) as T;
    } catch (error) {
      for (const id of written) this.values.delete(id);
      throw error;
    } finally {
      this.written = null;
      this.failedWrite = null;
    }
  }

  /** A remembered value; a deferred document (DocumentTx.defer) is computed on its first read and kept. */
  private remembered(id: string): unknown {
    const value = this.values.get(id);
    if (!(value instanceof Deferred)) return value;
    const computed = value.compute();
    this.values.replace(id, computed); // the same entry, computed: its place in the eviction order stays
    return computed;
  }

  private remember(id: string, value: unknown, bytes: number): void {
    if (value === undefined) this.values.delete(id);
    else this.values.set(id, value, value instanceof Deferred ? DEFERRED_BYTES : bytes);
  }

  /**
   * The stored JSON of a document with a strong ETag (SHA-256 of the bytes), for serving without
   * parse and stringify. Cached in memory until the document is written again.
   */
  raw(projection: string, collection: string, key: string): RawDocument | undefined {
    const id = rawId(projection, collection, key);
    const hit = this.raws.get(id);
    if (hit) return hit;
    const json = this.storedJson(projection, collection, key);
    if (json === undefined) return undefined;
    const doc: CachedDocument = { json, etag: contentTag(json) };
    if (this.raws.size >= RAW_CACHE) this.raws.delete(this.raws.keys().next().value as string);
    this.raws.set(id, doc);
    return doc;
  }

  /**
   * A small value computed from a document (its divisions, its revision), parsed and computed once
   * per version of the document. `derive` must be a stable function (its identity is the cache key)
   * and the caller must not mutate what it returns.
   */
  derive<T, R>(projection: string, collection: string, key: string, derive: (doc: T) => R): R | undefined {
    const doc = this.raw(projection, collection, key) as CachedDocument | undefined;
    if (!doc) return undefined;
    doc.derived ??= new Map();
    if (!doc.derived.has(derive)) doc.derived.set(derive, derive(JSON.parse(doc.json) as T));
    return doc.derived.get(derive) as R;
  }

  /** Moves a checkpoint that has no documents of its own (process managers). */
  advance(projection: string, position: number): void {
    this.stmt.advance.run(position, projection);
  }

  /** A document as committed (a fresh copy, the caller's to change); a transient one too (see `register`). */
  get<T>(projection: string, collection: string, key: string): T | undefined {
    if (this.transientOf(projection, collection)) {
      const doc = this.raw(projection, collection, key);
      return doc ? (JSON.parse(doc.json) as T) : undefined;
    }
    const row = this.stmt.get.get(projection, collection, key) as { value: string } | undefined;
    return row ? (JSON.parse(row.value) as T) : undefined;
  }

  /**
   * The projections whose transient documents readers may ask for (the runner registers its own): `get`, `raw`
   * and `derive` serve them from memory, else from Projection.materialize. `list` lists stored documents only.
   */
  register(projections: readonly Projection[]): void {
    for (const p of projections) if (p.transient?.length && p.materialize) this.materializers.set(p.name, p);
  }

  private transientOf(projection: string, collection: string): Projection | undefined {
    const p = this.materializers.get(projection);
    return p?.transient?.includes(collection) ? p : undefined;
  }

  private storedJson(projection: string, collection: string, key: string): string | undefined {
    const p = this.transientOf(projection, collection);
    if (!p) return (this.stmt.get.get(projection, collection, key) as { value: string } | undefined)?.value;
    const id = rawId(projection, collection, key);
    let value = this.remembered(id);
    const kept = value !== undefined;
    if (!kept) {
      const transient = new Set(p.transient);
      const docs: DocumentTx = {
        get: <T>(c: string, k: string) =>
          (this.remembered(rawId(projection, c, k)) ?? (transient.has(c) ? undefined : this.get<T>(projection, c, k))) as T | undefined,
        put: () => undefined,
        delete: () => undefined,
        defer: () => undefined,
      };
      value = p.materialize?.(collection, key, docs);
      if (value === undefined) return undefined;
    }
    const json = JSON.stringify(value);
    // Now its size is known: kept in its place (a deferred document just computed), or kept from here.
    if (kept) this.values.replace(id, value, json.length);
    else if (!this.db.inTransaction) this.remember(id, value, json.length);
    return json;
  }

  list<T>(projection: string, collection: string): Array<{ key: string; value: T }> {
    return (this.stmt.list.all(projection, collection) as { key: string; value: string }[]).map((r) => ({ key: r.key, value: JSON.parse(r.value) as T }));
  }

  /**
   * Applies events (all with position > the projection's checkpoint) and moves the checkpoint to
   * `upTo`, atomically. Documents are cached for the batch and written once at its end.
   *
   * Everything that may throw (the reducers, `flush`, deferred stored documents, serialising) runs before the
   * first write, so a reducer's error leaves the file as it was without a savepoint of its own (one per
   * projection and page cost ~11% of the projections' CPU in a command). Within `inTransaction`, the writes join
   * its transaction; a failed write (disk full) fails that whole transaction, every projection of the page
   * alike (see `inTransaction`). Alone, the batch runs in a transaction of its own.
   */
  applyBatch(projection: Projection, events: readonly RecordedEvent[], upTo: number): void {
    const written = this.written;
    if (!written) return this.inTransaction(() => this.applyBatch(projection, events, upTo));
    if (this.failedWrite) throw this.failedWrite.error; // the transaction under way will roll back: write nothing more
    const name = projection.name;
    let writes: BatchWrite[];
    try {
      writes = this.reduce(projection, events);
    } catch (error) {
      // Nothing was written. What it read may have been computed from the batch (deferred documents): forget the projection's parsed documents.
      forgetProjection(this.values, name);
      throw error;
    }
    try {
      for (const w of writes) {
        // Memory holds the batch's value from now on (one look-up of its id); a rollback forgets it (`inTransaction`).
        this.remember(w.id, w.value, w.bytes);
        written.push(w.id);
        this.raws.delete(w.id);
        if (w.json === undefined) this.stmt.del.run(name, w.collection, w.key);
        else if (w.json !== null) this.stmt.put.run(name, w.collection, w.key, w.json);
      }
      this.stmt.setCheckpoint.run(name, projection.version, upTo);
    } catch (error) {
      this.failedWrite = { error };
      throw error;
    }
  }

  /** Runs the reducers of a batch over its cached documents: what it changed, serialised, and what memory keeps of each. */
  private reduce(projection: Projection, events: readonly RecordedEvent[]): BatchWrite[] {
    const name = projection.name;
    const transient = new Set(projection.transient);
    const recoveryOnly = new Set(projection.recoveryOnly);
    const cache = new Map<string, CachedWrite>();
    const id = (c: string, k: string) => `${c}\u0000${k}`;
    const docs: DocumentTx = {
      get: <T>(collection: string, key: string) => {
        const hit = cache.get(id(collection, key));
        if (hit?.lazy) {
          hit.value = hit.lazy();
          hit.lazy = undefined;
        }
        if (hit) return hit.value as T | undefined;
        const remembered = this.remembered(rawId(name, collection, key));
        const value = remembered !== undefined || transient.has(collection) ? (remembered as T | undefined) : this.get<T>(name, collection, key);
        cache.set(id(collection, key), { collection, key, value, dirty: false });
        return value;
      },
      put: (collection, key, value, known) =>
        void cache.set(id(collection, key), { collection, key, value, json: known?.json, bytes: known?.bytes, dirty: true }),
      delete: (collection, key) => void cache.set(id(collection, key), { collection, key, value: undefined, dirty: true }),
      defer: (collection, key, compute) => void cache.set(id(collection, key), { collection, key, value: undefined, lazy: compute, dirty: true }),
    };
    for (const e of events) if (projection.handles(e.type)) projection.apply(e, docs);
    projection.flush?.(docs);
    const writes: BatchWrite[] = [];
    for (const d of cache.values()) {
      if (!d.dirty) continue;
      const raw = rawId(name, d.collection, d.key);
      if (transient.has(d.collection)) {
        // Kept in memory only, once the batch commits; a deferred document is computed when first read.
        const value = d.lazy ? new Deferred(d.lazy) : d.value;
        writes.push({ id: raw, collection: d.collection, key: d.key, json: null, value, bytes: d.bytes ?? d.json?.length ?? UNKNOWN_BYTES });
        continue;
      }
      const value = d.lazy ? d.lazy() : d.value;
      const json = value === undefined ? undefined : (d.json ?? JSON.stringify(value));
      // A recovery-only document is read from the file when needed: its place in memory goes to one read each batch.
      const kept = recoveryOnly.has(d.collection) ? undefined : value;
      writes.push({ id: raw, collection: d.collection, key: d.key, json, value: kept, bytes: json?.length ?? 0 });
    }
    return writes;
  }

  /** The parsed documents kept in memory for the next batches: how many, and their estimated JSON bytes (bench:federation). */
  memory(): { entries: number; bytes: number } {
    return { entries: this.values.size, bytes: this.values.bytes };
  }

  close(): void {
    if (this.db.open) this.db.close();
  }
}

/** A document a batch changed, in its cache until the batch ends. */
interface CachedWrite {
  readonly collection: string;
  readonly key: string;
  value: unknown;
  /** Its JSON text, when the reducer gave it (DocumentTx.put). */
  readonly json?: string;
  lazy?: () => unknown;
  readonly bytes?: number;
  readonly dirty: boolean;
}

/** What a batch writes of a document: its JSON (undefined: deleted; null: kept in memory only), and the value memory keeps (undefined: none). */
interface BatchWrite {
  readonly id: string;
  readonly collection: string;
  readonly key: string;
  readonly json: string | null | undefined;
  readonly value: unknown;
  readonly bytes: number;
}

/** A transient document not computed yet (DocumentTx.defer), as the durable store remembers it. */
class Deferred {
  constructor(readonly compute: () => unknown) {}
}

const rawId = (projection: string, collection: string, key: string) => `${projection}\u0000${collection}\u0000${key}`;

/** Drops a projection's entries from a cache keyed by `rawId` (the raw documents' map, the parsed values' ValueCache). */
function forgetProjection(cache: { keys(): IterableIterator<string>; delete(id: string): unknown }, projection: string): void {
  const prefix = `${projection}\u0000`;
  for (const id of [...cache.keys()]) if (id.startsWith(prefix)) cache.delete(id);
}
