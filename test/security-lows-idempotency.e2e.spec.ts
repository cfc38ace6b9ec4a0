import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import Database from 'better-sqlite3';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { loadAuditConfig } from '../apps/records/audit-config.js';
import { exportCommand, verifyCommand } from '../apps/records/audit-commands.js';
import { describeWithPostgres, freshDatabase } from '../libs/store/postgres/testing/pg-test-env.js';
import { signingKeyFile } from './support/audit-scenario.js';
import { RecordsHarness } from './support/records-harness.js';

const ROUND1 = { kind: 'manual', reason: 'test', games: [{ table: 1, first: 'ann', second: 'bob' }], tables: [], bye: null };

/** A tournament of two players whose round 1 is not paired yet: publishing it is refused until it is. */
async function unpairedTournament(h: RecordsHarness, T: string, chief: string): Promise<void> {
  await h.post('/v1/tournaments', { id: T, name: 'Refusal Open', discipline: 'scrabble', pairingSystems: ['round-robin'], roundsPlanned: 1 }, chief);
  for (const id of ['ann', 'bob']) await h.post(`/v1/tournaments/${T}/players`, { id, name: `Player ${id}` }, chief);
}

const publish = (h: RecordsHarness, T: string, chief: string, key: string, body: object = {}) =>
  h.http().post(`/v1/tournaments/${T}/rounds/1/publish`).set('authorization', chief).set('idempotency-key', key).send(body);

/** The answer as a client compares it: status and problem body (the request id is per request). */
const answer = (r: { status: number; body: Record<string, unknown> }) => ({ status: r.status, body: { ...r.body, requestId: null } });

/** Issue 32: a refused command's answer is its Idempotency-Key's answer; a retry never gets a later 201. */
describe('a refusal is remembered for its Idempotency-Key (issue 32)', () => {
  let h: RecordsHarness;
  beforeAll(async () => {
    h = await RecordsHarness.start();
  });
  afterAll(() => h.stop());

  it('publish before pairing is refused; after the round is paired the same key and body answer the same refusal, a new key publishes', async () => {
    const T = 'refusal-kept';
    const chief = h.token('chief-arbiter', [T], 'chief-rk');
    await unpairedTournament(h, T, chief);
    const first = await publish(h, T, chief, 'publish-r1-0001');
    expect(first.status).toBeGreaterThanOrEqual(400);
    expect(first.status).toBeLessThan(500);
    expect(first.headers['content-type']).toContain('application/problem+json');
    await h.post(`/v1/tournaments/${T}/rounds/1/pairings`, ROUND1, chief);
    const head = await h.core.store.headPosition();
    // The retry: the round could be published now, but the key's answer is the refusal it got.
    const retry = await publish(h, T, chief, 'publish-r1-0001');
    expect(answer(retry)).toEqual(answer(first));
    expect(await h.core.store.headPosition()).toBe(head);
    // Another body under the key is still another request (422), not the refusal.
    const other = await publish(h, T, chief, 'publish-r1-0001', { division: 'main' });
    expect(other.status).toBe(422);
    expect(other.body.type).toBe('urn:arbitra:problem:command/idempotency-key-reused');
    // A new command gets a new key, and is recorded.
    const published = await h.post(`/v1/tournaments/${T}/rounds/1/publish`, {}, chief, 201, { 'idempotency-key': 'publish-r1-0002' });
    expect(published.body.events.map((e: { type: string }) => e.type)).toEqual(['tournament.RoundPublished']);
  });
});

describe('a refusal outlives a restart, kept beside the log and never in it (issue 32, SQLite)', () => {
  let running: RecordsHarness | undefined;
  afterEach(async () => {
    await running?.stop().catch(() => undefined);
    running = undefined;
  });

  it('refused, the server restarted on the same data dir, the round paired: the retry gets the same refusal; no event, export or verify shows it', async () => {
    const key = signingKeyFile();
    const audit = { signingKeyFile: key, checkpointEveryEvents: 1000 };
    const h = (running = await RecordsHarness.start(undefined, audit));
    const T = 'refusal-restart';
    const chief = h.token('chief-arbiter', [T, `${T}-b`], 'chief-rr');
    await unpairedTournament(h, T, chief);
    const first = await publish(h, T, chief, 'publish-after-restart');
    expect([first.status, first.body.type]).toEqual([404, 'urn:arbitra:problem:tournament/unknown-round']);
    await h.restart();
    await h.post(`/v1/tournaments/${T}/rounds/1/pairings`, ROUND1, chief);
    const head = await h.core.store.headPosition();
    const retry = await publish(h, T, chief, 'publish-after-restart');
    expect(answer(retry)).toEqual(answer(first));
    expect(await h.core.store.headPosition()).toBe(head);
    // The same key for another stream is still refused as another request, against the kept answer.
    const elsewhere = await h
      .http()
      .post('/v1/tournaments')
      .set('authorization', chief)
      .set('idempotency-key', 'publish-after-restart')
      .send({ id: `${T}-b`, name: 'Other Open', discipline: 'scrabble', pairingSystems: ['round-robin'] });
    expect([elsewhere.status, elsewhere.body.type]).toEqual([422, 'urn:arbitra:problem:command/idempotency-key-reused']);

    // The kept answer is a row of events.db (still 0600), and in no event: not in the log, the verify walk or an export.
    const everything = await h.http().get('/v1/events?limit=1000').set('authorization', h.token('admin'));
    expect(everything.status).toBe(200);
    expect(everything.body.events).toHaveLength(head);
    expect(JSON.stringify(everything.body)).not.toContain('publish-after-restart');
    const verified = await h.http().get('/v1/audit/verify').set('authorization', h.token('admin'));
    expect([verified.status, verified.body.ok]).toEqual([200, true]);
    await h.stop();
    running = undefined;
    const db = new Database(join(h.config.dataDir, 'events.db'), { readonly: true });
    const rows = db.prepare("SELECT command_id, stream FROM earlier_answers WHERE command_id LIKE '%publish-after-restart'").all();
    db.close();
    expect(rows).toEqual([{ command_id: expect.stringContaining('publish-after-restart'), stream: `tournament-${T}` }]);
    expect(statSync(join(h.config.dataDir, 'events.db')).mode & 0o777).toBe(0o600);
    const file = join(mkdtempSync(join(tmpdir(), 'arbitra-refusal-export-')), `${T}.ndjson`);
    const quiet = { out: () => undefined, err: () => undefined };
    expect(await exportCommand(['--tournament', T, '--out', file], h.config, quiet, { ...loadAuditConfig({}), signingKeyFile: key })).toBe(0);
    const exported = readFileSync(file, 'utf8');
    expect(exported.trim().split('\n')).toHaveLength(4); // created, two players, the pairing
    expect(exported).not.toContain('publish-after-restart');
    expect(await verifyCommand([file], h.config, null, quiet)).toBe(0);
  });
});

/** Issue 32 on PostgreSQL: the servers of one database share the kept answers, so a retry that reaches another gets the same. */
describeWithPostgres('a refusal is the same answer on every server of one PostgreSQL database (issue 32)', (serverUrl) => {
  const cleanup: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const c of cleanup.splice(0).reverse()) await c();
  });

  it('refused on server A; the round paired; the retry reaching server B (and C, started later) gets the same refusal, not 201', async () => {
    const db = await freshDatabase(serverUrl, 'arbitra_refusal');
    cleanup.push(db.drop);
    // Replicas: one database, one token secret.
    const env = { ARBITRA_STORE: 'postgres', ARBITRA_PG_URL: db.url, ARBITRA_JWT_SECRET: randomBytes(32).toString('hex') };
    const start = async () => {
      const s = await RecordsHarness.start(mkdtempSync(join(tmpdir(), 'arbitra-refusal-pg-')), {}, env);
      cleanup.push(() => s.stop().catch(() => undefined));
      return s;
    };
    const [a, b] = [await start(), await start()];
    const T = 'refusal-pg';
    const chief = a.token('chief-arbiter', [T], 'chief-pg');
    await unpairedTournament(a, T, chief);
    const first = await publish(a, T, chief, 'publish-pg-0001');
    expect([first.status, first.body.type]).toEqual([404, 'urn:arbitra:problem:tournament/unknown-round']);
    await a.post(`/v1/tournaments/${T}/rounds/1/pairings`, ROUND1, chief);
    const retryOnB = await publish(b, T, chief, 'publish-pg-0001');
    expect(answer(retryOnB)).toEqual(answer(first));
    // Another body under the key, sent to B: another request (422), checked against A's kept answer.
    const other = await publish(b, T, chief, 'publish-pg-0001', { division: 'main' });
    expect([other.status, other.body.type]).toEqual([422, 'urn:arbitra:problem:command/idempotency-key-reused']);
    await a.stop();
    await b.stop();
    const c = await start();
    expect(answer(await publish(c, T, chief, 'publish-pg-0001'))).toEqual(answer(first));
    // Beside the log, not in it: a row of earlier_answers, no event with the key's command id.
    const sql = new pg.Client({ connectionString: db.url });
    await sql.connect();
    try {
      const kept = await sql.query("SELECT stream FROM earlier_answers WHERE command_id LIKE '%publish-pg-0001'");
      expect(kept.rows).toEqual([{ stream: `tournament-${T}` }]);
      const events = await sql.query("SELECT count(*)::int AS n FROM events WHERE command_id LIKE '%publish-pg-0001'");
      expect(events.rows[0].n).toBe(0);
    } finally {
      await sql.end();
    }
    // The round was publishable all along: a new key publishes it.
    const published = await c.post(`/v1/tournaments/${T}/rounds/1/publish`, {}, chief, 201, { 'idempotency-key': 'publish-pg-0002' });
    expect(published.body.events.map((e: { type: string }) => e.type)).toEqual(['tournament.RoundPublished']);
  });
});
