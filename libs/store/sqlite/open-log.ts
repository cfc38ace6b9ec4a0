import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { keepPrivate } from './private-file.js';

/**
 * SQLite checkpoints the WAL into the database file inside the commit that crosses this many pages
 * (SQLite's default: 1000, ~4 MB). At 10,000 (~40 MB) checkpoints come rarer and write a page that many
 * commits changed (random event-id and command-id index leaves) once: 32-writer bursts ~20% faster,
 * measured interleaved (bench/store.bench.ts --wal-autocheckpoint). Durability is unchanged: every
 * commit still syncs the WAL.
 */
export const WAL_AUTOCHECKPOINT_PAGES = 10_000;

/** Opens (creating it if need be) an event log file: private to the server's user, WAL, the given synchronous mode. */
export function openLog(path: string, synchronous: 'FULL' | 'NORMAL' | 'OFF'): Database.Database {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  keepPrivate(path);
  const db = new Database(path);
  db.pragma('journal_mode = WAL');
  keepPrivate(path);
  db.pragma(`synchronous = ${synchronous}`);
  db.pragma('busy_timeout = 5000');
  db.pragma(`wal_autocheckpoint = ${WAL_AUTOCHECKPOINT_PAGES}`);
  return db;
}
