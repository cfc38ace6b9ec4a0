import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteSnapshotStore } from './sqlite-snapshot-store.js';

const tableSql = (path: string) => {
  const db = new Database(path, { readonly: true });
  try {
    return (db.prepare("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = 'snapshots'").get() as { sql: string }).sql;
  } finally {
    db.close();
  }
};

/** A multi-KB state, larger than a WITHOUT ROWID row keeps on its page. */
const bigState = JSON.stringify({ status: 'open', moves: Array.from({ length: 400 }, (_, i) => `move-${i}`) });
const snapshot = (stream: string, revision: number, state: string) => ({ stream, version: 1, revision, hash: `${revision}`.padStart(64, '0'), state });

describe('SqliteSnapshotStore', () => {
  let dir: string;
  let path: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'arbitra-snapshots-'));
    path = join(dir, 'snapshots.db');
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps one snapshot per stream, the newest, in a rowid table', () => {
    const store = new SqliteSnapshotStore(path);
    store.save(snapshot('game-1', 50, '{"turn":50}'));
    store.save(snapshot('game-1', 100, bigState));
    store.save(snapshot('game-2', 50, '{"turn":50}'));
    store.close();
    const reopened = new SqliteSnapshotStore(path);
    expect(reopened.load('game-1')).toEqual(snapshot('game-1', 100, bigState));
    expect(reopened.load('game-2')?.revision).toBe(50);
    expect(reopened.load('game-3')).toBeUndefined();
    reopened.close();
    expect(tableSql(path)).not.toMatch(/WITHOUT\s+ROWID/i);
  });

  it('opens a file whose snapshots table is WITHOUT ROWID: same snapshots, now in a rowid table', () => {
    const old = new Database(path);
    old.exec(`CREATE TABLE snapshots (
      stream TEXT PRIMARY KEY, version INTEGER NOT NULL, revision INTEGER NOT NULL, hash TEXT NOT NULL, state TEXT NOT NULL
    ) WITHOUT ROWID`);
    const insert = old.prepare('INSERT INTO snapshots (stream, version, revision, hash, state) VALUES (?, ?, ?, ?, ?)');
    for (const s of [snapshot('game-1', 100, bigState), snapshot('game-2', 50, '{"turn":50}')]) insert.run(s.stream, s.version, s.revision, s.hash, s.state);
    old.close();

    const store = new SqliteSnapshotStore(path);
    expect(store.load('game-1')).toEqual(snapshot('game-1', 100, bigState));
    expect(store.load('game-2')).toEqual(snapshot('game-2', 50, '{"turn":50}'));
    store.save(snapshot('game-2', 100, bigState));
    store.close();
    expect(tableSql(path)).not.toMatch(/WITHOUT\s+ROWID/i);

    // Opening it again leaves it as it is.
    const again = new SqliteSnapshotStore(path);
    expect(again.load('game-1')).toEqual(snapshot('game-1', 100, bigState));
    expect(again.load('game-2')).toEqual(snapshot('game-2', 100, bigState));
    again.close();
    const db = new Database(path, { readonly: true });
    expect(db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").pluck().all()).toEqual(['snapshots']);
    db.close();
  });
});
