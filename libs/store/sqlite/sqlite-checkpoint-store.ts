import type Database from 'better-sqlite3';
import { checkpointFromRow, type Checkpoint, type CheckpointRow, type CheckpointStore } from '../checkpoints.js';

/**
 * Checkpoints in the event log's own file (table `checkpoints`, append-only by trigger; schema migration 2).
 * The work is synchronous (better-sqlite3): each promise is settled when the method returns. One writer per
 * file, so `seq` (INTEGER PRIMARY KEY: max + 1) is gapless and in commit order.
 */
export class SqliteCheckpointStore implements CheckpointStore {
  constructor(private readonly db: Database.Database) {}

  async append(c: Checkpoint): Promise<void> {
    this.db
      .prepare('INSERT INTO checkpoints (position, hash, signed_at, key_id, public_key, signature) VALUES (?, ?, ?, ?, ?, ?)')
      .run(c.position, c.hash, c.signedAt, c.keyId, c.publicKey, c.signature);
  }

  async list(after = 0, limit = Number.MAX_SAFE_INTEGER): Promise<Array<Checkpoint & { seq: number }>> {
    return (this.db.prepare('SELECT * FROM checkpoints WHERE seq > ? ORDER BY seq LIMIT ?').all(after, limit) as CheckpointRow[]).map(checkpointFromRow);
  }

  async last(): Promise<Checkpoint | null> {
    const row = this.db.prepare('SELECT * FROM checkpoints ORDER BY seq DESC LIMIT 1').get() as CheckpointRow | undefined;
    return row ? checkpointFromRow(row) : null;
  }
}
