import { afterEach, expect, it } from '@jest/globals';
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { TAIL_ACCEPTED } from '../apps/records/unsigned-tail.js';
import { TokenService } from '../libs/api/auth/token.service.js';
import { canonicalJson } from '../libs/domain/kernel/index.js';
import { hashCanonical } from '../libs/store/hash-chain.js';
import { describeWithPostgres, freshDatabase } from '../libs/store/postgres/testing/pg-test-env.js';
import { AppProcess, distApp } from './support/app-process.js';
import { signingKeyFile } from './support/audit-scenario.js';
import { RecordsHarness } from './support/records-harness.js';
import { freePort } from './support/server-child.js';

/**
 * Issue 32, the tail on PostgreSQL with append seals (libs/store/seals.ts): a server killed without a clean shutdown
 * leaves a sealed tail, which a restart, or another server that kept running, signs without the operator's flag; a row
 * forged with SQL while a server runs is never signed. Server A runs as the built records app (`npm run build` first)
 * and is killed with SIGKILL; server B runs in this process.
 */
describeWithPostgres('append seals on PostgreSQL (issue 32)', (serverUrl) => {
  const cleanup: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const c of cleanup.splice(0).reverse()) await c();
  });

  const keyed = (key: string) => ({
    signingKeyFile: key,
    checkpointEveryEvents: 1000,
    checkpointEveryMinutes: 0,
    acceptUnsignedTail: false,
    allowBrokenLog: false,
  });

  async function sql(url: string, q: string, v: unknown[] = []): Promise<pg.QueryResult> {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    try {
      return await c.query(q, v);
    } finally {
      await c.end();
    }
  }

  const positions = async (url: string) => {
    const { rows } = await sql(
      url,
      'SELECT (SELECT position FROM log_head) AS head, (SELECT coalesce(max(position), 0) FROM checkpoints) AS signed, (SELECT coalesce(max(position), 0) FROM seals) AS sealed',
    );
    return { head: Number(rows[0].head), signed: Number(rows[0].signed), sealed: Number(rows[0].sealed) };
  };

  /** Server A: the built records app on the log, which records a tournament and is then killed (no clean shutdown). */
  async function crashAfterAppending(url: string, key: string, secret: string, id: string): Promise<void> {
    const port = await freePort();
    const a = new AppProcess(`server-${id}`, 'records', {
      ARBITRA_STORE: 'postgres',
      ARBITRA_PG_URL: url,
      ARBITRA_DATA_DIR: mkdtempSync(join(tmpdir(), 'arbitra-seals-pg-a-')),
      ARBITRA_SIGNING_KEY_FILE: key,
      ARBITRA_JWT_SECRET: secret,
      ARBITRA_CHECKPOINT_EVERY_MINUTES: '0',
      ARBITRA_LOG_LEVEL: 'info',
      HOST: '127.0.0.1',
      PORT: String(port),
    });
    cleanup.push(() => a.kill9());
    await a.waitFor('listening on');
    const token = new TokenService(secret).issue({ sub: 'admin-a', role: 'admin' });
    const r = await fetch(`http://127.0.0.1:${port}/v1/tournaments`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ id, name: id, discipline: 'scrabble', pairingSystems: ['round-robin'] }),
    });
    expect(r.status).toBe(201);
    await a.kill9();
  }

  it('a crashed server’s sealed tail is signed by the restart and by a server that kept running; a row forged with SQL is not', async () => {
    if (!existsSync(distApp('records'))) throw new Error(`${distApp('records')} is missing: run \`npm run build\` first`);
    const db = await freshDatabase(serverUrl, 'arbitra_seals');
    cleanup.push(db.drop);
    const key = signingKeyFile();
    const secret = randomBytes(32).toString('hex');
    const env = { ARBITRA_STORE: 'postgres', ARBITRA_PG_URL: db.url, ARBITRA_JWT_SECRET: secret };

    // A crashes alone: its tail is sealed, not signed.
    await crashAfterAppending(db.url, key, secret, 'seals-a1');
    const crashed = await positions(db.url);
    expect(crashed.head).toBeGreaterThan(crashed.signed);
    expect(crashed.sealed).toBe(crashed.head);

    // B starts alone on the log: it signs A's sealed tail without --accept-unsigned-tail.
    const b = await RecordsHarness.start(mkdtempSync(join(tmpdir(), 'arbitra-seals-pg-b-')), keyed(key), env);
    cleanup.push(() => b.stop().catch(() => undefined));
    expect((await positions(db.url)).signed).toBe(crashed.head);
    expect((await b.core.store.readAll(0, 100_000)).some((e) => e.type === TAIL_ACCEPTED)).toBe(false);

    // A runs again beside B, appends and crashes: B, still running, signs that tail.
    await crashAfterAppending(db.url, key, secret, 'seals-a2');
    const second = await positions(db.url);
    expect(second.head).toBeGreaterThan(crashed.head);
    expect(second.sealed).toBe(second.head);
    expect((await b.checkpointer!.signNow())?.position).toBe(second.head);
    // B's next append chains from A's sealed head (not one B sealed itself): checked, and sealed.
    await b.post('/v1/tournaments', { id: 'seals-b0', name: 'B0', discipline: 'scrabble', pairingSystems: ['round-robin'] }, b.token('admin'));
    const resumed = await positions(db.url);
    expect(resumed.head).toBeGreaterThan(second.head);
    expect(resumed.sealed).toBe(resumed.head);

    // A row forged with SQL while B runs (the allocator moved as a writer would): not signed, not sealed over.
    const forger = new pg.Client({ connectionString: db.url });
    await forger.connect();
    try {
      await forger.query('BEGIN');
      const head = (await forger.query('SELECT position, hash FROM log_head FOR UPDATE')).rows[0] as { position: string; hash: string };
      const id = randomUUID();
      const stream = `forged-${id}`;
      const data = canonicalJson({ note: 'appended with SQL, not by a server' });
      const meta = {
        actor: { id: 'admin-a', role: 'admin' },
        commandId: id,
        correlationId: id,
        causationId: null,
        recordedAt: new Date().toISOString(),
        schemaVersion: 1,
        prevHash: null,
        globalPrevHash: head.hash,
      };
      const hash = hashCanonical(id, stream, 0, 'forged.Note', data, canonicalJson(meta));
      const position = Number(head.position) + 1;
      await forger.query('INSERT INTO events (position, id, stream, revision, type, data, meta, hash, command_id) VALUES ($1, $2, $3, 0, $4, $5, $6, $7, $8)', [
        position,
        id,
        stream,
        'forged.Note',
        data,
        JSON.stringify({ ...meta, hash }),
        hash,
        id,
      ]);
      await forger.query('UPDATE log_head SET position = $1, hash = $2', [position, hash]);
      await forger.query('COMMIT');
    } finally {
      await forger.end();
    }
    // B appends after it: chained from the forged row, so not sealed either.
    await b.post('/v1/tournaments', { id: 'seals-b', name: 'B', discipline: 'scrabble', pairingSystems: ['round-robin'] }, b.token('admin'));
    const forged = await positions(db.url);
    expect(forged.head).toBeGreaterThan(resumed.head + 1);
    expect(forged.sealed).toBe(resumed.head);
    expect((await b.checkpointer!.signNow())?.position).toBe(resumed.head);
    expect(await b.checkpointer!.signNow()).toBeNull();
    expect((await positions(db.url)).signed).toBe(resumed.head);
    const ready = await b.http().get('/health/ready').expect(200);
    expect(ready.body.status).toBe('degraded');
    expect(ready.body.info.log.broken).toMatch(new RegExp(`the events at positions ${resumed.head + 1} to \\d+ carry no seal of this key`));
  });
});
