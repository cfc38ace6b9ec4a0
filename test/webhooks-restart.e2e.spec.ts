import { afterAll, afterEach, describe, expect, it } from '@jest/globals';
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { FEATURES } from '../apps/records/registry.js';
import { ArbitraCore } from '../libs/runtime/arbitra-core.js';
import { TournamentAggregate } from '../libs/runtime/features/tournament/index.js';
import { ManualClock, webhookDispatcher, type WebhookDispatcher } from '../libs/runtime/features/webhooks/index.js';
import { LOCAL_RECEIVER, RecordsHarness } from './support/records-harness.js';

interface Received {
  readonly headers: IncomingHttpHeaders;
  readonly body: { delivery: string; attempt: number; event: { type: string; position: number; data: Record<string, unknown> } };
}

/**
 * A local HTTP receiver. `answer` decides each request's status by its index (0, 1, …); null leaves the
 * request unanswered (the sender's stop cuts it).
 */
async function receiver(answer: (i: number) => number | null = () => 200) {
  const got: Received[] = [];
  const open: ServerResponse[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (body += c));
    req.on('end', () => {
      const status = answer(got.length);
      got.push({ headers: req.headers, body: JSON.parse(body) });
      if (status === null) return void open.push(res);
      res.statusCode = status;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    got,
    close: () => {
      for (const res of open) res.destroy();
      server.close();
    },
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
  };
}

/** Polls (bounded) until `ready()`: for what happens outside the dispatcher's settle(), such as a request arriving. */
async function until(ready: () => boolean, what: string): Promise<void> {
  // Up to 20 s: a busy CI machine may be slow, never wrong; the test's timeout is 30 s.
  for (let i = 0; i < 2000; i++) {
    if (ready()) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`gave up waiting for ${what}`);
}

const SECRET = 'federation-shared-secret-42';
const summary = (got: readonly Received[]) =>
  got.map((g) => [g.body.event.type, (g.body.event.data.player as { id?: string } | undefined)?.id ?? g.body.event.data.id, g.body.attempt]);

describe('webhooks across restarts (e2e: a real server restarted on its data dir, a real HTTP receiver)', () => {
  const receivers: Array<{ close: () => void }> = [];
  const harnesses: RecordsHarness[] = [];
  afterEach(async () => {
    for (const h of harnesses.splice(0)) await h.stop();
  });
  afterAll(() => receivers.forEach((r) => r.close()));

  async function server(): Promise<{ h: RecordsHarness; admin: string; dispatcher: () => WebhookDispatcher }> {
    const h = await RecordsHarness.start(undefined, undefined, LOCAL_RECEIVER);
    harnesses.push(h);
    return { h, admin: h.token('admin'), dispatcher: () => webhookDispatcher(h.core) as WebhookDispatcher };
  }

  it('delivers what was recorded while the server was down once, in log order, after the restart; a further restart re-delivers nothing', async () => {
    const { h, admin, dispatcher } = await server();
    const r = await receiver();
    receivers.push(r);
    await h.post('/v1/webhooks', { id: 'feed', url: r.url, secret: SECRET, eventTypes: ['tournament.'] }, admin);
    await h.post('/v1/tournaments', { id: 'down-open', name: 'Down Open', discipline: 'scrabble', pairingSystems: ['round-robin'] }, admin);
    await dispatcher().settle();
    expect(summary(r.got)).toEqual([['tournament.TournamentCreated', 'down-open', 1]]);

    // The server stops; players are registered on its log without it (as an import or the CLI would).
    harnesses.splice(harnesses.indexOf(h), 1);
    await h.stop();
    const offline = new ArbitraCore({ config: h.config, features: FEATURES });
    for (const id of ['ann', 'bob', 'cat']) {
      await offline.execute(TournamentAggregate, 'down-open', {
        type: 'tournament.register-player',
        context: { at: new Date().toISOString(), actor: { id: 'importer', role: 'admin' }, commandId: `offline-${id}` },
        data: { player: { id, name: id.toUpperCase() } },
      });
    }
    await offline.close();
    expect(r.got).toHaveLength(1);

    await h.boot();
    harnesses.push(h);
    await dispatcher().settle();
    expect(summary(r.got)).toEqual([
      ['tournament.TournamentCreated', 'down-open', 1],
      ['tournament.PlayerRegistered', 'ann', 1],
      ['tournament.PlayerRegistered', 'bob', 1],
      ['tournament.PlayerRegistered', 'cat', 1],
    ]);
    const positions = r.got.map((g) => g.body.event.position);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    expect(new Set(r.got.map((g) => g.headers['x-arbitra-delivery'])).size).toBe(4);

    // Live appends follow the catch-up.
    await h.post('/v1/tournaments/down-open/players', { id: 'dan', name: 'DAN' }, admin);
    await dispatcher().settle();
    expect(summary(r.got).slice(4)).toEqual([['tournament.PlayerRegistered', 'dan', 1]]);

    // Everything was delivered: a restart sends nothing again, and the delivery log has one attempt each.
    await h.restart();
    await dispatcher().settle();
    expect(r.got).toHaveLength(5);
    await h.post('/v1/tournaments/down-open/players', { id: 'eve', name: 'EVE' }, admin);
    await dispatcher().settle();
    expect(summary(r.got).slice(5)).toEqual([['tournament.PlayerRegistered', 'eve', 1]]);
    const log = (await h.http().get('/v1/webhooks/feed/deliveries').set('authorization', admin).expect(200)).body;
    expect(log.attempts.map((a: { outcome: string }) => a.outcome)).toEqual(Array(6).fill('delivered'));
    expect(log.attempts.map((a: { deliveryId: string }) => a.deliveryId)).toEqual(r.got.map((g) => g.headers['x-arbitra-delivery']));
  });

  it('a request cut short by a stop is sent again after the restart with the same delivery id; the events after it follow, in order', async () => {
    const { h, admin, dispatcher } = await server();
    // The first request is never answered: the server stops while it waits.
    const r = await receiver((i) => (i === 0 ? null : 200));
    receivers.push(r);
    await h.post('/v1/webhooks', { id: 'slow', url: r.url, secret: SECRET, eventTypes: ['tournament.'] }, admin);
    await h.post('/v1/tournaments', { id: 'cut-open', name: 'Cut Open', discipline: 'scrabble', pairingSystems: ['round-robin'] }, admin);
    await until(() => r.got.length === 1, 'the first request');
    await h.post('/v1/tournaments/cut-open/players', { id: 'ann', name: 'ANN' }, admin);
    // One delivery at a time: the player waits behind the unanswered creation.
    expect(r.got).toHaveLength(1);

    await h.restart();
    await dispatcher().settle();
    expect(summary(r.got)).toEqual([
      ['tournament.TournamentCreated', 'cut-open', 1],
      ['tournament.TournamentCreated', 'cut-open', 1],
      ['tournament.PlayerRegistered', 'ann', 1],
    ]);
    expect(r.got[1].headers['x-arbitra-delivery']).toBe(r.got[0].headers['x-arbitra-delivery']);
    const log = (await h.http().get('/v1/webhooks/slow/deliveries').set('authorization', admin).expect(200)).body;
    expect(log.attempts.map((a: { attempt: number; outcome: string }) => [a.attempt, a.outcome])).toEqual([
      [1, 'delivered'],
      [1, 'delivered'],
    ]);
  });

  it('a retry pending at a restart is resumed before the events recorded after it', async () => {
    const { h, admin, dispatcher } = await server();
    // A clock that never moves on its own, an hour behind: the retry it schedules is due by the time the server is back.
    dispatcher().useClock(new ManualClock(new Date(Date.now() - 3_600_000).toISOString()));
    const r = await receiver((i) => (i === 0 ? 503 : 200));
    receivers.push(r);
    await h.post('/v1/webhooks', { id: 'flaky', url: r.url, secret: SECRET, eventTypes: ['tournament.'] }, admin);
    await h.post('/v1/tournaments', { id: 'retry-open', name: 'Retry Open', discipline: 'scrabble', pairingSystems: ['round-robin'] }, admin);
    await h.post('/v1/tournaments/retry-open/players', { id: 'ann', name: 'ANN' }, admin);
    await dispatcher().settle();
    expect(summary(r.got)).toEqual([['tournament.TournamentCreated', 'retry-open', 1]]);

    await h.restart();
    await dispatcher().settle();
    expect(summary(r.got)).toEqual([
      ['tournament.TournamentCreated', 'retry-open', 1],
      ['tournament.TournamentCreated', 'retry-open', 2],
      ['tournament.PlayerRegistered', 'ann', 1],
    ]);
    const log = (await h.http().get('/v1/webhooks/flaky/deliveries').set('authorization', admin).expect(200)).body;
    expect(log.attempts.map((a: { attempt: number; outcome: string }) => [a.attempt, a.outcome])).toEqual([
      [1, 'retry'],
      [2, 'delivered'],
      [1, 'delivered'],
    ]);
  });
});
