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
 * A rowid table: a snapshot is a state of one to many KB, and a WITHOUT ROWID table spills a row over
 * about 1 KB (on 4 KB pages) into overflow pages; `npm run bench:snapshot` measured saves and loads
 * of 1–16 KB states 2–4× faster in the rowid table. Files of earlier versions are copied over once.
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
    migrateToRowidSnapshots(this.db);
    this.db.exec(`CREATE TABLE IF NOT EXISTS snapshots (${SNAPSHOTS_COLUMNS})`);
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

const isWithoutRowid = (db: Database.Database) => {
  const table = db.prepare("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = 'snapshots'").get() as { sql: string } | undefined;
  return table !== undefined && /WITHOUT\s+ROWID/i.test(table.sql);
};

/**
 * A file of an earlier version keeps its snapshots in a WITHOUT ROWID table: copied into a rowid
 * table once, in one transaction (taken for writing before it looks again, so two processes opening
 * the same old file copy it once).
 */
function migrateToRowidSnapshots(db: Database.Database): void {
  if (!isWithoutRowid(db)) return;
  db.transaction(() => {
    if (!isWithoutRowid(db)) return;
    db.exec(`
      ALTER TABLE snapshots RENAME TO snapshots_without_rowid;
      CREATE TABLE snapshots (${SNAPSHOTS_COLUMNS});
      INSERT INTO snapshots (stream, version, revision, hash, state) SELECT stream, version, revision, hash, state FROM snapshots_without_rowid;
      DROP TABLE snapshots_without_rowid;
    `);
  }).immediate();
}
