import { describe, expect, it } from '@jest/globals';
import { InProcessEventBus } from '../../libs/bus/in-process-event-bus.js';
import { SqliteEventStore } from '../../libs/store/sqlite/sqlite-event-store.js';
import { newEvent } from '../../libs/store/testing/event-store.contract.js';
import type { RecordedEvent } from '../../libs/store/event-store.port.js';
import type { RelayCheckpoint } from './relay-checkpoint.js';
import { Relay } from './relay.js';

/** An in-memory checkpoint that records every save. */
function memoryCheckpoint(start = 0): RelayCheckpoint & { saves: number[] } {
  const saves: number[] = [];
  return { saves, load: async () => saves.at(-1) ?? start, save: async (p) => void saves.push(p) };
}

describe('Relay (in-process bus, SQLite in memory)', () => {
  it('publishes the log in pages from the checkpoint and saves each page after its publish', async () => {
    const store = new SqliteEventStore({ path: ':memory:', synchronous: 'OFF' });
    await store.append(
      's-1',
      Array.from({ length: 7 }, () => newEvent()),
      'no-stream',
    );
    const bus = new InProcessEventBus();
    const seen: number[][] = [];
    bus.subscribe((events) => void seen.push(events.map((e) => e.position)));
    const checkpoint = memoryCheckpoint(2);
    const stop = new AbortController();
    const run = new Relay({ store, bus, checkpoint, batch: 2, onRelayed: (_, p) => p === 7 && stop.abort() }).run(stop.signal);
    await run;
    expect(seen).toEqual([[3, 4], [5, 6], [7]]);
    expect(checkpoint.saves).toEqual([4, 6, 7]);
    await store.close();
  });

  it('does not move the checkpoint when a publish fails, and stops with that error', async () => {
    const store = new SqliteEventStore({ path: ':memory:', synchronous: 'OFF' });
    await store.append('s-1', [newEvent(), newEvent()], 'no-stream');
    const checkpoint = memoryCheckpoint();
    const bus = {
      publish: async (_events: readonly RecordedEvent[]) => {
        throw new Error('broker unavailable');
      },
    };
    await expect(new Relay({ store, bus, checkpoint }).run(new AbortController().signal)).rejects.toThrow(/broker unavailable/);
    expect(checkpoint.saves).toEqual([]);
    await store.close();
  });

  it('relays an event appended after it started, then stops when aborted', async () => {
    const store = new SqliteEventStore({ path: ':memory:', synchronous: 'OFF' });
    const checkpoint = memoryCheckpoint();
    const stop = new AbortController();
    const got: string[] = [];
    const run = new Relay({
      store,
      bus: { publish: async (events) => void got.push(...events.map((e) => e.id)) },
      checkpoint,
      onRelayed: () => stop.abort(),
    }).run(stop.signal);
    const e = newEvent();
    await store.append('s-1', [e], 'no-stream'); // appended while the relay is idle
    await run;
    expect(got).toEqual([e.id]);
    expect(checkpoint.saves).toEqual([1]);
    await store.close();
  });

  it('stops when the stop signal fires while a page is being read (it does not wait for an append that never comes)', async () => {
    const sqlite = new SqliteEventStore({ path: ':memory:', synchronous: 'OFF' });
    const stop = new AbortController();
    // The stop arrives inside readAll, between the loop's check and the wait for the next append.
    const store = Object.assign(Object.create(sqlite) as SqliteEventStore, {
      readAll: async (after: number, limit: number) => {
        const page = await sqlite.readAll(after, limit);
        stop.abort();
        return page;
      },
    });
    const checkpoint = memoryCheckpoint();
    await expect(new Relay({ store, bus: { publish: async () => undefined }, checkpoint }).run(stop.signal)).resolves.toBeUndefined();
    await sqlite.close();
  });
});
