import { EventEmitter } from 'node:events';
import pg from 'pg';
import type { AppendResult, EventStore, ExpectedRevision, NewEvent, RecordedEvent, StreamInfo, SubscribeOptions } from '../event-store.port.js';
import { appendBatch, COLUMNS, toStored, translateUniqueViolation, type LogHead, type Outcome, type PendingAppend, type RawRow } from './postgres-append.js';
import { migratePostgres } from './postgres-schema.js';
import { nextAppend } from '../append-wake.js';
import { pooledTransaction } from './pg-transaction.js';
import { asStoreError, rethrowStoreError } from './pg-errors.js';
import { AppendSealing, headPoint, type LogPoint, type SealAt, type SealRow, type Sealer, type SealingLog } from '../seals.js';

export interface PostgresEventStoreOptions {
  /** e.g. `postgres://arbitra@db:5432/arbitra`. */
  readonly connectionString: string;
  /** Connections in the pool (reads, and appends when groupCommit is off). Default 10. */
  readonly poolSize?: number;
  /**
   * true (default): appends issued while this process's previous transaction runs share the next one
   * (one lock, one commit). false: every append is its own transaction. Either way one transaction at a
   * time per store; stores in other processes (or other store instances) race for the lock.
   */
  readonly groupCommit?: boolean;
  /** Longest wait of a live subscriber when no notification arrives (appends by a process it did not hear). Default 1000 ms. */
  readonly pollMs?: number;
  /** Tests only: runs inside an append transaction after its events are written, before COMMIT. */
  readonly beforeCommit?: (positions: readonly number[]) => Promise<void>;
}

/** The writers' advisory lock (see PostgresEventStore.soleWriter), a 64-bit key PostgreSQL computes from its name. */
const WRITERS_LOCK = "hashtextextended('arbitra-log-writers', 0)";

interface Pending extends PendingAppend {
  resolve: (r: AppendResult) => void;
  reject: (e: unknown) => void;
}

/**
 * The PostgreSQL event store: the same log as the SQLite store (per-stream and global hash chains,
 * idempotency by event id, revision checks, an append-only table), shared by any number of
 * processes on one database.
 *
 * Global order without gaps visible to readers. Positions come from the single-row allocator
 * `log_head`, which every append transaction locks (SELECT … FOR UPDATE) before it reads anything
 * and keeps until it commits. So a transaction can only take positions after the previous holder
 * has committed (or rolled back, leaving its positions to the next); appends commit in position
 * order and a reader never sees position n+1 while n is still uncommitted, so a subscriber that
 * reads `position > last seen` never skips a late commit. The other common answer (a sequence, and
 * readers stopping below the oldest in-flight transaction) would let writers run in parallel, but
 * appends here also need the previous event's hash for the global chain, which already serialises
 * them; one lock gives both. Throughput is bounded by one transaction at a time, so appends from
 * one process share a transaction (group commit). The revision check runs under that lock, and the
 * table's UNIQUE (stream, revision) and UNIQUE (id) enforce it in the database whatever a writer does.
 *
 * The lock is taken in its own statement: in READ COMMITTED each later statement takes a fresh
 * snapshot, so the stream heads read after the wait include the previous holder's commit (a
 * subquery in the locking statement would read its pre-wait snapshot).
 */
export class PostgresEventStore implements EventStore, SealingLog {
  /** API replicas share one database. */
  readonly sharedWriters = true;
  readonly pool: pg.Pool;
  /** Resolves once the schema is migrated; every call waits for it. */
  readonly ready: Promise<void>;
  private readonly notifier = new EventEmitter();
  /** Appends heard of so far (wake()): a subscriber that heard one while its read was in flight reads again at once. */
  private wakes = 0;
  private readonly groupCommit: boolean;
  private readonly pollMs: number;
  private queue: Pending[] = [];
  private writing: Promise<void> | null = null;
  private listener: Promise<pg.Client | null> | null = null;
  private listenFailures = 0;
  private relistenTimer: NodeJS.Timeout | undefined;
  private rejoinTimer: NodeJS.Timeout | undefined;
  private presence: Promise<pg.Client> | null = null;
  private sole = false;
  private joined = false;
  private closed = false;
  /** Seals each append transaction once a sealer is set (seals.ts). */
  private readonly seals = new AppendSealing();

  constructor(readonly options: PostgresEventStoreOptions) {
    this.pool = new pg.Pool({
      connectionString: options.connectionString,
      max: options.poolSize ?? 10,
      // A writer that hangs inside its transaction (a stopped process whose connection stays open) would hold the
      // allocator lock and stop every writer: the server ends such a session after a minute, rolling it back.
      idle_in_transaction_session_timeout: 60_000,
    });
    // An idle connection the server dropped: the next query reconnects; nothing to do here.
    this.pool.on('error', () => undefined);
    this.groupCommit = options.groupCommit ?? true;
    this.pollMs = options.pollMs ?? 1000;
    this.notifier.setMaxListeners(0);
    this.ready = this.pool.connect().then(async (client) => {
      try {
        await migratePostgres(client);
      } finally {
        client.release();
      }
    });
    this.ready.catch(() => undefined); // reported to every caller that awaits it
  }

  /** Connects and migrates; rejects when the database cannot be reached. */
  static async open(options: PostgresEventStoreOptions): Promise<PostgresEventStore> {
    const store = new PostgresEventStore(options);
    try {
      await store.ready;
    } catch (e) {
      await store.pool.end().catch(() => undefined);
      throw e;
    }
    return store;
  }

  append(stream: string, events: readonly NewEvent[], expected: ExpectedRevision): Promise<AppendResult> {
    if (this.closed) return Promise.reject(new Error('event store is closed'));
    if (events.length === 0) return Promise.reject(new Error('append needs at least one event'));
    return new Promise<AppendResult>((resolve, reject) => {
      this.queue.push({ stream, events, expected, resolve, reject });
      this.writing ??= this.drain();
    });
  }

  /**
   * One transaction at a time per process, in call order (so appends issued in order get positions in
   * order): with group commit, what queues meanwhile goes into the next transaction; without, one each.
   */
  private async drain(): Promise<void> {
    try {
      await this.ready;
    } catch (e) {
      for (const p of this.queue.splice(0)) p.reject(asStoreError(e));
      this.writing = null;
      return;
    }
    while (this.queue.length > 0) {
      // Up to about 5,000 events a transaction (one INSERT carries them all).
      let take = 0;
      for (let events = 0; take < this.queue.length && (take === 0 || (this.groupCommit && events + this.queue[take].events.length <= 5000)); take++) {
        events += this.queue[take].events.length;
      }
      const batch = this.queue.splice(0, take);
      if (batch.length === 1) await this.runAlone(batch[0]);
      else await this.runBatch(batch);
    }
    this.writing = null;
  }

  private async runBatch(batch: Pending[]): Promise<void> {
    let outcomes: Outcome[];
    try {
      outcomes = await this.transaction(batch);
    } catch {
      // The transaction failed as a whole (an unexpected constraint, a lost connection): nothing of it
      // committed, or (the connection lost during COMMIT) all of it did. Each append runs again alone:
      // only the one at fault fails, and one already stored comes back as stored (idempotent by event id).
      for (const p of batch) await this.runAlone(p);
      return;
    }
    this.settle(batch, outcomes);
  }

  private async runAlone(p: Pending): Promise<void> {
    try {
      this.settle([p], await this.transaction([p]));
    } catch (error) {
      const unique = (error as { code?: string }).code === '23505';
      const current = unique ? (await this.streamInfo(p.stream).catch(() => ({ revision: -1 }))).revision : -1;
      p.reject(asStoreError(translateUniqueViolation(error, p, current)));
    }
  }

  private settle(batch: readonly Pending[], outcomes: readonly Outcome[]): void {
    let appended = false;
    batch.forEach((p, i) => {
      const o = outcomes[i];
      if (o.ok) {
        appended ||= !o.value.duplicate;
        p.resolve(o.value);
      } else p.reject(o.error);
    });
    if (appended) this.wake();
  }

  /** An append was made or announced: subscribers waiting read the log. */
  private wake(): void {
    this.wakes++;
    this.notifier.emit('appended');
  }

  /** One transaction under the allocator lock; a refused append (found before it writes) fails alone. */
  private transaction(batch: readonly Pending[]): Promise<Outcome[]> {
    return pooledTransaction(this.pool, 'BEGIN; SELECT position, hash FROM log_head FOR UPDATE', async (client, [, locked]) => {
      const head: LogHead = { position: Number(locked.rows[0].position), hash: locked.rows[0].hash as string | null };
      const from = head.position;
      const { outcomes, sealed } = await appendBatch(client, batch, head, this.seals);
      if (this.options.beforeCommit && head.position > from) {
        await this.options.beforeCommit(Array.from({ length: head.position - from }, (_, i) => from + i + 1));
      }
      return { outcomes, sealed };
    }).then(({ outcomes, sealed }) => {
      if (sealed) this.seals.committed(sealed);
      return outcomes;
    });
  }

  sealWith(sealer: Sealer, trusted: LogPoint | null): void {
    this.seals.sealWith(sealer, trusted);
  }

  /** Seals the head under the allocator lock when it is the point this store trusts (sealWith) or already sealed. */
  async sealHead(): Promise<LogPoint | null> {
    if (!this.seals.active) return null;
    await this.ready;
    const point = await pooledTransaction(this.pool, 'BEGIN; SELECT position, hash FROM log_head FOR UPDATE', async (client, [, locked]) => {
      const head = headPoint(Number(locked.rows[0].position), locked.rows[0].hash as string | null);
      if (!head) return null;
      const rows = this.seals.knows(head)
        ? []
        : (await client.query<SealAt>('SELECT hash, key_id AS "keyId", mac FROM seals WHERE position = $1', [head.position])).rows;
      if (!this.seals.sealable(head, () => rows)) return null;
      const s = this.seals.seal(head);
      await client.query('INSERT INTO seals (position, hash, key_id, mac) VALUES ($1, $2, $3, $4)', [s.position, s.hash, s.keyId, s.mac]);
      return head;
    });
    if (point) this.seals.committed(point);
    return point;
  }

  async sealSnapshot(after: number, limit: number): Promise<{ head: LogPoint | null; anySeal: boolean; seals: SealRow[] }> {
    await this.ready;
    // One statement, one snapshot: an append commits its events, log_head and its seal together.
    const { rows } = await this.pool
      .query<{ head: string; headHash: string | null; any: boolean; position: string | null; hash: string; keyId: string; mac: string }>(
        `SELECT h.position AS head, h.hash AS "headHash", EXISTS (SELECT 1 FROM seals) AS any, s.position, s.hash, s.key_id AS "keyId", s.mac
           FROM log_head h
           LEFT JOIN LATERAL (SELECT position, hash, key_id, mac FROM seals WHERE position > $1 ORDER BY position DESC LIMIT $2) s ON TRUE`,
        [after, Math.min(limit, Number.MAX_SAFE_INTEGER)],
      )
      .catch(rethrowStoreError);
    const first = rows[0];
    const head = first ? headPoint(Number(first.head), first.headHash) : null;
    const seals = rows.filter((r) => r.position !== null).map((r) => ({ position: Number(r.position), hash: r.hash, keyId: r.keyId, mac: r.mac }));
    return { head, anySeal: first?.any ?? false, seals };
  }

  async hashAt(position: number): Promise<string | null> {
    await this.ready;
    const { rows } = await this.pool.query<{ hash: string }>('SELECT hash FROM events WHERE position = $1', [position]).catch(rethrowStoreError);
    return rows[0]?.hash ?? null;
  }

  async readStream(stream: string, fromRevision = 0, limit = Number.MAX_SAFE_INTEGER): Promise<RecordedEvent[]> {
    await this.ready;
    const sql = `SELECT ${COLUMNS} FROM events WHERE stream = $1 AND revision >= $2 ORDER BY revision LIMIT $3`;
    return (await this.pool.query<RawRow>({ text: sql, values: [stream, fromRevision, limit], rowMode: 'array' }).catch(rethrowStoreError)).rows.map(toStored);
  }

  async readAll(afterPosition: number, limit: number): Promise<RecordedEvent[]> {
    await this.ready;
    const sql = `SELECT ${COLUMNS} FROM events WHERE position > $1 ORDER BY position LIMIT $2`;
    return (await this.pool.query<RawRow>({ text: sql, values: [afterPosition, limit], rowMode: 'array' }).catch(rethrowStoreError)).rows.map(toStored);
  }

  async *subscribe(afterPosition: number, options: SubscribeOptions = {}): AsyncIterable<RecordedEvent> {
    const batch = options.batch ?? 500;
    let position = afterPosition;
    if (this.closed) return;
    await this.listen();
    while (!options.signal?.aborted && !this.closed) {
      // A read is a query in flight: an append announced meanwhile may be missing from its page, and a wait begun
      // after it would miss the announcement too (until pollMs).
      const wakes = this.wakes;
      let page: RecordedEvent[];
      try {
        page = await this.readAll(position, batch);
      } catch (error) {
        if (this.closed) return; // the pool ended under the read: the subscription ends, as on close
        throw error;
      }
      if (page.length > 0) {
        for (const e of page) {
          position = e.position;
          yield e;
          if (options.signal?.aborted) return;
        }
        continue;
      }
      if (this.wakes === wakes) await nextAppend(this.notifier, this.pollMs, options.signal);
    }
  }

  /**
   * One LISTEN connection per store, opened by the first subscriber: appends by other processes wake it. When it ends
   * (a database restart, a dropped connection) or cannot be opened, it is opened again after a backoff while the store
   * is open; until then the subscribers' poll (pollMs) still finds the appends.
   */
  private listen(): Promise<pg.Client | null> {
    this.listener ??= this.openListener();
    return this.listener;
  }

  private async openListener(): Promise<pg.Client | null> {
    await this.ready;
    // Refused once the store is closed; relisten() then stops too.
    const client = await this.ownClient('LISTEN', { connectionString: this.options.connectionString }).catch(() => null);
    if (!client) {
      this.relisten();
      return null;
    }
    client.on('notification', () => this.wake());
    try {
      await client.query('LISTEN arbitra_events');
    } catch {
      await client.end().catch(() => undefined);
      this.relisten();
      return null;
    }
    client.once('end', () => this.relisten()); // a restart or a dropped connection: reopened after a backoff
    if (this.listenFailures > 0) this.wake(); // appends while it was away were not notified: read now
    this.listenFailures = 0;
    return client;
  }

  /** Opens the LISTEN connection again after 100 ms, doubling up to 10 s while it keeps failing. */
  private relisten(): void {
    if (this.closed) return;
    const wait = Math.min(100 * 2 ** this.listenFailures++, 10_000);
    this.relistenTimer = setTimeout(() => {
      if (!this.closed) this.listener = this.openListener().catch(() => (this.relisten(), null));
    }, wait);
    this.relistenTimer.unref();
  }

  private closedRefusal(what: string): Error {
    return new Error(`event store is closed: its ${what} connection is not opened`);
  }

  /**
   * A connection outside the pool (LISTEN, the writers' lock), refused once the store is closed; one that connected
   * while it closed is ended, so close() leaves none open.
   */
  private async ownClient(what: string, config: pg.ClientConfig): Promise<pg.Client> {
    if (this.closed) throw this.closedRefusal(what);
    const client = new pg.Client(config);
    client.on('error', () => undefined); // followed by 'end'
    try {
      await client.connect();
    } catch (e) {
      await client.end().catch(() => undefined);
      throw e;
    }
    if (!this.closed) return client;
    await client.end().catch(() => undefined);
    throw this.closedRefusal(what);
  }

  async streamInfo(stream: string): Promise<StreamInfo> {
    await this.ready;
    const rows = (
      await this.pool.query<{ revision: number }>('SELECT max(revision) AS revision FROM events WHERE stream = $1', [stream]).catch(rethrowStoreError)
    ).rows;
    const revision = rows[0]?.revision;
    return revision === null || revision === undefined ? { exists: false, revision: -1 } : { exists: true, revision };
  }

  async findByCommandId(commandId: string): Promise<RecordedEvent[]> {
    await this.ready;
    const sql = `SELECT ${COLUMNS} FROM events WHERE command_id = $1 ORDER BY position`;
    return (await this.pool.query<RawRow>({ text: sql, values: [commandId], rowMode: 'array' }).catch(rethrowStoreError)).rows.map(toStored);
  }

  async headPosition(): Promise<number> {
    await this.ready;
    return Number((await this.pool.query<{ position: string }>('SELECT position FROM log_head').catch(rethrowStoreError)).rows[0].position);
  }

  /**
   * True for the first caller in the whole deployment (every process on this database) to claim `name`, false for
   * every later one: a step done once per deployment, not once per process or data dir (the bootstrap admin token).
   */
  async claimOnce(name: string): Promise<boolean> {
    await this.ready;
    const create = 'CREATE TABLE IF NOT EXISTS deployment_markers (name TEXT PRIMARY KEY, claimed_at TIMESTAMPTZ NOT NULL)';
    // Two processes creating the table at once: one of them sees the other's type or table (23505 / 42P07); it exists then.
    await this.pool.query(create).catch((e: { code?: string }) => {
      if (e.code !== '23505' && e.code !== '42P07') rethrowStoreError(e);
    });
    const r = await this.pool
      .query('INSERT INTO deployment_markers (name, claimed_at) VALUES ($1, now()) ON CONFLICT (name) DO NOTHING', [name])
      .catch(rethrowStoreError);
    return r.rowCount === 1;
  }

  /**
   * Writers of this log (issue 32): every process that appends holds the shared side of one session-level advisory
   * lock on its own connection, from its start until it closes. A crashed process's session ends when the OS closes its
   * socket; a lost host's session lasts until the server's TCP keepalive drops it (tcp_keepalives_idle, docs/audit.md). `soleWriter`
   * takes the exclusive side when no other process holds either, so a start can tell that nobody else appends: the
   * events past the last signed checkpoint are then not another live server's to sign. `joinWriters` takes the shared
   * side (waiting while another process's start holds the exclusive one) and gives the exclusive one back.
   */
  async soleWriter(): Promise<boolean> {
    const client = await this.presenceClient();
    if (this.sole) return true;
    this.sole = (await client.query<{ ok: boolean }>(`SELECT pg_try_advisory_lock(${WRITERS_LOCK}) AS ok`)).rows[0].ok;
    return this.sole;
  }

  async joinWriters(): Promise<void> {
    const client = await this.presenceClient();
    if (this.joined) return;
    // The same session may hold both sides: shared first, so there is no moment without either.
    await client.query(`SELECT pg_advisory_lock_shared(${WRITERS_LOCK})`);
    this.joined = true;
    if (this.sole) await client.query(`SELECT pg_advisory_unlock(${WRITERS_LOCK})`);
    this.sole = false;
  }

  private presenceClient(): Promise<pg.Client> {
    if (this.closed) return Promise.reject(this.closedRefusal("writers' lock"));
    this.presence ??= (async () => {
      await this.ready;
      // Keepalive, so this side notices a database host that is gone (the server's settings decide the other way).
      const config = { connectionString: this.options.connectionString, keepAlive: true, keepAliveInitialDelayMillis: 10_000 };
      const client = await this.ownClient("writers' lock", config);
      // The session ended (a database restart) and its lock with it: joined again on a new one, retried every second.
      client.once('end', () => {
        if (this.closed) return;
        const rejoin = this.joined;
        this.presence = null;
        this.sole = this.joined = false;
        if (rejoin) this.rejoinLater();
      });
      return client;
    })();
    this.presence.catch(() => (this.presence = null));
    return this.presence;
  }

  private rejoinLater(): void {
    if (this.closed) return;
    this.rejoinTimer = setTimeout(() => {
      if (!this.closed) this.joinWriters().catch(() => this.rejoinLater());
    }, 1000);
    this.rejoinTimer.unref();
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    // Reconnects pending are dropped, and none is scheduled from now on (relisten, rejoinLater, ownClient).
    clearTimeout(this.relistenTimer);
    clearTimeout(this.rejoinTimer);
    this.notifier.emit('closed');
    // Appends already accepted are written (or refused) before the connections close.
    while (this.writing) await this.writing;
    const listener = await this.listener?.catch(() => null);
    await listener?.end().catch(() => undefined);
    const presence = await this.presence?.catch(() => null);
    await presence?.end().catch(() => undefined);
    await this.pool.end();
  }
}
