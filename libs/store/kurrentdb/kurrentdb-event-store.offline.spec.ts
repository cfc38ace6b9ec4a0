import { describe, expect, it } from '@jest/globals';
import { UnavailableError } from '@kurrent/kurrentdb-client';
import { newEvent } from '../testing/event-store.contract.js';
import { KurrentDbEventStore } from './kurrentdb-event-store.js';

/**
 * The real client with no server behind it (nothing listens on port 1): what can be checked here
 * about the wiring (the calls are accepted by the client and fail as a connection failure, not as a
 * malformed request) and about failing fast and stopping cleanly.
 */
const nowhere = () => new KurrentDbEventStore({ connectionString: 'kurrentdb://127.0.0.1:1?tls=false&maxDiscoverAttempts=1' });

describe('KurrentDB adapter with the real client and no server', () => {
  it('fails reads fast with UnavailableError instead of hanging or misreading', async () => {
    const store = nowhere();
    try {
      await expect(store.streamInfo('game-1')).rejects.toBeInstanceOf(UnavailableError);
      await expect(store.readStream('game-1', 3, 10)).rejects.toBeInstanceOf(UnavailableError);
      // Not mistaken for "no such position" (that would trigger the rescan from the start).
      await expect(store.readAll(12345, 10)).rejects.toBeInstanceOf(UnavailableError);
      await expect(store.headPosition()).rejects.toBeInstanceOf(UnavailableError);
      await expect(store.findByCommandId('cmd-1')).rejects.toBeInstanceOf(UnavailableError);
    } finally {
      await store.close();
    }
  });

  it('fails an append without writing anything when the server cannot be reached', async () => {
    const store = nowhere();
    try {
      await expect(store.append('game-1', [newEvent()], 'no-stream')).rejects.toBeInstanceOf(UnavailableError);
    } finally {
      await store.close();
    }
  });

  it('keeps a subscription retrying through a dropped connection until its signal aborts', async () => {
    const store = nowhere();
    const controller = new AbortController();
    const it = store.subscribe(0, { signal: controller.signal })[Symbol.asyncIterator]();
    const next = it.next();
    setTimeout(() => controller.abort(), 300);
    await expect(next).resolves.toMatchObject({ done: true });
    await store.close();
  });

  it('ends a subscription cleanly when its signal aborts while a read is failing (no error after the owner stopped it)', async () => {
    const store = nowhere();
    const controller = new AbortController();
    const it = store.subscribe(0, { signal: controller.signal })[Symbol.asyncIterator]();
    const next = it.next(); // the first page read is now in flight, bound to fail (nothing listens)
    controller.abort();
    await expect(next).resolves.toMatchObject({ done: true });
    await store.close();
  });

  it('ends a subscription when the store closes', async () => {
    const store = nowhere();
    const it = store.subscribe(0)[Symbol.asyncIterator]();
    const next = it.next();
    setTimeout(() => void store.close(), 300);
    await expect(next).resolves.toMatchObject({ done: true });
  });
});
