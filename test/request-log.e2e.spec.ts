import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import pino from 'pino';
import request from 'supertest';
import { loadAuditConfig } from '../apps/records/audit-config.js';
import { startRecords } from '../apps/records/bootstrap.js';
import { loadConfig } from '../libs/runtime/config.js';

/**
 * The request log an operator reads: one line per answered request (issue 9 halved it from Fastify's two); commands,
 * refusals and errors at info, successful reads at debug and counted in /metrics (issue 34). Logged here at debug.
 */
describe('request log', () => {
  const lines: Array<Record<string, unknown>> = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n')) if (line) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  let started: Awaited<ReturnType<typeof startRecords>>;

  beforeAll(async () => {
    const config = loadConfig({ ARBITRA_DATA_DIR: mkdtempSync(join(tmpdir(), 'arbitra-log-')), ARBITRA_SQLITE_SYNC: 'NORMAL' });
    started = await startRecords(config, pino({ level: 'debug' }, sink), { ...loadAuditConfig({}), checkpointEveryMinutes: 0 });
  });
  afterAll(async () => {
    await started.app.close();
    await started.core.close();
  });

  const requestLines = () => lines.filter((l) => l.msg === 'request completed' || l.msg === 'incoming request');

  it('writes one line per request, with method, URL, status, time and the request id the client got back', async () => {
    lines.length = 0;
    const r = await request(started.app.getHttpServer()).get('/v1/tournaments/no-such-tournament');
    expect(r.status).toBe(404);
    const logged = requestLines();
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ level: 30, msg: 'request completed', method: 'GET', url: '/v1/tournaments/no-such-tournament', statusCode: 404 });
    expect(logged[0].reqId).toBe(r.headers['x-request-id']);
    expect(typeof logged[0].responseTime).toBe('number');
  });

  const readsCounted = async () => {
    const text = await started.core.metrics.registry.getSingleMetricAsString('arbitra_http_reads_total');
    return Number(/^arbitra_http_reads_total (\d+)$/m.exec(text)?.[1]);
  };

  it('logs a successful read at debug, not info, and counts it in arbitra_http_reads_total', async () => {
    const before = await readsCounted();
    lines.length = 0;
    const r = await request(started.app.getHttpServer()).get('/docs-json');
    expect(r.status).toBe(200);
    const logged = requestLines();
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ level: 20, msg: 'request completed', method: 'GET', url: '/docs-json', statusCode: 200 });
    expect(logged[0].reqId).toBe(r.headers['x-request-id']);
    expect(await readsCounted()).toBe(before + 1);
  });

  it('logs a refused command at info and does not count it as a read', async () => {
    const before = await readsCounted();
    lines.length = 0;
    const r = await request(started.app.getHttpServer()).post('/v1/tournaments').send({});
    expect(r.status).toBe(401);
    const logged = requestLines();
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ level: 30, msg: 'request completed', method: 'POST', url: '/v1/tournaments', statusCode: 401 });
    expect(await readsCounted()).toBe(before);
  });

  it('keeps liveness probes out of the request log and the read count', async () => {
    const before = await readsCounted();
    lines.length = 0;
    expect((await request(started.app.getHttpServer()).get('/health')).status).toBe(200);
    expect(requestLines()).toHaveLength(0);
    expect(await readsCounted()).toBe(before);
  });
});
