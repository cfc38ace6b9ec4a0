import { afterEach, beforeAll, expect, it } from '@jest/globals';
import { spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort, startServer, stopServer } from './support/server-child.js';
import { describeWithPostgres, freshDatabase } from '../libs/store/postgres/testing/pg-test-env.js';

/**
 * The built records server (dist/, `npm run build` first) with ARBITRA_STORE=postgres: a tournament is
 * recorded and read over HTTP, its events are rows in PostgreSQL (none in an events.db), and a second
 * server with an EMPTY data directory on the same database rebuilds the same standings from the log.
 */
const root = new URL('..', import.meta.url).pathname;
const main = join(root, 'dist/apps/records/main.js');
const cli = join(root, 'dist/apps/records/cli.js');
const T = 'pg-open-2026';
const PLAYERS = ['chan', 'wong', 'cheung', 'lee'].map((id, i) => ({ id, name: id.toUpperCase(), rating: 1900 - 50 * i }));

const start = (env: Record<string, string>) => startServer(main, env, ['listening on', 'events:']);
const stop = stopServer;

describeWithPostgres('records server on PostgreSQL (ARBITRA_STORE=postgres, dist build)', (serverUrl) => {
  let child: ChildProcess | undefined;
  beforeAll(() => {
    if (!existsSync(main)) throw new Error(`${main} is missing: run \`npm run build\` first (npm test does)`);
  });
  afterEach(async () => {
    if (child && child.exitCode === null) await stop(child);
  });

  it('records a tournament into PostgreSQL and reads it back; a server with an empty data dir rebuilds the same standings from the log', async () => {
    const db = await freshDatabase(serverUrl, 'arbitra_server');
    const dirs: string[] = [];
    const dataDir = () => (dirs.push(mkdtempSync(join(tmpdir(), 'arbitra-pg-server-'))), dirs[dirs.length - 1]);
    try {
      const port = await freePort();
      const base = `http://127.0.0.1:${port}`;
      const env = { ARBITRA_STORE: 'postgres', ARBITRA_PG_URL: db.url, PORT: String(port), HOST: '127.0.0.1' };
      const firstDir = dataDir();
      const first = await start({ ...env, ARBITRA_DATA_DIR: firstDir });
      child = first.child;
      expect(first.output).toContain('events:    PostgreSQL postgres://');
      const token = /First start: .*\n\s+(\S+)/.exec(first.output)?.[1];
      let position = 0;
      const post = async (path: string, body: object) => {
        const r = await fetch(`${base}${path}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
        const json = (await r.json()) as { position: number; events: Array<{ type: string; data: Record<string, unknown> }> };
        expect(r.status).toBe(201);
        position = json.position;
        return json;
      };
      const get = async (path: string) => (await (await fetch(`${base}${path}${path.includes('?') ? '&' : '?'}waitFor=${position}`)).json()) as never;

      await post('/v1/tournaments', { id: T, name: 'PostgreSQL Open', discipline: 'scrabble', pairingSystems: ['australian-draw'] });
      for (const p of PLAYERS) await post(`/v1/tournaments/${T}/players`, p);
      const paired = await post(`/v1/tournaments/${T}/rounds/1/pairings`, { system: 'australian-draw' });
      const games = paired.events[0].data.games as Array<{ table: number; first: string }>;
      await post(`/v1/tournaments/${T}/rounds/1/publish`, {});
      for (const g of games) {
        await post(`/v1/tournaments/${T}/rounds/1/results`, {
          table: g.table,
          result: { kind: 'played', outcome: 'first', score: { first: 450, second: 400 } },
        });
      }
      const standings = await get(`/v1/tournaments/${T}/standings`);
      const rows = (standings as { divisions: Array<{ rows: Array<{ player: string; wins: number }> }> }).divisions[0].rows;
      expect(rows.filter((r) => r.wins === 1).map((r) => r.player)).toEqual(expect.arrayContaining(games.map((g) => g.first)));
      expect(rows).toHaveLength(4);

      // The log is in PostgreSQL: every event a row there, none in the data directory.
      const client = new pg.Client({ connectionString: db.url });
      await client.connect();
      const { rows: counted } = await client.query("SELECT count(*)::int AS n FROM events WHERE stream = 'tournament-' || $1", [T]);
      await client.end();
      expect(counted[0].n).toBe(1 + PLAYERS.length + 2 + games.length);
      expect(existsSync(join(firstDir, 'events.db'))).toBe(false);
      await stop(child);

      // Another server, another (empty) data directory, the same database: the same tournament, rebuilt from the log.
      const second = await start({ ...env, ARBITRA_DATA_DIR: dataDir() });
      child = second.child;
      expect(await get(`/v1/tournaments/${T}/standings`)).toEqual(standings);
      await stop(child);

      const verify = spawnSync(process.execPath, [cli, 'verify', '--skip-read-models'], {
        env: { ...process.env, ...env, ARBITRA_DATA_DIR: firstDir },
        encoding: 'utf8',
      });
      expect(verify.stdout + verify.stderr).toMatch(/ok: \d+ events in \d+ streams/);
      expect(verify.status).toBe(0);
    } finally {
      if (child && child.exitCode === null) await stop(child);
      await db.drop();
      for (const d of dirs) rmSync(d, { recursive: true, force: true });
    }
  }, 90_000);
});
