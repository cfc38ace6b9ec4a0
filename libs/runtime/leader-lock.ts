import pg from 'pg';

/** The relay's checkpoint (apps/relay/relay-checkpoint.ts has the interface; repeated here so runtime does not import an app). */
export interface LeaderCheckpoint {
  load(): Promise<number>;
  save(position: number): Promise<void>;
}

export interface PgLeaderLockOptions {
  readonly connectionString: string;
  /** What is locked: one active holder per name (the relay uses `arbitra-relay:<topic>`). */
  readonly name: string;
  /** How often a standby tries to take the lock (default 1000 ms). */
  readonly pollMs?: number;
  /** Longest wait between attempts while the database cannot be reached (default 10 s). */
  readonly maxBackoffMs?: number;
  /** Told of each failed attempt (database unreachable) and the wait before the next one. */
  readonly onRetry?: (error: unknown, waitMs: number) => void;
}

/** Waits `ms` or until `signal` aborts, and removes its listener either way. */
export async function abortableDelay(ms: number, signal: AbortSignal): Promise<void> {
  if (signal.aborted) return;
  let onAbort!: () => void;
  try {
    await new Promise<void>((resolve) => {
      const t = setTimeout(resolve, ms);
      onAbort = () => (clearTimeout(t), resolve());
      signal.addEventListener('abort', onAbort, { once: true });
    });
  } finally {
    signal.removeEventListener('abort', onAbort);
  }
}

/**
 * One active instance in the whole deployment: a PostgreSQL session-level advisory lock, held by a
 * dedicated connection for as long as the process lives. A standby polls `pg_try_advisory_lock`;
 * when the holder stops or dies (kill -9, lost machine), PostgreSQL ends its session and releases
 * the lock, and the next standby takes it.
 *
 * Fencing: the holder saves its checkpoint through that same connection, in a statement that also
 * checks it still holds the lock. A holder whose session was lost cannot save any more (its save
 * fails and it stops), so a new holder never has its checkpoint moved back by an old one.
 */
export class PgLeaderLock {
  private client: pg.Client | undefined;
  private lostHandlers: Array<(e: Error) => void> = [];

  constructor(private readonly options: PgLeaderLockOptions) {}

  /** The 64-bit key of the lock, computed by PostgreSQL from the name. */
  private static readonly KEY = 'hashtextextended($1, 0)';

  /**
   * Resolves true once this process holds the lock, false if `signal` aborted first. A database that cannot be reached
   * (restarting: 57P03, refused, dropped) is retried with a backoff doubling from the poll interval to `maxBackoffMs`;
   * the wait between polls leaves no listener behind on `signal` (a standby polls for days).
   */
  async acquire(signal: AbortSignal): Promise<boolean> {
    const pollMs = this.options.pollMs ?? 1000;
    let failures = 0;
    let lastError: unknown;
    while (!signal.aborted) {
      const client = new pg.Client({ connectionString: this.options.connectionString });
      client.on('error', () => {}); // reported through 'end' below once held
      try {
        await client.connect();
        const { rows } = await client.query<{ ok: boolean }>(`SELECT pg_try_advisory_lock(${PgLeaderLock.KEY}) AS ok`, [this.options.name]);
        if (rows[0].ok) {
          await client.query(`CREATE TABLE IF NOT EXISTS leader_checkpoints (name TEXT PRIMARY KEY, position BIGINT NOT NULL, saved_at TIMESTAMPTZ NOT NULL)`);
          this.client = client;
          client.on('end', () => this.lost(new Error(`the connection holding the leader lock ${this.options.name} ended`)));
          return true;
        }
        failures = 0;
      } catch (error) {
        failures++;
        lastError = error;
      }
      await client.end().catch(() => {});
      const wait = failures === 0 ? pollMs : Math.min(pollMs * 2 ** (failures - 1), this.options.maxBackoffMs ?? 10_000);
      if (failures > 0) this.options.onRetry?.(lastError, wait);
      await abortableDelay(wait, signal);
    }
    return false;
  }

  /** Called once if the lock is lost while held (its connection ended): stop acting as the leader. */
  onLost(handler: (e: Error) => void): void {
    this.lostHandlers.push(handler);
  }

  private lost(e: Error): void {
    if (!this.client) return;
    this.client = undefined;
    for (const h of this.lostHandlers.splice(0)) h(e);
  }

  /** A checkpoint kept in PostgreSQL (shared by every standby), saved only while this process holds the lock. */
  checkpoint(): LeaderCheckpoint {
    const name = this.options.name;
    const held = () => {
      if (!this.client) throw new Error(`not the holder of ${name}`);
      return this.client;
    };
    return {
      load: async () => {
        const { rows } = await held().query<{ position: string }>('SELECT position FROM leader_checkpoints WHERE name = $1', [name]);
        return rows.length ? Number(rows[0].position) : 0;
      },
      save: async (position) => {
        // Fenced: written only if this session still holds its advisory lock (the connection holds no other).
        const r = await held().query(
          `INSERT INTO leader_checkpoints (name, position, saved_at)
             SELECT $1, $2, now() WHERE EXISTS (SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND pid = pg_backend_pid() AND granted)
           ON CONFLICT (name) DO UPDATE SET position = excluded.position, saved_at = excluded.saved_at`,
          [name, position],
        );
        if (r.rowCount !== 1) throw new Error(`lost the leader lock ${name}: checkpoint ${position} not saved`);
      },
    };
  }

  /** Releases the lock (a clean stop: a standby takes over at its next poll). */
  async release(): Promise<void> {
    const client = this.client;
    this.client = undefined;
    this.lostHandlers = [];
    await client?.end().catch(() => {});
  }
}
