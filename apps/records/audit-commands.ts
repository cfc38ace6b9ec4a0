import cliProgress from 'cli-progress';
import { generateKeyPairSync } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { ArbitraCore } from '../../libs/runtime/arbitra-core.js';
import type { ArbitraConfig } from '../../libs/runtime/config.js';
import { openSelectedStore } from '../../libs/runtime/store-selection.js';
import { exportTournament, verifyExport, type ExportManifest } from '../../libs/store/audit/export-file.js';
import { sealManifest } from '../../libs/store/audit/export-seal.js';
import { loadPublicKey, loadSigningKey, parseCheckpoints, publicKeyId, publicKeyOf, type Checkpoint, type SigningKey } from '../../libs/store/checkpoints.js';
import { auditLog, type AuditReport } from '../../libs/store/log-audit.js';
import { checkpointStoreOf, storeChecks } from './audit-wiring.js';
import { loadAuditConfig } from './audit-config.js';
import { checkReadModels } from './read-model-check.js';

/**
 * The records app's features, imported when a command opens the log: the registry brings every discipline and its
 * controllers (about 2 s of start-up), which `token`, `keygen` and the offline check of an export do without.
 */
export async function recordsFeatures() {
  return (await import('./registry.js')).FEATURES;
}

type Out = { out: (s: string) => void; err: (s: string) => void };
const io: Out = { out: (s) => process.stdout.write(`${s}\n`), err: (s) => process.stderr.write(`${s}\n`) };

/**
 * Public keys a verifier trusts: --public-key files (PEM or SPKI DER base64), the configured signing key, if readable, and the
 * retired keys of ARBITRA_TRUSTED_KEY_FILES. Undefined when none is pinned: then any key a checkpoint carries is accepted.
 */
function trustedKeys(files: readonly string[] | undefined, dataDir: string): Set<string> | undefined {
  const keys = new Set<string>((files ?? []).map(loadPublicKey));
  const config = loadAuditConfig();
  if (config.signingKeyFile && existsSync(config.signingKeyFile)) keys.add(loadSigningKey(config.signingKeyFile, dataDir).publicKey);
  for (const f of config.trustedKeyFiles) keys.add(loadPublicKey(f));
  return keys.size ? keys : undefined;
}

/** Checks the log (chains and checkpoints; with `sealKey` its append seals too); the report's first problem names its position. */
export async function auditCore(
  core: ArbitraCore,
  copies: readonly Checkpoint[],
  trusted?: ReadonlySet<string>,
  progress = false,
  sealKey: SigningKey | null = null,
): Promise<AuditReport> {
  const stored = (await checkpointStoreOf(core)?.list()) ?? [];
  const head = await core.store.headPosition();
  const bar = progress
    ? new cliProgress.SingleBar({ format: 'verify |{bar}| {percentage}% {value}/{total} events', stream: process.stderr }, cliProgress.Presets.shades_classic)
    : null;
  bar?.start(head, 0);
  const report = await auditLog(core.store, [...stored, ...copies], {
    trustedKeys: trusted,
    onProgress: (p) => bar?.update(p),
    ...(await storeChecks(core, sealKey)),
  });
  bar?.stop();
  return report;
}

/**
 * `verify [--checkpoint <file> ...] [--public-key <file> ...] [--skip-read-models]`: the stream chains,
 * the global chain, the stored checkpoints and the given copies, then the read models.
 * `verify <export.ndjson>`: an export, offline (its manifest beside it).
 */
export async function verifyCommand(args: string[], config: ArbitraConfig, running: number | null, o: Out = io): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { checkpoint: { type: 'string', multiple: true }, 'public-key': { type: 'string', multiple: true }, 'skip-read-models': { type: 'boolean' } },
  });
  if (positionals.length > 0)
    return verifyExportFile(positionals[0], o, values['public-key']?.length ? new Set(values['public-key'].map(loadPublicKey)) : undefined);
  const copies = (values.checkpoint ?? []).flatMap((f) => parseCheckpoints(readFileSync(f, 'utf8')));
  const core = new ArbitraCore({ config, store: await openSelectedStore(config), features: await recordsFeatures() });
  try {
    const trusted = trustedKeys(values['public-key'], config.dataDir);
    // With the signing key here, the append seals are checked too (seals.ts): the tail past the last checkpoint was
    // written by a key holder, or not.
    const signing = loadAuditConfig().signingKeyFile;
    const sealKey = signing && existsSync(signing) ? loadSigningKey(signing, config.dataDir) : null;
    const report = await auditCore(core, copies, trusted, true, sealKey);
    if (!trusted) {
      const ids = [...new Set([...((await checkpointStoreOf(core)?.list()) ?? []), ...copies].map((c) => c.keyId))];
      if (ids.length)
        o.out(
          `UNPINNED: no public key given (--public-key) or configured; accepted checkpoints signed by key ids ${ids.join(', ')} ` +
            'on their own word: a rewritten log re-signed with a new key would pass. Pin the federation-held key (docs/audit.md)',
        );
    }
    const { log, checkpoints } = report;
    const chain = log.globalChain.from === null ? 'no global chain (no event carries a global link)' : `global chain from position ${log.globalChain.from}`;
    if (!report.ok) {
      o.out(`BROKEN: ${report.firstProblem}`);
      for (const p of checkpoints.problems.slice(log.firstBreak ? 0 : 1)) o.out(`  checkpoint at ${p.position}: ${p.problem}; ${p.detail}`);
      return 1;
    }
    o.out(
      `ok: ${log.events} events in ${log.streams} streams, every hash chain intact (${chain}); ` +
        `${checkpoints.checked} checkpoints (${copies.length} given), every signature valid and matching the log`,
    );
    if (checkpoints.checked === 0) o.err('warning: no checkpoint to check: truncation or a rewrite of the whole log cannot be detected (docs/audit.md)');
    if (values['skip-read-models']) return 0;
    if (running) {
      o.err(`read models not compared: a server (pid ${running}) is updating them; stop it, or run verify on a copy of the data directory`);
      return 0;
    }
    const rm = await checkReadModels(core);
    // Nothing stored here to compare (the data dir of an api replica on PostgreSQL, or a new one): not a pass.
    if (rm.stored === 0 && log.events > 0) {
      o.out(
        `READ MODELS NOT CHECKED: ${config.dataDir} holds no read model (no checkpoint past position 0 in read-models.db); run verify on the data ` +
          'dir of a projector or an all-in-one server, or pass --skip-read-models to check the log only',
      );
      return 1;
    }
    if (rm.ok) {
      o.out(`ok: ${rm.projections} read models rebuilt from the log match the stored ones (${rm.documents} documents)`);
      return 0;
    }
    const d = rm.firstDifference!;
    o.out(
      `READ MODEL DIFFERS: projection ${d.projection}, collection ${d.collection}, document ${d.key}: stored ${d.stored ?? '(missing)'}; ` +
        `rebuilt from the log ${d.rebuilt ?? '(none)'}. Run \`npm run arbitra -- replay\` to rebuild the read models from the log`,
    );
    return 1;
  } finally {
    await core.close();
  }
}

/** `verify <export> [--public-key <file> ...]`: the export alone; without a pinned key, the key the manifest carries (said so). */
function verifyExportFile(file: string, o: Out, pinned?: ReadonlySet<string>): number {
  const manifestFile = `${file}.manifest.json`;
  const manifest = existsSync(manifestFile) ? (JSON.parse(readFileSync(manifestFile, 'utf8')) as ExportManifest) : null;
  if (!manifest) {
    o.out(`ALTERED: file: no manifest at ${manifestFile}: completeness and origin cannot be checked`);
    return 1;
  }
  const report = verifyExport(readFileSync(file), manifest, pinned);
  if (report.ok) {
    if (!pinned)
      o.out(
        `UNPINNED: no public key given (--public-key); accepted the manifest signed by key id ${manifest.signature?.keyId} on its own word: ` +
          'an export rebuilt and re-signed with another key would pass. Pin the federation-held key (docs/audit.md)',
      );
    o.out(
      `ok: ${report.events} events of tournament ${manifest.tournament} up to the signed checkpoint at position ${manifest.checkpoint.position}; ` +
        "every chain, every global link between consecutive positions, the signed manifest and the file's SHA-256 match",
    );
    const left = report.unchecked.reduce((n, g) => n + g.to - g.from + 1, 0);
    if (left > 0) {
      const shown = report.unchecked.slice(0, 5).map((g) => (g.from === g.to ? `${g.from}` : `${g.from}–${g.to}`));
      o.out(
        `NOT CHECKED: the global chain through the ${left} log positions the export leaves out (${shown.join(', ')}${report.unchecked.length > 5 ? ', …' : ''}; ` +
          "other tournaments' events, not in it), so not that the exported events are the log's up to the checkpoint's signed hash: the manifest's " +
          "signature vouches for that. To tie them to the log, run `verify --checkpoint` on the log with the federation's copies (docs/audit.md)",
      );
    }
    return 0;
  }
  const [first, ...rest] = report.problems;
  const where = first.line > 0 ? `line ${first.line}: stream ${first.stream ?? '?'} revision ${first.revision ?? '?'}` : 'file';
  o.out(`ALTERED: ${where}: ${first.problem}`);
  for (const p of rest) o.out(`  ${p.line > 0 ? `line ${p.line}` : 'file'}${p.stream ? ` (${p.stream} r${p.revision ?? '?'})` : ''}: ${p.problem}`);
  return 1;
}

/**
 * `export --tournament <id> [--out file]`: NDJSON of the tournament's history up to the last signed checkpoint, and
 * `<file>.manifest.json` naming that checkpoint, signed with the checkpoint key (issue 32; the key is required).
 */
export async function exportCommand(args: string[], config: ArbitraConfig, o: Out = io, audit = loadAuditConfig()): Promise<number> {
  const { values } = parseArgs({ args, options: { tournament: { type: 'string' }, out: { type: 'string' } } });
  if (!values.tournament) {
    o.err('--tournament <id> is required');
    return 2;
  }
  if (!audit.signingKeyFile) {
    o.err('export needs the checkpoint signing key (ARBITRA_SIGNING_KEY_FILE): an unsigned export could be rebuilt by anyone (docs/audit.md)');
    return 2;
  }
  const key = loadSigningKey(audit.signingKeyFile, config.dataDir);
  const core = new ArbitraCore({ config, store: await openSelectedStore(config), features: await recordsFeatures() });
  try {
    const trusted = new Set([key.publicKey, ...audit.trustedKeyFiles.map(loadPublicKey)]);
    const report = await auditCore(core, [], trusted);
    if (!report.ok) {
      o.err(`the log fails verification (${report.firstProblem}): not exported`);
      return 1;
    }
    // The checkpoint covering the export: the last stored one (it verified with a trusted key and matches the log, above).
    const checkpoint = await checkpointStoreOf(core)?.last();
    if (!checkpoint) {
      o.err('no signed checkpoint covers the log yet: stop the server (it signs one at shutdown) and export again');
      return 1;
    }
    const { ndjson, manifest } = await exportTournament(core.store, values.tournament, new Date().toISOString(), checkpoint);
    if (manifest.events === 0) {
      o.err(`no tournament ${values.tournament} in this log up to its last checkpoint (position ${checkpoint.position})`);
      return 1;
    }
    const out = resolve(values.out ?? `${values.tournament}-history.ndjson`);
    writeFileSync(out, ndjson);
    writeFileSync(`${out}.manifest.json`, `${JSON.stringify(sealManifest(manifest, key), null, 2)}\n`);
    const head = await core.store.headPosition();
    o.out(
      `exported ${manifest.events} events in ${Object.keys(manifest.streams).length} streams to ${out} (manifest ${out}.manifest.json, sha256 ${manifest.sha256}), ` +
        `up to the checkpoint at position ${checkpoint.position}${head > checkpoint.position ? ` (the ${head - checkpoint.position} later events are not covered yet)` : ''}`,
    );
    return 0;
  } finally {
    await core.close();
  }
}

/** `keygen --out <file>`: a new Ed25519 signing key (PEM, mode 0600); prints its public key and id. */
export function keygenCommand(args: string[], config: ArbitraConfig, o: Out = io): number {
  const { values } = parseArgs({ args, options: { out: { type: 'string' } } });
  if (!values.out) {
    o.err('--out <file> is required (outside the data directory)');
    return 2;
  }
  const { privateKey } = generateKeyPairSync('ed25519');
  writeFileSync(values.out, privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600, flag: 'wx' });
  try {
    loadSigningKey(values.out, config.dataDir);
  } catch (e) {
    o.err(`written, but refused as a signing key: ${(e as Error).message}`);
    return 1;
  }
  const pub = publicKeyOf(privateKey);
  o.out(`signing key written to ${values.out} (keep it outside ${config.dataDir}); key id ${publicKeyId(pub)}; public key (SPKI DER, base64) ${pub}`);
  return 0;
}
