import { afterAll, beforeAll, expect, it } from '@jest/globals';
import pg from 'pg';
import { describeWithPostgres, freshDatabase } from '../store/postgres/testing/pg-test-env.js';
import { PgLeaderLock } from './leader-lock.js';

describeWithPostgres('PgLeaderLock (one active relay; a standby takes over)', (serverUrl) => {
  let db: { url: string; drop: () => Promise<void> };
  beforeAll(async () => {
    db = await freshDatabase(serverUrl, 'arbitra_lock');
  });
  afterAll(async () => {
    await db?.drop();
  });

  it('lets one holder act; when its session dies the standby takes the lock and the checkpoint, and the old holder can no longer save', async () => {
    const a = new PgLeaderLock({ connectionString: db.url, name: 'relay-t', pollMs: 50 });
    const b = new PgLeaderLock({ connectionString: db.url, name: 'relay-t', pollMs: 50 });
    const stop = new AbortController();
    expect(await a.acquire(stop.signal)).toBe(true);
    await a.checkpoint().save(41);
    let bHolds = false;
    const bAcquired = b.acquire(stop.signal).then((ok) => (bHolds = ok));
    await new Promise((r) => setTimeout(r, 300));
    expect(bHolds).toBe(false); // a standby while A holds it

    const lost = new Promise<Error>((resolve) => a.onLost(resolve));
    const admin = new pg.Client({ connectionString: db.url });
    await admin.connect();
    // A's session ends as a killed process's would (kill -9 closes its socket; the server ends the backend).
    await admin.query(`SELECT pg_terminate_backend(pid) FROM pg_locks WHERE locktype = 'advisory' AND granted AND pid <> pg_backend_pid()`);
    await admin.end();
    expect(await bAcquired).toBe(true);
    expect((await lost).message).toMatch(/leader lock relay-t/);
    expect(await b.checkpoint().load()).toBe(41); // takes over where A stopped
    await expect(a.checkpoint().save(40)).rejects.toThrow(/not the holder/);
    await b.checkpoint().save(50);
    expect(await b.checkpoint().load()).toBe(50);
    await b.release();
    await a.release();
  }, 30_000);
});
