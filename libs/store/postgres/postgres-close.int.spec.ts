import { afterAll, expect, it } from '@jest/globals';
import { createHook } from 'node:async_hooks';
import type { EventEmitter } from 'node:events';
import pg from 'pg';
import type { RecordedEvent } from '../event-store.port.js';
import { newEvent } from '../testing/event-store.contract.js';
import { PostgresEventStore } from './postgres-event-store.js';
import { describeWithPostgres, freshDatabase } from './testing/pg-test-env.js';
import { TcpProxy } from './testing/tcp-proxy.js';

/** Waits for `ready()` to hold, looking again every 10 ms; fails naming `what` after 30 s (a busy machine). */
async function until(what: string, ready: () => boolean | Promise<boolean>): Promise<void> {
  for (const end = Date.now() + 30_000; !(await ready()); await new Promise((r) => setTimeout(r, 10))) {
    if (Date.now() > end) throw new Error(`still waiting for ${what}`);
  }
}

/** Timers the store code sets (by the function that set them) and which of them are still pending. */
function storeTimers() {
  const pending = new Map<number, string>();
  const seen = new Set<string>();
  const hook = createHook({
    init(id, type) {
      if (type !== 'Timeout') return;
      // The first named frame in the store's code (not a spec's): relisten, rejoinLater, nextAppend…
      const limit = Error.stackTraceLimit;
      Error.stackTraceLimit = 40;
      const stack = new Error().stack ?? '';
      Error.stackTraceLimit = limit;
      const frames = stack.split('\n').filter((l) => l.includes('/libs/store/') && !l.includes('.spec.'));
      const name = frames.map((l) => l.match(/at (?:\S+\.)?(\w+) \(/)?.[1]).find((n) => n !== undefined);
      if (!name) return;
      pending.set(id, name);
      seen.add(name);
    },
    destroy: (id) => void pending.delete(id),
  });
  hook.enable();
  return {
    seen,
    /** Still pending once the destroys queued so far are delivered (they come on the next turn of the event loop). */
    pending: async () => {
      await new Promise((r) => setImmediate(r));
      return [...pending.values()];
    },
    stop: () => hook.disable(),
  };
}

describeWithPostgres('PostgreSQL event store: its own connections (LISTEN, the writers’ lock) and close', (serverUrl) => {
  const drops: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const drop of drops) await drop();
  });

  const proxiedDatabase = async () => {
    const db = await freshDatabase(serverUrl, 'arbitra_close');
    drops.push(db.drop);
    const { proxy, url } = await TcpProxy.forUrl(db.url);
    return { db, proxy, url };
  };

  it("refuses the LISTEN and writers' lock connections after close, also a LISTEN asked for while the store was still migrating", async () => {
    const { proxy, url } = await proxiedDatabase();
    try {
      const store = new PostgresEventStore({ connectionString: url });
      // The first subscriber asks for the LISTEN connection before the schema is migrated; the store closes meanwhile.
      const early = store.subscribe(0)[Symbol.asyncIterator]();
      const first = early.next();
      await store.close();
      expect(await first).toEqual({ done: true, value: undefined });
      expect(proxy.accepted).toBe(1); // the migration's connection, nothing after

      const late: RecordedEvent[] = [];
      for await (const e of store.subscribe(0)) late.push(e);
      expect(late).toEqual([]);
      const refusal = "event store is closed: its writers' lock connection is not opened";
      await expect(store.soleWriter()).rejects.toThrow(refusal);
      await expect(store.joinWriters()).rejects.toThrow(refusal);
      expect(proxy.accepted).toBe(1);
    } finally {
      await proxy.cut();
    }
  });

  it('drops the reconnects pending at close (the LISTEN connection and the writers’ lock lost with the database): no timer is left', async () => {
    const { db, proxy, url } = await proxiedDatabase();
    const admin = new pg.Client({ connectionString: db.url });
    await admin.connect();
    const timers = storeTimers();
    const store = await PostgresEventStore.open({ connectionString: url, pollMs: 600_000 });
    try {
      await store.joinWriters();
      const subscriber = store.subscribe(0)[Symbol.asyncIterator]();
      const next = subscriber.next();
      await until('the LISTEN session', async () => {
        const { rows } = await admin.query(
          "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND query = 'LISTEN arbitra_events'",
        );
        return rows[0].n === 1;
      });
      // Its first read done, the subscriber waits for an append (its poll's timer): a cut before would fail that read.
      await until('the subscriber waiting for an append', () => timers.seen.has('nextAppend'));
      // The database goes away: both connections end and every reconnect is refused, so each waits on its timer.
      await proxy.cut();
      await until('a reconnect of each waiting on its timer', () => timers.seen.has('relisten') && timers.seen.has('rejoinLater'));
      await store.close();
      expect(await next).toEqual({ done: true, value: undefined });
      expect(await timers.pending()).toEqual([]);
    } finally {
      timers.stop();
      await store.close();
      await admin.end();
      await proxy.cut();
    }
  });

  it('while open, reopens the LISTEN connection the server ended: a subscriber hears the next append without waiting for its poll', async () => {
    const db = await freshDatabase(serverUrl, 'arbitra_relisten');
    drops.push(db.drop);
    const admin = new pg.Client({ connectionString: db.url });
    await admin.connect();
    const listening = async () =>
      (
        await admin.query<{ pid: number }>(
          "SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND query = 'LISTEN arbitra_events' AND state = 'idle'",
        )
      ).rows;
    // A poll of ten minutes: within this test only a notification (or the reopen's own read) wakes the subscriber.
    const reader = await PostgresEventStore.open({ connectionString: db.url, pollMs: 600_000 });
    const writer = await PostgresEventStore.open({ connectionString: db.url });
    const stop = new AbortController();
    const seen: string[] = [];
    const subscription = (async () => {
      for await (const e of reader.subscribe(0, { signal: stop.signal })) seen.push((e.data as { phase: string }).phase);
    })();
    try {
      await until('the LISTEN session', async () => (await listening()).length === 1);
      const [before] = await listening();
      await writer.append('probe', [newEvent('ListenProbe', { phase: 'before' })], 'any');
      await until('the append before', () => seen.includes('before'));
      await admin.query('SELECT pg_terminate_backend($1)', [before.pid]); // as a restart ends it (57P01)
      await until('a new LISTEN session', async () => (await listening()).some((r) => r.pid !== before.pid));
      await writer.append('probe', [newEvent('ListenProbe', { phase: 'after' })], 'any');
      await until('the append after', () => seen.includes('after'));
      expect(seen).toEqual(['before', 'after']);
    } finally {
      stop.abort();
      await writer.close();
      await reader.close();
      await subscription.catch(() => undefined);
      await admin.end();
    }
  });
  it('a subscriber that hears of an append while its read is in flight reads again at once, not after its poll', async () => {
    const db = await freshDatabase(serverUrl, 'arbitra_wake');
    drops.push(db.drop);
    // A poll of ten minutes: within this test only an announcement wakes the subscriber.
    const reader = await PostgresEventStore.open({ connectionString: db.url, pollMs: 600_000 });
    const writer = await PostgresEventStore.open({ connectionString: db.url });
    const notifier = (reader as unknown as { notifier: EventEmitter }).notifier;
    // The subscriber's first read finds the log empty; before that read returns, another process appends and the
    // reader hears its notification: the page lacks the event and no wait has begun yet.
    const read = reader.readAll.bind(reader);
    let raced = false;
    reader.readAll = async (after: number, limit: number) => {
      const page = await read(after, limit);
      if (!raced && page.length === 0) {
        raced = true;
        const heard = new Promise((resolve) => notifier.once('appended', resolve));
        await writer.append('probe', [newEvent('ListenProbe', { phase: 'during the read' })], 'any');
        await heard;
      }
      return page;
    };
    const stop = new AbortController();
    const seen: string[] = [];
    const subscription = (async () => {
      for await (const e of reader.subscribe(0, { signal: stop.signal })) seen.push((e.data as { phase: string }).phase);
    })();
    try {
      await until('the event appended during the read', () => seen.length > 0);
      expect([raced, seen]).toEqual([true, ['during the read']]);
    } finally {
      stop.abort();
      await writer.close();
      await reader.close();
      await subscription.catch(() => undefined);
    }
  });
});
