import type pg from 'pg';

/**
 * Schema migrations for the PostgreSQL event log, applied in order on start (every process may
 * start at once: a transaction-scoped advisory lock lets one migrate while the others wait). A
 * released migration is never edited; a change is a new migration.
 *
 * `data` and `meta` are TEXT, not jsonb: the stored bytes are the canonical JSON the hash covers
 * (jsonb would re-order keys and normalise numbers). `hash` repeats `meta.hash` so the next append
 * reads a stream head without parsing JSON.
 *
 * `log_head` is the single-row position allocator: every append transaction locks it first
 * (SELECT … FOR UPDATE), takes the next positions from it and writes the new head back, so appends
 * commit one after another in position order (see PostgresEventStore on why).
 */
const MIGRATIONS: ReadonlyArray<{ version: number; name: string; sql: string }> = [
  {
    version: 1,
    name: 'event log, position allocator, immutability',
    sql: `
      CREATE TABLE events (
        position   BIGINT  PRIMARY KEY CHECK (position >= 1),
        id         TEXT    NOT NULL UNIQUE,
        stream     TEXT    NOT NULL,
        revision   INTEGER NOT NULL CHECK (revision >= 0),
        type       TEXT    NOT NULL,
        data       TEXT    NOT NULL,
        meta       TEXT    NOT NULL,
        hash       TEXT    NOT NULL,
        command_id TEXT    NOT NULL,
        UNIQUE (stream, revision)
      );
      CREATE INDEX events_command_id ON events (command_id);
      CREATE TABLE log_head (
        one      BOOLEAN PRIMARY KEY DEFAULT TRUE CHECK (one),
        position BIGINT  NOT NULL,
        hash     TEXT
      );
      INSERT INTO log_head (one, position, hash) VALUES (TRUE, 0, NULL);
      -- The log is append-only: the database itself refuses edits, deletes and truncation.
      CREATE FUNCTION arbitra_events_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN RAISE EXCEPTION 'events are immutable'; END $$;
      CREATE TRIGGER events_no_update BEFORE UPDATE OR DELETE ON events FOR EACH ROW EXECUTE FUNCTION arbitra_events_immutable();
      CREATE TRIGGER events_no_truncate BEFORE TRUNCATE ON events FOR EACH STATEMENT EXECUTE FUNCTION arbitra_events_immutable();
    `,
  },
  {
    // Signed checkpoints of the log head (checkpoints.ts), append-only like the events. `seq` is given by
    // the appender (max + 1 under a transaction lock: postgres-checkpoint-store.ts), not by a sequence, so it
    // is gapless and in commit order: a reader paging by seq never skips one committed late.
    version: 2,
    name: 'signed checkpoints',
    sql: `
      CREATE TABLE checkpoints (
        seq        BIGINT PRIMARY KEY CHECK (seq >= 1),
        position   BIGINT NOT NULL CHECK (position >= 1),
        hash       TEXT   NOT NULL,
        signed_at  TEXT   NOT NULL,
        key_id     TEXT   NOT NULL,
        public_key TEXT   NOT NULL,
        signature  TEXT   NOT NULL
      );
      CREATE FUNCTION arbitra_checkpoints_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN RAISE EXCEPTION 'checkpoints are append-only'; END $$;
      CREATE TRIGGER checkpoints_no_update BEFORE UPDATE OR DELETE ON checkpoints FOR EACH ROW EXECUTE FUNCTION arbitra_checkpoints_append_only();
      CREATE TRIGGER checkpoints_no_truncate BEFORE TRUNCATE ON checkpoints FOR EACH STATEMENT EXECUTE FUNCTION arbitra_checkpoints_append_only();
    `,
  },
  {
    // Issue 32: the answer to a keyed command that recorded nothing (a refusal, a no-op), shared by the servers on
    // this database for its retries (earlier-answers.port.ts). Beside the log, not in it; old rows are deleted.
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
    // Issue 32: append seals (seals.ts), one per append transaction while a signing key is configured, append-only.
    version: 4,
    name: 'append seals',
    sql: `
      CREATE TABLE seals (
        seq      BIGSERIAL PRIMARY KEY,
        position BIGINT NOT NULL CHECK (position >= 1),
        hash     TEXT   NOT NULL,
        key_id   TEXT   NOT NULL,
        mac      TEXT   NOT NULL
      );
      CREATE INDEX seals_position ON seals (position);
      CREATE FUNCTION arbitra_seals_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN RAISE EXCEPTION 'seals are append-only'; END $$;
      CREATE TRIGGER seals_no_update BEFORE UPDATE OR DELETE ON seals FOR EACH ROW EXECUTE FUNCTION arbitra_seals_append_only();
      CREATE TRIGGER seals_no_truncate BEFORE TRUNCATE ON seals FOR EACH STATEMENT EXECUTE FUNCTION arbitra_seals_append_only();
    `,
  },
];

export const PG_SCHEMA_VERSION = MIGRATIONS[MIGRATIONS.length - 1].version;

/** Applies pending migrations; refuses a log written by a newer build. Returns how many ran. */
export async function migratePostgres(client: pg.ClientBase): Promise<number> {
  await client.query('BEGIN');
  try {
    await client.query("SELECT pg_advisory_xact_lock(hashtext('arbitra-event-log-migrations'))");
    await client.query('CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL)');
    const rows = (await client.query<{ version: number }>('SELECT version FROM schema_migrations')).rows;
    const applied = new Set(rows.map((r) => r.version));
    const newest = Math.max(0, ...applied);
    if (newest > PG_SCHEMA_VERSION) {
      throw new Error(`the event log has schema version ${newest}, newer than this build knows (${PG_SCHEMA_VERSION}); upgrade Arbitra`);
    }
    let count = 0;
    for (const m of MIGRATIONS) {
      if (applied.has(m.version)) continue;
      await client.query(m.sql);
      await client.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [m.version, m.name]);
      count++;
    }
    await client.query('COMMIT');
    return count;
  } catch (e) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw e;
  }
}
