import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { copyFileSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { describeWithKafka, uniqueName } from '../libs/bus/testing/kafka-test-env.js';
import { describeWithPostgres } from '../libs/store/postgres/testing/pg-test-env.js';
import { AppProcess, distApp } from './support/app-process.js';
import { freePort } from './support/server-child.js';

/**
 * Issue 33: the distributed mode under faults of its dependencies, across processes (the built apps: `npm run build`
 * first). Two api replicas, two relays and a projector run on a PostgreSQL cluster and a Kafka broker of this test's
 * own (deploy/postgres/cluster.sh and deploy/kafka/broker.sh on free ports and their own state dirs: the shared ones
 * other suites use are left alone). Under a steady load of commands through both replicas, PostgreSQL is restarted
 * (pg_ctl restart), then stopped and started, and the broker is stopped for longer than the Kafka client's retries.
 * No process exits, every acknowledged command is in the log exactly once, and the projector converges.
 */
const root = new URL('..', import.meta.url).pathname;
const run = promisify(execFile);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls `check` every 100 ms for at most `limitMs` (generous: the machine may be busy); rejects naming `what`. */
async function until(what: string, check: () => boolean | Promise<boolean>, limitMs = 120_000): Promise<void> {
  const deadline = Date.now() + limitMs;
  while (!(await check())) {
    if (unexpected.length > 0) throw new Error(`while waiting for ${what}: ${unexpected.join('\n')}`);
    if (Date.now() > deadline) throw new Error(`timed out after ${limitMs} ms waiting for ${what}`);
    await sleep(100);
  }
}

/** Answers other than a 2xx or a 503 with Retry-After, and requests no replica answered: each one fails the test. */
const unexpected: string[] = [];

interface Attempt {
  readonly at: number;
  readonly outcome: number | 'network';
}

describeWithKafka('distributed mode: PostgreSQL restarted and Kafka down under load', () => {
  describeWithPostgres('api x2 + relay x2 + projector, each fault injected for real', () => {
    const procs: AppProcess[] = [];
    const pgDir = mkdtempSync(join(tmpdir(), 'arbitra-faults-pg-'));
    const kafkaDir = mkdtempSync(join(tmpdir(), 'arbitra-faults-kafka-'));
    let pgEnv: NodeJS.ProcessEnv = {};
    let kafkaEnv: NodeJS.ProcessEnv = {};
    let pgUrl = '';
    let token = '';
    const api: string[] = [];
    let projectorUrl = '';

    const dataDirs: string[] = [];
    const dataDir = (name: string) => {
      dataDirs.push(mkdtempSync(join(tmpdir(), `arbitra-${name}-`)));
      return dataDirs[dataDirs.length - 1];
    };

    const cluster = (cmd: string) => run('bash', [join(root, 'deploy/postgres/cluster.sh'), cmd], { env: pgEnv });
    const broker = (cmd: string) => run('bash', [join(root, 'deploy/kafka/broker.sh'), cmd], { env: kafkaEnv });

    // The load: workers create tournaments through both replicas, each with its own Idempotency-Key, and retry a
    // refused attempt (503, Retry-After) with the same key until it is acknowledged, as a well-behaved client does.
    const attempts: Attempt[] = [];
    const acked = new Map<string, number>();
    let next = 0;
    let loading = true;
    const command = async (id: string, replica = next % 2): Promise<number> => {
      for (let i = 0; ; i++) {
        const base = api[(replica + i) % 2];
        let status: number;
        try {
          const r = await fetch(`${base}/v1/tournaments`, {
            method: 'POST',
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': id },
            body: JSON.stringify({ id, name: `Fault ${id}`, discipline: 'scrabble', pairingSystems: ['australian-draw'] }),
            signal: AbortSignal.timeout(60_000),
          });
          status = r.status;
          const body = await r.text();
          if (r.ok) {
            attempts.push({ at: Date.now(), outcome: status });
            acked.set(id, Date.now());
            return status;
          }
          const problem = r.headers.get('content-type')?.startsWith('application/problem+json');
          if (status !== 503 || !problem || r.headers.get('retry-after') !== '1') {
            unexpected.push(`${id} via ${base}: ${status} ${body}`);
            return status;
          }
        } catch (e) {
          unexpected.push(`${id} via ${base}: ${String(e)}`); // an api replica that stopped answering
          attempts.push({ at: Date.now(), outcome: 'network' });
          return 0;
        }
        attempts.push({ at: Date.now(), outcome: status });
        await sleep(1000); // Retry-After: 1
      }
    };
    const workers: Array<Promise<void>> = [];
    const startLoad = () => {
      for (let w = 0; w < 4; w++) {
        workers.push(
          (async () => {
            while (loading) await command(`fault-${String(next++).padStart(5, '0')}`);
          })(),
        );
      }
    };
    /** From the fault's start: how many attempts were refused, and when commands were acknowledged again after the last refusal. */
    const recovery = (from: number, to: number) => {
      const during = attempts.filter((a) => a.at >= from && a.at <= to);
      const refused = during.filter((a) => a.outcome !== 201 && a.outcome !== 200);
      const lastRefused = refused.length ? Math.max(...refused.map((a) => a.at)) : from;
      const back = attempts.find((a) => a.at >= lastRefused && (a.outcome === 201 || a.outcome === 200));
      return { refused: refused.length, recoverySeconds: back ? (back.at - from) / 1000 : null };
    };
    const tournamentsOf = async (base: string) => {
      const r = await fetch(`${base}/v1/tournaments`, { headers: { authorization: `Bearer ${token}` } });
      if (r.status !== 200) return null;
      return ((await r.json()) as { tournaments: Array<{ id: string }> }).tournaments.map((t) => t.id).sort();
    };
    const projectorHasAll = async () => {
      const seen = new Set(await tournamentsOf(projectorUrl).catch(() => null));
      return [...acked.keys()].every((id) => seen.has(id));
    };
    const relays = () => procs.filter((p) => p.name.startsWith('relay'));

    beforeAll(async () => {
      for (const app of ['api', 'relay', 'projector'])
        if (!existsSync(distApp(app))) throw new Error(`${distApp(app)} is missing: run \`npm run build\` first`);
      const lib = join(root, '.ci-kafka/lib');
      if (!existsSync(lib)) throw new Error('deploy/kafka/broker.sh start must have fetched the broker jars into .ci-kafka/lib');
      pgEnv = { ...process.env, PG_CI_DIR: pgDir, PG_PORT: String(await freePort()) };
      const kafkaPort = await freePort();
      kafkaEnv = { ...process.env, KAFKA_CI_DIR: kafkaDir, KAFKA_LIB_DIR: lib, KAFKA_PORT: String(kafkaPort), KAFKA_CONTROLLER_PORT: String(await freePort()) };
      const [started] = await Promise.all([cluster('start'), broker('start')]);
      pgUrl = /ARBITRA_PG_URL=(\S+)/.exec(started.stdout)![1];

      const common = {
        ARBITRA_STORE: 'postgres',
        ARBITRA_PG_URL: pgUrl,
        ARBITRA_JWT_SECRET: randomBytes(32).toString('hex'),
        ARBITRA_LOG_LEVEL: 'info',
        HOST: '127.0.0.1',
        ARBITRA_RATE_LIMIT_PER_IP: '0',
        ARBITRA_RATE_LIMIT_PER_TOKEN: '0',
      };
      // Two retries (under a second of backoff) instead of eight: an outage of a few seconds already outlasts them.
      const kafka = { ARBITRA_KAFKA_BROKERS: `127.0.0.1:${kafkaPort}`, ARBITRA_KAFKA_TOPIC: uniqueName('arbitra-faults'), ARBITRA_KAFKA_RETRIES: '2' };
      for (const name of ['api-1', 'api-2']) {
        const port = await freePort();
        const p = new AppProcess(name, 'api', { ...common, PORT: String(port), ARBITRA_DATA_DIR: dataDir(name) });
        procs.push(p);
        await p.waitFor('Arbitra api listening on');
        api.push(`http://127.0.0.1:${port}`);
      }
      token = /bootstrap admin token[^\n]*\n\s+(\S+)/.exec(procs[0].output)![1];
      for (const name of ['relay-1', 'relay-2']) {
        const p = new AppProcess(name, 'relay', {
          ...common,
          ...kafka,
          PORT: String(await freePort()),
          ARBITRA_DATA_DIR: dataDir(name),
        });
        procs.push(p);
        await p.waitFor('relay leader lock');
      }
      const port = await freePort();
      projectorUrl = `http://127.0.0.1:${port}`;
      const projector = new AppProcess('projector', 'projector', {
        ...common,
        ...kafka,
        PORT: String(port),
        ARBITRA_DATA_DIR: dataDir('projector'),
        ARBITRA_PROJECTOR_GROUP: uniqueName('projector'),
      });
      procs.push(projector);
      await projector.waitFor('listening on');
    }, 240_000);

    afterAll(async () => {
      loading = false;
      for (const p of procs) await p.kill9();
      // Each process's output, for a failure's post-mortem.
      const logs = mkdtempSync(join(tmpdir(), 'arbitra-faults-logs-'));
      for (const p of procs) writeFileSync(join(logs, `${p.name}.log`), p.output);
      process.stdout.write(`issue 33 fault test: process logs in ${logs}\n`);
      await cluster('stop').catch(() => undefined);
      await broker('stop').catch(() => undefined);
      // Nothing else left behind: the broker's log joins the others, the state and data dirs go.
      if (existsSync(join(kafkaDir, 'broker.log'))) copyFileSync(join(kafkaDir, 'broker.log'), join(logs, 'kafka-broker.log'));
      for (const dir of [pgDir, kafkaDir, ...dataDirs]) rmSync(dir, { recursive: true, force: true });
    }, 120_000);

    it('no process exits, no acknowledged command is lost or recorded twice, and the projector converges', async () => {
      const report: Record<string, unknown> = {};
      startLoad();
      await until('20 commands acknowledged', () => acked.size >= 20);

      // 1. pg_ctl restart under load: sessions end with 57P01, the server then refuses (57P03) and comes back.
      let from = Date.now();
      await cluster('restart');
      let to = Date.now();
      const ackedBefore = acked.size;
      await until('commands acknowledged again after the restart', () => acked.size >= ackedBefore + 20);
      report.postgresRestart = { outageMs: to - from, ...recovery(from, Date.now()) };
      await until('a relay active again', () =>
        relays().some((r) => r.output.lastIndexOf('this relay is the active one') > r.output.lastIndexOf('leader lock lost')),
      );

      // 2. PostgreSQL down, then up: a command meanwhile is answered 503 problem+json with Retry-After by either
      // replica, and the same request (same Idempotency-Key) succeeds once the database is back.
      from = Date.now();
      await cluster('down');
      for (const [i, base] of api.entries()) {
        const r = await fetch(`${base}/v1/tournaments`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': `probe-key-${i}` },
          body: JSON.stringify({ id: `probe-key-${i}`, name: 'Probe', discipline: 'scrabble', pairingSystems: ['australian-draw'] }),
        });
        expect(r.status).toBe(503);
        expect(r.headers.get('content-type')).toMatch(/^application\/problem\+json/);
        expect(r.headers.get('retry-after')).toBe('1');
        expect(((await r.json()) as { type: string }).type).toMatch(/store\/unavailable$/);
      }
      await cluster('up');
      to = Date.now();
      for (const i of [0, 1]) expect(await command(`probe-key-${i}`, i)).toBe(201);
      report.postgresDown = { outageMs: to - from, ...recovery(from, Date.now()) };

      // 3. The broker stopped until the active relay has given up on its client (retries exhausted) and the log has
      // grown meanwhile; then started again on the same storage.
      from = Date.now();
      const marks = relays().map((r) => r.output.length);
      await broker('stop');
      await until('the active relay to exhaust its Kafka retries', () => relays().some((r, i) => r.output.includes('relay term failed', marks[i])));
      const ackedDuringOutage = acked.size;
      await until('commands acknowledged while Kafka is down', () => acked.size >= ackedDuringOutage + 10);
      await broker('restart');
      to = Date.now();
      const expected = acked.size;
      await until(
        'the projector to serve every command acknowledged during the outage',
        async () => ((await tournamentsOf(projectorUrl).catch(() => null))?.length ?? 0) >= expected,
        180_000,
      );
      report.kafkaDown = { outageMs: to - from, convergedSecondsAfterBrokerBack: (Date.now() - to) / 1000 };

      loading = false;
      await Promise.all(workers);
      for (const p of procs) expect({ name: p.name, alive: p.alive }).toEqual({ name: p.name, alive: true });
      expect(unexpected).toEqual([]);

      // Every acknowledged command is in the log exactly once.
      const client = new pg.Client({ connectionString: pgUrl });
      await client.connect();
      const { rows } = await client.query<{ stream: string; n: number }>(
        `SELECT stream, count(*)::int AS n FROM events WHERE type = 'tournament.TournamentCreated' GROUP BY stream`,
      );
      await client.end();
      const counts = new Map(rows.map((r) => [r.stream.replace(/^tournament-/, ''), r.n]));
      const lost = [...acked.keys()].filter((id) => !counts.has(id));
      const duplicated = rows.filter((r) => r.n > 1).map((r) => r.stream);
      report.commands = { acknowledged: acked.size, lost: lost.length, duplicated: duplicated.length, attempts: attempts.length };
      expect(lost).toEqual([]);
      expect(duplicated).toEqual([]);

      // The projector's read model (from Kafka) equals the api's (from the log), with every acknowledged tournament.
      let fromProjector: string[] | null = null;
      let fromApi: string[] | null = null;
      await until(
        'the projector and the api to serve the same tournaments',
        async () => {
          [fromProjector, fromApi] = [await tournamentsOf(projectorUrl), await tournamentsOf(api[1])];
          return (await projectorHasAll()) && JSON.stringify(fromProjector) === JSON.stringify(fromApi);
        },
        180_000,
      );
      expect(fromProjector).toEqual(fromApi);
      expect(fromProjector).toHaveLength(acked.size);
      process.stdout.write(`issue 33 fault test: ${JSON.stringify(report)}\n`);
    }, 600_000);
  });
});
