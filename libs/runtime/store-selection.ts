import { MemoryEarlierAnswerStore, type EarlierAnswerStore } from '../store/earlier-answers.port.js';
import type { EventStore } from '../store/event-store.port.js';
import { KurrentDbEventStore } from '../store/kurrentdb/kurrentdb-event-store.js';
import { PostgresEarlierAnswerStore } from '../store/postgres/postgres-earlier-answers.js';
import { PostgresEventStore } from '../store/postgres/postgres-event-store.js';
import { SqliteEarlierAnswerStore } from '../store/sqlite/sqlite-earlier-answers.js';
import { SqliteEventStore } from '../store/sqlite/sqlite-event-store.js';
import type { ArbitraConfig } from './config.js';

/**
 * The event store ARBITRA_STORE names: a PostgreSQL or KurrentDB store, or undefined for the
 * embedded SQLite log (ArbitraCore opens events.db in the data dir itself). PostgreSQL is connected
 * and migrated before this resolves, so a wrong URL stops the server at start.
 */
export async function openSelectedStore(config: Pick<ArbitraConfig, 'store' | 'pgUrl' | 'kurrentdbUrl'>): Promise<EventStore | undefined> {
  switch (config.store) {
    case 'sqlite':
      return undefined;
    case 'postgres':
      try {
        return await PostgresEventStore.open({ connectionString: config.pgUrl! });
      } catch (e) {
        throw new Error(`ARBITRA_STORE=postgres: cannot open the event log at ${hidePassword(config.pgUrl!)} (ARBITRA_PG_URL): ${(e as Error).message}`, {
          cause: e,
        });
      }
    case 'kurrentdb':
      return new KurrentDbEventStore({ connectionString: config.kurrentdbUrl! });
  }
}

/**
 * Where the answers to keyed commands that recorded nothing are kept: a table beside the log in events.db or the log's
 * PostgreSQL database; in process memory for a KurrentDB log (docs/kurrentdb.md) and any other store.
 */
export function earlierAnswerStoreOf(store: EventStore): EarlierAnswerStore {
  if (store instanceof SqliteEventStore) return new SqliteEarlierAnswerStore(store.db);
  if (store instanceof PostgresEventStore) return new PostgresEarlierAnswerStore(store);
  return new MemoryEarlierAnswerStore();
}

/** Where the event log is, for the start banner (a URL without its password). */
export function describeStore(config: Pick<ArbitraConfig, 'store' | 'pgUrl' | 'kurrentdbUrl' | 'dataDir'>): string {
  if (config.store === 'postgres') return `PostgreSQL ${hidePassword(config.pgUrl!)}`;
  if (config.store === 'kurrentdb') return `KurrentDB ${hidePassword(config.kurrentdbUrl!)}`;
  return `SQLite ${config.dataDir}/events.db`;
}

function hidePassword(raw: string): string {
  try {
    const u = new URL(raw);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return '(unparsable URL)';
  }
}
