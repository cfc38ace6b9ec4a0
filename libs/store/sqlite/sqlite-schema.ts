import type Database from 'better-sqlite3';
import { anchorLegacyEvents } from './global-anchor.js';

/**
 * Schema migrations for the event log, applied in order on start. A released migration is never
 * edited; a change is a new migration. Each runs in its own transaction.
 */
const MIGRATIONS: ReadonlyArray<{ version: number; name: string; sql: string; run?: (db: Database.Database) => void }> = [
  {
    version: 1,
    name: 'event log',
    sql: `
      CREATE TABLE events (
        position   INTEGER PRIMARY KEY,
        id         TEXT    NOT NULL UNIQUE,
        stream     TEXT    NOT NULL,
        revision   INTEGER NOT NULL,
        type       TEXT    NOT NULL,
        data       TEXT    NOT NULL,
        meta       TEXT    NOT NULL,
        command_id TEXT    NOT NULL,
        UNIQUE (stream, revision)
      );
      CREATE INDEX events_command_id ON events (command_id);
      -- The log is append-only: the database itself refuses edits and deletes.
      CREATE TRIGGER events_no_update BEFORE UPDATE ON events
        BEGIN SELECT RAISE(ABORT, 'events are immutable: append a correction instead'); END;
      CREATE TRIGGER events_no_delete BEFORE DELETE ON events
        BEGIN SELECT RAISE(ABORT, 'events are immutable: append a correction instead'); END;
    `,
  },
  {
    // Issue 10 (audit): from here on every event carries a global link (global-chain.ts). A log with
    // earlier events gets one anchor event pinning them (nothing stored is edited). Signed checkpoints
    // of the log head are kept append-only beside the events (checkpoints.ts).
    version: 2,
    name: 'global chain and signed checkpoints',
    sql: `
      CREATE TABLE checkpoints (
        seq        INTEGER PRIMARY KEY,
        position   INTEGER NOT NULL,
        hash       TEXT    NOT NULL,
        signed_at  TEXT    NOT NULL,
        key_id     TEXT    NOT NULL,
        public_key TEXT    NOT NULL,
        signature  TEXT    NOT NULL
      );
      CREATE TRIGGER checkpoints_no_update BEFORE UPDATE ON checkpoints
        BEGIN SELECT RAISE(ABORT, 'checkpoints are append-only'); END;
      CREATE TRIGGER checkpoints_no_delete BEFORE DELETE ON checkpoints
        BEGIN SELECT RAISE(ABORT, 'checkpoints are append-only'); END;
    `,
    run: anchorLegacyEvents,
  },
  {
    // Issue 32: the answer to a keyed command that recorded nothing (a refusal, a no-op), for its retries
    // (earlier-answers.port.ts). Beside the log, not in it; rows older than the retention are deleted.
    version: 3,
    name: 'earlier answers',
    sql: `
      CREATE TABLE earlier_answers (
        command_id  TEXT PRIMARY KEY,
        stream      TEXT NOT NULL,
        actor       TEXT NOT NULL,
        fingerprint TEXT NOT NULL,
        answer      TEXT NOT NULL,
        recorded_at TEXT NOT NULL
      );
      CREATE INDEX earlier_answers_recorded_at ON earlier_answers (recorded_at);
    `,
  },
  {
    // Issue 32: append seals (seals.ts), one per append transaction while a signing key is configured..
    version: 4,
    name: 'append seals',
    sql: `
      CREATE TABLE seals (
        seq      INTEGER PRIMARY KEY,
        position INTEGER NOT NULL,
        hash     TEXT    NOT NULL,
        key_id   TEXT    NOT NULL,
        mac      TEXT    NOT NULL
      );
      CREATE INDEX seals_position ON seals (position);
      CREATE TRIGGER seals_no_update BEFORE UPDATE ON seals
        BEGIN SELECT RAISE(ABORT, 'seals are append-only'); END;
      CREATE TRIGGER seals_no_delete BEFORE DELETE ON seals
        BEGIN SELECT RAISE(ABORT, 'seals are append-only'); END;
    `,
  },
];

export const SCHEMA_VERSION = MIGRATIONS[MIGRATIONS.length - 1].version;

/** Applies pending migrations; refuses a log written by a newer build. Returns how many ran. */
export function migrate(db: Database.Database): number {
  db.exec('CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL)');
  const rows = db.prepare('SELECT version FROM schema_migrations').all() as { version: number }[];
  const applied = new Set(rows.map((r) => r.version));
  const newest = Math.max(0, ...applied);
  if (newest > SCHEMA_VERSION) {
    throw new Error(`the event log has schema version ${newest}, newer than this build knows (${SCHEMA_VERSION}); upgrade Arbitra`);
  }
  let count = 0;
  for (const m of MIGRATIONS) {
    if (applied.has(m.version)) continue;
    db.transaction(() => {
      db.exec(m.sql);
      m.run?.(db);
      db.prepare('INSERT INTO schema_migrations (version, name) VALUES (?, ?)').run(m.version, m.name);
    })();
    count++;
  }
  return count;
}
