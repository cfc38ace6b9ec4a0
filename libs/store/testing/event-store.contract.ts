import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { verifyLog } from '../hash-chain.js';
import { EventIdConflictError, WrongExpectedRevisionError, type EventStore, type NewEvent, type RecordedEvent } from '../event-store.port.js';

/**
 * The one contract every EventStore adapter must meet. Each adapter's spec calls this with a
 * factory; optional hooks cover what only some adapters can do in a test (reopen from disk,
 * tamper with a stored event behind the store's back).
 */
export interface ContractHarness {
  create(): Promise<EventStore>;
  /** Close and open the same storage again (durability across restarts). */
  reopen?(store: EventStore): Promise<EventStore>;
  /** Alter a stored event's data behind the store's back, to prove verification finds it. */
  tamper?(store: EventStore, position: number, data: unknown): Promise<void>;
  /** Streams in a shared server need unique names per test run. */
  streamPrefix?: string;
  /** How many events the long-stream test appends (the contract asks for 100k). */
  longStreamEvents?: number;
}

let seq = 0;
export function newEvent(type = 'test.Happened', data: unknown = { n: ++seq }, commandId = randomUUID()): NewEvent {
  return {
    id: randomUUID(),
    type,
    data,
    meta: {
      actor: { id: 'arbiter-1', role: 'arbiter' },
      commandId,
      correlationId: commandId,
      causationId: null,
      recordedAt: '2026-11-29T10:00:00.000Z',
      schemaVersion: 1,
    },
  };
}

async function collect(it: AsyncIterable<RecordedEvent>, n: number, controller: AbortController): Promise<RecordedEvent[]> {
  const out: RecordedEvent[] = [];
  for await (const e of it) {
    out.push(e);
    if (out.length === n) {
      controller.abort();
      break;
    }
  }
  return out;
}

export function eventStoreContract(name: string, harness: ContractHarness): void {
  describe(`EventStore contract: ${name}`, () => {
    let store: EventStore;
    const s = (label: string) => `${harness.streamPrefix ?? ''}${label}-${randomUUID()}`;

    beforeEach(async () => {
      store = await harness.create();
    });
    afterEach(async () => {
      await store.close();
    });

    it('appends to a new stream from revision 0 with increasing global positions', async () => {
      const stream = s('game');
      const r = await store.append(stream, [newEvent(), newEvent(), newEvent()], 'no-stream');
      expect(r.events.map((e) => e.revision)).toEqual([0, 1, 2]);
      expect(r.revision).toBe(2);
      const positions = r.events.map((e) => e.position);
      expect(positions[1]).toBeGreaterThan(positions[0]);
      expect(positions[2]).toBeGreaterThan(positions[1]);
      expect(await store.streamInfo(stream)).toEqual({ exists: true, revision: 2 });
      expect(await store.streamInfo(s('nothing'))).toEqual({ exists: false, revision: -1 });
    });

    it('hands back appended events as a read of the log gives them: key order, no undefined fields', async () => {
      const stream = s('game');
      // Keys out of canonical order and fields without a value, nested too: the log holds neither as given.
      const data = { second: 2, first: 1, none: undefined, board: { z: [{ y: 'b', x: 'a', gone: undefined }], a: null } };
      const appended = (await store.append(stream, [newEvent('test.Happened', data)], 'no-stream')).events[0];
      const [read] = await store.readStream(stream);
      expect(JSON.stringify(appended)).toBe(JSON.stringify(read));
      expect(appended.data).toStrictEqual(read.data);
      expect(appended.meta).toStrictEqual(read.meta);
      expect(Object.keys(appended.data as object)).toEqual(['board', 'first', 'second']);
    });

    it('reads a stream back in order, from a revision, with a limit', async () => {
      const stream = s('game');
      const sent = [newEvent('a.A', { i: 0 }), newEvent('a.B', { i: 1 }), newEvent('a.C', { i: 2 })];
      await store.append(stream, sent, 'no-stream');
      const all = await store.readStream(stream);
      expect(all.map((e) => [e.type, e.data])).toEqual(sent.map((e) => [e.type, e.data]));
      expect(all.map((e) => e.id)).toEqual(sent.map((e) => e.id));
      expect((await store.readStream(stream, 1, 1)).map((e) => e.revision)).toEqual([1]);
    });

    it('orders the global log across streams and reads it after a position', async () => {
      const a = s('a');
      const b = s('b');
      const r1 = await store.append(a, [newEvent()], 'no-stream');
      const r2 = await store.append(b, [newEvent()], 'no-stream');
      const r3 = await store.append(a, [newEvent()], 0);
      const page = await store.readAll(r1.position - 1, 1000);
      const mine = page.filter((e) => e.stream === a || e.stream === b);
      expect(mine.map((e) => e.position)).toEqual([r1.position, r2.position, r3.position]);
      const after = await store.readAll(r2.position, 1000);
      expect(after.some((e) => e.position <= r2.position)).toBe(false);
      expect(after.map((e) => e.id)).toContain(r3.events[0].id);
      expect(await store.headPosition()).toBeGreaterThanOrEqual(r3.position);
      // A page is full unless the log ends: the runners stop at a short page without reading again.
      expect(await store.readAll(r1.position - 1, 2)).toHaveLength(2);
      expect((await store.readAll(r1.position - 1, 1)).map((e) => e.position)).toEqual([r1.position]);
    });

    it('refuses an append whose expected revision does not match, and stores nothing', async () => {
      const stream = s('game');
      await store.append(stream, [newEvent(), newEvent()], 'no-stream');
      await expect(store.append(stream, [newEvent()], 'no-stream')).rejects.toBeInstanceOf(WrongExpectedRevisionError);
      await expect(store.append(stream, [newEvent()], 0)).rejects.toMatchObject({ expected: 0, actual: 1 });
      await expect(store.append(s('fresh'), [newEvent()], 3)).rejects.toBeInstanceOf(WrongExpectedRevisionError);
      expect((await store.readStream(stream)).length).toBe(2);
      await store.append(stream, [newEvent()], 1);
      await store.append(stream, [newEvent()], 'any');
      expect((await store.streamInfo(stream)).revision).toBe(3);
    });

    it('is idempotent by event id: a retried append returns the stored events and appends nothing', async () => {
      const stream = s('game');
      const events = [newEvent(), newEvent()];
      const first = await store.append(stream, events, 'no-stream');
      const retry = await store.append(stream, events, 'no-stream');
      expect(retry.duplicate).toBe(true);
      expect(retry.events.map((e) => [e.id, e.position, e.meta.hash])).toEqual(first.events.map((e) => [e.id, e.position, e.meta.hash]));
      expect((await store.readStream(stream)).length).toBe(2);
    });

    it('refuses an event id reused for different content', async () => {
      const stream = s('game');
      const e = newEvent('x.Y', { v: 1 });
      await store.append(stream, [e], 'no-stream');
      await expect(store.append(stream, [{ ...e, data: { v: 2 } }], 'any')).rejects.toBeInstanceOf(EventIdConflictError);
      expect((await store.readStream(stream)).map((x) => x.data)).toEqual([{ v: 1 }]);
    });

    it('finds the events a command produced by its command id', async () => {
      const stream = s('game');
      const cmd = randomUUID();
      await store.append(stream, [newEvent('x.A', {}, cmd), newEvent('x.B', {}, cmd)], 'no-stream');
      await store.append(stream, [newEvent()], 'any');
      expect((await store.findByCommandId(cmd)).map((e) => e.type)).toEqual(['x.A', 'x.B']);
      expect(await store.findByCommandId(randomUUID())).toEqual([]);
    });

    it('lets exactly one of many concurrent appends with the same expected revision win', async () => {
      const stream = s('race');
      const results = await Promise.allSettled(Array.from({ length: 16 }, () => store.append(stream, [newEvent()], 'no-stream')));
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
      expect(refused).toHaveLength(15);
      for (const r of refused) expect(r.reason).toBeInstanceOf(WrongExpectedRevisionError);
      expect((await store.readStream(stream)).length).toBe(1);
    });

    it('commits concurrent appends atomically and in order; a refused one fails alone', async () => {
      const good1 = s('g1');
      const bad = s('bad');
      const good2 = s('g2');
      await store.append(bad, [newEvent()], 'no-stream');
      const [a, b, c] = await Promise.allSettled([
        store.append(good1, [newEvent(), newEvent()], 'no-stream'),
        store.append(bad, [newEvent(), newEvent()], 'no-stream'),
        store.append(good2, [newEvent()], 'no-stream'),
      ]);
      expect(a.status).toBe('fulfilled');
      expect(b.status).toBe('rejected');
      expect(c.status).toBe('fulfilled');
      expect((await store.readStream(good1)).length).toBe(2);
      expect((await store.readStream(bad)).length).toBe(1);
      expect((await store.readStream(good2)).length).toBe(1);
      const pa = (a as PromiseFulfilledResult<{ position: number }>).value.position;
      const pc = (c as PromiseFulfilledResult<{ position: number }>).value.position;
      expect(pc).toBeGreaterThan(pa);
    });

    it('subscribes from any position: catch-up, then the live tail', async () => {
      const stream = s('live');
      const start = await store.headPosition();
      await store.append(stream, [newEvent(), newEvent()], 'no-stream');
      const controller = new AbortController();
      const received = collect(store.subscribe(start, { signal: controller.signal, batch: 1 }), 5, controller);
      // Appended after the subscription started: must arrive through the live tail.
      await new Promise((r) => setImmediate(r));
      await store.append(stream, [newEvent()], 1);
      await store.append(stream, [newEvent(), newEvent()], 2);
      const events = (await received).filter((e) => e.stream === stream);
      expect(events.map((e) => e.revision)).toEqual([0, 1, 2, 3, 4]);

      const mid = events[2].position;
      const c2 = new AbortController();
      const fromMiddle = await collect(store.subscribe(mid, { signal: c2.signal }), 2, c2);
      expect(fromMiddle.map((e) => e.revision)).toEqual([3, 4]);
    });

    it('stops a live subscription when its signal aborts', async () => {
      const controller = new AbortController();
      const head = await store.headPosition();
      const it = store.subscribe(head, { signal: controller.signal })[Symbol.asyncIterator]();
      const next = it.next();
      controller.abort();
      await expect(next).resolves.toMatchObject({ done: true });
    });

    it('chains hashes per stream: each event names the previous hash and the log verifies', async () => {
      const stream = s('chain');
      await store.append(stream, [newEvent(), newEvent()], 'no-stream');
      await store.append(stream, [newEvent()], 1);
      const evs = await store.readStream(stream);
      expect(evs[0].meta.prevHash).toBeNull();
      expect(evs[1].meta.prevHash).toBe(evs[0].meta.hash);
      expect(evs[2].meta.prevHash).toBe(evs[1].meta.hash);
      expect(evs.every((e) => /^[0-9a-f]{64}$/.test(e.meta.hash))).toBe(true);
      const report = await verifyLog((after, limit) => store.readAll(after, limit));
      expect(report.ok).toBe(true);
    });

    if (harness.tamper) {
      it('verification names the first altered event by stream, revision and position', async () => {
        const stream = s('tamper');
        const r = await store.append(stream, [newEvent('x.A', { score: 400 }), newEvent('x.B', { score: 420 })], 'no-stream');
        await harness.tamper!(store, r.events[0].position, { score: 500 });
        const report = await verifyLog((after, limit) => store.readAll(after, limit));
        expect(report.ok).toBe(false);
        expect(report.firstBreak).toMatchObject({ stream, revision: 0, position: r.events[0].position, problem: 'hash-mismatch' });
      });
    }

    if (harness.reopen) {
      it('keeps events and hashes intact across a restart', async () => {
        const stream = s('durable');
        const r = await store.append(stream, [newEvent(), newEvent()], 'no-stream');
        store = await harness.reopen!(store);
        const back = await store.readStream(stream);
        expect(back.map((e) => [e.id, e.position, e.meta.hash])).toEqual(r.events.map((e) => [e.id, e.position, e.meta.hash]));
        await store.append(stream, [newEvent()], 1);
        expect((await verifyLog((after, limit) => store.readAll(after, limit))).ok).toBe(true);
      });
    }

    it('holds a long stream in order and reads it back whole', async () => {
      const n = harness.longStreamEvents ?? 100_000;
      const stream = s('long');
      const chunk = 1000;
      for (let i = 0; i < n; i += chunk) {
        const events = Array.from({ length: Math.min(chunk, n - i) }, (_, j) => newEvent('long.Tick', { i: i + j }));
        await store.append(stream, events, i === 0 ? 'no-stream' : i - 1);
      }
      expect(await store.streamInfo(stream)).toEqual({ exists: true, revision: n - 1 });
      let expected = 0;
      for (let from = 0; from < n; from += 10_000) {
        for (const e of await store.readStream(stream, from, 10_000)) {
          expect(e.revision).toBe(expected);
          expect((e.data as { i: number }).i).toBe(expected);
          expected++;
        }
      }
      expect(expected).toBe(n);
    }, 120_000);
  });
}
