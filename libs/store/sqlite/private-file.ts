import { chmodSync, closeSync, existsSync, openSync } from 'node:fs';

/** Owner read/write only: the log and the read models hold every recorded fact and name. */
export const PRIVATE_FILE_MODE = 0o600;

/**
 * Makes a SQLite database file (and its -wal and -shm companions) private to the server's user:
 * created 0600 before SQLite opens it (SQLite gives -wal/-shm the mode of the database file), and
 * tightened to 0600 when an older data dir left them readable by others. Call before and after opening.
 */
export function keepPrivate(path: string): void {
  if (path === ':memory:' || path === '') return;
  if (!existsSync(path)) closeSync(openSync(path, 'a', PRIVATE_FILE_MODE));
  for (const file of [path, `${path}-wal`, `${path}-shm`]) {
    if (existsSync(file)) chmodSync(file, PRIVATE_FILE_MODE);
  }
}
