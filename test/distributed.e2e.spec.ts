import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { describeWithKafka, uniqueName } from '../libs/bus/testing/kafka-test-env.js';
import { describeWithPostgres, freshDatabase } from '../libs/store/postgres/testing/pg-test-env.js';
import { freePort } from './support/server-child.js';
import { AppProcess as Proc, distApp } from './support/app-process.js';

/**
 * Issue 16, across processes (the built apps, `npm run build` first): two api replicas on one
 * PostgreSQL, two relays (one active by the leader lock), a projector; commands race through both
 * replicas; the projector's reads equal the api's (its read models are a replay of the log); the
 * active relay and the projector are killed with SIGKILL mid-stream and nothing is lost or applied twice.
 */
const dist = distApp;
const T = 'dist-open';
/** Players registered at once through the two api replicas (the If-Match race adds one more). */
const REGISTERED = 60;

describeWithKafka('distributed mode across processes', (brokers) => {
  describeWithPostgres('api x2 + relay x2 + projector on PostgreSQL and Kafka', (serverUrl) => {
    const procs: Proc[] = [];
    let db: { url: string; drop: () => Promise<void> };
    let token = '';
    const api: string[] = [];
    let projectorUrl = '';
    let projectorEnv: Record<string, string> = {};
    let position = 0;
    const relays: Proc[] = [];
    let projector: Proc;

    const post = async (base: string, path: string, body: object, headers: Record<string, string> = {}) => {
      const r = await fetch(`${base}${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      });
      const json = (await r.json()) as { position?: number; revision?: number };
      if (r.status === 201) position = Math.max(position, json.position!);
      return { status: r.status, body: json };
    };
    const get = async (base: string, path: string) => {
      const r = await fetch(`${base}${path}${path.includes('?') ? '&' : '?'}waitFor=${position}`, { headers: { authorization: `Bearer ${token}` } });
      return { status: r.status, body: (await r.json()) as unknown };
    };
    /** The projector's answer once it equals the api's (the projector lags behind the relay). */
    const converged = async (path: string) => {
      const expected = await get(api[0], path);
      const deadline = Date.now() + 30_000;
      for (;;) {
        const seen = await get(projectorUrl, path);
        if (JSON.stringify(seen) === JSON.stringify(expected) || Date.now() > deadline) return { seen, expected };
        await new Promise((r) => setTimeout(r, 200));
      }
    };
    const startProjector = async () => {
      const p = new Proc('projector', 'projector', projectorEnv);
      procs.push(p);
      await p.waitFor('listening on');
      return p;
    };

    beforeAll(async () => {
      for (const app of ['api', 'relay', 'projector']) if (!existsSync(dist(app))) throw new Error(`${dist(app)} is missing: run \`npm run build\` first`);
      db = await freshDatabase(serverUrl, 'arbitra_dist');
      const topic = uniqueName('arbitra-dist');
      const common = {
        ARBITRA_STORE: 'postgres',
        ARBITRA_PG_URL: db.url,
        ARBITRA_JWT_SECRET: randomBytes(32).toString('hex'),
        ARBITRA_LOG_LEVEL: 'info',
        HOST: '127.0.0.1',
        ARBITRA_RATE_LIMIT_PER_IP: '0',
        ARBITRA_RATE_LIMIT_PER_TOKEN: '0',
        ARBITRA_WAIT_MAX_MS: '10000',
      };
      const kafka = { ARBITRA_KAFKA_BROKERS: brokers.join(','), ARBITRA_KAFKA_TOPIC: topic };
      for (const name of ['api-1', 'api-2']) {
        const port = await freePort();
        const p = new Proc(name, 'api', { ...common, PORT: String(port), ARBITRA_DATA_DIR: mkdtempSync(join(tmpdir(), `arbitra-${name}-`)) });
        procs.push(p);
        await p.waitFor('Arbitra api listening on');
        api.push(`http://127.0.0.1:${port}`);
      }
      token = /bootstrap admin token[^\n]*\n\s+(\S+)/.exec(procs[0].output)![1];
      for (const name of ['relay-1', 'relay-2']) {
        const p = new Proc(name, 'relay', {
          ...common,
          ...kafka,
          PORT: String(await freePort()),
          ARBITRA_RELAY_BATCH: '5',
          ARBITRA_DATA_DIR: mkdtempSync(join(tmpdir(), `arbitra-${name}-`)),
        });
        procs.push(p);
        relays.push(p);
        await p.waitFor('relay leader lock'); // every relay starts as a standby; one then takes the lock
      }
      const port = await freePort();
      projectorUrl = `http://127.0.0.1:${port}`;
      projectorEnv = {
        ...common,
        ...kafka,
        PORT: String(port),
        ARBITRA_DATA_DIR: mkdtempSync(join(tmpdir(), 'arbitra-projector-')),
        ARBITRA_PROJECTOR_GROUP: uniqueName('projector'),
      };
      projector = await startProjector();
    }, 120_000);

    afterAll(async () => {
      for (const p of procs) await p.kill9();
      await db?.drop().catch(() => {});
    });

    it('two api replicas race 60 registrations on one tournament: each recorded once, none refused for the race; of two If-Match commands on one revision one wins, the other is 412', async () => {
      expect(
        (await post(api[0], '/v1/tournaments', { id: T, name: 'Distributed Open', discipline: 'scrabble', pairingSystems: ['australian-draw'] })).status,
      ).toBe(201);
      // Sixty at once (a registration desk opening): a replica whose commands keep losing the race to the other's waits
      // and retries (a 409 once was the answer to one of twelve).
      const players = Array.from({ length: REGISTERED }, (_, i) => ({ id: `p${String(i).padStart(2, '0')}`, name: `Player ${i}`, rating: 2000 - 10 * i }));
      const answers = await Promise.all(players.map((p, i) => post(api[i % 2], `/v1/tournaments/${T}/players`, p)));
      expect(answers.map((a) => a.status)).toEqual(players.map(() => 201));
      const revisions = answers.map((a) => a.body.revision).sort((a, b) => a! - b!);
      expect(new Set(revisions).size).toBe(REGISTERED); // each appended at its own revision, none lost

      const at = Math.max(...revisions.map(Number));
      const race = await Promise.all([
        post(api[0], `/v1/tournaments/${T}/players`, { id: 'late-a', name: 'Late A', rating: 1500 }, { 'if-match': `"${at}"` }),
        post(api[1], `/v1/tournaments/${T}/players`, { id: 'late-b', name: 'Late B', rating: 1500 }, { 'if-match': `"${at}"` }),
      ]);
      expect(race.map((r) => r.status).sort()).toEqual([201, 412]);

      const client = new pg.Client({ connectionString: db.url });
      await client.connect();
      const { rows } = await client.query(`SELECT count(*)::int AS n FROM events WHERE stream = $1 AND type = 'tournament.PlayerRegistered'`, [
        `tournament-${T}`,
      ]);
      await client.end();
      expect(rows[0].n).toBe(REGISTERED + 1);
    }, 60_000);

    it('the projector serves, from Kafka, the same tournament and standings as the api (a replay of the log); a second projector replica started later serves the same', async () => {
      const paired = await post(api[1], `/v1/tournaments/${T}/rounds/1/pairings`, { system: 'australian-draw' });
      expect(paired.status).toBe(201);
      expect((await post(api[0], `/v1/tournaments/${T}/rounds/1/publish`, {})).status).toBe(201);
      for (const path of [`/v1/tournaments/${T}`, `/v1/tournaments/${T}/standings`, `/v1/tournaments/${T}/rounds/1/pairings`]) {
        const { seen, expected } = await converged(path);
        expect(seen.status).toBe(200);
        expect(seen).toEqual(expected);
      }
      // Replicas scale reads: another projector (its own group and data dir) replays the topic to the same answers.
      const port = await freePort();
      const second = new Proc('projector-2', 'projector', {
        ...projectorEnv,
        PORT: String(port),
        ARBITRA_DATA_DIR: mkdtempSync(join(tmpdir(), 'arbitra-projector-2-')),
        ARBITRA_PROJECTOR_GROUP: uniqueName('projector-2'),
      });
      procs.push(second);
      await second.waitFor('listening on');
      const first = projectorUrl;
      projectorUrl = `http://127.0.0.1:${port}`;
      try {
        const { seen, expected } = await converged(`/v1/tournaments/${T}/standings`);
        expect(seen).toEqual(expected);
      } finally {
        projectorUrl = first;
        await second.kill9();
      }
    }, 90_000);

    it('kill -9 of the active relay (the standby takes over) and of the projector mid-stream: nothing lost, nothing applied twice', async () => {
      const leader = relays.find((r) => r.output.includes('this relay is the active one'))!;
      const standby = relays.find((r) => r !== leader)!;
      expect(leader).toBeDefined();
      const games = ((await get(api[0], `/v1/tournaments/${T}/rounds/1/pairings`)).body as { games: Array<{ table: number; second?: string }> }).games;
      const results = games
        .filter((g) => g.second)
        .map((g, i) => ({
          table: g.table,
          result: { kind: 'played', outcome: 'first', score: { first: 400 + i, second: 390 } },
        }));
      const half = Math.ceil(results.length / 2);
      for (const [i, r] of results.slice(0, half).entries()) {
        const answer = await post(api[i % 2], `/v1/tournaments/${T}/rounds/1/results`, r);
        if (answer.status !== 201) throw new Error(`result ${JSON.stringify(r)}: ${answer.status} ${JSON.stringify(answer.body)}`);
        if (i === 1) await leader.kill9();
      }
      await standby.waitFor('this relay is the active one', 30_000);
      await projector.kill9();
      for (const [i, r] of results.slice(half).entries()) expect((await post(api[i % 2], `/v1/tournaments/${T}/rounds/1/results`, r)).status).toBe(201);
      projector = await startProjector(); // the same data dir and group: resumes from its checkpoint
      for (const path of [`/v1/tournaments/${T}`, `/v1/tournaments/${T}/standings`]) {
        const { seen, expected } = await converged(path);
        expect(seen).toEqual(expected);
      }
      const standings = (await get(projectorUrl, `/v1/tournaments/${T}/standings`)).body as { divisions: Array<{ rows: Array<{ wins: number }> }> };
      // Every result once: one win per played game plus the bye (61 players); a result applied twice would count twice.
      expect(standings.divisions[0].rows.reduce((n, r) => n + r.wins, 0)).toBe(results.length + (REGISTERED + 1 - 2 * results.length));
    }, 120_000);
  });
});
