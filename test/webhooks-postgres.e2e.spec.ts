import { afterAll, expect, it } from '@jest/globals';
import { mkdtempSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import request from 'supertest';
import { loadAuditConfig } from '../apps/records/audit-config.js';
import { startRecords } from '../apps/records/bootstrap.js';
import { webhookDispatcher } from '../libs/runtime/features/webhooks/index.js';
import { loadConfig } from '../libs/runtime/config.js';
import { describeWithPostgres, freshDatabase } from '../libs/store/postgres/testing/pg-test-env.js';

/** Polls (bounded) until `ready()`: another server's appends and the leader lock are seen by polling. */
async function until(ready: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 1500; i++) {
    if (ready()) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`gave up waiting for ${what}`);
}

describeWithPostgres('webhooks with two servers on one PostgreSQL log', (serverUrl) => {
  const cleanup: Array<() => Promise<void> | void> = [];
  afterAll(async () => {
    for (const c of cleanup.reverse()) await c();
  });

  it('one server delivers (the leader lock); when it stops, the other takes over where the delivery log ends: every event once, in log order', async () => {
    const db = await freshDatabase(serverUrl, 'arbitra_webhooks');
    cleanup.push(db.drop);
    const got: Array<{ headers: IncomingHttpHeaders; body: { event: { position: number; data: { id?: string; player?: { id: string } } } } }> = [];
    const receiver = createServer((req, res) => {
      let body = '';
      req.setEncoding('utf8');
      req.on('data', (c: string) => (body += c));
      req.on('end', () => (got.push({ headers: req.headers, body: JSON.parse(body) }), res.end()));
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    cleanup.push(() => void receiver.close());
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;

    const server = async () => {
      const config = loadConfig({
        ARBITRA_STORE: 'postgres',
        ARBITRA_PG_URL: db.url,
        ARBITRA_DATA_DIR: mkdtempSync(join(tmpdir(), 'arbitra-webhooks-pg-')),
        ARBITRA_JWT_SECRET: 'one-secret-for-both-servers-of-this-test',
        ARBITRA_RATE_LIMIT_PER_IP: '0',
        ARBITRA_RATE_LIMIT_PER_TOKEN: '0',
        ARBITRA_WEBHOOK_ALLOW_TARGETS: '127.0.0.1/32',
      });
      const s = await startRecords(config, pino({ level: 'silent' }), { ...loadAuditConfig({}), checkpointEveryMinutes: 0 });
      let stopped = false;
      const stop = async () => {
        if (stopped) return;
        stopped = true;
        await s.app.close();
        await s.core.close();
      };
      cleanup.push(stop);
      const admin = `Bearer ${s.tokens.issue({ sub: 'admin-1', role: 'admin', tournaments: [] })}`;
      const post = async (path: string, body: object) => {
        await request(s.app.getHttpServer()).post(path).set('authorization', admin).send(body).expect(201);
      };
      return { post, stop, delivering: () => webhookDispatcher(s.core)?.delivering === true, settle: () => webhookDispatcher(s.core)!.settle() };
    };

    const a = await server();
    await until(a.delivering, 'server A to take the lead');
    const b = await server();
    await a.post('/v1/webhooks', { id: 'feed', url, secret: 'federation-shared-secret-42', eventTypes: ['tournament.'] });
    await a.post('/v1/tournaments', { id: 'pg-open', name: 'PG Open', discipline: 'scrabble', pairingSystems: ['round-robin'] });
    // Recorded through B: A, the leader, sees it in the shared log and delivers it.
    await b.post('/v1/tournaments/pg-open/players', { id: 'ann', name: 'ANN' });
    await until(() => got.length === 2, 'two deliveries by A');
    // A has recorded both attempts (a stop between a receiver's answer and its record would send it again: at least once).
    await a.settle();
    expect(b.delivering()).toBe(false);

    await a.stop();
    // Recorded while nobody delivers; B takes the lock and delivers it, and nothing A delivered again.
    await b.post('/v1/tournaments/pg-open/players', { id: 'bob', name: 'BOB' });
    await until(b.delivering, 'server B to take the lead');
    await b.post('/v1/tournaments/pg-open/players', { id: 'cat', name: 'CAT' });
    await until(() => got.length >= 4, 'two deliveries by B');
    expect(got.map((g) => g.body.event.data.player?.id ?? g.body.event.data.id)).toEqual(['pg-open', 'ann', 'bob', 'cat']);
    const positions = got.map((g) => g.body.event.position);
    expect([...positions].sort((x, y) => x - y)).toEqual(positions);
    expect(new Set(got.map((g) => g.headers['x-arbitra-delivery'])).size).toBe(4);
  });
});
