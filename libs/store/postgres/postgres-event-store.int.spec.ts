import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { eventStoreContract, newEvent } from '../testing/event-store.contract.js';
import { verifyLog } from '../hash-chain.js';
import { StoreUnavailableError, WrongExpectedRevisionError, type EventStore, type RecordedEvent } from '../event-store.port.js';
import { PostgresEventStore, type PostgresEventStoreOptions } from './postgres-event-store.js';
import { describeWithPostgres, freshDatabase } from './testing/pg-test-env.js';

/**
 * The shared EventStore contract against a real PostgreSQL (ARBITRA_PG_URL; .ci/run starts one with
 * deploy/postgres/cluster.sh), once with group commit and once with one transaction per append,
 * plus what only this store does. Every contract test gets its own database. Writers on separate
 * connections race below; across processes in test/postgres-store-processes.e2e.spec.ts.
 */
describeWithPostgres('PostgreSQL event store', (serverUrl) => {
  let url = '';
  const drops: Array<() => Promise<void>> = [];
  beforeAll(async () => {
    const db = await freshDatabase(serverUrl, 'arbitra_store');
    url = db.url;
    drops.push(db.drop);
  });
  afterAll(async () => {
    for (const drop of drops) await drop();
  });
  const open = (o: Partial<PostgresEventStoreOptions> = {}) => PostgresEventStore.open({ connectionString: url, pollMs: 100, ...o });

  for (const groupCommit of [true, false]) {
    eventStoreContract(`PostgreSQL (groupCommit=${groupCommit})`, {
      // A database per test, as the SQLite contract has a file per test (the tamper test breaks its log on purpose).
      async create() {
        const db = await freshDatabase(serverUrl, 'arbitra_contract');
        drops.push(db.drop);
        return PostgresEventStore.open({ connectionString: db.url, pollMs: 100, groupCommit });
      },
      async reopen(store: EventStore) {
        await store.close();
        return PostgresEventStore.open({ connectionString: (store as PostgresEventStore).options.connectionString, pollMs: 100, groupCommit });
      },
      async tamper(store: EventStore, position: number, data: unknown) {
        // Only someone bypassing Arbitra can do this: disable the immutability trigger, edit, enable it.
        const client = await (store as PostgresEventStore).pool.connect();
        try {
          await client.query('ALTER TABLE events DISABLE TRIGGER events_no_update');
          await client.query('UPDATE events SET data = $1 WHERE position = $2', [JSON.stringify(data), position]);
          await client.query('ALTER TABLE events ENABLE TRIGGER events_no_update');
        } finally {
          client.release();
        }
      },
      // 100k (the contract's default) took 35 to 121 s here on two shared cores against the test's 120 s limit
      // (hashing ~0.1 ms an event in Node, then the INSERTs over a socket); 50k and 20k keep it well inside.
      longStreamEvents: groupCommit ? 50_000 : 20_000,
    });
  }

  describe('PostgreSQL event store specifics', () => {
    it('refuses UPDATE, DELETE and TRUNCATE on stored events at the database level', async () => {
      const store = await open();
      try {
        const r = await store.append(`immutable-${Date.now()}`, [newEvent()], 'no-stream');
        await expect(store.pool.query("UPDATE events SET data = '{}' WHERE position = $1", [r.position])).rejects.toThrow(/immutable/);
        await expect(store.pool.query('DELETE FROM events WHERE position = $1', [r.position])).rejects.toThrow(/immutable/);
        await expect(store.pool.query('TRUNCATE events')).rejects.toThrow(/immutable/);
        expect((await store.readStream(r.events[0].stream)).length).toBe(1);
      } finally {
        await store.close();
      }
    });

    it('creates its schema on first start and refuses a log from a newer build', async () => {
      const db = await freshDatabase(url, 'arbitra_schema');
      try {
        const store = await PostgresEventStore.open({ connectionString: db.url });
        expect(await store.headPosition()).toBe(0);
        await store.pool.query("INSERT INTO schema_migrations (version, name) VALUES (999, 'from the future')");
        await store.close();
        await expect(PostgresEventStore.open({ connectionString: db.url })).rejects.toThrow(/newer than this build/);
      } finally {
        await db.drop();
      }
    });

    it('lets exactly one of many store instances (each its own connections) win each revision of a stream', async () => {
      const stores = await Promise.all(Array.from({ length: 8 }, () => open()));
      try {
        const stream = `instances-${Date.now()}`;
        for (const expected of ['no-stream', 0, 1] as const) {
          const results = await Promise.allSettled(stores.map((s) => s.append(stream, [newEvent()], expected)));
          expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
          for (const r of results) if (r.status === 'rejected') expect(r.reason).toBeInstanceOf(WrongExpectedRevisionError);
        }
        expect((await stores[0].readStream(stream)).map((e) => e.revision)).toEqual([0, 1, 2]);
      } finally {
        await Promise.all(stores.map((s) => s.close()));
      }
    });

    it('chains every event to the previous position across streams and store instances (the global chain)', async () => {
      const a = await open();
      const b = await open({ groupCommit: false });
      try {
        const tag = `global-${Date.now()}`;
        await Promise.all([
          a.append(`${tag}-1`, [newEvent(), newEvent()], 'no-stream'),
          b.append(`${tag}-2`, [newEvent()], 'no-stream'),
          a.append(`${tag}-3`, [newEvent()], 'no-stream'),
          b.append(`${tag}-4`, [newEvent(), newEvent()], 'no-stream'),
        ]);
        const log = await a.readAll(0, 1_000_000);
        log.forEach((e, i) => {
          expect(e.position).toBe(i + 1); // no gaps
          expect(e.meta.globalPrevHash ?? null).toBe(i === 0 ? null : log[i - 1].meta.hash);
        });
        expect((await verifyLog((after, limit) => a.readAll(after, limit))).ok).toBe(true);
      } finally {
        await Promise.all([a.close(), b.close()]);
      }
    });

    it('never lets a reader skip an event whose transaction holds a lower position and commits after a later append', async () => {
      // Transaction A takes its position and then waits before COMMIT (a slow writer). B appends meanwhile
      // from another store (another connection). Were positions handed out without the allocator lock,
      // B would commit position n+1 while n is still open, and a subscriber that already read n+1 would
      // never see n. Here B must wait for A's lock, and the subscriber receives A then B, without a gap.
      const reader = await open();
      const start = await reader.headPosition();
      let releaseA!: () => void;
      const aPaused = new Promise<readonly number[]>((paused) => {
        const gate = new Promise<void>((r) => (releaseA = r));
        void open({
          beforeCommit: async (positions) => {
            paused(positions);
            await gate;
          },
        }).then((slow) => {
          aStore = slow;
          aDone = slow.append(`slow-${Date.now()}`, [newEvent()], 'no-stream');
        });
      });
      let aStore: PostgresEventStore | undefined;
      let aDone: Promise<unknown> | undefined;
      const fast = await open();
      const controller = new AbortController();
      const seen: RecordedEvent[] = [];
      const subscription = (async () => {
        for await (const e of reader.subscribe(start, { signal: controller.signal })) {
          seen.push(e);
          if (seen.length === 2) controller.abort();
        }
      })();
      try {
        const aPositions = await aPaused;
        expect(aPositions).toEqual([start + 1]);
        let bCommitted = false;
        const bDone = fast.append(`fast-${Date.now()}`, [newEvent()], 'no-stream').then((r) => ((bCommitted = true), r));
        // Wait until the database reports B blocked on A's lock (or fail if B commits first).
        const observer = new pg.Client({ connectionString: url });
        await observer.connect();
        try {
          for (;;) {
            expect(bCommitted).toBe(false);
            const waiting = await observer.query(
              "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE '%log_head%'",
            );
            if (waiting.rows[0].n === 1) break;
            await new Promise((r) => setTimeout(r, 20));
          }
        } finally {
          await observer.end();
        }
        expect(await reader.readAll(start, 10)).toEqual([]);
        expect(await reader.headPosition()).toBe(start);
        releaseA();
        const [, b] = await Promise.all([aDone, bDone]);
        await subscription;
        expect(seen.map((e) => e.position)).toEqual([start + 1, start + 2]);
        expect(b.position).toBe(start + 2);
        expect(seen[1].meta.globalPrevHash).toBe(seen[0].meta.hash);
      } finally {
        releaseA();
        controller.abort();
        await Promise.all([reader.close(), fast.close(), aStore?.close()]);
      }
    });

    it('survives the server ending a session mid-transaction (57P01 as in a restart): that append fails as unavailable, the next one succeeds', async () => {
      // Without an error listener on the checked-out client, the server's 57P01 is an unhandled 'error' event: the
      // process would end here. The session is ended while its transaction waits before COMMIT.
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      let kill = true;
      const store = await open({
        beforeCommit: async () => {
          if (!kill) return;
          kill = false;
          await admin.query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND state = 'idle in transaction'");
          // Let the client read the server's goodbye before COMMIT is sent (it arrives as an 'error' event, not a query error).
          for (let i = 0; i < 500; i++) {
            const left = await admin.query(
              "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND state = 'idle in transaction'",
            );
            if (left.rows[0].n === 0) break;
            await new Promise((r) => setTimeout(r, 10));
          }
          await new Promise((r) => setTimeout(r, 50));
        },
      });
      try {
        const stream = `restart-${Date.now()}`;
        const first = newEvent();
        const failed = await store.append(stream, [first], 'no-stream').then(
          () => null,
          (e: unknown) => e,
        );
        expect(failed).toBeInstanceOf(StoreUnavailableError);
        // A retry of the same event: stored once, whatever the failed attempt did.
        const retried = await store.append(stream, [first], 'any');
        expect(retried.events.map((e) => e.id)).toEqual([first.id]);
        expect((await store.readStream(stream)).map((e) => e.id)).toEqual([first.id]);
      } finally {
        await store.close();
        await admin.end();
      }
    });

    it('lets exactly one of several processes claim a once-per-deployment step (the bootstrap admin token)', async () => {
      const db = await freshDatabase(serverUrl, 'arbitra_claim');
      drops.push(db.drop);
      const stores = await Promise.all([1, 2, 3].map(() => PostgresEventStore.open({ connectionString: db.url })));
      try {
        const claims = await Promise.all(stores.map((s) => s.claimOnce('bootstrap-admin-token')));
        expect(claims.filter(Boolean)).toHaveLength(1);
        expect(await stores[0].claimOnce('bootstrap-admin-token')).toBe(false);
      } finally {
        await Promise.all(stores.map((s) => s.close()));
      }
    });
  });
});
