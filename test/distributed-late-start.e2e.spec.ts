import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { execFile } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describeWithKafka, uniqueName } from '../libs/bus/testing/kafka-test-env.js';
import type { RecordedEvent } from '../libs/store/event-store.port.js';
import { describeWithPostgres } from '../libs/store/postgres/testing/pg-test-env.js';
import { PostgresEventStore } from '../libs/store/postgres/postgres-event-store.js';
import { newEvent } from '../libs/store/testing/event-store.contract.js';
import { AppProcess, distApp, until } from './support/app-process.js';
import { freePort } from './support/server-child.js';

/**
 * Issue 33: the distributed services started before their database and broker (a whole deployment started at once)
 * wait for them, alive (`/health` 200) and not ready (`/health/ready` 503), instead of exiting; and a store's LISTEN connection is opened
 * again after a PostgreSQL restart, so subscribers hear other processes' appends without waiting for their poll.
 * A PostgreSQL cluster and a Kafka broker of this test's own (free ports, own state dirs), stopped and started for real.
 * The built apps: `npm run build` first.
 */
const root = new URL('..', import.meta.url).pathname;
const run = promisify(execFile);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const health = async (base: string) => {
  const r = await fetch(`${base}/health/ready`).catch(() => null);
  return r ? { status: r.status, body: (await r.json().catch(() => ({}))) as { status?: string; waitingFor?: string[] } } : null;
};

describeWithKafka('distributed services started before PostgreSQL and Kafka', () => {
  describeWithPostgres('each waits, not ready, until its dependencies answer; LISTEN resumes after a restart', () => {
    const procs: AppProcess[] = [];
    const pgDir = mkdtempSync(join(tmpdir(), 'arbitra-late-pg-'));
    const kafkaDir = mkdtempSync(join(tmpdir(), 'arbitra-late-kafka-'));
    let pgEnv: NodeJS.ProcessEnv = {};
    let kafkaEnv: NodeJS.ProcessEnv = {};
    let pgUrl = '';
    const cluster = (cmd: string) => run('bash', [join(root, 'deploy/postgres/cluster.sh'), cmd], { env: pgEnv });
    const broker = (cmd: string) => run('bash', [join(root, 'deploy/kafka/broker.sh'), cmd], { env: kafkaEnv });

    beforeAll(async () => {
      for (const app of ['api', 'relay', 'projector'])
        if (!existsSync(distApp(app))) throw new Error(`${distApp(app)} is missing: run \`npm run build\` first`);
      const lib = join(root, '.ci-kafka/lib');
      if (!existsSync(lib)) throw new Error('deploy/kafka/broker.sh start must have fetched the broker jars into .ci-kafka/lib');
      pgEnv = { ...process.env, PG_CI_DIR: pgDir, PG_PORT: String(await freePort()) };
      kafkaEnv = {
        ...process.env,
        KAFKA_CI_DIR: kafkaDir,
        KAFKA_LIB_DIR: lib,
        KAFKA_PORT: String(await freePort()),
        KAFKA_CONTROLLER_PORT: String(await freePort()),
      };
      // The cluster is made (for its URL) and stopped at once: the services start while nothing answers on its port.
      pgUrl = /ARBITRA_PG_URL=(\S+)/.exec((await cluster('start')).stdout)![1];
      await cluster('down');
    }, 120_000);

    afterAll(async () => {
      for (const p of procs) await p.kill9();
      const logs = mkdtempSync(join(tmpdir(), 'arbitra-late-logs-'));
      for (const p of procs) writeFileSync(join(logs, `${p.name}.log`), p.output);
      process.stdout.write(`issue 33 late-start test: process logs in ${logs}\n`);
      await cluster('stop').catch(() => undefined);
      await broker('stop').catch(() => undefined);
    }, 120_000);

    it('api, relay and projector stay up, not ready, until PostgreSQL and then Kafka answer, then start and carry a command through', async () => {
      const common = {
        ARBITRA_STORE: 'postgres',
        ARBITRA_PG_URL: pgUrl,
        ARBITRA_JWT_SECRET: randomBytes(32).toString('hex'),
        ARBITRA_LOG_LEVEL: 'info',
        HOST: '127.0.0.1',
      };
      const kafka = { ARBITRA_KAFKA_BROKERS: `127.0.0.1:${kafkaEnv.KAFKA_PORT}`, ARBITRA_KAFKA_TOPIC: uniqueName('arbitra-late'), ARBITRA_KAFKA_RETRIES: '2' };
      const base: Record<string, string> = {};
      for (const [name, app, env] of [
        ['api', 'api', {}],
        ['relay', 'relay', kafka],
        ['projector', 'projector', { ...kafka, ARBITRA_PROJECTOR_GROUP: uniqueName('projector') }],
      ] as const) {
        const port = await freePort();
        base[name] = `http://127.0.0.1:${port}`;
        procs.push(
          new AppProcess(name, app, { ...common, ...env, PORT: String(port), ARBITRA_DATA_DIR: mkdtempSync(join(tmpdir(), `arbitra-late-${name}-`)) }),
        );
      }
      const [api, relay, projector] = procs;

      // Nothing answers on PostgreSQL's port: each process says so, keeps retrying, alive but not ready.
      for (const p of procs) await p.waitFor(/postgres cannot be reached yet[\s\S]*postgres cannot be reached yet/);
      for (const name of ['api', 'relay', 'projector']) {
        const h = await health(base[name]);
        expect(h).toEqual({ status: 503, body: { status: 'starting', waitingFor: name === 'projector' ? ['postgres', 'kafka'] : ['postgres'] } });
        expect((await fetch(`${base[name]}/health`)).status).toBe(200);
      }

      // PostgreSQL up: the api and the relay start; the projector now waits for the broker alone.
      await cluster('up');
      await api.waitFor('Arbitra api listening on', 120_000);
      await relay.waitFor('relay started', 120_000);
      await projector.waitFor(/kafka cannot be reached yet/, 120_000);
      await until('the api ready', async () => (await health(base.api))?.status === 200);
      await until('the projector waiting for kafka alone', async () => (await health(base.projector))?.body.waitingFor?.join() === 'kafka');

      // The broker up: the projector starts, and a command through the api reaches it by the relay and Kafka.
      await broker('start');
      await projector.waitFor('Arbitra projector listening on', 120_000);
      const token = /bootstrap admin token[^\n]*\n\s+(\S+)/.exec(api.output)![1];
      const r = await fetch(`${base.api}/v1/tournaments`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ id: 'late-start', name: 'Late start', discipline: 'scrabble', pairingSystems: ['australian-draw'] }),
      });
      expect(r.status).toBe(201);
      await until('the projector serving the tournament', async () => (await fetch(`${base.projector}/v1/tournaments/late-start`)).status === 200);
      for (const p of procs) expect({ name: p.name, alive: p.alive }).toEqual({ name: p.name, alive: true });
    }, 600_000);

    it('a subscriber hears appends by another process by notification again after PostgreSQL restarts (LISTEN reopened)', async () => {
      await cluster('status').catch(() => cluster('up')); // up already when the test above ran
      // A poll of ten minutes: within this test only a notification can wake the subscriber.
      const reader = await PostgresEventStore.open({ connectionString: pgUrl, pollMs: 600_000 });
      const writer = await PostgresEventStore.open({ connectionString: pgUrl });
      const stop = new AbortController();
      const seen: RecordedEvent[] = [];
      const stream = `listen-${randomUUID()}`;
      const subscription = (async () => {
        for await (const e of reader.subscribe(await reader.headPosition(), { signal: stop.signal })) if (e.stream === stream) seen.push(e);
      })();
      /** Appends a probe every 500 ms until the subscriber has heard one of this phase (a notification missed while it read is not waited on). */
      const heard = async (phase: string) => {
        for (let i = 0; !seen.some((e) => (e.data as { phase: string }).phase === phase); i++) {
          if (i > 240) throw new Error(`the subscriber heard no append of phase ${phase} in 2 minutes`);
          await writer.append(stream, [newEvent('ListenProbe', { phase, i })], 'any').catch(() => undefined); // may meet the restart
          await sleep(500);
        }
      };
      try {
        await heard('before');
        await cluster('restart'); // every session ends (57P01), the LISTEN one too
        await heard('after');
        expect(seen.filter((e) => (e.data as { phase: string }).phase === 'after').length).toBeGreaterThanOrEqual(1);
      } finally {
        stop.abort();
        await writer.close();
        await reader.close();
        await subscription.catch(() => undefined);
      }
    }, 240_000);
  });
});
