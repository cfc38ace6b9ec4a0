import { describe, expect, it } from '@jest/globals';
import Database from 'better-sqlite3';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eventStoreContract, newEvent } from '../testing/event-store.contract.js';
import { EventIdConflictError, WrongExpectedRevisionError, type EventStore } from '../event-store.port.js';
import { verifyLog } from '../hash-chain.js';
import { WAL_AUTOCHECKPOINT_PAGES } from './open-log.js';
import { SqliteEventStore } from './sqlite-event-store.js';

const dir = () => mkdtempSync(join(tmpdir(), 'arbitra-store-'));

eventStoreContract('SQLite (file, WAL, synchronous=NORMAL)', {
  async create() {
    return new SqliteEventStore({ path: join(dir(), 'events.db'), synchronous: 'NORMAL', pollMs: 50 });
  },
  async reopen(store: EventStore) {
    const path = (store as SqliteEventStore).options.path;
    await store.close();
    return new SqliteEventStore({ path, synchronous: 'NORMAL' });
  },
  async tamper(store: EventStore, position: number, data: unknown) {
    // Only someone bypassing Arbitra can do this: drop the immutability trigger, edit, restore it.
    const db = (store as SqliteEventStore).db;
    db.exec('DROP TRIGGER events_no_update');
    db.prepare('UPDATE events SET data = ? WHERE position = ?').run(JSON.stringify(data), position);
  },
});

describe('SQLite event store specifics', () => {
  it('refuses UPDATE and DELETE on stored events at the database level', async () => {
    const store = new SqliteEventStore({ path: join(dir(), 'events.db') });
    const r = await store.append('game-1', [newEvent()], 'no-stream');
    expect(() => store.db.prepare('UPDATE events SET data = ? WHERE position = ?').run('{}', r.position)).toThrow(/immutable/);
    expect(() => store.db.prepare('DELETE FROM events').run()).toThrow(/immutable/);
    expect((await store.readStream('game-1')).length).toBe(1);
    await store.close();
  });

  it('uses WAL and synchronous=FULL by default so an acknowledged append survives power loss', async () => {
    const store = new SqliteEventStore({ path: join(dir(), 'events.db') });
    expect(store.db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(store.db.pragma('synchronous', { simple: true })).toBe(2); // 2 = FULL
    // Checkpoints every ~40 MB of WAL, not SQLite's ~4 MB (open-log.ts); each commit still syncs the WAL.
    expect(store.db.pragma('wal_autocheckpoint', { simple: true })).toBe(WAL_AUTOCHECKPOINT_PAGES);
    await store.close();
  });

  it('creates its schema on first start and refuses a log from a newer build', async () => {
    const path = join(dir(), 'events.db');
    const store = new SqliteEventStore({ path });
    store.db.prepare('INSERT INTO schema_migrations (version, name) VALUES (999, ?)').run('from the future');
    await store.close();
    expect(() => new SqliteEventStore({ path })).toThrow(/newer than this build/);
  });

  it('fails the whole batch, and stores none of it, when SQLite rolls the batch transaction back', async () => {
    const store = new SqliteEventStore({ path: join(dir(), 'events.db') });
    await store.append('before', [newEvent()], 'no-stream');
    // Stands in for disk-full or an I/O error: SQLite aborts the whole transaction, not one statement.
    store.db.exec("CREATE TRIGGER poison BEFORE INSERT ON events WHEN NEW.stream = 'poison' BEGIN SELECT RAISE(ROLLBACK, 'disk is full'); END");
    const results = await Promise.allSettled([
      store.append('a', [newEvent()], 'no-stream'),
      store.append('poison', [newEvent()], 'no-stream'),
      store.append('c', [newEvent()], 'no-stream'),
    ]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected']);
    for (const s of ['a', 'poison', 'c']) expect(await store.streamInfo(s)).toEqual({ exists: false, revision: -1 });
    store.db.exec('DROP TRIGGER poison');
    await store.append('c', [newEvent()], 'no-stream'); // the store still works afterwards
    expect(await store.headPosition()).toBe(2);
    await store.close();
  });

  it('an append that fails after writing part of its events rolls back alone; the rest of its burst commits', async () => {
    const store = new SqliteEventStore({ path: join(dir(), 'events.db') });
    const stored = newEvent();
    await store.append('before', [stored], 'no-stream');
    // Its second event reuses a stored id: found only at the INSERT, after its first event was written.
    const results = await Promise.allSettled([
      store.append('a', [newEvent()], 'no-stream'),
      store.append('half', [newEvent(), { ...newEvent(), id: stored.id }], 'no-stream'),
      store.append('c', [newEvent()], 'no-stream'),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((results[1] as PromiseRejectedResult).reason).toBeInstanceOf(EventIdConflictError);
    expect(await store.streamInfo('half')).toEqual({ exists: false, revision: -1 });
    expect(await store.headPosition()).toBe(3);
    await store.close();
  });

  it('commits a burst of concurrent appends in one transaction (group commit)', async () => {
    let commits = 0;
    const realTransaction = Database.prototype.transaction;
    // Count outermost transactions (savepoints nest inside them), in the transaction functions the store builds.
    Database.prototype.transaction = function (this: Database.Database, fn: (...a: unknown[]) => unknown) {
      const t = realTransaction.call(this, fn);
      return Object.assign((...a: unknown[]) => t(...a), t, {
        immediate: (...a: unknown[]) => {
          commits++;
          return t.immediate(...a);
        },
      });
    } as typeof realTransaction;
    let store: SqliteEventStore;
    try {
      store = new SqliteEventStore({ path: join(dir(), 'events.db') });
    } finally {
      Database.prototype.transaction = realTransaction;
    }
    await Promise.all(Array.from({ length: 32 }, (_, i) => store.append(`game-${i}`, [newEvent()], 'no-stream')));
    expect(commits).toBe(1);
    expect(await store.headPosition()).toBe(32);
    await store.close();
  });

  it('two stores on one file (two processes) appending to one stream in turn see each other: revisions and chain continue', async () => {
    const path = join(dir(), 'events.db');
    const a = new SqliteEventStore({ path });
    const b = new SqliteEventStore({ path });
    await a.append('game', [newEvent()], 'no-stream');
    await a.append('game', [newEvent()], 0);
    await b.append('game', [newEvent()], 1);
    // a last wrote revision 1; b has moved the stream to 2 since.
    await expect(a.append('game', [newEvent()], 1)).rejects.toMatchObject({ expected: 1, actual: 2 });
    const r = await a.append('game', [newEvent()], 2);
    expect(r.revision).toBe(3);
    await b.append('other', [newEvent()], 'no-stream');
    await a.append('game', [newEvent()], 3);
    expect((await a.readStream('game')).map((e) => e.revision)).toEqual([0, 1, 2, 3, 4]);
    expect(await verifyLog((after, limit) => a.readAll(after, limit))).toMatchObject({ ok: true, events: 6 });
    await b.close();
    await a.close();
  });

  it('acknowledges a retry again, once appended, whatever it expects, also inside one burst', async () => {
    const store = new SqliteEventStore({ path: join(dir(), 'events.db') });
    const events = [newEvent(), newEvent()];
    const [first, sameBurst] = await Promise.all([store.append('game', events, 'any'), store.append('game', events, 'any')]);
    expect([first.duplicate, sameBurst.duplicate]).toEqual([false, true]);
    for (const expected of ['any', 'no-stream', -1, 1] as const) {
      const retry = await store.append('game', events, expected);
      expect(retry).toMatchObject({ duplicate: true, revision: 1, position: first.position });
      expect(retry.events.map((e) => e.meta.hash)).toEqual(first.events.map((e) => e.meta.hash));
    }
    await expect(store.append('game', [newEvent()], 0)).rejects.toBeInstanceOf(WrongExpectedRevisionError);
    expect(await store.headPosition()).toBe(2);
    await store.close();
  });
});
