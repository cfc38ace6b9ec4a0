import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { testBrokers, uniqueName } from '../libs/bus/testing/kafka-test-env.js';
import { describeWithPostgres, freshDatabase } from '../libs/store/postgres/testing/pg-test-env.js';
import { TcpProxy } from '../libs/store/postgres/testing/tcp-proxy.js';
import { AppProcess, until } from './support/app-process.js';
import { freePort } from './support/server-child.js';

/**
 * Issue 33: PostgreSQL going away in the window between a service's start-up dependency check and its store opening.
 * Each built app (`npm run build` first) reaches the database through a TCP proxy (TcpProxy) that forwards the
 * first connection it accepts (the dependency check) and stops listening at that moment, so the store's connections
 * are refused: no timing involved. The service must stay up, answer its readiness probe 503, and start once the
 * proxy listens again.
 */
const ready = async (port: number) => (await fetch(`http://127.0.0.1:${port}/health/ready`).catch(() => null))?.status ?? 'nothing listening';
const alive = async (port: number) => (await fetch(`http://127.0.0.1:${port}/health`).catch(() => null))?.status ?? 'nothing listening';

describeWithPostgres('a service whose database goes away between its dependency check and its store opening', (url) => {
  let db: { url: string; drop: () => Promise<void> };
  const procs: AppProcess[] = [];
  const proxies: TcpProxy[] = [];
  const dataDirs: string[] = [];
  const brokers = testBrokers();

  beforeAll(async () => {
    db = await freshDatabase(url, 'arbitra_start_window');
  });
  afterAll(async () => {
    for (const p of procs) await p.kill9();
    for (const p of proxies) await p.cut();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
    await db?.drop();
  });

  /** Starts `app` on the database through a proxy that refuses every connection after the first, up to the refusal. */
  async function startInTheWindow(app: string, env: Record<string, string> = {}) {
    const target = new URL(db.url);
    const proxy = new TcpProxy(target.hostname, Number(target.port));
    proxies.push(proxy);
    await proxy.restore({ onlyOne: true });
    const viaProxy = new URL(db.url);
    viaProxy.port = String(proxy.port);
    const port = await freePort();
    const p = new AppProcess(app, app, {
      ARBITRA_STORE: 'postgres',
      ARBITRA_PG_URL: viaProxy.toString(),
      ARBITRA_JWT_SECRET: randomBytes(32).toString('hex'),
      ARBITRA_DATA_DIR: dataDirs[dataDirs.push(mkdtempSync(join(tmpdir(), `arbitra-window-${app}-`))) - 1],
      ARBITRA_LOG_LEVEL: 'info',
      HOST: '127.0.0.1',
      PORT: String(port),
      ...env,
    });
    procs.push(p);
    // The check went through (one connection accepted), then the store's open was refused and the start retried.
    await p.waitFor('a dependency went away while starting; not ready, retrying');
    expect(proxy.accepted).toBe(1);
    expect(proxy.listening).toBe(false);
    return { p, port, proxy };
  }

  it('the api stays up answering 503 not ready, then starts and acknowledges a command once the database is back', async () => {
    const { p, port, proxy } = await startInTheWindow('api');
    await until('the api to answer its probes while it waits', async () => (await ready(port)) === 503);
    expect(await alive(port)).toBe(200);
    expect(p.alive).toBe(true);

    await proxy.restore();
    await p.waitFor('Arbitra api listening on');
    await until('the api ready', async () => (await ready(port)) === 200);
    const token = /bootstrap admin token[^\n]*\n\s+(\S+)/.exec(p.output)![1];
    const r = await fetch(`http://127.0.0.1:${port}/v1/tournaments`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': 'window-1' },
      body: JSON.stringify({ id: 'window-1', name: 'After the window', discipline: 'scrabble', pairingSystems: ['australian-draw'] }),
    });
    expect(r.status).toBe(201);
    // The log is written asynchronously (gathered up to 100 ms): wait for the line rather than read it at once.
    await p.waitFor('started after its dependencies came back');
  }, 120_000);

  it('the relay stays up and starts once the database is back', async () => {
    const { p, port, proxy } = await startInTheWindow('relay', {
      ARBITRA_KAFKA_BROKERS: brokers?.join(',') ?? '127.0.0.1:1',
      ARBITRA_KAFKA_TOPIC: uniqueName('window'),
    });
    await until('the relay to answer its probes while it waits', async () => (await ready(port)) === 503);
    expect(p.alive).toBe(true);
    await proxy.restore();
    await p.waitFor('relay started');
    await until('the relay health on its port', async () => (await alive(port)) === 200);
    expect(p.alive).toBe(true);
  }, 120_000);

  (brokers ? it : it.skip)(
    'the projector stays up answering 503 not ready, then serves once the database is back',
    async () => {
      const { p, port, proxy } = await startInTheWindow('projector', {
        ARBITRA_KAFKA_BROKERS: brokers!.join(','),
        ARBITRA_KAFKA_TOPIC: uniqueName('window'),
        ARBITRA_PROJECTOR_GROUP: uniqueName('window-projector'),
      });
      await until('the projector to answer its probes while it waits', async () => (await ready(port)) === 503);
      expect(p.alive).toBe(true);
      await proxy.restore();
      await p.waitFor('Arbitra projector listening on');
      await until('the projector ready', async () => (await ready(port)) === 200);
    },
    120_000,
  );
});
