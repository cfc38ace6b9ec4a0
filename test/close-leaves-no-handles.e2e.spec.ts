import { describe, expect, it } from '@jest/globals';
import { createHook } from 'node:async_hooks';
import { get } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describeWithPostgres, freshDatabase } from '../libs/store/postgres/testing/pg-test-env.js';
import { webhookDispatcher, type WebhookDispatcher } from '../libs/runtime/features/webhooks/index.js';
import { RecordsHarness } from './support/records-harness.js';
import { SseClient } from './support/sse-client.js';

/** Servers, sockets, child processes and timers: what can keep a Node process alive. */
const TRACKED = new Set(['TCPSERVERWRAP', 'TCPWRAP', 'PIPEWRAP', 'PROCESSWRAP', 'UDPWRAP', 'Timeout', 'FSEVENTWRAP', 'STATWATCHER']);
const OURS = /\/(libs|apps|test\/support)\//;

/**
 * Runs `body` and lists what it created that is still open afterwards, with where it was created: every tracked
 * resource not yet destroyed (a timer still pending, a socket or server not closed), referenced or not.
 */
async function leftOpenBy(body: () => Promise<void>): Promise<string[]> {
  const open = new Map<number, { type: string; resource: { hasRef?: () => boolean }; stack: string }>();
  const hook = createHook({
    init(id, type, _trigger, resource) {
      if (!TRACKED.has(type)) return;
      const limit = Error.stackTraceLimit;
      Error.stackTraceLimit = 40;
      const ours = (new Error().stack ?? '').split('\n').filter((l) => OURS.test(l) && !l.includes('node_modules'));
      Error.stackTraceLimit = limit;
      // Only what the code of this repository opened directly (not Jest's timers, not one opened in a library's callback).
      if (ours.length > 0)
        open.set(id, {
          type,
          resource: resource as { hasRef?: () => boolean },
          stack: ours
            .slice(0, 3)
            .map((l) => l.trim())
            .join(' < '),
        });
    },
    destroy: (id) => void open.delete(id),
  });
  hook.enable();
  try {
    await body();
    // A closed socket is gone once its peer answered the close: waited for, up to 10 s (a busy machine), not a fixed time.
    for (const until = Date.now() + 10_000; open.size > 0 && Date.now() < until;) await new Promise((resolve) => setTimeout(resolve, 10));
  } finally {
    hook.disable();
  }
  return [...open.values()].map((o) => `${o.type}${o.resource.hasRef?.() === false ? ' (unref)' : ''} from ${o.stack}`);
}

/**
 * A busy server (a metrics port, a checkpoint cadence, a live stream a client keeps open, a webhook) is stopped:
 * nothing of it may keep the process alive, or an embedding process (a test worker, a supervisor) never exits.
 */
async function runAndStop(env: Record<string, string>): Promise<void> {
  const h = await RecordsHarness.start(
    undefined,
    { checkpointEveryMinutes: 1 },
    { ARBITRA_METRICS_PORT: '0', ARBITRA_WEBHOOK_ALLOW_TARGETS: '127.0.0.1', ...env },
  );
  await h.app.listen(0, '127.0.0.1');
  const base = `http://127.0.0.1:${(h.app.getHttpServer().address() as AddressInfo).port}`;
  const chief = h.token('chief-arbiter', ['close-open'], 'chief-close');
  // A webhook whose receiver refuses connections (port 9, discard): its delivery is waiting for a retry at the stop.
  await h.post('/v1/webhooks', { id: 'down', url: 'http://127.0.0.1:9/hook', secret: 'close-shared-secret-42', eventTypes: ['tournament.'] }, h.token('admin'));
  await h.post('/v1/tournaments', { id: 'close-open', name: 'Close Open', discipline: 'scrabble', pairingSystems: ['round-robin'] }, chief);
  // Once settled the dispatcher has tried the delivery and waits on the (real) clock for its retry.
  await (webhookDispatcher(h.core) as WebhookDispatcher).settle();
  const deliveries = (await h.http().get('/v1/webhooks/down/deliveries').set('authorization', h.token('admin')).expect(200)).body;
  expect(deliveries.attempts.map((a: { outcome: string }) => a.outcome)).toEqual(['retry']);
  const live = await SseClient.open(base, '/v1/tournaments/close-open/live', { authorization: chief });
  await live.waitFor((e) => e.some((x) => x.event === 'tournament.TournamentCreated'));
  const metrics = await new Promise<number>((resolve, reject) => {
    get(`http://127.0.0.1:${(h.metricsServer!.address() as AddressInfo).port}/metrics`, { agent: false }, (res) =>
      res.resume().on('end', () => resolve(res.statusCode ?? 0)),
    ).on('error', reject);
  });
  expect(metrics).toBe(200);

  await h.stop();
  // The server ended the stream the client still held open.
  await live.ended;
}

describe('a stopped records server leaves nothing that keeps the process alive', () => {
  it('on the embedded SQLite log: its HTTP and metrics servers, live streams, checkpointer and webhook dispatcher are gone', async () => {
    expect(await leftOpenBy(() => runAndStop({}))).toEqual([]);
  });
});

describeWithPostgres('a stopped records server on PostgreSQL leaves nothing that keeps the process alive', (url) => {
  it('its pool, LISTEN and writers connections are closed too', async () => {
    const db = await freshDatabase(url);
    try {
      expect(await leftOpenBy(() => runAndStop({ ARBITRA_STORE: 'postgres', ARBITRA_PG_URL: db.url }))).toEqual([]);
    } finally {
      await db.drop();
    }
  });
});
