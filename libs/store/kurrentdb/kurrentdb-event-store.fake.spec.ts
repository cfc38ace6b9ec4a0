import { describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { UnavailableError } from '@kurrent/kurrentdb-client';
import { eventStoreContract, newEvent } from '../testing/event-store.contract.js';
import { WrongExpectedRevisionError } from '../event-store.port.js';
import { encodeEvents } from './kurrentdb-codec.js';
import { KurrentDbEventStore } from './kurrentdb-event-store.js';
import { FakeKurrentDbClient } from './testing/fake-kurrentdb-client.js';

/**
 * The adapter's own logic (hash chain, lane, duplicate detection, command index, position paging,
 * subscriptions) against an in-memory MODEL of the client. This is not KurrentDB: the real-server
 * run is kurrentdb-event-store.int.spec.ts with KURRENTDB_URL set.
 */
const fakeStore = (fake = new FakeKurrentDbClient()) => new KurrentDbEventStore({ client: fake.asClient() });

eventStoreContract('KurrentDB adapter over an in-memory model of the client (not a server)', {
  async create() {
    return fakeStore();
  },
  longStreamEvents: 3_000,
});

describe('KurrentDB adapter logic (in-memory model of the client)', () => {
  it('an `any` append chains to a head another writer wrote between its read and its write', async () => {
    const fake = new FakeKurrentDbClient();
    const store = fakeStore(fake);
    const s = `s-${randomUUID()}`;
    await store.append(s, [newEvent()], 'no-stream');
    const real = fake.appendToStream.bind(fake);
    let injected = false;
    fake.appendToStream = async (stream, events, options) => {
      if (!injected && stream === s) {
        injected = true;
        const [head] = await store.readStream(s, 0, 1);
        const other = encodeEvents(s, { revision: 0, hash: head.meta.hash }, [newEvent('other.Writer')]);
        await real(
          s,
          other.map((e) => e.data),
          { streamState: 0n },
        );
      }
      return real(stream, events, options);
    };
    const r = await store.append(s, [newEvent('mine.Any')], 'any');
    expect(r.revision).toBe(2);
    const evs = await store.readStream(s);
    expect(evs.map((e) => e.type)).toEqual(['test.Happened', 'other.Writer', 'mine.Any']);
    expect(evs[2].meta.prevHash).toBe(evs[1].meta.hash);
  });

  it('a checked append that loses the race to another writer fails with the actual revision', async () => {
    const fake = new FakeKurrentDbClient();
    const store = fakeStore(fake);
    const s = `s-${randomUUID()}`;
    await store.append(s, [newEvent()], 'no-stream');
    const real = fake.appendToStream.bind(fake);
    fake.appendToStream = async (stream, events, options) => {
      fake.appendToStream = real;
      const [head] = await store.readStream(s, 0, 1);
      await real(
        s,
        encodeEvents(s, { revision: 0, hash: head.meta.hash }, [newEvent(), newEvent()]).map((e) => e.data),
        { streamState: 0n },
      );
      return real(stream, events, options);
    };
    await expect(store.append(s, [newEvent()], 0)).rejects.toMatchObject({ expected: 0, actual: 2 });
    await expect(store.append(s, [newEvent()], 0)).rejects.toBeInstanceOf(WrongExpectedRevisionError);
  });

  it('recognises the retry of a write whose response was lost, and indexes its command then', async () => {
    const fake = new FakeKurrentDbClient();
    const store = fakeStore(fake);
    const s = `s-${randomUUID()}`;
    const cmd = randomUUID();
    const events = [newEvent('x.A', { a: 1 }, cmd), newEvent('x.B', { b: 2 }, cmd)];
    const real = fake.appendToStream.bind(fake);
    fake.appendToStream = async (stream, evs, options) => {
      fake.appendToStream = real;
      await real(stream, evs, options);
      throw new UnavailableError();
    };
    await expect(store.append(s, events, 'no-stream')).rejects.toBeInstanceOf(UnavailableError);
    expect(await store.findByCommandId(cmd)).toEqual([]);
    const retry = await store.append(s, events, 'no-stream');
    expect(retry.duplicate).toBe(true);
    expect(retry.events.map((e) => e.id)).toEqual(events.map((e) => e.id));
    expect((await store.findByCommandId(cmd)).map((e) => e.type)).toEqual(['x.A', 'x.B']);
    expect((await store.readStream(s)).length).toBe(2);
  });

  it('recognises a command re-decided after a crash left its events stored but unindexed', async () => {
    const fake = new FakeKurrentDbClient();
    const store = fakeStore(fake);
    const s = `s-${randomUUID()}`;
    await store.append(s, [newEvent()], 'no-stream');
    const [head] = await store.readStream(s, 0, 1);
    const cmd = randomUUID();
    const events = [newEvent('x.A', { a: 1 }, cmd), newEvent('x.B', { b: 2 }, cmd)];
    // The crash: events written, links not.
    const orphan = encodeEvents(s, { revision: 0, hash: head.meta.hash }, events);
    await fake.appendToStream(
      s,
      orphan.map((e) => e.data),
      { streamState: 0n },
    );
    expect(await store.findByCommandId(cmd)).toEqual([]);
    // The command handler re-reads the stream (now at revision 2) and appends the same decision there.
    const again = await store.append(s, events, 2);
    expect(again.duplicate).toBe(true);
    expect(again.events.map((e) => e.revision)).toEqual([1, 2]);
    expect((await store.findByCommandId(cmd)).map((e) => e.type)).toEqual(['x.A', 'x.B']);
    expect((await store.readStream(s)).length).toBe(3);
  });

  it('hides the command index links and system events from the global log', async () => {
    const store = fakeStore();
    const cmd = randomUUID();
    await store.append(`s-${randomUUID()}`, [newEvent('x.A', {}, cmd)], 'no-stream');
    const all = await store.readAll(0, 100);
    expect(all.map((e) => e.type)).toEqual(['x.A']);
    expect(await store.headPosition()).toBe(all[0].position);
  });

  it('refuses a batch that repeats an event id, and appends after close', async () => {
    const store = fakeStore();
    const e = newEvent();
    await expect(store.append('s', [e, { ...e }], 'no-stream')).rejects.toMatchObject({ name: 'EventIdConflictError' });
    await store.close();
    await expect(store.append('s', [newEvent()], 'no-stream')).rejects.toThrow(/closed/);
  });
});
