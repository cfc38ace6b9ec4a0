import { describe, expect, it } from '@jest/globals';
import { KurrentDbEventStore } from '../store/kurrentdb/kurrentdb-event-store.js';
import { loadConfig } from './config.js';
import { describeStore, openSelectedStore } from './store-selection.js';

describe('ARBITRA_STORE selects the event store', () => {
  it('defaults to the embedded SQLite log in the data directory', async () => {
    const config = loadConfig({ ARBITRA_DATA_DIR: '/srv/arbitra' });
    expect(config.store).toBe('sqlite');
    expect(await openSelectedStore(config)).toBeUndefined(); // ArbitraCore opens events.db itself
    expect(describeStore(config)).toBe('SQLite /srv/arbitra/events.db');
  });

  it('postgres takes ARBITRA_PG_URL, else DATABASE_URL, and refuses to start without either', () => {
    expect(loadConfig({ ARBITRA_STORE: 'postgres', ARBITRA_PG_URL: 'postgres://a@h/x', DATABASE_URL: 'postgres://b@h/y' }).pgUrl).toBe('postgres://a@h/x');
    expect(loadConfig({ ARBITRA_STORE: 'postgres', DATABASE_URL: 'postgres://b@h/y' }).pgUrl).toBe('postgres://b@h/y');
    expect(() => loadConfig({ ARBITRA_STORE: 'postgres' })).toThrow(/ARBITRA_STORE=postgres needs ARBITRA_PG_URL/);
    expect(describeStore(loadConfig({ ARBITRA_STORE: 'postgres', ARBITRA_PG_URL: 'postgres://arbitra:s3cret@db:5432/arbitra' }))).toBe(
      'PostgreSQL postgres://arbitra:***@db:5432/arbitra',
    );
  });

  it('postgres refuses to start when the database cannot be reached, naming the URL without its password', async () => {
    const config = loadConfig({ ARBITRA_STORE: 'postgres', ARBITRA_PG_URL: 'postgres://arbitra:s3cret@127.0.0.1:1/arbitra' });
    const opened = openSelectedStore(config);
    await expect(opened).rejects.toThrow('ARBITRA_STORE=postgres: cannot open the event log at postgres://arbitra:***@127.0.0.1:1/arbitra (ARBITRA_PG_URL)');
    await expect(opened).rejects.not.toThrow(/s3cret/);
  });

  it('kurrentdb uses the KurrentDB adapter with KURRENTDB_URL', async () => {
    expect(() => loadConfig({ ARBITRA_STORE: 'kurrentdb' })).toThrow(/needs KURRENTDB_URL/);
    const store = await openSelectedStore(loadConfig({ ARBITRA_STORE: 'kurrentdb', KURRENTDB_URL: 'kurrentdb://localhost:2113?tls=false' }));
    expect(store).toBeInstanceOf(KurrentDbEventStore);
    await store!.close();
  });

  it('refuses an unknown store, naming the variable', () => {
    expect(() => loadConfig({ ARBITRA_STORE: 'mongodb' })).toThrow('ARBITRA_STORE must be sqlite, postgres, kurrentdb (got mongodb)');
  });
});
