import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createPublicKey, verify } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BrokenLogError } from '../apps/records/audit-wiring.js';
import { canonicalJson } from '../libs/domain/kernel/index.js';
import { rewriteLog } from '../libs/store/testing/tamper.js';
import { AUDIT_PLAYERS, recordTournament, signingKeyFile } from './support/audit-scenario.js';
import { RecordsHarness } from './support/records-harness.js';

/** Issue 10, "Audit and tamper evidence": checkpoints and keys, the history endpoint, and a server that refuses a broken log. */
describe('audit over HTTP: signed checkpoints, tournament history', () => {
  let h: RecordsHarness;
  let games: Array<{ table: number; first: string; second: string }>;
  const T = 'audit-open';

  beforeAll(async () => {
    h = await RecordsHarness.start(undefined, { signingKeyFile: signingKeyFile(), checkpointEveryEvents: 5 });
    ({ games } = await recordTournament(h, T));
  });
  afterAll(() => h.stop());

  it('serves the signing public key and checkpoints whose Ed25519 signatures verify with it', async () => {
    // Every 5 events: the same call the server makes after each append.
    await h.checkpointer!.afterAppend();
    const keys = await h.http().get('/v1/audit/keys').expect(200);
    expect(keys.body.keys).toHaveLength(1);
    const key = keys.body.keys[0];
    expect(key).toMatchObject({ algorithm: 'Ed25519', current: true });
    const list = await h.http().get('/v1/audit/checkpoints').expect(200);
    const checkpoints = list.body.checkpoints as Array<{
      position: number;
      hash: string;
      signedAt: string;
      keyId: string;
      signature: string;
      publicKey: string;
    }>;
    expect(checkpoints.length).toBeGreaterThanOrEqual(1);
    const head = await h.core.store.headPosition();
    const last = checkpoints[checkpoints.length - 1];
    expect(head - last.position).toBeLessThan(5);
    const [atLast] = await h.core.store.readAll(last.position - 1, 1);
    expect(last.hash).toBe(atLast.meta.hash);
    // Checked here with node:crypto alone, as a federation would.
    const publicKey = createPublicKey({ key: Buffer.from(key.publicKey, 'base64'), format: 'der', type: 'spki' });
    for (const c of checkpoints) {
      expect(c.keyId).toBe(key.keyId);
      const signed = Buffer.from(canonicalJson({ format: 'arbitra-checkpoint/1', position: c.position, hash: c.hash, signedAt: c.signedAt, keyId: c.keyId }));
      expect(verify(null, signed, publicKey, Buffer.from(c.signature, 'base64'))).toBe(true);
      expect(
        verify(null, Buffer.from(canonicalJson({ ...JSON.parse(signed.toString()), position: c.position + 1 })), publicKey, Buffer.from(c.signature, 'base64')),
      ).toBe(false);
    }
    // GET /v1/audit/verify checks them against the log too.
    const v = await h.http().get('/v1/audit/verify').set('authorization', h.token('admin')).expect(200);
    expect(v.body).toMatchObject({
      ok: true,
      firstBreak: null,
      globalChain: { from: 1 },
      checkpoints: { checked: checkpoints.length, matched: checkpoints.length },
    });
  });

  it('history: who recorded what and when, over the tournament and its linked game, for its officials only', async () => {
    const chief = h.token('chief-arbiter', [T], 'td-chan');
    const r = await h.http().get(`/v1/tournaments/${T}/history`).set('authorization', chief).expect(200);
    expect(r.body.streams).toEqual([`tournament-${T}`, `scrabble-game-${T}-g1`]);
    const types = r.body.entries.map((e: { type: string }) => e.type);
    expect(types).toContain('tournament.ResultCorrected');
    expect(types.some((t: string) => t.startsWith('scrabble.'))).toBe(true);
    const correction = r.body.entries.find((e: { type: string }) => e.type === 'tournament.ResultCorrected');
    expect(correction).toMatchObject({ stream: `tournament-${T}`, recordedBy: { id: 'td-chan', role: 'chief-arbiter' } });
    expect(Date.parse(correction.recordedAt)).not.toBeNaN();
    const positions = r.body.entries.map((e: { position: number }) => e.position);
    expect(positions).toEqual([...positions].sort((a: number, b: number) => a - b));
    expect(r.body.entries.every((e: { stream: string }) => !e.stream.includes('other-'))).toBe(true);

    // By player: only events naming them (their registration, the pairing, their game).
    const player = games[0].first;
    const mine = await h.http().get(`/v1/tournaments/${T}/history?player=${player}`).set('authorization', chief).expect(200);
    expect(mine.body.entries.length).toBeLessThan(r.body.entries.length);
    expect(mine.body.entries.every((e: { data: unknown }) => JSON.stringify(e.data).includes(`"${player}"`))).toBe(true);
    const registered = mine.body.entries.filter((e: { type: string }) => e.type === 'tournament.PlayerRegistered');
    expect(registered.map((e: { data: { id?: string; player?: { id: string } } }) => JSON.stringify(e.data))).toHaveLength(1);
    expect(AUDIT_PLAYERS.some((p) => p.id === player)).toBe(true);

    // By time: nothing before the tournament existed; paginated with `next`.
    const none = await h.http().get(`/v1/tournaments/${T}/history?to=2000-01-01T00:00:00Z`).set('authorization', chief).expect(200);
    expect(none.body.entries).toEqual([]);
    const page1 = await h.http().get(`/v1/tournaments/${T}/history?limit=3`).set('authorization', chief).expect(200);
    expect(page1.body.entries).toEqual(r.body.entries.slice(0, 3));
    const page2 = await h.http().get(`/v1/tournaments/${T}/history?limit=3&after=${page1.body.next}`).set('authorization', chief).expect(200);
    expect(page2.body.entries).toEqual(r.body.entries.slice(3, 6));

    // Who may see it.
    await h
      .http()
      .get(`/v1/tournaments/${T}/history`)
      .set('authorization', h.token('appeals-committee', [T]))
      .expect(200);
    await h.http().get(`/v1/tournaments/${T}/history`).set('authorization', h.token('admin')).expect(200);
    await h.http().get(`/v1/tournaments/${T}/history`).expect(401);
    await h
      .http()
      .get(`/v1/tournaments/${T}/history`)
      .set('authorization', h.token('arbiter', [`other-${T}`]))
      .expect(403);
    await h
      .http()
      .get(`/v1/tournaments/${T}/history`)
      .set('authorization', h.token('player', [T], player))
      .expect(403);
    const bad = await h.http().get(`/v1/tournaments/${T}/history?from=yesterday`).set('authorization', chief).expect(400);
    expect(JSON.stringify(bad.body)).toContain('from');
    await h.http().get('/v1/tournaments/no-such-open/history').set('authorization', h.token('admin')).expect(404);
  });
});

describe('a server on a broken log (issue 10)', () => {
  it('refuses to start, naming the first bad position; starts with allowBrokenLog and reports readiness degraded', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'arbitra-broken-'));
    const h = await RecordsHarness.start(dataDir);
    await recordTournament(h, 'broken-open');
    await h.stop();
    // Someone with file access deletes the last event of the linked game's stream (not the last of the log).
    let deleted = 0;
    rewriteLog(
      join(dataDir, 'events.db'),
      (events) => {
        const game = events.filter((e) => e.stream === 'scrabble-game-broken-open-g1');
        const last = game[game.length - 1];
        deleted = events.indexOf(last) + 1;
        return events.filter((e) => e !== last);
      },
      { rehash: 'none' },
    );
    await expect(h.boot()).rejects.toThrow(BrokenLogError);
    await expect(h.boot()).rejects.toThrow(new RegExp(`position ${deleted} .*global-prev-hash-mismatch`));

    h.audit = { ...h.audit, allowBrokenLog: true };
    await h.boot();
    const ready = await h.http().get('/health/ready').expect(200);
    expect(ready.body.status).toBe('degraded');
    expect(ready.body.info.log).toMatchObject({ status: 'degraded' });
    expect(ready.body.info.log.broken).toContain(`position ${deleted}`);
    await h.stop();
  });

  it('refuses a log truncated or re-hashed after a signed checkpoint', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'arbitra-cp-'));
    const key = signingKeyFile();
    const h = await RecordsHarness.start(dataDir, { signingKeyFile: key, checkpointEveryEvents: 1000 });
    await recordTournament(h, 'cp-open');
    const signed = await h.checkpointer!.signNow();
    await h.stop();
    // A full rewrite: an early result changed and every hash after it recomputed, stream and global alike.
    rewriteLog(
      join(dataDir, 'events.db'),
      (events) => events.map((e) => (e.type === 'tournament.ResultRecorded' ? { ...e, data: { ...(e.data as object), reason: 'rewritten' } } : e)),
      { rehash: 'all' },
    );
    await expect(h.boot()).rejects.toThrow(new RegExp(`checkpoint at position ${signed!.position} .*hash-mismatch`));

    // Truncation: the last events removed, chains otherwise intact.
    const dir2 = mkdtempSync(join(tmpdir(), 'arbitra-cp2-'));
    const h2 = await RecordsHarness.start(dir2, { signingKeyFile: key, checkpointEveryEvents: 1000 });
    await recordTournament(h2, 'cp-open');
    const head = await h2.checkpointer!.signNow();
    await h2.stop();
    rewriteLog(join(dir2, 'events.db'), (events) => events.slice(0, -2), { rehash: 'none' });
    await expect(h2.boot()).rejects.toThrow(new RegExp(`checkpoint at position ${head!.position} .*truncated`));
  });

  it('rotated signing key: starts on checkpoints of a retired key it is told to trust, refuses those of a key never trusted', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'arbitra-rotate-'));
    const oldKey = signingKeyFile();
    const h = await RecordsHarness.start(dataDir, { signingKeyFile: oldKey, checkpointEveryEvents: 1000 });
    await recordTournament(h, 'rotate-open');
    const old = await h.checkpointer!.signNow();
    await h.stop();
    const { writeFileSync, readFileSync } = await import('node:fs');
    const oldPublic = join(mkdtempSync(join(tmpdir(), 'arbitra-oldpub-')), 'old.pub.pem');
    writeFileSync(oldPublic, createPublicKey(readFileSync(oldKey)).export({ type: 'spki', format: 'pem' }));

    // A new key, the old one not declared: refused (it could be anyone's key).
    h.audit = { ...h.audit, signingKeyFile: signingKeyFile(), trustedKeyFiles: [] };
    await expect(h.boot()).rejects.toThrow(new RegExp(`checkpoint at position ${old!.position} .*bad-signature`));
    // The old key declared retired: the server starts, signs with the new key, and lists both.
    h.audit = { ...h.audit, trustedKeyFiles: [oldPublic] };
    await h.boot();
    await h.post('/v1/tournaments', { id: 'rotate-2', name: 'Open 2', discipline: 'scrabble', pairingSystems: ['australian-draw'] }, h.token('admin'));
    const next = await h.checkpointer!.signNow();
    expect(next).not.toBeNull();
    const keys = await h.http().get('/v1/audit/keys').expect(200);
    expect(keys.body.keys.map((k: { keyId: string; current: boolean }) => [k.keyId, k.current])).toEqual(
      expect.arrayContaining([
        [next!.keyId, true],
        [old!.keyId, false],
      ]),
    );
    await h.stop();
  });

  it('refuses a signing key file inside the data directory', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'arbitra-keyin-'));
    const { writeFileSync, readFileSync } = await import('node:fs');
    const inside = join(dataDir, 'key.pem');
    writeFileSync(inside, readFileSync(signingKeyFile()));
    await expect(RecordsHarness.start(dataDir, { signingKeyFile: inside })).rejects.toThrow(/inside the data directory/);
  });
});
