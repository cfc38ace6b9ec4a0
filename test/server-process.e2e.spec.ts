import { afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './support/server-child.js';

/**
 * The built server and CLI as a federation runs them (`npm start` runs this same dist/ entry):
 * first start prints the URL, data path and a bootstrap token; data and hashes survive a restart;
 * `verify` and `replay` work on the data dir. Needs `npm run build` first (npm test does it).
 */
const root = new URL('..', import.meta.url).pathname;
const main = join(root, 'dist/apps/records/main.js');
const cli = join(root, 'dist/apps/records/cli.js');

function start(env: Record<string, string>, logLevel = 'warn'): Promise<{ child: ChildProcess; output: () => string }> {
  const child = spawn(process.execPath, [main], { env: { ...process.env, ...env, ARBITRA_LOG_LEVEL: logLevel }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  return new Promise((resolve, reject) => {
    const onData = () => {
      if (out.includes('listening on')) {
        child.stdout!.off('data', onData);
        resolve({ child, output: () => out });
      }
    };
    child.stdout!.on('data', onData);
    child.on('exit', (code) => reject(new Error(`server exited with ${code}: ${out}`)));
  });
}

/** A fresh data dir and a free port on 127.0.0.1: the environment of a first start. */
async function freshEnv(prefix: string) {
  const dataDir = mkdtempSync(join(tmpdir(), prefix));
  const port = await freePort();
  return { dataDir, port, env: { ARBITRA_DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1' } };
}

/** The one-time admin token a first start prints. */
const bootstrapToken = (banner: string) => /First start: .*\n\s+(\S+)/.exec(banner)?.[1];

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.removeAllListeners('exit');
    child.on('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** Stops the server and waits until its stdout and stderr are closed (their last lines can arrive after `exit`). */
function stopAndDrain(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.removeAllListeners('exit');
    child.on('close', () => resolve());
    child.kill('SIGTERM');
  });
}

describe('records server as a process (dist build)', () => {
  let child: ChildProcess | undefined;
  beforeAll(() => {
    if (!existsSync(main)) throw new Error(`${main} is missing: run \`npm run build\` first (npm test does)`);
  });
  afterEach(async () => {
    if (child && child.exitCode === null) await stop(child);
  });

  it("opens on the URL, data path and token at the default log level: Nest's route mapping is logged at debug only", async () => {
    const { dataDir, port, env } = await freshEnv('arbitra-first-screen-');
    const routeLines = (output: string) => output.split('\n').filter((line) => line.includes('"context":"RouterExplorer"')).length;

    const info = await start(env, 'info');
    child = info.child;
    await stopAndDrain(child); // pino flushes what it gathered on exit: every line the start wrote is in the output now
    const lines = info.output().split('\n');
    expect(lines[0]).toBe(`Arbitra records server listening on http://127.0.0.1:${port}`);
    expect(lines.slice(0, 12).join('\n')).toContain(dataDir);
    expect(lines.slice(0, 12).join('\n')).toMatch(/First start: .*\n\s+ey/);
    expect(routeLines(info.output())).toBe(0);

    const debug = await start(env, 'debug');
    child = debug.child;
    await stopAndDrain(child);
    expect(routeLines(debug.output())).toBeGreaterThan(100);
  });

  it('starts on the embedded store, prints URL, data path and a one-time token; data and hashes survive a restart; verify and replay pass', async () => {
    const { dataDir, port, env } = await freshEnv('arbitra-proc-');

    const first = await start(env);
    child = first.child;
    const banner = first.output();
    expect(banner).toContain(`http://127.0.0.1:${port}`);
    expect(banner).toContain(dataDir);
    const token = bootstrapToken(banner);
    expect(token).toMatch(/^ey/);

    // A token-authenticated append through the first real feature: creating a tournament.
    const created = await fetch(`http://127.0.0.1:${port}/v1/tournaments`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ id: 'proc-open', name: 'Process Open', discipline: 'scrabble', pairingSystems: ['australian-draw'] }),
    });
    expect(created.status).toBe(201);
    const body = (await created.json()) as { events: Array<{ id: string }>; position: number };
    const stream = await (await fetch(`http://127.0.0.1:${port}/v1/streams/tournament-proc-open`, { headers: { authorization: `Bearer ${token}` } })).json();
    const hashes = (stream as { events: Array<{ meta: { hash: string } }> }).events.map((e) => e.meta.hash);
    await stop(child);

    const second = await start(env);
    child = second.child;
    expect(second.output()).not.toContain('First start');
    const again = await (await fetch(`http://127.0.0.1:${port}/v1/streams/tournament-proc-open`, { headers: { authorization: `Bearer ${token}` } })).json();
    expect((again as { events: Array<{ meta: { hash: string } }> }).events.map((e) => e.meta.hash)).toEqual(hashes);
    expect((again as { events: Array<{ id: string }> }).events[0].id).toBe(body.events[0].id);
    await stop(child);

    const verify = spawnSync(process.execPath, [cli, 'verify'], { env: { ...process.env, ARBITRA_DATA_DIR: dataDir }, encoding: 'utf8' });
    expect(verify.status).toBe(0);
    expect(verify.stdout).toMatch(/ok: \d+ events in \d+ streams/);
    const replay = spawnSync(process.execPath, [cli, 'replay'], { env: { ...process.env, ARBITRA_DATA_DIR: dataDir }, encoding: 'utf8' });
    expect(replay.status).toBe(0);
    expect(replay.stdout).toMatch(/replayed \d+ events/);
    // While a server uses the data dir, replay refuses (the live read models would be rebuilt under it).
    const third = await start(env);
    child = third.child;
    const refused = spawnSync(process.execPath, [cli, 'replay'], { env: { ...process.env, ARBITRA_DATA_DIR: dataDir }, encoding: 'utf8' });
    expect(refused.status).toBe(2);
    expect(refused.stderr).toMatch(/stop it before replaying/);
    await stop(child);
    const tokenCli = spawnSync(process.execPath, [cli, 'token', '--role', 'arbiter'], { env: { ...process.env, ARBITRA_DATA_DIR: dataDir }, encoding: 'utf8' });
    expect(tokenCli.status).toBe(2);
    expect(tokenCli.stderr).toContain('needs --tournament');
  }, 120_000);

  it('kill -9 while ten clients register players on one tournament (commands to a stream pipelined): every answered registration is in the log after a restart, and verify passes', async () => {
    const { dataDir, port, env } = await freshEnv('arbitra-kill-');
    const first = await start(env);
    child = first.child;
    const token = bootstrapToken(first.output())!;
    const url = `http://127.0.0.1:${port}`;
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const post = (path: string, body: unknown) => fetch(url + path, { method: 'POST', headers, body: JSON.stringify(body) });
    expect((await post('/v1/tournaments', { id: 'crash-open', name: 'Crash Open', discipline: 'scrabble', pairingSystems: ['random'] })).status).toBe(201);

    const answered: string[] = [];
    let sent = 0;
    const killed = child;
    const client = async () => {
      for (;;) {
        const id = `p${sent++}`;
        try {
          const r = await post('/v1/tournaments/crash-open/players', { id, name: `Player ${id}` });
          if (r.status === 201) answered.push(id);
          else throw new Error(`${r.status}: ${await r.text()}`);
        } catch (e) {
          if (killed.exitCode !== null || killed.signalCode !== null || (e as { cause?: { code?: string } }).cause?.code) return; // the server is gone
          throw e;
        }
        if (answered.length === 150) killed.kill('SIGKILL'); // with requests of the other clients in flight
      }
    };
    await Promise.all(Array.from({ length: 10 }, client));
    await new Promise((resolve) => (killed.exitCode !== null || killed.signalCode !== null ? resolve(undefined) : killed.once('exit', resolve)));

    const second = await start(env);
    child = second.child;
    const stream = (await (await fetch(`${url}/v1/streams/tournament-crash-open`, { headers })).json()) as {
      events: Array<{ revision: number; type: string; data: { player?: { id: string } } }>;
    };
    const registered = new Set(stream.events.filter((e) => e.type === 'tournament.PlayerRegistered').map((e) => e.data.player!.id));
    expect(answered.length).toBeGreaterThanOrEqual(150);
    expect(answered.filter((id) => !registered.has(id))).toEqual([]); // nothing answered 201 was lost
    expect(stream.events.map((e) => e.revision)).toEqual(stream.events.map((_, i) => i)); // no gap
    await stop(child);
    const verify = spawnSync(process.execPath, [cli, 'verify'], { env: { ...process.env, ARBITRA_DATA_DIR: dataDir }, encoding: 'utf8' });
    expect(verify.status).toBe(0);
  }, 120_000);
});
