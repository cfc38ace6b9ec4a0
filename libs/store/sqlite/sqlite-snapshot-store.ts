import Database from 'better-sqlite3';
import { keepPrivate } from './private-file.js';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Snapshot, SnapshotStore } from '../snapshot-store.port.js';

/** The snapshot table's columns: one row per stream. */
export const SNAPSHOTS_COLUMNS = 'stream TEXT PRIMARY KEY, version INTEGER NOT NULL, revision INTEGER NOT NULL, hash TEXT NOT NULL, state TEXT NOT NULL';

/**
 * Snapshots in a SQLite file of their own, beside the log. It is a cache: synchronous OFF (a lost
 * snapshot is folded again from the log), one row per stream (the newest snapshot replaces the last).
 */
export class SqliteSnapshotStore implements SnapshotStore {
  private readonly db: Database.Database;
  private readonly stmt;

  constructor(path: string) {
    if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
    keepPrivate(path);
    this.db = new Database(path);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = OFF');
    keepPrivate(path);
    this.db.exec(`CREATE TABLE IF NOT EXISTS snapshots (${SNAPSHOTS_COLUMNS}) WITHOUT ROWID`);
    this.stmt = {
      load: this.db.prepare('SELECT stream, version, revision, hash, state FROM snapshots WHERE stream = ?'),
      save: this.db.prepare(
        'INSERT INTO snapshots (stream, version, revision, hash, state) VALUES (?, ?, ?, ?, ?) ' +
          'ON CONFLICT (stream) DO UPDATE SET version = excluded.version, revision = excluded.revision, hash = excluded.hash, state = excluded.state',
      ),
    };
  }

  load(stream: string): Snapshot | undefined {
    return this.stmt.load.get(stream) as Snapshot | undefined;
  }

  save(s: Snapshot): void {
    this.stmt.save.run(s.stream, s.version, s.revision, s.hash, s.state);
  }

  close(): void {
    if (this.db.open) this.db.close();
  }
}
