import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ManualClock, webhookDispatcher, type WebhookDispatcher } from '../libs/runtime/features/webhooks/index.js';
import { LOCAL_RECEIVER, RecordsHarness } from './support/records-harness.js';

/** A local HTTP receiver: answers each request with the next status of `statuses` (the last one repeats). */
async function receiver(statuses: number[]) {
  const got: Array<{ headers: IncomingHttpHeaders; body: string }> = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (body += c));
    req.on('end', () => {
      got.push({ headers: req.headers, body });
      res.statusCode = statuses[Math.min(got.length - 1, statuses.length - 1)];
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { got, server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook` };
}

describe('webhooks a federation registers (e2e)', () => {
  let h: RecordsHarness;
  let admin: string;
  let dispatcher: WebhookDispatcher;
  const clock = new ManualClock('2026-12-01T08:00:00.000Z');
  const servers: Server[] = [];
  const SECRET = 'federation-shared-secret-42';

  beforeAll(async () => {
    h = await RecordsHarness.start(undefined, undefined, LOCAL_RECEIVER);
    admin = h.token('admin');
    dispatcher = webhookDispatcher(h.core) as WebhookDispatcher;
    dispatcher.useClock(clock);
  });
  afterAll(async () => {
    for (const s of servers) s.close();
    await h.stop();
  });

  it('delivers a tournament event signed with HMAC-SHA256, retries after a 500 with backoff, and logs every attempt for the admin', async () => {
    const r = await receiver([500, 200]);
    servers.push(r.server);
    const reg = await h.post('/v1/webhooks', { id: 'ratings', url: r.url, secret: SECRET, eventTypes: ['tournament.'] }, admin);
    expect(JSON.stringify(reg.body)).not.toContain(SECRET);
    expect(reg.body.events[0]).toMatchObject({ type: 'webhooks.Registered', data: { id: 'ratings', url: r.url, active: true } });

    await h.post('/v1/tournaments', { id: 'hook-open', name: 'Hook Open', discipline: 'scrabble', pairingSystems: ['round-robin'] }, admin);
    await dispatcher.settle();
    expect(r.got).toHaveLength(1);
    const first = r.got[0];
    // The receiver verifies the signature over "<timestamp>.<body>" with the shared secret.
    const expected = `sha256=${createHmac('sha256', SECRET).update(`${first.headers['x-arbitra-timestamp']}.${first.body}`).digest('hex')}`;
    expect(first.headers['x-arbitra-signature']).toBe(expected);
    expect(first.headers['x-arbitra-event']).toBe('tournament.TournamentCreated');
    expect(JSON.parse(first.body)).toMatchObject({
      webhook: 'ratings',
      attempt: 1,
      event: { type: 'tournament.TournamentCreated', data: { id: 'hook-open' } },
    });
    // A 500: the next attempt is scheduled 1 s later, on the injected clock (nothing waits in real time).
    expect(clock.pending()).toEqual([1000]);

    expect(clock.advance()).toBe(1000);
    await dispatcher.settle();
    expect(r.got).toHaveLength(2);
    expect(r.got[1].headers['x-arbitra-delivery']).toBe(first.headers['x-arbitra-delivery']);
    expect(r.got[1].headers['x-arbitra-signature']).toBe(
      `sha256=${createHmac('sha256', SECRET).update(`${r.got[1].headers['x-arbitra-timestamp']}.${r.got[1].body}`).digest('hex')}`,
    );
    expect(clock.pending()).toEqual([]);

    const log = (await h.http().get('/v1/webhooks/ratings/deliveries').set('authorization', admin).expect(200)).body;
    expect(log.attempts.map((a: { attempt: number; status: number; outcome: string }) => [a.attempt, a.status, a.outcome])).toEqual([
      [1, null, 'retry'],
      [2, 200, 'delivered'],
    ]);
    expect(Date.parse(log.attempts[0].nextAttemptAt) - Date.parse(log.attempts[0].at)).toBe(1000);
    // Only the federation's admin reads webhooks and their logs.
    await h
      .http()
      .get('/v1/webhooks/ratings/deliveries')
      .set('authorization', h.token('chief-arbiter', ['hook-open']))
      .expect(403);
    await h.post('/v1/webhooks', { id: 'x', url: r.url, secret: SECRET }, h.token('chief-arbiter', ['hook-open']), 403);
  });

  it('a receiver that keeps failing gets 6 attempts, 1 s, 2 s, 4 s, 8 s, 16 s apart, then the delivery is failed; deactivation stops deliveries', async () => {
    const r = await receiver([503]);
    servers.push(r.server);
    await h.post('/v1/webhooks', { id: 'down', url: r.url, secret: SECRET, eventTypes: ['tournament.PlayerRegistered'] }, admin);
    await h.post('/v1/tournaments/hook-open/players', { id: 'ann', name: 'Ann Lee' }, admin);
    await dispatcher.settle();
    const waits: number[] = [];
    while (clock.pending().length > 0) {
      waits.push(clock.advance());
      await dispatcher.settle();
    }
    expect(waits).toEqual([1000, 2000, 4000, 8000, 16000]);
    expect(r.got).toHaveLength(6);
    const log = (await h.http().get('/v1/webhooks/down/deliveries').set('authorization', admin).expect(200)).body;
    expect(log.attempts.map((a: { outcome: string }) => a.outcome)).toEqual(['retry', 'retry', 'retry', 'retry', 'retry', 'failed']);

    await h.post('/v1/webhooks/down/deactivation', { reason: 'receiver retired' }, admin);
    const list = (await h.http().get('/v1/webhooks').set('authorization', admin).expect(200)).body.webhooks;
    expect(list.find((w: { id: string }) => w.id === 'down')).toMatchObject({ active: false, eventTypes: ['tournament.PlayerRegistered'] });
    expect(JSON.stringify(list)).not.toContain(SECRET);
    await h.post('/v1/tournaments/hook-open/players', { id: 'bob', name: 'Bob Chan' }, admin);
    await dispatcher.settle();
    expect(r.got).toHaveLength(6);
  });

  it('a public webhook gets what the public sees (a round at its publication, drawn tiles hidden); an "everything" one gets it as recorded', async () => {
    const pub = await receiver([200]);
    const all = await receiver([200]);
    servers.push(pub.server, all.server);
    await h.post('/v1/webhooks', { id: 'public-feed', url: pub.url, secret: SECRET, eventTypes: ['tournament.Round', 'scrabble.TilesDrawn'] }, admin);
    await h.post(
      '/v1/webhooks',
      { id: 'archive', url: all.url, secret: SECRET, eventTypes: ['tournament.Round', 'scrabble.TilesDrawn'], audience: 'everything' },
      admin,
    );
    await h.post('/v1/tournaments/hook-open/players', { id: 'cat', name: 'Cat Ng' }, admin);
    const games = [{ table: 1, first: 'bob', second: 'cat' }];
    await h.post('/v1/tournaments/hook-open/rounds/1/pairings', { kind: 'manual', reason: 'test', games, tables: [], bye: 'ann' }, admin);
    await dispatcher.settle();
    expect(pub.got).toHaveLength(0);
    expect(all.got.map((g) => g.headers['x-arbitra-event'])).toEqual(['tournament.RoundPaired']);
    await h.post('/v1/tournaments/hook-open/rounds/1/publish', {}, admin);
    await dispatcher.settle();
    expect(pub.got.map((g) => g.headers['x-arbitra-event'])).toEqual(['tournament.RoundPublished']);
    expect(JSON.parse(pub.got[0].body).event.data).toMatchObject({ round: 1, published: { games, bye: 'ann' } });

    const at = (sec: number) => new Date(Date.now() - 600_000 + sec * 1000).toISOString();
    const players = [
      { id: 'ann', name: 'Ann Lee' },
      { id: 'bob', name: 'Bob Chan' },
    ];
    await h.post(
      '/v1/scrabble/games',
      { id: 'hook-g1', players, starter: 0, clockSide: 'right', clockSideChosenBy: 1, tilesCounted: 100, tracking: true, at: at(0) },
      admin,
    );
    await h.post('/v1/scrabble/games/hook-g1/draws', { seat: 0, tiles: 'QIAERST'.split(''), at: at(1) }, admin);
    await dispatcher.settle();
    expect(JSON.parse(pub.got[1].body).event.data).toMatchObject({ seat: 0, tiles: null, count: 7 });
    expect(JSON.parse(all.got[2].body).event.data.tiles).toEqual('QIAERST'.split(''));
  });

  it('refuses a URL that is not http(s) and a short secret, naming the field; a second registration of an id is 409', async () => {
    const bad = await h.post('/v1/webhooks', { id: 'bad', url: 'ftp://x.example/h', secret: SECRET }, admin, 422);
    expect(bad.body).toMatchObject({ field: 'url' });
    await h.post('/v1/webhooks', { id: 'bad', url: 'https://x.example/h', secret: 'short' }, admin, 400);
    const again = await h.post('/v1/webhooks', { id: 'ratings', url: 'https://x.example/h', secret: SECRET }, admin, 409);
    expect(again.body).toMatchObject({ field: 'id' });
  });
});
