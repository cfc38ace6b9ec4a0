import { afterEach, beforeAll, expect, it } from '@jest/globals';
import { spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { loadSigningKey, signatureProblem, type Checkpoint } from '../libs/store/checkpoints.js';
import { freePort, startServer, stopServer } from './support/server-child.js';
import { describeWithPostgres, freshDatabase } from '../libs/store/postgres/testing/pg-test-env.js';
import { rewritePostgresLog } from '../libs/store/postgres/testing/pg-tamper.js';
import { signingKeyFile } from './support/audit-scenario.js';

/**
 * Signed checkpoints on PostgreSQL through the built server and CLI (`npm run build` first): a server
 * on ARBITRA_STORE=postgres with a signing key signs checkpoints into the log's database as it
 * records, another start signs the head and serves them at GET /v1/audit/checkpoints, `verify` checks
 * them; then the log is rewritten under them in PostgreSQL (a player's name changed, every hash after
 * it recomputed, so the chains alone look intact) and both `verify` and the server's start-up check
 * refuse it, naming the checkpoint's position.
 */
const root = new URL('..', import.meta.url).pathname;
const main = join(root, 'dist/apps/records/main.js');
const cli = join(root, 'dist/apps/records/cli.js');
const T = 'pg-signed-2026';

const start = (env: Record<string, string>) => startServer(main, env, ['listening on', 'log check:']);
const stop = stopServer;

describeWithPostgres('signed checkpoints on PostgreSQL (ARBITRA_STORE=postgres, dist build)', (serverUrl) => {
  let child: ChildProcess | undefined;
  beforeAll(() => {
    if (!existsSync(main)) throw new Error(`${main} is missing: run \`npm run build\` first (npm test does)`);
  });
  afterEach(async () => {
    if (child && child.exitCode === null) await stop(child);
  });

  it('a server signs checkpoints into PostgreSQL and serves them; verify and the next start catch a log rewritten under them', async () => {
    const db = await freshDatabase(serverUrl, 'arbitra_signed');
    const dataDir = mkdtempSync(join(tmpdir(), 'arbitra-pg-signed-'));
    const key = signingKeyFile();
    const publicKey = loadSigningKey(key, dataDir).publicKey;
    const sql = new pg.Client({ connectionString: db.url });
    await sql.connect();
    try {
      const port = await freePort();
      const base = `http://127.0.0.1:${port}`;
      const env = {
        ARBITRA_STORE: 'postgres',
        ARBITRA_PG_URL: db.url,
        ARBITRA_DATA_DIR: dataDir,
        ARBITRA_SIGNING_KEY_FILE: key,
        PORT: String(port),
        HOST: '127.0.0.1',
      };
      const first = await start({ ...env, ARBITRA_CHECKPOINT_EVERY_EVENTS: '3' });
      child = first.child;
      expect(first.output).not.toMatch(/keeps no checkpoints/);
      const token = /First start: .*\n\s+(\S+)/.exec(first.output)?.[1];
      const post = async (path: string, body: object) => {
        const r = await fetch(`${base}${path}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
        expect(r.status).toBe(201);
        return (await r.json()) as { position: number };
      };
      await post('/v1/tournaments', { id: T, name: 'Signed Open', discipline: 'scrabble', pairingSystems: ['australian-draw'] });
      for (const [i, id] of ['chan', 'wong', 'cheung', 'lee', 'ho'].entries())
        await post(`/v1/tournaments/${T}/players`, { id, name: id.toUpperCase(), rating: 1900 - i });
      // Signed while recording (every 3 events), into the log's own database; the server's stop waits for a signing under way.
      await stop(child);
      const head = Number((await sql.query<{ position: string }>('SELECT position FROM log_head')).rows[0].position);
      const signedWhileRecording = (await sql.query<{ position: string }>('SELECT position FROM checkpoints ORDER BY seq')).rows.map((r) => Number(r.position));
      expect(signedWhileRecording.length).toBeGreaterThan(0);
      expect(signedWhileRecording.every((p) => p >= 3 && p <= head)).toBe(true);

      // One more event by a server that signs no more than every 1000: at its next start it signs the head before serving.
      child = (await start({ ...env, ARBITRA_CHECKPOINT_EVERY_EVENTS: '1000' })).child;
      await post(`/v1/tournaments/${T}/players`, { id: 'yip', name: 'YIP', rating: 1700 });
      await stop(child);
      const second = await start(env);
      child = second.child;
      expect(second.output).toContain('log check: every hash chain and checkpoint verified');
      const served = (await (await fetch(`${base}/v1/audit/checkpoints?limit=1000`)).json()) as { checkpoints: Array<Checkpoint & { seq: number }> };
      const newHead = head + 1;
      const atHead = served.checkpoints.at(-1)!;
      expect(atHead.position).toBe(newHead);
      const { rows } = await sql.query<{ hash: string }>('SELECT hash FROM events WHERE position = $1', [newHead]);
      expect(atHead.hash).toBe(rows[0].hash);
      expect(served.checkpoints.map((c) => c.seq)).toEqual(served.checkpoints.map((_, i) => i + 1));
      for (const c of served.checkpoints) expect(signatureProblem(c, new Set([publicKey]))).toBeNull();
      await stop(child);

      const verify = () =>
        spawnSync(process.execPath, [cli, 'verify', '--skip-read-models'], { env: { ...process.env, ...env, ARBITRA_LOG_LEVEL: 'fatal' }, encoding: 'utf8' });
      const ok = verify();
      expect(ok.stdout).toMatch(
        new RegExp(
          `ok: ${newHead} events in \\d+ streams, every hash chain intact \\(global chain from position 1\\); ${served.checkpoints.length} checkpoints`,
        ),
      );
      expect(ok.status).toBe(0);

      // The rewrite, in PostgreSQL: a player's name changed, every stream and global hash after it recomputed, the allocator moved along.
      const firstSigned = Math.min(...served.checkpoints.map((c) => c.position));
      type Registered = { player: { id: string; name: string }; joinsAtRound: number };
      let changed = 0;
      await rewritePostgresLog(
        db.url,
        (events) =>
          events.map((e) => {
            const data = e.data as Registered;
            if (e.type !== 'tournament.PlayerRegistered' || data.player.id !== 'chan') return e;
            changed++;
            return { ...e, data: { ...data, player: { ...data.player, name: 'SOMEONE ELSE' } } };
          }),
        { rehash: 'all' },
      );
      expect(changed).toBe(1);
      const broken = verify(); // "BROKEN: checkpoint at …" is reported only when every chain holds (a chain break would come first)
      expect(broken.status).toBe(1);
      expect(broken.stdout).toContain(`BROKEN: checkpoint at position ${firstSigned} `);
      expect(broken.stdout).toMatch(new RegExp(`hash-mismatch; the event at position ${firstSigned} \\(stream [^ ]+ revision \\d+\\) has hash`));

      const refused = spawnSync(process.execPath, [main], { env: { ...process.env, ...env, ARBITRA_LOG_LEVEL: 'fatal' }, encoding: 'utf8' });
      expect(refused.status).toBe(3);
      expect(refused.stderr).toContain(`the event log fails verification at checkpoint at position ${firstSigned} `);
    } finally {
      if (child && child.exitCode === null) await stop(child);
      await sql.end();
      await db.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
