import { afterEach, describe, expect, it } from '@jest/globals';
import { existsSync, mkdtempSync, statSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import request from 'supertest';
import { startRecords } from '../apps/records/bootstrap.js';
import { loadConfig } from '../libs/runtime/config.js';

/** A records server with its own settings (the shared harness turns rate limits off). */
async function server(env: Record<string, string> = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'arbitra-limits-'));
  const config = loadConfig({ ARBITRA_DATA_DIR: dataDir, ARBITRA_SQLITE_SYNC: 'NORMAL', ...env });
  const s = await startRecords(config, pino({ level: 'silent' }));
  return {
    ...s,
    dataDir,
    http: () => request(s.app.getHttpServer()),
    token: (role: 'admin' | 'arbiter', sub = `${role}-1`) => `Bearer ${s.tokens.issue({ sub, role, tournaments: ['t1'] })}`,
    stop: async () => {
      await s.app.close();
      await s.core.close();
    },
  };
}

describe('records server: rate limits, security headers, file modes, /metrics access (issue 7 item 8)', () => {
  let running: Awaited<ReturnType<typeof server>> | undefined;
  afterEach(async () => {
    await running?.stop();
    running = undefined;
  });

  it('limits requests per client IP, bad tokens included: RateLimit-* headers, then 429 problem+json naming the rule', async () => {
    running = await server({ ARBITRA_RATE_LIMIT_PER_IP: '5', ARBITRA_RATE_LIMIT_PER_TOKEN: '0' });
    const first = await running.http().get('/health/ready').expect(200);
    expect(first.headers['ratelimit-limit']).toBe('5');
    expect(first.headers['ratelimit-remaining']).toBe('4');
    expect(Number(first.headers['ratelimit-reset'])).toBeGreaterThan(0);
    for (let i = 0; i < 4; i++) await running.http().get('/v1/events').set('authorization', 'Bearer not-a-token').expect(401);
    const r = await running.http().get('/v1/events').set('authorization', 'Bearer not-a-token').expect(429);
    expect(r.headers['content-type']).toMatch(/application\/problem\+json/);
    expect(r.headers['retry-after']).toMatch(/^\d+$/);
    expect(r.body).toMatchObject({
      type: 'urn:arbitra:problem:rate-limit/exceeded',
      status: 429,
      limit: 5,
      rule: expect.stringContaining('ARBITRA_RATE_LIMIT_PER_IP'),
    });
  });

  it('never limits liveness: GET /health answers 200 after the client IP spent its budget, and spends none of it', async () => {
    running = await server({ ARBITRA_RATE_LIMIT_PER_IP: '3', ARBITRA_RATE_LIMIT_PER_TOKEN: '0' });
    for (let i = 0; i < 5; i++) {
      const probe = await running.http().get('/health').expect(200);
      expect(probe.headers['ratelimit-limit']).toBeUndefined();
    }
    for (let i = 0; i < 3; i++) await running.http().get('/health/ready').expect(200);
    await running.http().get('/health/ready').expect(429);
    expect((await running.http().get('/health').expect(200)).body).toEqual({ status: 'ok' });
  });

  it('limits requests with a valid token per token subject (whatever the token), apart from the IP budget', async () => {
    running = await server({ ARBITRA_RATE_LIMIT_PER_IP: '100', ARBITRA_RATE_LIMIT_PER_TOKEN: '3' });
    const busy = running.token('admin', 'busy-admin');
    for (let i = 0; i < 3; i++) {
      const ok = await running.http().get('/v1/events').set('authorization', busy).expect(200);
      expect(ok.headers['ratelimit-limit']).toBe('3');
    }
    // A fresh token for the same subject shares the subject's budget.
    const r = await running.http().get('/v1/events').set('authorization', running.token('admin', 'busy-admin')).expect(429);
    expect(r.body.rule).toContain('ARBITRA_RATE_LIMIT_PER_TOKEN');
    await running.http().get('/v1/events').set('authorization', running.token('admin', 'other-admin')).expect(200);
  });

  it("sends security headers: the API set (OWASP REST) on JSON answers, helmet's page set on the docs page", async () => {
    running = await server();
    for (const path of ['/health', '/v1/tournaments', '/v1/tournaments/no-such']) {
      const r = await running.http().get(path);
      expect([path, r.headers['x-content-type-options']]).toEqual([path, 'nosniff']);
      expect(r.headers['strict-transport-security']).toContain('max-age=');
      expect(r.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(r.headers['x-frame-options']).toBe('DENY');
      // Headers meant for pages are not sent with JSON.
      expect(r.headers['x-dns-prefetch-control']).toBeUndefined();
    }
    const docs = await running.http().get('/docs').expect(200);
    expect(docs.headers['content-type']).toMatch(/^text\/html/);
    expect(docs.headers['content-security-policy']).toContain("default-src 'self'");
    expect(docs.headers['content-security-policy']).toContain("script-src 'self' 'unsafe-inline'");
    expect(docs.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(docs.headers['x-dns-prefetch-control']).toBe('off');
    expect(docs.headers['x-content-type-options']).toBe('nosniff');
  });

  it('creates events.db, read-models.db and snapshots.db (and their -wal and -shm) readable by the owner only (0600)', async () => {
    running = await server({ ARBITRA_RATE_LIMIT_PER_IP: '0' });
    await running
      .http()
      .post('/v1/tournaments')
      .set('authorization', running.token('admin'))
      .send({ id: 'modes', name: 'Modes', discipline: 'scrabble', pairingSystems: ['random'] })
      .expect(201);
    await running.http().get('/v1/tournaments?waitFor=1').expect(200);
    const dir = running.dataDir;
    for (const db of ['events.db', 'read-models.db', 'snapshots.db']) {
      for (const file of [db, `${db}-wal`, `${db}-shm`].filter((f) => f === db || existsSync(join(dir, f))))
        expect([file, statSync(join(dir, file)).mode & 0o777]).toEqual([file, 0o600]);
    }
  });

  it('serves /metrics without a token when ARBITRA_METRICS_PUBLIC=true: process metrics, not the log (metrics-public spec)', async () => {
    running = await server({ ARBITRA_METRICS_PUBLIC: 'true' });
    const r = await running.http().get('/metrics').expect(200);
    expect(r.text).toContain('arbitra_process_process_cpu_user_seconds_total');
    expect(r.text).not.toContain('arbitra_log_head_position');
  });

  it('serves /metrics on ARBITRA_METRICS_PORT without a token, and not on the API port', async () => {
    running = await server({ ARBITRA_METRICS_PORT: '0' });
    const port = (running.metricsServer!.address() as AddressInfo).port;
    const r = await request(`http://127.0.0.1:${port}`).get('/metrics').expect(200);
    expect(r.text).toContain('arbitra_commands_total');
    await request(`http://127.0.0.1:${port}`).get('/v1/events').expect(404);
    await running.http().get('/metrics').set('authorization', running.token('admin')).expect(404);
  });
});
