import { describe, expect, it } from '@jest/globals';
import Database from 'better-sqlite3';
import { createPublicKey, randomUUID } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { verifyCommand } from '../apps/records/audit-commands.js';
import { BrokenLogError } from '../apps/records/audit-wiring.js';
import { TAIL_ACCEPTED } from '../apps/records/unsigned-tail.js';
import { loadConfig } from '../libs/runtime/config.js';
import { appendForged, rewriteLog, type LooseEvent } from '../libs/store/testing/tamper.js';
import { recordTournament, signingKeyFile } from './support/audit-scenario.js';
import { RecordsHarness } from './support/records-harness.js';

/**
 * Issue 32, "the unsigned tail", with append seals (libs/store/seals.ts): every append transaction stores a seal
 * (HMAC with a key derived from the signing key) of its last event. A tail that ends on a valid seal was written by a
 * key holder (a crash) and is signed without the operator's flag; anything else is not signed.
 */
describe('append seals (issue 32)', () => {
  const keyed = (key: string) => ({ signingKeyFile: key, checkpointEveryEvents: 1000, acceptUnsignedTail: false, allowBrokenLog: false });

  /** The data dir as a crash (kill -9) leaves it: the files copied while the server runs (WAL included), nothing signed at exit. */
  function crashImage(dataDir: string): string {
    const copy = mkdtempSync(join(tmpdir(), 'arbitra-seals-crash-'));
    cpSync(dataDir, copy, { recursive: true });
    return copy;
  }

  const stored = (dataDir: string) => {
    const db = new Database(join(dataDir, 'events.db'), { readonly: true });
    try {
      const head = (db.prepare('SELECT coalesce(max(position), 0) AS p FROM events').get() as { p: number }).p;
      const signed = (db.prepare('SELECT coalesce(max(position), 0) AS p FROM checkpoints').get() as { p: number }).p;
      const sealed = (db.prepare('SELECT coalesce(max(position), 0) AS p FROM seals').get() as { p: number }).p;
      return { head, signed, sealed };
    } finally {
      db.close();
    }
  };

  /** `verify --skip-read-models` on a data dir, as the CLI runs it with ARBITRA_SIGNING_KEY_FILE set: exit code and output. */
  async function verifyWithKey(dataDir: string, key: string): Promise<{ code: number; out: string }> {
    const lines: string[] = [];
    const before = process.env.ARBITRA_SIGNING_KEY_FILE;
    process.env.ARBITRA_SIGNING_KEY_FILE = key;
    try {
      const code = await verifyCommand(['--skip-read-models'], loadConfig({ ARBITRA_DATA_DIR: dataDir }), null, {
        out: (s) => lines.push(s),
        err: (s) => lines.push(s),
      });
      return { code, out: lines.join('\n') };
    } finally {
      if (before === undefined) delete process.env.ARBITRA_SIGNING_KEY_FILE;
      else process.env.ARBITRA_SIGNING_KEY_FILE = before;
    }
  }

  /** A well-formed ResultCorrected after the last result: its stream's next revision, every hash and link as the store makes them. */
  const forgedCorrection = (events: LooseEvent[]): LooseEvent => {
    const result = events.filter((e) => e.type === 'tournament.ResultRecorded').at(-1)!;
    return { ...result, id: randomUUID(), type: 'tournament.ResultCorrected', meta: { ...result.meta, commandId: randomUUID() } };
  };

  /** A server with a recorded tournament, restarted (its head signed), then more events: a sealed tail past the checkpoint. */
  async function serverWithTail(prefix: string) {
    const dataDir = mkdtempSync(join(tmpdir(), `arbitra-seals-${prefix}-`));
    const key = signingKeyFile();
    const h = await RecordsHarness.start(dataDir, keyed(key));
    await recordTournament(h, `seals-${prefix}`);
    await h.restart();
    await h.post('/v1/tournaments', { id: `seals-${prefix}-2`, name: 'Second', discipline: 'scrabble', pairingSystems: ['round-robin'] }, h.token('admin'));
    await h.get(`/v1/tournaments/seals-${prefix}-2`).expect(200);
    return { dataDir, key, h };
  }

  it('a crash (no clean shutdown): the restart signs the sealed tail without --accept-unsigned-tail, and records no acceptance', async () => {
    const { dataDir, key, h } = await serverWithTail('crash');
    const crashed = crashImage(dataDir);
    await h.stop();
    const before = stored(crashed);
    expect(before.head).toBeGreaterThan(before.signed); // the tail the crash left
    expect(before.sealed).toBe(before.head);

    // `verify` with the key finds the tail sealed by it: nothing to report.
    expect(await verifyWithKey(crashed, key)).toMatchObject({ code: 0 });

    const again = await RecordsHarness.start(crashed, keyed(key));
    const cps = (await again.http().get('/v1/audit/checkpoints?limit=1000').expect(200)).body.checkpoints as Array<{ position: number }>;
    expect(cps.at(-1)?.position).toBe(before.head);
    expect((await again.core.store.readAll(0, 100_000)).some((e) => e.type === TAIL_ACCEPTED)).toBe(false);
    const ready = await again.http().get('/health/ready').expect(200);
    expect(ready.body.info.log.status).toBe('up');
    await again.stop();
  });

  it('a crash, then a forged event appended with SQL: the start is refused, the seal ends before it', async () => {
    const { dataDir, key, h } = await serverWithTail('crash-forged');
    const crashed = crashImage(dataDir);
    await h.stop();
    const { head, signed } = stored(crashed);
    const forged = appendForged(join(crashed, 'events.db'), forgedCorrection);
    expect(forged).toBe(head + 1);
    const boot = RecordsHarness.start(crashed, keyed(key));
    await expect(boot).rejects.toThrow(BrokenLogError);
    await expect(RecordsHarness.start(crashed, keyed(key))).rejects.toThrow(
      new RegExp(
        `${forged - signed} events past the last signed checkpoint \\(position ${signed}, head ${forged}\\), sealed only up to ${head}.*--accept-unsigned-tail`,
      ),
    );
    // The flag keeps working: recorded, sealed, then signed.
    const accepted = await RecordsHarness.start(crashed, { ...keyed(key), acceptUnsignedTail: true });
    const [record] = await accepted.core.store.readAll(forged, 1);
    expect(record).toMatchObject({ type: TAIL_ACCEPTED, data: { checkpoint: { position: signed }, head: { position: forged }, events: forged - signed } });
    const cps = (await accepted.http().get('/v1/audit/checkpoints?limit=1000').expect(200)).body.checkpoints as Array<{ position: number }>;
    expect(cps.at(-1)?.position).toBe(record.position);
    await accepted.stop();
  });

  it('a forged event appended while the server runs: never signed, not sealed over, reported by health and verify', async () => {
    const { dataDir, key, h } = await serverWithTail('live');
    const sealed = await h.core.store.headPosition();
    const forged = appendForged(join(dataDir, 'events.db'), forgedCorrection);
    expect(forged).toBe(sealed + 1);
    // The server's next append chains from the forged event: stored, but not sealed.
    await h.post('/v1/tournaments', { id: 'seals-live-3', name: 'Third', discipline: 'scrabble', pairingSystems: ['round-robin'] }, h.token('admin'));
    const head = await h.core.store.headPosition();
    expect(head).toBeGreaterThan(forged);

    const signed = await h.checkpointer!.signNow();
    expect(signed?.position).toBe(sealed);
    expect(await h.checkpointer!.signNow()).toBeNull();
    const cps = (await h.http().get('/v1/audit/checkpoints?limit=1000').expect(200)).body.checkpoints as Array<{ position: number }>;
    expect(Math.max(...cps.map((c) => c.position))).toBe(sealed);

    // (Process managers may react to the forged event meanwhile: the range ends wherever the head is.)
    const unsealed = new RegExp(`the events at positions ${sealed + 1} to \\d+ carry no seal of this key`);
    const ready = await h.http().get('/health/ready').expect(200);
    expect(ready.body.status).toBe('degraded');
    expect(ready.body.info.log.broken).toMatch(unsealed);
    const verify = await h.http().get('/v1/audit/verify').set('authorization', h.token('admin')).expect(200);
    expect(verify.body.ok).toBe(false);
    expect(verify.body.firstProblem).toMatch(unsealed);
    await h.stop();
    // Its clean shutdown signed nothing past the seal either, nor sealed anything: the next start refuses the tail.
    const after = stored(dataDir);
    expect(after.signed).toBe(sealed);
    expect(after.sealed).toBe(sealed);
    const verified = await verifyWithKey(dataDir, key);
    expect(verified.code).toBe(1);
    expect(verified.out).toMatch(new RegExp(`BROKEN: the events at positions ${sealed + 1} to ${after.head} carry no seal of this key`));
    await expect(h.boot()).rejects.toThrow(
      new RegExp(`past the last signed checkpoint \\(position ${sealed}, head ${after.head}\\), with no seal of this key past the checkpoint`),
    );
  });

  it('an event edited in place while the server runs: the checkpointer refuses to sign, and readiness names the break', async () => {
    const { dataDir, h } = await serverWithTail('edited');
    expect((await h.http().get('/health/ready').expect(200)).body.status).toBe('ok');
    const head = await h.core.store.headPosition();
    // Someone with file access drops the trigger and changes a recorded event's data, leaving its stored hash.
    const db = new Database(join(dataDir, 'events.db'));
    try {
      db.exec('DROP TRIGGER IF EXISTS events_no_update');
      db.prepare("UPDATE events SET data = json_set(data, '$.name', 'Edited') WHERE position = ?").run(head);
    } finally {
      db.close();
    }
    expect(await h.checkpointer!.signNow()).toBeNull();
    const ready = await h.http().get('/health/ready').expect(200);
    expect(ready.body.status).toBe('degraded');
    expect(ready.body.info.log.broken).toMatch(new RegExp(`the event at position ${head} .* does not chain from the last checkpoint`));
    await h.stop();
  });

  it('a crash, then a new signing key: the tail sealed by the retired key counts as unsealed (the flag is needed)', async () => {
    const { dataDir, key, h } = await serverWithTail('rotated');
    const crashed = crashImage(dataDir);
    await h.stop();
    const { head, signed } = stored(crashed);
    // The retired key's checkpoints stay trusted through its public key; its seals cannot be checked without its secret.
    const retired = join(mkdtempSync(join(tmpdir(), 'arbitra-seals-retired-')), 'retired.pem');
    writeFileSync(retired, createPublicKey(readFileSync(key)).export({ type: 'spki', format: 'pem' }));
    const rotated = { ...keyed(signingKeyFile()), trustedKeyFiles: [retired] };
    await expect(RecordsHarness.start(crashed, rotated)).rejects.toThrow(
      new RegExp(`past the last signed checkpoint \\(position ${signed}, head ${head}\\), with no seal of this key past the checkpoint`),
    );
    const accepted = await RecordsHarness.start(crashed, { ...rotated, acceptUnsignedTail: true });
    expect((await accepted.core.store.readAll(head, 1))[0]).toMatchObject({ type: TAIL_ACCEPTED });
    await accepted.stop();
  });

  it('the last sealed batch cut after a crash: refused, the seal names a position past the head', async () => {
    const { dataDir, key, h } = await serverWithTail('cut');
    const crashed = crashImage(dataDir);
    await h.stop();
    const { head, signed } = stored(crashed);
    const db = new Database(join(crashed, 'events.db'), { readonly: true });
    const previousSeal = (db.prepare('SELECT max(position) AS p FROM seals WHERE position < ?').get(head) as { p: number }).p;
    db.close();
    expect(previousSeal).toBeGreaterThanOrEqual(signed);
    rewriteLog(join(crashed, 'events.db'), (events) => events.slice(0, previousSeal), { rehash: 'none' });
    // The read models would show it too (they applied the cut events): without them, the seal alone does.
    for (const f of ['read-models.db', 'read-models.db-wal', 'read-models.db-shm']) rmSync(join(crashed, f), { force: true });
    await expect(RecordsHarness.start(crashed, keyed(key))).rejects.toThrow(
      new RegExp(`a seal of this key names position ${head} .*past the log's head ${previousSeal}: events were cut`),
    );
    await expect(RecordsHarness.start(crashed, { ...keyed(key), acceptUnsignedTail: true })).rejects.toThrow(BrokenLogError);
  });
});
