import { checkpointFromRow, type Checkpoint, type CheckpointRow, type CheckpointStore } from '../checkpoints.js';
import type { PostgresEventStore } from './postgres-event-store.js';
import { pooledTransaction } from './pg-transaction.js';

/**
 * Checkpoints in the PostgreSQL database the log is in (table `checkpoints`, append-only by trigger;
 * schema migration 2 of postgres-schema.ts), shared by every server on that database.
 *
 * Several servers may sign at once (docs/audit.md says why that is harmless). Their appends take a
 * transaction-scoped advisory lock and number the new row max(seq) + 1 in a statement that starts
 * after the lock is granted (READ COMMITTED: a fresh snapshot, which includes the previous holder's
 * commit). So `seq` is gapless and rows commit in seq order, as in SQLite: a federation paging
 * GET /v1/audit/checkpoints by `after` never skips a checkpoint committed late.
 */
export class PostgresCheckpointStore implements CheckpointStore {
  /** Uses the event store's connections; every call waits for its migrations (`ready`). */
  constructor(private readonly store: Pick<PostgresEventStore, 'pool' | 'ready'>) {}

  async append(c: Checkpoint): Promise<void> {
    await this.store.ready;
    await pooledTransaction(this.store.pool, "BEGIN; SELECT pg_advisory_xact_lock(hashtext('arbitra-checkpoints'))", (client) =>
      client.query(
        `INSERT INTO checkpoints (seq, position, hash, signed_at, key_id, public_key, signature)
           SELECT coalesce(max(seq), 0) + 1, $1, $2, $3, $4, $5, $6 FROM checkpoints`,
        [c.position, c.hash, c.signedAt, c.keyId, c.publicKey, c.signature],
      ),
    );
  }

  async list(after = 0, limit = Number.MAX_SAFE_INTEGER): Promise<Array<Checkpoint & { seq: number }>> {
    await this.store.ready;
    const { rows } = await this.store.pool.query<CheckpointRow>('SELECT * FROM checkpoints WHERE seq > $1 ORDER BY seq LIMIT $2', [after, limit]);
    return rows.map(checkpointFromRow);
  }

  async last(): Promise<Checkpoint | null> {
    await this.store.ready;
    const { rows } = await this.store.pool.query<CheckpointRow>('SELECT * FROM checkpoints ORDER BY seq DESC LIMIT 1');
    return rows.length ? checkpointFromRow(rows[0]) : null;
  }
}
