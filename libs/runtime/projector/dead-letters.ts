import type Database from 'better-sqlite3';
import type { RecordedEvent } from '../../store/event-store.port.js';
import type { Projection } from '../projections/projection.js';

export interface DeadLetter {
  readonly id: number;
  readonly eventId: string | null;
  readonly position: number | null;
  readonly type: string | null;
  readonly projection: string;
  readonly error: string;
  readonly attempts: number;
  readonly recordedAt: string;
}

/**
 * The dead letters of this projector, in a table of its read-model database: written in the same
 * transaction as the batch that gave up on the event (so a crash cannot lose one), published to the
 * dead-letter topic afterwards (`published` marks those the broker acknowledged).
 */
export class DeadLetterTable {
  private readonly stmt;

  constructor(db: Database.Database) {
    db.exec(`CREATE TABLE IF NOT EXISTS dead_letters (
      id INTEGER PRIMARY KEY AUTOINCREMENT, event_id TEXT, position INTEGER, type TEXT, projection TEXT NOT NULL,
      error TEXT NOT NULL, attempts INTEGER NOT NULL, body TEXT, recorded_at TEXT NOT NULL, published INTEGER NOT NULL DEFAULT 0
    )`);
    this.stmt = {
      insert: db.prepare('INSERT INTO dead_letters (event_id, position, type, projection, error, attempts, body, recorded_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)'),
      unpublished: db.prepare('SELECT id, projection, error, attempts, body FROM dead_letters WHERE published = 0 ORDER BY id'),
      markPublished: db.prepare('UPDATE dead_letters SET published = 1 WHERE id = ?'),
      count: db.prepare('SELECT count(*) AS n FROM dead_letters'),
      last: db.prepare('SELECT * FROM dead_letters ORDER BY id DESC LIMIT 1'),
    };
  }

  record(entry: { event: RecordedEvent | null; projection: string; error: unknown; attempts: number; body: string }): void {
    const e = entry.event;
    const error = String((entry.error as Error)?.message ?? entry.error);
    this.stmt.insert.run(e?.id ?? null, e?.position ?? null, e?.type ?? null, entry.projection, error, entry.attempts, entry.body, new Date().toISOString());
  }

  unpublished(): Array<{ id: number; projection: string; error: string; attempts: number; body: string | null }> {
    return this.stmt.unpublished.all() as Array<{ id: number; projection: string; error: string; attempts: number; body: string | null }>;
  }

  markPublished(id: number): void {
    this.stmt.markPublished.run(id);
  }

  count(): number {
    return (this.stmt.count.get() as { n: number }).n;
  }

  last(): DeadLetter | undefined {
    const row = this.stmt.last.get() as Record<string, unknown> | undefined;
    if (!row) return undefined;
    return {
      id: row.id as number,
      eventId: row.event_id as string | null,
      position: row.position as number | null,
      type: row.type as string | null,
      projection: row.projection as string,
      error: row.error as string,
      attempts: row.attempts as number,
      recordedAt: row.recorded_at as string,
    };
  }
}

/**
 * Forgets the dead letters a rebuild from the log has made moot: those of the rebuilt projections (all of them, and
 * the messages refused before any projection saw them, when `projections` is undefined: every read model is then the
 * log's). Returns how many were removed; a data dir without the table (not a projector's) is left as it is.
 */
export function clearDeadLetters(db: Database.Database, projections?: readonly string[]): number {
  if (!db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'dead_letters'").get()) return 0;
  if (projections === undefined) return db.prepare('DELETE FROM dead_letters').run().changes;
  const remove = db.prepare('DELETE FROM dead_letters WHERE projection = ?');
  return db.transaction(() => projections.reduce((n, p) => n + remove.run(p).changes, 0))();
}

/**
 * A projection whose reducer is tried `retries + 1` times on an event; if it still throws, the event
 * is handed to `deadLetter` (inside the batch's transaction) and skipped by this projection only, so
 * neither the other projections nor the later events of its partition wait for it.
 */
export function withDeadLetters(
  projection: Projection,
  retries: number,
  deadLetter: (event: RecordedEvent, projection: string, error: unknown, attempts: number) => void,
): Projection {
  return {
    name: projection.name,
    version: projection.version,
    handles: (type) => projection.handles(type),
    apply(event, docs) {
      let error: unknown;
      for (let attempt = 1; attempt <= retries + 1; attempt++) {
        try {
          projection.apply(event, docs);
          return;
        } catch (e) {
          error = e;
        }
      }
      deadLetter(event, projection.name, error, retries + 1);
    },
    ...(projection.flush ? { flush: (docs) => projection.flush!(docs) } : {}),
    // Documents it keeps in memory only, those it writes for recovery only, and how it rebuilds them for readers: as
    // the projection itself.
    ...(projection.transient ? { transient: projection.transient } : {}),
    ...(projection.recoveryOnly ? { recoveryOnly: projection.recoveryOnly } : {}),
    ...(projection.materialize ? { materialize: (collection, key, docs) => projection.materialize!(collection, key, docs) } : {}),
  };
}
