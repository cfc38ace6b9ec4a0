import type { EventStore } from '../store/event-store.port.js';
import { KurrentDbEventStore } from '../store/kurrentdb/kurrentdb-event-store.js';
import { PostgresEventStore } from '../store/postgres/postgres-event-store.js';
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
