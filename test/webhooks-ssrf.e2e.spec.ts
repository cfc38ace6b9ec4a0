import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { LookupAddress } from 'node:dns';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  guardedPost,
  PUBLIC_ONLY,
  targetPolicy,
  WebhookDispatcher,
  WebhooksAggregate,
  WEBHOOKS_ID,
  webhookDispatcher,
  type WebhookResolver,
} from '../libs/runtime/features/webhooks/index.js';
import { LOCAL_RECEIVER, RecordsHarness } from './support/records-harness.js';

/** A receiver on 127.0.0.1 answering every request with `status`; counts what it got. */
async function receiver(status: number) {
  const got: string[] = [];
  const server: Server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      got.push(req.headers.host ?? '');
      res.statusCode = status;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { got, server, port: (server.address() as AddressInfo).port };
}

/** A resolver answering each name from `answers` (a DNS the attacker controls). */
const fakeDns =
  (answers: (host: string) => string): WebhookResolver =>
  (host, callback) =>
    callback(null, [{ address: answers(host), family: answers(host).includes(':') ? 6 : 4 } as LookupAddress]);

const SECRET = 'federation-shared-secret-42';

describe('webhook targets: no SSRF (issue 32)', () => {
  let h: RecordsHarness;
  let admin: string;
  const servers: Server[] = [];
  beforeAll(async () => {
    h = await RecordsHarness.start();
    admin = h.token('admin');
  });
  afterAll(async () => {
    for (const s of servers) s.close();
    await h.stop();
  });

  it('refuses loopback, link-local, metadata, private, unique-local and CGNAT targets at registration, in every spelling', async () => {
    const targets = [
      'http://169.254.169.254/latest/meta-data/',
      'http://metadata.google.internal/computeMetadata/v1/',
      `http://127.0.0.1:8080/v1/webhooks`,
      `http://localhost:8080/`,
      'http://[::1]/',
      'http://10.0.0.5/',
      'http://172.16.3.4/',
      'http://192.168.1.1/',
      'http://100.64.0.1/',
      'http://0.0.0.0/',
      'http://2130706433/', // decimal 127.0.0.1
      'http://0x7f000001/', // hex
      'http://0177.0.0.1/', // octal
      'http://0xa9.0xfe.0xa9.0xfe/', // hex 169.254.169.254
      'http://[::ffff:127.0.0.1]/', // IPv4-mapped IPv6
      'http://[::ffff:a9fe:a9fe]/',
      'http://[fd00::1]/', // unique-local
      'http://[fe80::1]/', // link-local
    ];
    for (const [i, url] of targets.entries()) {
      const r = await h.post('/v1/webhooks', { id: `probe-${i}`, url, secret: SECRET }, admin, 422);
      expect(r.headers['content-type']).toContain('application/problem+json');
      expect(r.body).toMatchObject({ type: 'urn:arbitra:problem:webhooks/url-target', field: 'url' });
    }
    const list = await h.http().get('/v1/webhooks').set('authorization', admin).expect(200);
    expect(list.body.webhooks).toEqual([]);
  });

  it('checks again at delivery after resolving, on the address the connection uses: a name that rebinds to 127.0.0.1 gets nothing', async () => {
    const r = await receiver(200);
    servers.push(r.server);
    // Registered while the name pointed elsewhere (recorded as a command, as the controller would after its check).
    await h.core.execute(WebhooksAggregate, WEBHOOKS_ID, {
      type: 'webhooks.register',
      context: { at: '2026-12-01T08:00:00.000Z', actor: { id: 'admin-1', role: 'admin' }, commandId: 'rebind-1' },
      data: { id: 'rebind', url: `http://rebind.test:${r.port}/hook`, secret: SECRET, eventTypes: ['tournament.'], audience: 'public' },
    });
    // The server's own dispatcher (real DNS) steps aside: this one resolves through the attacker's DNS.
    await webhookDispatcher(h.core)?.stop();
    const failures: string[] = [];
    const dispatcher = new WebhookDispatcher(
      h.core,
      undefined,
      guardedPost(
        PUBLIC_ONLY,
        fakeDns(() => '127.0.0.1'),
      ),
      { baseMs: 1, maxAttempts: 1 },
      {
        onError: (e) => failures.push(String((e as Error).message)),
      },
    );
    await h.post('/v1/tournaments', { id: 'rebind-open', name: 'Rebind Open', discipline: 'scrabble', pairingSystems: ['round-robin'] }, admin);
    await dispatcher.start();
    await dispatcher.settle();
    await dispatcher.stop();
    expect(r.got).toEqual([]);
    expect(failures.some((f) => f.includes('rebind.test refused: loopback'))).toBe(true);
    const log = (await h.get('/v1/webhooks/rebind/deliveries', admin).expect(200)).body;
    expect(log.attempts.map((a: { status: unknown; error: unknown; outcome: string }) => [a.status, a.error, a.outcome])).toEqual([[null, 'failed', 'failed']]);
  });

  it('connects to the checked address itself (pinned): an allow-listed name no real DNS knows reaches the receiver', async () => {
    const r = await receiver(200);
    servers.push(r.server);
    const post = guardedPost(
      targetPolicy('127.0.0.1/32'),
      fakeDns(() => '127.0.0.1'),
    );
    expect(await post(`http://pinned.test:${r.port}/hook`, '{}', { 'content-type': 'application/json' })).toEqual({ status: 200 });
    expect(r.got).toEqual([`pinned.test:${r.port}`]);
    // Without the allow-list the same answer is refused before any connection.
    await expect(
      guardedPost(
        PUBLIC_ONLY,
        fakeDns(() => '127.0.0.1'),
      )(`http://pinned.test:${r.port}/hook`, '{}', {}),
    ).rejects.toThrow(/refused: loopback/);
    await expect(
      guardedPost(
        PUBLIC_ONLY,
        fakeDns(() => '::ffff:10.1.2.3'),
      )(`http://mapped.test:${r.port}/hook`, '{}', {}),
    ).rejects.toThrow(/refused: private/);
    expect(r.got).toHaveLength(1);
  });
});

describe('the delivery log is no port scanner (issue 32)', () => {
  let h: RecordsHarness;
  const servers: Server[] = [];
  beforeAll(async () => {
    h = await RecordsHarness.start(undefined, undefined, LOCAL_RECEIVER);
  });
  afterAll(async () => {
    for (const s of servers) s.close();
    await h.stop();
  });

  it('an open port answering 401 and a closed port read the same: failed, no status, no error text', async () => {
    const admin = h.token('admin');
    const open = await receiver(401);
    servers.push(open.server);
    const closed = await receiver(200);
    await new Promise((resolve) => closed.server.close(resolve));
    await h.post('/v1/webhooks', { id: 'open-port', url: `http://127.0.0.1:${open.port}/`, secret: SECRET, eventTypes: ['tournament.'] }, admin);
    await h.post('/v1/webhooks', { id: 'closed-port', url: `http://127.0.0.1:${closed.port}/`, secret: SECRET, eventTypes: ['tournament.'] }, admin);
    const dispatcher = webhookDispatcher(h.core) as WebhookDispatcher;
    await h.post('/v1/tournaments', { id: 'scan-open', name: 'Scan Open', discipline: 'scrabble', pairingSystems: ['round-robin'] }, admin);
    await dispatcher.settle();
    expect(open.got).toHaveLength(1);
    const first = async (id: string) => (await h.get(`/v1/webhooks/${id}/deliveries`, admin).expect(200)).body.attempts[0];
    const [a, b] = [await first('open-port'), await first('closed-port')];
    expect([a.status, a.error, a.outcome]).toEqual([null, 'failed', 'retry']);
    expect([b.status, b.error, b.outcome]).toEqual([null, 'failed', 'retry']);
  });
});
