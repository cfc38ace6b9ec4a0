import { beforeAll, describe, expect, it } from '@jest/globals';
import Database from 'better-sqlite3';
import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadSigningKey, publicKeyId } from '../libs/store/checkpoints.js';
import { rewriteLog } from '../libs/store/testing/tamper.js';
import { recordTournament, signingKeyFile } from './support/audit-scenario.js';
import { RecordsHarness } from './support/records-harness.js';
import { freePort } from './support/server-child.js';

/**
 * Issue 10 through the built CLI and server (`npm run build` first; npm test does): verify (chains,
 * checkpoints, copies a federation kept, read models), replay refusing a broken log, export and the
 * offline check of an export, and the server process refusing a broken log.
 */
const root = new URL('..', import.meta.url).pathname;
const cliJs = join(root, 'dist/apps/records/cli.js');
const mainJs = join(root, 'dist/apps/records/main.js');
const T = 'cli-open';

function cli(dataDir: string, args: string[], env: Record<string, string> = {}) {
  const r = spawnSync(process.execPath, [cliJs, ...args], { env: { ...process.env, ARBITRA_DATA_DIR: dataDir, ...env }, encoding: 'utf8' });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

/** A data directory holding a recorded tournament (and its checkpoints, signed with `key`), copied fresh per test. */
let template: string;
let key: string;
function freshCopy(): string {
  const dir = mkdtempSync(join(tmpdir(), 'arbitra-cli-audit-'));
  for (const f of ['events.db', 'read-models.db', 'snapshots.db', 'jwt-secret', 'bootstrap-done'])
    if (existsSync(join(template, f))) copyFileSync(join(template, f), join(dir, f));
  return dir;
}

describe('audit through the built CLI (issue 10)', () => {
  beforeAll(async () => {
    if (!existsSync(cliJs)) throw new Error(`${cliJs} is missing: run \`npm run build\` first (npm test does)`);
    template = mkdtempSync(join(tmpdir(), 'arbitra-cli-template-'));
    key = signingKeyFile();
    const h = await RecordsHarness.start(template, { signingKeyFile: key, checkpointEveryEvents: 1000 });
    await recordTournament(h, T);
    await h.get(`/v1/tournaments/${T}/standings`).expect(200); // read models caught up
    await h.checkpointer!.signNow();
    await h.stop(); // WAL checkpointed into the files on close
  });

  it('verify passes on an untouched data directory: chains, checkpoints and read models', () => {
    const r = cli(freshCopy(), ['verify'], { ARBITRA_SIGNING_KEY_FILE: key });
    expect(r.err + r.out).toContain('ok:');
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/every hash chain intact \(global chain from position 1\); 1 checkpoints/);
    expect(r.out).toMatch(/read models rebuilt from the log match the stored ones/);
  });

  it('verify with no key pinned says which key ids it accepted unpinned', () => {
    const r = cli(freshCopy(), ['verify', '--skip-read-models']);
    expect(r.code).toBe(0);
    const keyId = publicKeyId(loadSigningKey(key, tmpdir() + '/none').publicKey);
    expect(r.out).toContain(`UNPINNED: no public key given (--public-key) or configured; accepted checkpoints signed by key ids ${keyId}`);
    expect(cli(freshCopy(), ['verify', '--skip-read-models'], { ARBITRA_SIGNING_KEY_FILE: key }).out).not.toContain('UNPINNED');
  });

  it('verify on a data directory without read models does not pass: it says nothing was compared (issue 33)', () => {
    const dir = freshCopy();
    rmSync(join(dir, 'read-models.db'));
    const r = cli(dir, ['verify'], { ARBITRA_SIGNING_KEY_FILE: key });
    expect(r.out).toContain('READ MODELS NOT CHECKED');
    expect(r.out).not.toMatch(/read models rebuilt from the log match/);
    expect(r.code).toBe(1);
    expect(cli(dir, ['verify', '--skip-read-models'], { ARBITRA_SIGNING_KEY_FILE: key }).code).toBe(0);
  });

  it('verify names the first read-model document that differs from the log (tampered standings input)', () => {
    const dir = freshCopy();
    const db = new Database(join(dir, 'read-models.db'));
    // Standings are computed when read, from the stored folded state (a snapshot and a journal of results): a score there.
    const row = db
      .prepare(
        `SELECT projection, collection, key, value FROM documents WHERE projection = 'tournaments' AND collection LIKE 'fold-%' AND value LIKE '%"first":4%' ORDER BY projection, collection, key LIMIT 1`,
      )
      .get() as { projection: string; collection: string; key: string; value: string } | undefined;
    expect(row).toBeDefined();
    const tampered = row!.value.replace(/"first":(4\d\d)/, (_m, n: string) => `"first":${Number(n) + 100}`);
    expect(tampered).not.toBe(row!.value);
    db.prepare('UPDATE documents SET value = ? WHERE projection = ? AND collection = ? AND key = ?').run(tampered, row!.projection, row!.collection, row!.key);
    db.close();
    const r = cli(dir, ['verify']);
    expect(r.code).toBe(1);
    expect(r.out).toContain(`READ MODEL DIFFERS: projection ${row!.projection}, collection ${row!.collection}, document ${row!.key}`);
    // replay rebuilds them from the (intact) log; verify passes again.
    expect(cli(dir, ['replay']).code).toBe(0);
    expect(cli(dir, ['verify']).code).toBe(0);
  });

  it('verify and replay refuse a log with the last event of a stream deleted, naming the first bad position', () => {
    const dir = freshCopy();
    let position = 0;
    rewriteLog(
      join(dir, 'events.db'),
      (events) => {
        const game = events.filter((e) => e.stream === `scrabble-game-${T}-g1`);
        position = events.indexOf(game[game.length - 1]) + 1;
        return events.filter((e) => e !== game[game.length - 1]);
      },
      { rehash: 'none' },
    );
    const v = cli(dir, ['verify']);
    expect(v.code).toBe(1);
    expect(v.out).toContain(`BROKEN: position ${position} `);
    const r = cli(dir, ['replay']);
    expect(r.code).toBe(1);
    expect(r.err).toContain(`refusing to replay: the event log fails verification at position ${position} `);
  });

  it('verify --checkpoint: a copy kept by the federation catches a rewritten log even when the stored checkpoints were wiped', async () => {
    const dir = freshCopy();
    const copy = join(mkdtempSync(join(tmpdir(), 'arbitra-federation-')), 'checkpoints.json');
    const db = new Database(join(dir, 'events.db'));
    const rows = db.prepare('SELECT position, hash, signed_at AS signedAt, key_id AS keyId, public_key AS publicKey, signature FROM checkpoints').all();
    db.close();
    writeFileSync(copy, JSON.stringify({ checkpoints: rows }));
    const signedAt = (rows[0] as { position: number }).position;
    // The rewrite: a result changed, every hash after it recomputed (stream and global), the checkpoints table emptied.
    rewriteLog(
      join(dir, 'events.db'),
      (events) => events.map((e) => (e.type === 'tournament.ResultCorrected' ? { ...e, data: { ...(e.data as object), reason: 'never happened' } } : e)),
      { rehash: 'all' },
    );
    const wipe = new Database(join(dir, 'events.db'));
    // The trigger put back after the wipe (verify names a dropped trigger, issue 32).
    wipe.exec(
      "DROP TRIGGER checkpoints_no_delete; DELETE FROM checkpoints; CREATE TRIGGER checkpoints_no_delete BEFORE DELETE ON checkpoints BEGIN SELECT RAISE(ABORT, 'checkpoints are append-only'); END;",
    );
    wipe.close();
    expect(cli(dir, ['verify', '--skip-read-models']).code).toBe(0); // the chains alone cannot see a full rewrite
    const r = cli(dir, ['verify', '--checkpoint', copy, '--skip-read-models']);
    expect(r.code).toBe(1);
    expect(r.out).toContain(`BROKEN: checkpoint at position ${signedAt}`);
    expect(r.out).toContain('hash-mismatch');
  });

  it('export → flip one byte → verify <file> names the altered event offline', () => {
    const dir = freshCopy();
    const out = join(mkdtempSync(join(tmpdir(), 'arbitra-export-')), `${T}.ndjson`);
    const e = cli(dir, ['export', '--tournament', T, '--out', out], { ARBITRA_SIGNING_KEY_FILE: key });
    expect(e.code).toBe(0);
    const manifest = JSON.parse(readFileSync(`${out}.manifest.json`, 'utf8'));
    expect(Object.keys(manifest.streams)).toEqual(expect.arrayContaining([`tournament-${T}`, `scrabble-game-${T}-g1`]));
    expect(Object.keys(manifest.streams).some((s) => s.includes('other-'))).toBe(false);
    const lines = readFileSync(out, 'utf8').trim().split('\n');
    expect(lines).toHaveLength(manifest.events);
    expect(cli(dir, ['verify', out]).code).toBe(0);

    // One byte of a player's name in the tournament stream: 'W' (0x57) → 'V' (0x56).
    const bytes = readFileSync(out);
    const at = bytes.indexOf('Wong Siu Ki');
    const line = bytes.subarray(0, at).toString('utf8').split('\n').length;
    const target = JSON.parse(lines[line - 1]);
    bytes[at] ^= 0x01;
    writeFileSync(out, bytes);
    const v = cli(dir, ['verify', out]);
    expect(v.code).toBe(1);
    expect(v.out).toContain(
      `ALTERED: line ${line}: stream ${target.stream} revision ${target.revision}: its content (type, data or meta) no longer matches its recorded hash`,
    );
    expect(v.out).toMatch(/SHA-256/);
  });

  it('export → alter one position → verify <file> names the event whose position changed', () => {
    const dir = freshCopy();
    const out = join(mkdtempSync(join(tmpdir(), 'arbitra-export-')), `${T}.ndjson`);
    expect(cli(dir, ['export', '--tournament', T, '--out', out], { ARBITRA_SIGNING_KEY_FILE: key }).code).toBe(0);
    const lines = readFileSync(out, 'utf8').trim().split('\n');
    const target = JSON.parse(lines[2]);
    lines[2] = lines[2].replace(`"position":${target.position},`, `"position":${target.position + 1000},`);
    writeFileSync(out, `${lines.join('\n')}\n`);
    const v = cli(dir, ['verify', out]);
    expect(v.code).toBe(1);
    expect(v.out).toContain(
      `ALTERED: line 3: stream ${target.stream} revision ${target.revision}: its position is ${target.position + 1000}; ` +
        `the manifest lists event ${target.id} at position ${target.position}`,
    );
  });

  it('the server process refuses a broken log (exit 3), and with --allow-broken-log serves it with readiness degraded', async () => {
    const dir = freshCopy();
    rewriteLog(join(dir, 'events.db'), (events) => events.filter((e) => e.stream !== `scrabble-game-${T}-g1`), { rehash: 'none' });
    const port = await freePort();
    const env = { ...process.env, ARBITRA_DATA_DIR: dir, PORT: String(port), HOST: '127.0.0.1', ARBITRA_LOG_LEVEL: 'fatal' };
    const refused = spawnSync(process.execPath, [mainJs], { env, encoding: 'utf8' });
    expect(refused.status).toBe(3);
    expect(refused.stderr).toMatch(/fails verification at position \d+ .*global-prev-hash-mismatch/);

    const child = spawn(process.execPath, [mainJs, '--allow-broken-log'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    try {
      let out = '';
      await new Promise<void>((resolve, reject) => {
        child.stdout!.on('data', (d) => {
          out += d;
          if (out.includes('listening on')) resolve();
        });
        child.on('exit', (code) => reject(new Error(`exited ${code}: ${out}`)));
      });
      expect(out).toMatch(/log check: BROKEN \(position \d+/);
      const ready = await fetch(`http://127.0.0.1:${port}/health/ready`);
      const body = (await ready.json()) as { status: string; info: { log: { status: string } } };
      expect(body.status).toBe('degraded');
      expect(body.info.log.status).toBe('degraded');
    } finally {
      child.removeAllListeners('exit');
      await new Promise((resolve) => {
        child.on('exit', resolve);
        child.kill('SIGTERM');
      });
    }
  });
});
