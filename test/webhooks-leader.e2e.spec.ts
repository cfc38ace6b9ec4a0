import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { WebhookDispatcher } from '../libs/runtime/features/webhooks/index.js';
import { RecordsHarness } from './support/records-harness.js';

/**
 * A server stopped while its webhook dispatcher is still taking the leader lock (several servers on one
 * PostgreSQL log): the lock is given back and the server stops. Once, a server SIGTERMed right after start
 * never exited: the lock arrived after the stop, and the dispatcher waited for a stop that had already happened.
 */
describe('webhooks: a stop while the leader lock is being taken', () => {
  let h: RecordsHarness;
  beforeAll(async () => {
    h = await RecordsHarness.start();
  });
  afterAll(async () => {
    await h.stop();
  });

  it('gives the lock back and stops, delivering nothing', async () => {
    let grant!: () => void;
    const granted = new Promise<void>((resolve) => (grant = resolve));
    const calls: string[] = [];
    const leader = {
      // The lock is taken only after the stop has aborted the wait (a connection that was already under way).
      acquire: async (signal: AbortSignal) => {
        calls.push('acquire');
        await granted;
        calls.push(signal.aborted ? 'granted after the stop' : 'granted');
        return true;
      },
      onLost: () => calls.push('onLost'),
      release: async () => void calls.push('release'),
    };
    const dispatcher = new WebhookDispatcher(h.core, undefined, undefined, undefined, { leader });
    await dispatcher.start();
    const stopped = dispatcher.stop();
    grant();
    await stopped;
    expect(calls).toEqual(['acquire', 'granted after the stop', 'release', 'release']);
    expect(dispatcher.delivering).toBe(false);
  });
});
