import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { getEventListeners } from 'node:events';
import pg from 'pg';
import { TcpProxy } from '../store/postgres/testing/tcp-proxy.js';
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

describeWithPostgres('PgLeaderLock when the database goes away', (serverUrl) => {
  let db: { url: string; drop: () => Promise<void> };
  beforeAll(async () => {
    db = await freshDatabase(serverUrl, 'arbitra_lock_fault');
  });
  afterAll(async () => {
    await db?.drop();
  });

  it('a standby polling for a long time leaves no abort listener behind on its signal (no leak per poll)', async () => {
    const holder = new PgLeaderLock({ connectionString: db.url, name: 'relay-leak', pollMs: 5 });
    const standby = new PgLeaderLock({ connectionString: db.url, name: 'relay-leak', pollMs: 5 });
    const stop = new AbortController();
    expect(await holder.acquire(stop.signal)).toBe(true);
    let added = 0;
    const add = stop.signal.addEventListener.bind(stop.signal);
    stop.signal.addEventListener = ((...a: Parameters<AbortSignal['addEventListener']>) => (added++, add(...a))) as AbortSignal['addEventListener'];
    const waiting = standby.acquire(stop.signal);
    for (let i = 0; i < 2000 && added < 30; i++) await new Promise((r) => setTimeout(r, 10));
    expect(added).toBeGreaterThanOrEqual(30); // 30 polls waited on the signal
    expect(getEventListeners(stop.signal, 'abort').length).toBeLessThanOrEqual(1); // the one of the poll in progress at most
    stop.abort();
    expect(await waiting).toBe(false);
    expect(getEventListeners(stop.signal, 'abort')).toHaveLength(0);
    await holder.release();
  }, 60_000);

  it('retries a database it cannot reach with a growing backoff, takes the lock once it is back, and tells the holder its connection was cut', async () => {
    const { proxy, url } = await TcpProxy.forUrl(db.url);
    const retries: number[] = [];
    const lock = new PgLeaderLock({ connectionString: url, name: 'relay-cut', pollMs: 20, maxBackoffMs: 160, onRetry: (_e, wait) => retries.push(wait) });
    const stop = new AbortController();
    await proxy.cut(); // refused, as while the server restarts
    const taking = lock.acquire(stop.signal);
    for (let i = 0; i < 1000 && retries.length < 5; i++) await new Promise((r) => setTimeout(r, 10));
    expect(retries.slice(0, 5)).toEqual([20, 40, 80, 160, 160]);
    await proxy.restore();
    expect(await taking).toBe(true);
    await lock.checkpoint().save(7);
    const lost = new Promise<Error>((resolve) => lock.onLost(resolve));
    await proxy.cut();
    expect((await lost).message).toMatch(/leader lock relay-cut/);
    await expect(lock.checkpoint().save(8)).rejects.toThrow(/not the holder/);
    await proxy.restore();
    expect(await lock.acquire(stop.signal)).toBe(true); // re-contends and holds it again
    expect(await lock.checkpoint().load()).toBe(7);
    await lock.release();
    await proxy.cut();
  }, 60_000);
});
