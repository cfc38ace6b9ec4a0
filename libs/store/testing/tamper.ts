import Database from 'better-sqlite3';
import { canonicalJson } from '../../domain/kernel/index.js';
import type { EventMeta, RecordedEvent } from '../event-store.port.js';
import { hashCanonical } from '../hash-chain.js';

/** An event as a tamperer handles it: plain data, without the store's position. */
export type LooseEvent = Omit<RecordedEvent, 'position'>;

export interface RewriteOptions {
  /**
   * What the tamperer recomputes after changing the events: `none`, each stream's chain (`streams`:
   * prevHash and hash, leaving global links as stored), or everything (`all`: streams and global links).
   */
  readonly rehash: 'none' | 'streams' | 'all';
  /** Leave the immutability triggers dropped (rewriteLog): by default they are created again, as a careful tamperer would. */
  readonly keepTriggersDropped?: boolean;
}

/**
 * The tamperer's edit, shared by the SQLite and PostgreSQL rewrites: the stored rows as events, `change` applied,
 * then the hashes recomputed as `options` say (none, each stream's chain, or streams and global links).
 */
export function tamperWith(
  rows: ReadonlyArray<Record<string, string | number>>,
  change: (events: LooseEvent[]) => LooseEvent[],
  options: RewriteOptions,
): LooseEvent[] {
  let events: LooseEvent[] = rows.map((r) => ({
    id: String(r.id),
    stream: String(r.stream),
    revision: Number(r.revision),
    type: String(r.type),
    data: JSON.parse(String(r.data)) as unknown,
    meta: JSON.parse(String(r.meta)) as EventMeta,
  }));
  events = change(events);
  if (options.rehash === 'none') return events;
  const heads = new Map<string, string>();
  let globalHead: string | null = null;
  return events.map((e) => {
    const meta: { -readonly [K in keyof EventMeta]?: EventMeta[K] } = { ...e.meta, prevHash: heads.get(e.stream) ?? null };
    if (options.rehash === 'all' && 'globalPrevHash' in e.meta) meta.globalPrevHash = globalHead;
    delete meta.hash;
    const hash = hashCanonical(e.id, e.stream, e.revision, e.type, canonicalJson(e.data), canonicalJson(meta));
    heads.set(e.stream, hash);
    globalHead = hash;
    return { ...e, meta: { ...meta, hash } as EventMeta };
  });
}

/**
 * Rewrites a SQLite event log the way someone with file access could (tests only): drops the
 * immutability triggers, reads every event, lets `change` edit the list, recomputes what the
 * tamperer chose, and writes the events back at positions 1..n. Nothing of Arbitra is used to write.
 */
export function rewriteLog(path: string, change: (events: LooseEvent[]) => LooseEvent[], options: RewriteOptions): void {
  const db = new Database(path);
  try {
    db.exec('DROP TRIGGER IF EXISTS events_no_update; DROP TRIGGER IF EXISTS events_no_delete;');
    const rows = db.prepare('SELECT id, stream, revision, type, data, meta FROM events ORDER BY position').all() as Array<Record<string, string | number>>;
    const events = tamperWith(rows, change, options);
    db.transaction(() => {
      db.prepare('DELETE FROM events').run();
      const insert = db.prepare('INSERT INTO events (position, id, stream, revision, type, data, meta, command_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?)');
      events.forEach((e, i) => insert.run(i + 1, e.id, e.stream, e.revision, e.type, canonicalJson(e.data), JSON.stringify(e.meta), e.meta.commandId));
    })();
    // A careful tamperer puts the triggers back (verify reports them missing otherwise).
    if (options.keepTriggersDropped !== true)
      db.exec(`
        CREATE TRIGGER events_no_update BEFORE UPDATE ON events BEGIN SELECT RAISE(ABORT, 'events are immutable: append a correction instead'); END;
        CREATE TRIGGER events_no_delete BEFORE DELETE ON events BEGIN SELECT RAISE(ABORT, 'events are immutable: append a correction instead'); END;
      `);
  } finally {
    db.close();
  }
}

/**
 * Appends one well-formed forged event to a SQLite log the way someone with file access could while a server may be
 * running (tests only): the event `make` returns, given the stored events, at the next position, its stream's next
 * revision, its stream and global links and its hash computed as the store would. Nothing of Arbitra is used to write.
 * Returns its position.
 */
export function appendForged(path: string, make: (events: LooseEvent[]) => LooseEvent): number {
  const db = new Database(path);
  try {
    return db
      .transaction(() => {
        const rows = db.prepare('SELECT id, stream, revision, type, data, meta FROM events ORDER BY position').all() as Array<Record<string, string | number>>;
        const events = tamperWith(rows, (e) => e, { rehash: 'none' });
        const e = make(events);
        const stream = events.filter((x) => x.stream === e.stream);
        const revision = stream.length ? stream[stream.length - 1].revision + 1 : 0;
        const meta: Record<string, unknown> = {
          ...e.meta,
          prevHash: stream.length ? stream[stream.length - 1].meta.hash : null,
          globalPrevHash: events.length ? events[events.length - 1].meta.hash : null,
        };
        delete meta.hash;
        const hash = hashCanonical(e.id, e.stream, revision, e.type, canonicalJson(e.data), canonicalJson(meta));
        const stored = { ...meta, hash };
        const info = db
          .prepare('INSERT INTO events (position, id, stream, revision, type, data, meta, command_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?)')
          .run(events.length + 1, e.id, e.stream, revision, e.type, canonicalJson(e.data), JSON.stringify(stored), e.meta.commandId);
        return Number(info.lastInsertRowid);
      })
      .immediate();
  } finally {
    db.close();
  }
}
