import type Database from 'better-sqlite3';
import { EventEmitter } from 'node:events';
import { canonicalJson } from '../../domain/kernel/index.js';
import { chainedMeta, hashCanonical } from '../hash-chain.js';
import {
  WrongExpectedRevisionError,
  type AppendResult,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type RecordedEvent,
  type StreamInfo,
  type SubscribeOptions,
} from '../event-store.port.js';
import { isUniqueViolation, refusal, storedRetry, type RowById } from './append-refusals.js';
import { openLog } from './open-log.js';
import { migrate } from './sqlite-schema.js';
import { StoredEvent, toEvent, type RawRow, type Row } from './stored-event.js';
import { StreamHeads, type StreamHead } from './stream-heads.js';
import { nextAppend } from '../append-wake.js';
import { AppendSealing, headPoint, type LogPoint, type SealRow, type Sealer, type SealingLog } from '../seals.js';

export type SqliteSynchronous = 'FULL' | 'NORMAL' | 'OFF';

export interface SqliteEventStoreOptions {
  /** File path, or ':memory:'. */
  readonly path: string;
  /**
   * FULL (default): an acknowledged append survives power loss. NORMAL: survives a process
   * crash, may lose the last commits on power loss (WAL). OFF: tests and benchmarks only.
   */
  readonly synchronous?: SqliteSynchronous;
  /** Appends issued in the same tick share one transaction (one fsync). Default true. */
  readonly groupCommit?: boolean;
  /** How often a live subscriber looks for appends made by another process (ms). */
  readonly pollMs?: number;
}

interface Pending {
  stream: string;
  events: readonly NewEvent[];
  expected: ExpectedRevision;
  resolve: (r: AppendResult) => void;
  reject: (e: unknown) => void;
}

const COLUMNS = 'position, id, stream, revision, type, data, meta';

type Outcome = { ok: true; value: AppendResult } | { ok: false; error: unknown };
/** Thrown inside a batch transaction to roll it back when an append failed halfway (see writeBatch). */
const PARTIAL_WRITE = Symbol('partial write');

/** How many page sizes get a statement of their own (SqliteEventStore.pageStatement). */
const PAGE_STATEMENTS = 16;

/**
 * The embedded event store: one SQLite file in WAL mode. Appends are atomic per call, ordered,
 * hash-chained per stream and globally (each event names the previous position's hash, see
 * global-chain.ts), and idempotent by event id. Concurrent appends that arrive in the same
 * tick are committed together (group commit): each runs in its own savepoint, so one refused append
 * fails alone while the others commit with a single fsync.
 */
export class SqliteEventStore implements EventStore, SealingLog {
  /** The embedded store's file belongs to one server process (a relay beside it only reads). */
  readonly sharedWriters = false;
  readonly db: Database.Database;
  private readonly notifier = new EventEmitter();
  private queue: Pending[] = [];
  private flushScheduled = false;
  /** Set by write() once it has inserted a row of the current append. */
  private inserted = false;
  /** Hash of the last event in the log inside the open batch transaction: the next event's global link. */
  private globalHead: string | null = null;
  /** Its position. */
  private globalPosition = 0;
  /** Seals each batch once a sealer is set (seals.ts). */
  private readonly seals = new AppendSealing();
  /** The point the open batch sealed, told to `seals` once it commits. */
  private sealing: LogPoint | null = null;
  /** Stream heads remembered between batches while no other writer touches the file (stream-heads.ts). */
  private readonly heads = new StreamHeads();
  private closed = false;
  private readonly groupCommit: boolean;
  private readonly pollMs: number;
  private readonly stmt: ReturnType<SqliteEventStore['prepare']>;
  private readonly pages = new Map<number, Database.Statement>();
  private readonly appendOne: (p: Pending) => AppendResult;
  private readonly batchTransaction: Database.Transaction<(batch: readonly Pending[], savepoints: boolean) => Outcome[]>;

  constructor(readonly options: SqliteEventStoreOptions) {
    this.db = openLog(options.path, options.synchronous ?? 'FULL');
    migrate(this.db);
    this.groupCommit = options.groupCommit ?? true;
    this.pollMs = options.pollMs ?? 250;
    this.notifier.setMaxListeners(0);
    this.stmt = this.prepare();
    // A nested better-sqlite3 transaction is a SAVEPOINT: one append's failure rolls back only itself.
    this.appendOne = this.db.transaction((p: Pending) => this.write(p));
    // Made once: better-sqlite3 builds a transaction function in about 6 µs, more than running an empty one (1 µs).
    this.batchTransaction = this.db.transaction((batch: readonly Pending[], savepoints: boolean) => this.writeBatch(batch, savepoints));
  }

  private prepare() {
    const db = this.db;
    return {
      head: db.prepare("SELECT revision, json_extract(meta, '$.hash') AS hash FROM events WHERE stream = ? ORDER BY revision DESC LIMIT 1"),
      byId: db.prepare(`SELECT ${COLUMNS} FROM events WHERE id = ?`),
      insert: db.prepare('INSERT INTO events (id, stream, revision, type, data, meta, command_id) VALUES (?, ?, ?, ?, ?, ?, ?)'),
      readStream: db.prepare(`SELECT ${COLUMNS} FROM events WHERE stream = ? AND revision >= ? ORDER BY revision LIMIT ?`),
      // The same without LIMIT: a bound LIMIT made the command path's usual read (nothing newer than the cached
      // state) cost about 3× as much (10 µs vs 3 µs measured on this store).
      readStreamRest: db.prepare(`SELECT ${COLUMNS} FROM events WHERE stream = ? AND revision >= ? ORDER BY revision`),
      readAll: db.prepare(`SELECT ${COLUMNS} FROM events WHERE position > ? ORDER BY position LIMIT ?`).raw(),
      byCommand: db.prepare(`SELECT ${COLUMNS} FROM events WHERE command_id = ? ORDER BY position`),
      maxPosition: db.prepare('SELECT coalesce(max(position), 0) AS p FROM events'),
      globalHead: db.prepare("SELECT position, json_extract(meta, '$.hash') AS h FROM events ORDER BY position DESC LIMIT 1").raw(),
      hashAt: db.prepare("SELECT json_extract(meta, '$.hash') FROM events WHERE position = ?").pluck(),
      sealsAt: db.prepare('SELECT position, hash, key_id AS keyId, mac FROM seals WHERE position = ?'),
      sealsAfter: db.prepare('SELECT position, hash, key_id AS keyId, mac FROM seals WHERE position > ? ORDER BY position DESC LIMIT ?'),
      anySeal: db.prepare('SELECT EXISTS (SELECT 1 FROM seals)').pluck(),
      insertSeal: db.prepare('INSERT INTO seals (position, hash, key_id, mac) VALUES (?, ?, ?, ?)'),
    };
  }

  append(stream: string, events: readonly NewEvent[], expected: ExpectedRevision): Promise<AppendResult> {
    if (this.closed) return Promise.reject(new Error('event store is closed'));
    if (events.length === 0) return Promise.reject(new Error('append needs at least one event'));
    return new Promise<AppendResult>((resolve, reject) => {
      this.queue.push({ stream, events, expected, resolve, reject });
      if (!this.groupCommit) return this.flush();
      if (!this.flushScheduled) {
        this.flushScheduled = true;
        setImmediate(() => this.flush());
      }
    });
  }

  private flush(): void {
    this.flushScheduled = false;
    const batch = this.queue;
    this.queue = [];
    if (batch.length === 0) return;
    let outcomes: Outcome[];
    try {
      // IMMEDIATE: take the write lock before reading stream heads, so another process cannot
      // commit between our read of a head and our write after it.
      outcomes = this.batchTransaction.immediate(batch, false);
    } catch (error) {
      this.heads.abort();
      if (error !== PARTIAL_WRITE) {
        // The commit itself failed (disk full, I/O error): nothing in this batch was stored.
        for (const p of batch) p.reject(error);
        return;
      }
      // An append failed after writing part of its events: the batch was rolled back; run it again with
      // one savepoint per append, so the failing append rolls back alone.
      try {
        outcomes = this.batchTransaction.immediate(batch, true);
      } catch (again) {
        for (const p of batch) p.reject(again);
        return;
      }
    }
    this.heads.commit(this.globalHead);
    if (this.sealing) this.seals.committed(this.sealing);
    let appended = false;
    batch.forEach((p, i) => {
      const o = outcomes[i];
      if (o.ok) {
        appended ||= !o.value.duplicate;
        p.resolve(o.value);
      } else p.reject(o.error);
    });
    if (appended) this.notifier.emit('appended');
  }

  /**
   * Writes a batch inside the open transaction. Without savepoints (the fast path) an append refused
   * before it wrote anything (a revision conflict, a retry) fails alone; one that fails after writing
   * part of its events aborts the whole transaction with PARTIAL_WRITE, and the batch is run again
   * with a savepoint per append.
   */
  private writeBatch(batch: readonly Pending[], savepoints: boolean): Outcome[] {
    const outcomes: Outcome[] = [];
    // Read under the write lock (another process may have appended since our last batch); the batch
    // then chains its events in order in memory.
    const [position, hash] = (this.stmt.globalHead.get() as [number, string] | undefined) ?? [0, null];
    this.globalHead = hash;
    this.globalPosition = position;
    this.heads.begin(this.globalHead);
    const sealFrom = this.sealable(position, hash);
    this.sealing = null;
    for (const p of batch) {
      const globalBefore = this.globalHead;
      const positionBefore = this.globalPosition;
      // SQLite itself may have rolled the whole transaction back (disk full, I/O error): then no
      // later append may run, or it would commit on its own while the batch reports failure.
      if (!this.db.inTransaction) throw outcomes.find((o) => !o.ok)?.error ?? new Error('the batch transaction was rolled back');
      this.inserted = false;
      try {
        const value = savepoints ? this.appendOne(p) : this.write(p);
        if (!value.duplicate) this.heads.stage(p.stream, { revision: value.revision, hash: value.events[value.events.length - 1].meta.hash });
        outcomes.push({ ok: true, value });
      } catch (error) {
        if (!savepoints && this.inserted) throw PARTIAL_WRITE;
        this.globalHead = globalBefore; // its savepoint rolled its rows back
        this.globalPosition = positionBefore;
        outcomes.push({ ok: false, error: refusal(error, p.stream, p.events, p.expected, this.byId, (s) => this.headOf(s)?.revision ?? -1) });
      }
    }
    if (!this.db.inTransaction) throw outcomes.find((o) => !o.ok)?.error ?? new Error('the batch transaction was rolled back');
    if (sealFrom && this.globalPosition > position) this.seal(this.globalPosition, this.globalHead!);
    return outcomes;
  }

  /** Whether a batch chaining from the head (`position`, `hash`) is sealed (seals.ts, AppendSealing). */
  private sealable(position: number, hash: string | null): boolean {
    return this.seals.sealable({ position, hash }, () => this.stmt.sealsAt.all(position) as SealRow[]);
  }

  /** Inserts the seal of `position` in the open transaction. */
  private seal(position: number, hash: string): void {
    const s = this.seals.seal({ position, hash });
    this.stmt.insertSeal.run(s.position, s.hash, s.keyId, s.mac);
    this.sealing = { position, hash };
  }

  sealWith(sealer: Sealer, trusted: LogPoint | null): void {
    this.seals.sealWith(sealer, trusted);
  }

  async sealHead(): Promise<LogPoint | null> {
    if (!this.seals.active) return null;
    const sealed = this.db
      .transaction(() => {
        const [position, hash] = (this.stmt.globalHead.get() as [number, string] | undefined) ?? [0, null];
        const head = headPoint(position, hash);
        if (!head || !this.sealable(position, hash)) return null;
        this.seal(head.position, head.hash);
        return head;
      })
      .immediate();
    if (sealed) this.seals.committed(sealed);
    return sealed;
  }

  async sealSnapshot(after: number, limit: number): Promise<{ head: LogPoint | null; anySeal: boolean; seals: SealRow[] }> {
    // One read transaction: another process's append lands wholly before or after it.
    return this.db.transaction(() => {
      const [position, hash] = (this.stmt.globalHead.get() as [number, string] | undefined) ?? [0, null];
      return {
        head: headPoint(position, hash),
        anySeal: this.stmt.anySeal.get() === 1,
        seals: this.stmt.sealsAfter.all(after, Math.min(limit, Number.MAX_SAFE_INTEGER)) as SealRow[],
      };
    })();
  }

  async hashAt(position: number): Promise<string | null> {
    return (this.stmt.hashAt.get(position) as string | undefined) ?? null;
  }

  private write(p: Pending): AppendResult {
    const head = this.heads.get(p.stream) ?? this.headOf(p.stream);
    const current = head ? head.revision : -1;
    const ok = p.expected === 'any' || (p.expected === 'no-stream' ? current === -1 : p.expected === current);
    if (!ok) {
      // A retry of a stored append is acknowledged again, whatever revision it expected.
      const first = this.byId(p.events[0].id);
      if (first) return storedRetry(p.stream, p.events, first, this.byId);
      throw new WrongExpectedRevisionError(p.stream, p.expected, current);
    }

    let prevHash: string | null = head ? head.hash : null;
    const out: RecordedEvent[] = [];
    let revision = current;
    let globalPrevHash = this.globalHead;
    for (const e of p.events) {
      revision++;
      // The stored data is its canonical JSON, the same text the hash covers: serialized once.
      const dataJson = canonicalJson(e.data);
      // `hash` is undefined while hashed (canonical JSON drops it, as eventHash does), then set in place.
      const meta = chainedMeta(e.meta, prevHash, globalPrevHash);
      const hash = hashCanonical(e.id, p.stream, revision, e.type, dataJson, canonicalJson(meta));
      meta.hash = hash;
      const metaJson = JSON.stringify(meta);
      let info: Database.RunResult;
      try {
        info = this.stmt.insert.run(e.id, p.stream, revision, e.type, dataJson, metaJson, e.meta.commandId);
      } catch (error) {
        // The first event's id is stored already: a retry. Checked here, when the insert refuses it,
        // so that a new append (nearly all of them) costs no lookup by id.
        const first = out.length === 0 && isUniqueViolation(error) ? this.byId(e.id) : undefined;
        if (first) return storedRetry(p.stream, p.events, first, this.byId);
        throw error;
      }
      this.inserted = true;
      // The event as the log holds it (its data parsed from the canonical JSON when read), so whoever is handed it
      // (the answer, projections, process managers) sees what a read of the log gives, key order included.
      out.push(new StoredEvent(Number(info.lastInsertRowid), e.id, p.stream, revision, e.type, dataJson, metaJson, meta));
      prevHash = hash;
      globalPrevHash = hash;
    }
    this.globalHead = globalPrevHash;
    this.globalPosition = out[out.length - 1].position;
    return { events: out, revision, position: out[out.length - 1].position, duplicate: false };
  }

  /**
   * `readAll` with the limit written into the statement, one per page size callers use (a few: the runners' batch
   * sizes). A bound LIMIT made SQLite's read of a short page about three times dearer (an empty page 11 µs against
   * 3 µs, one event 13 against 4, measured alone), and the process managers and projections read one after every
   * append. Past PAGE_STATEMENTS sizes, or for a limit that is not a whole number, the bound statement.
   */
  private pageStatement(limit: number): Database.Statement | undefined {
    let page = this.pages.get(limit);
    if (page === undefined && Number.isSafeInteger(limit) && limit > 0 && this.pages.size < PAGE_STATEMENTS) {
      page = this.db.prepare(`SELECT ${COLUMNS} FROM events WHERE position > ? ORDER BY position LIMIT ${limit}`).raw();
      this.pages.set(limit, page);
    }
    return page;
  }

  private readonly byId: RowById = (id) => this.stmt.byId.get(id) as Row | undefined;

  /** A stream's head as stored (in the open transaction, when there is one). */
  private readonly headOf = (stream: string) => this.stmt.head.get(stream) as StreamHead | undefined;

  async readStream(stream: string, fromRevision = 0, limit = Number.MAX_SAFE_INTEGER): Promise<RecordedEvent[]> {
    const rows = limit >= Number.MAX_SAFE_INTEGER ? this.stmt.readStreamRest.all(stream, fromRevision) : this.stmt.readStream.all(stream, fromRevision, limit);
    return (rows as Row[]).map(toEvent);
  }

  async readAll(afterPosition: number, limit: number): Promise<RecordedEvent[]> {
    return this.readAllSync(afterPosition, limit);
  }

  readAllSync(afterPosition: number, limit: number): RecordedEvent[] {
    // Raw rows (arrays, in COLUMNS order) skip one object per row on the replay path.
    const page = this.pageStatement(limit);
    const rows = (page ? page.all(afterPosition) : this.stmt.readAll.all(afterPosition, limit)) as RawRow[];
    const out = new Array<RecordedEvent>(rows.length);
    for (let i = 0; i < rows.length; i++) {
      const r = rows[i];
      out[i] = new StoredEvent(r[0], r[1], r[2], r[3], r[4], r[5], r[6]);
    }
    return out;
  }

  async *subscribe(afterPosition: number, options: SubscribeOptions = {}): AsyncIterable<RecordedEvent> {
    const batch = options.batch ?? 500;
    let position = afterPosition;
    while (!options.signal?.aborted && !this.closed) {
      const page = this.readAllSync(position, batch);
      if (page.length > 0) {
        for (const e of page) {
          position = e.position;
          yield e;
          if (options.signal?.aborted) return;
        }
        continue;
      }
      await nextAppend(this.notifier, this.pollMs, options.signal);
    }
  }

  async streamInfo(stream: string): Promise<StreamInfo> {
    const head = this.headOf(stream);
    return head ? { exists: true, revision: head.revision } : { exists: false, revision: -1 };
  }

  async findByCommandId(commandId: string): Promise<RecordedEvent[]> {
    return (this.stmt.byCommand.all(commandId) as Row[]).map(toEvent);
  }

  async headPosition(): Promise<number> {
    return (this.stmt.maxPosition.get() as { p: number }).p;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.flush();
    this.closed = true;
    this.notifier.emit('closed');
    this.db.close();
  }
}
