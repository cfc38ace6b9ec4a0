import { describe, expect, it } from '@jest/globals';
import pino from 'pino';
import { SqliteEventStore } from '../../libs/store/sqlite/sqlite-event-store.js';
import { newEvent } from '../../libs/store/testing/event-store.contract.js';
import type { RecordedEvent } from '../../libs/store/event-store.port.js';
import type { RelayCheckpoint } from './relay-checkpoint.js';
import { superviseRelay, type RelayLeadership, type RelayStatus } from './relay-supervisor.js';

const quiet = pino({ level: 'silent' });

function memoryCheckpoint(): RelayCheckpoint & { saves: number[] } {
  const saves: number[] = [];
  return { saves, load: async () => saves.at(-1) ?? 0, save: async (p) => void saves.push(p) };
}

async function until(condition: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 3000; i++) {
    if (condition()) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('superviseRelay (the relay process outlives its broker and its leader lock)', () => {
  it('keeps relaying after the broker refuses for longer than one client lives: a new client each term, nothing skipped', async () => {
    const store = new SqliteEventStore({ path: ':memory:', synchronous: 'OFF' });
    await store.append('s-1', [newEvent(), newEvent(), newEvent()], 'no-stream');
    let down = 3; // the first three clients fail (as kafkajs does once its retries are exhausted)
    const clients: string[] = [];
    const got: number[] = [];
    const checkpoint = memoryCheckpoint();
    const stop = new AbortController();
    const status: RelayStatus = { role: 'standby', position: null, lastError: null };
    const running = superviseRelay(
      {
        store,
        checkpoint,
        status,
        logger: quiet,
        backoffMs: 5,
        bus: () => {
          const n = clients.push('open') - 1;
          return {
            connect: async () => {
              if (down-- > 0) throw new Error('KafkaJSNumberOfRetriesExceeded: connect ECONNREFUSED');
            },
            publish: async (events: readonly RecordedEvent[]) => void got.push(...events.map((e) => e.position)),
            close: async () => void (clients[n] = 'closed'),
          };
        },
      },
      stop.signal,
    );
    await until(() => got.length === 3, 'the three events');
    expect(status).toEqual({ role: 'active', position: 3, lastError: 'KafkaJSNumberOfRetriesExceeded: connect ECONNREFUSED' });
    await store.append('s-1', [newEvent()], 0 + 2);
    await until(() => got.length === 4, 'the live event');
    stop.abort();
    await running;
    expect(got).toEqual([1, 2, 3, 4]);
    expect(status.role).toBe('stopped');
    expect(checkpoint.saves.at(-1)).toBe(4);
    expect(clients).toEqual(['closed', 'closed', 'closed', 'closed']); // every failed client was closed, and the last on stop
    await store.close();
  });

  it('goes back to standby when its leader lock is lost and relays again once it holds the lock, from the shared checkpoint', async () => {
    const store = new SqliteEventStore({ path: ':memory:', synchronous: 'OFF' });
    await store.append('s-1', [newEvent(), newEvent()], 'no-stream');
    const shared = memoryCheckpoint();
    let holds = false;
    let terms = 0;
    let releases = 0;
    let lose: ((e: Error) => void) | undefined;
    const leader: RelayLeadership = {
      acquire: async (signal) => {
        holds = true;
        terms++;
        return !signal.aborted;
      },
      onLost: (h) => void (lose = h),
      checkpoint: () => ({
        load: shared.load,
        save: async (p) => {
          if (!holds) throw new Error('not the holder');
          await shared.save(p);
        },
      }),
      release: async () => void ((holds = false), releases++),
    };
    const got: number[] = [];
    const stop = new AbortController();
    const running = superviseRelay(
      {
        store,
        checkpoint: memoryCheckpoint(),
        leader,
        logger: quiet,
        backoffMs: 5,
        bus: () => ({ connect: async () => {}, close: async () => {}, publish: async (es) => void got.push(...es.map((e) => e.position)) }),
      },
      stop.signal,
    );
    await until(() => got.length === 2, 'the first term');
    holds = false;
    lose!(new Error('the connection holding the leader lock ended'));
    await until(() => releases === 1, 'the lost term to end');
    await store.append('s-1', [newEvent()], 1);
    await until(() => terms === 2 && got.length === 3, 'the second term');
    stop.abort();
    await running;
    expect(got).toEqual([1, 2, 3]);
    expect(shared.saves).toEqual([2, 3]);
    await store.close();
  });
});
