import { beforeAll, describe, expect, it } from '@jest/globals';
import { createPublicKey } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadAuditConfig } from '../apps/records/audit-config.js';
import { exportCommand, verifyCommand } from '../apps/records/audit-commands.js';
import { canonicalJson } from '../libs/domain/kernel/index.js';
import { buildExport, type ExportManifest } from '../libs/store/audit/export-file.js';
import { sealManifest } from '../libs/store/audit/export-seal.js';
import { loadSigningKey } from '../libs/store/checkpoints.js';
import type { RecordedEvent } from '../libs/store/event-store.port.js';
import { tamperWith } from '../libs/store/testing/tamper.js';
import { AUDIT_PLAYERS, recordTournament, signingKeyFile } from './support/audit-scenario.js';
import { RecordsHarness } from './support/records-harness.js';

/**
 * Issue 32, "exports can be forged": the manifest is signed with the checkpoint key and names the checkpoint that covers
 * the export; offline verify checks it, every stream chain, the global link between consecutive positions and each
 * stream's completeness. Each attack rebuilds the manifest as a forger would (the code is public).
 */
describe('a signed export and its offline verification (issue 32)', () => {
  const T = 'export-open';
  let h: RecordsHarness;
  let key: string;
  let pub: string;
  let file: string;
  /** verify <file> --public-key <the federation's key>, output collected. */
  const verify = async (path: string, pinned = true) => {
    const out: string[] = [];
    const code = await verifyCommand([path, ...(pinned ? ['--public-key', pub] : [])], h.config, null, { out: (s) => out.push(s), err: (s) => out.push(s) });
    return { code, out: out.join('\n') };
  };
  const read = (path: string) => ({
    events: readFileSync(path, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as RecordedEvent),
    manifest: JSON.parse(readFileSync(`${path}.manifest.json`, 'utf8')) as ExportManifest,
  });
  /** Writes a forged export: the events as given, a manifest rebuilt from them, sealed with `sealKey` or keeping the old seal. */
  const forge = (events: RecordedEvent[], old: ExportManifest, seal: 'keep' | string): string => {
    const { ndjson, manifest } = buildExport(events, old.tournament, old.exportedAt, old.checkpoint);
    const signed = seal === 'keep' ? { ...manifest, signature: old.signature } : sealManifest(manifest, loadSigningKey(seal, h.config.dataDir));
    const path = join(mkdtempSync(join(tmpdir(), 'arbitra-forged-')), `${T}.ndjson`);
    writeFileSync(path, ndjson);
    writeFileSync(`${path}.manifest.json`, JSON.stringify(signed));
    return path;
  };
  /** Re-hashes every stream chain (global links as they stand), positions kept. */
  const rehash = (events: RecordedEvent[]): RecordedEvent[] =>
    tamperWith(
      events.map((e) => ({ id: e.id, stream: e.stream, revision: e.revision, type: e.type, data: canonicalJson(e.data), meta: JSON.stringify(e.meta) })),
      (x) => x,
      { rehash: 'streams' },
    ).map((e, i) => ({ ...e, position: events[i].position }));

  beforeAll(async () => {
    key = signingKeyFile();
    const pubFile = join(mkdtempSync(join(tmpdir(), 'arbitra-pub-')), 'federation.pub.pem');
    writeFileSync(pubFile, createPublicKey(readFileSync(key)).export({ type: 'spki', format: 'pem' }));
    pub = pubFile;
    h = await RecordsHarness.start(undefined, { signingKeyFile: key, checkpointEveryEvents: 1000 });
    const { chief } = await recordTournament(h, T);
    await h.post(`/v1/tournaments/${T}/penalties`, { player: AUDIT_PLAYERS[0].id, points: 2, reason: 'slow play', ref: 'L-1', round: 1 }, chief);
    await h.stop(); // signs the head
    file = join(mkdtempSync(join(tmpdir(), 'arbitra-export-')), `${T}.ndjson`);
    const code = await exportCommand(
      ['--tournament', T, '--out', file],
      h.config,
      { out: () => undefined, err: () => undefined },
      {
        ...loadAuditConfig({}),
        signingKeyFile: key,
      },
    );
    expect(code).toBe(0);
  });

  it('the manifest names the checkpoint covering the export and is signed with its key; verify passes with the key pinned', async () => {
    const { events, manifest } = read(file);
    expect(manifest.format).toBe('arbitra-export/2');
    expect(manifest.checkpoint.position).toBeGreaterThanOrEqual(events.at(-1)!.position);
    expect(manifest.signature?.keyId).toBe(manifest.checkpoint.keyId);
    expect(Object.keys(manifest.streams)).toContain(`penalties-${T}`);
    const v = await verify(file);
    expect(v.code).toBe(0);
    expect(v.out).toContain('up to the signed checkpoint');
    // The other tournament's events lie between: the global chain through them is not checked, and verify says so.
    const left = manifest.checkpoint.position - events.length;
    expect(left).toBeGreaterThan(0);
    expect(v.out).toContain(`NOT CHECKED: the global chain through the ${left} log positions the export leaves out`);
  });

  it('an inconsistent global link between consecutive positions (206→207), every hash and the manifest rebuilt: fails', async () => {
    const { events, manifest } = read(file);
    const i = events.findIndex((e, k) => k > 0 && e.position === events[k - 1].position + 1);
    expect(i).toBeGreaterThan(0);
    const changed = rehash(events.map((e, k) => (k === i ? { ...e, meta: { ...e.meta, globalPrevHash: 'f'.repeat(64) } } : e)));
    // Re-signed with a key of the forger's own: even unpinned, the link is named.
    const path = forge(changed, manifest, signingKeyFile());
    const unpinned = await verify(path, false);
    expect(unpinned.code).toBe(1);
    expect(unpinned.out).toContain(`line ${i + 1}`);
    expect(unpinned.out).toContain(`is not the hash ${events[i - 1].meta.hash} of the event at position ${events[i - 1].position}`);
    expect((await verify(path)).out).toContain('which is not a trusted key');
  });

  it('a result changed, its stream re-hashed and the manifest rebuilt: the old seal fails, a new seal is not the federation’s key', async () => {
    const { events, manifest } = read(file);
    const changed = rehash(
      events.map((e) => (e.type === 'tournament.ResultRecorded' ? { ...e, data: { ...(e.data as object), result: { kind: 'forfeit' } } } : e)),
    );
    const kept = await verify(forge(changed, manifest, 'keep'));
    expect(kept.code).toBe(1);
    expect(kept.out).toContain('the manifest signature does not verify');
    const resealed = await verify(forge(changed, manifest, signingKeyFile()));
    expect(resealed.code).toBe(1);
    expect(resealed.out).toContain('which is not a trusted key');
  });

  it('the penalty ledger stream dropped from the file and the manifest: fails', async () => {
    const { events, manifest } = read(file);
    const v = await verify(
      forge(
        events.filter((e) => e.stream !== `penalties-${T}`),
        manifest,
        'keep',
      ),
    );
    expect(v.code).toBe(1);
    expect(v.out).toContain('the manifest signature does not verify');
  });

  it('the last event dropped and the manifest rebuilt: fails', async () => {
    const { events, manifest } = read(file);
    const v = await verify(forge(events.slice(0, -1), manifest, 'keep'));
    expect(v.code).toBe(1);
    expect(v.out).toContain('the manifest signature does not verify');
  });

  it('an unsigned manifest (the seal removed) fails: anyone could have rebuilt it', async () => {
    const { events, manifest } = read(file);
    const path = forge(events, manifest, 'keep');
    const m = JSON.parse(readFileSync(`${path}.manifest.json`, 'utf8')) as ExportManifest & { signature?: unknown };
    delete m.signature;
    writeFileSync(`${path}.manifest.json`, JSON.stringify(m));
    const v = await verify(path);
    expect(v.code).toBe(1);
    expect(v.out).toContain('the manifest is not signed');
  });
});
