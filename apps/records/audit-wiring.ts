import type { Logger } from 'pino';
import { attachAudit, type AuditKey, type AuditServices, type LogIntegrity } from '../../libs/api/audit/audit-services.js';
import type { ArbitraCore } from '../../libs/runtime/arbitra-core.js';
import { visibleCheckpoints } from '../../libs/store/audit/public-checkpoints.js';
import { tournamentHistory } from '../../libs/store/audit/tournament-history.js';
import { TournamentStreamIndex } from '../../libs/store/audit/tournament-streams.js';
import { loadPublicKey, loadSigningKey, type CheckpointStore, type SigningKey } from '../../libs/store/checkpoints.js';
import { Checkpointer } from '../../libs/store/checkpointer.js';
import { auditLog, type AuditReport } from '../../libs/store/log-audit.js';
import { PostgresCheckpointStore } from '../../libs/store/postgres/postgres-checkpoint-store.js';
import { PostgresEventStore } from '../../libs/store/postgres/postgres-event-store.js';
import { SqliteCheckpointStore } from '../../libs/store/sqlite/sqlite-checkpoint-store.js';
import { SqliteEventStore } from '../../libs/store/sqlite/sqlite-event-store.js';
import { sqliteLogProblems } from '../../libs/store/sqlite/sqlite-integrity.js';
import { postgresLogProblems } from '../../libs/store/postgres/postgres-integrity.js';
import type { AuditConfig } from './audit-config.js';
import { readModelsAhead, recordTailAccepted, unsignedTail } from './unsigned-tail.js';

/** The server refuses a log that fails verification (issue 10) unless --allow-broken-log. */
export class BrokenLogError extends Error {
  constructor(
    readonly report: AuditReport,
    message = `the event log fails verification at ${report.firstProblem}. Refusing to start: run \`npm run arbitra -- verify\` for the report; ` +
      'start with --allow-broken-log (or ARBITRA_ALLOW_BROKEN_LOG=true) to serve it anyway, marked degraded',
  ) {
    super(message);
    this.name = 'BrokenLogError';
  }
}

/**
 * What the store adds to the chains' check (issue 32): the immutability triggers and the command_id column (on
 * PostgreSQL also the hash column and the position allocator); a store that links every event must have a global chain.
 */
export async function storeChecks(core: ArbitraCore): Promise<{ storeProblems?: string[]; requireGlobalChain?: boolean }> {
  if (core.store instanceof SqliteEventStore) return { storeProblems: sqliteLogProblems(core.store.db), requireGlobalChain: true };
  if (core.store instanceof PostgresEventStore) return { storeProblems: await postgresLogProblems(core.store.pool), requireGlobalChain: true };
  return {};
}

/**
 * Whether no other process appends to this log now (issue 32): a SQLite log has one server (the caller rules out a live
 * one); on PostgreSQL no other process holds the writers' lock, and this one then holds it alone until `joinWriters`.
 */
async function soleWriter(core: ArbitraCore): Promise<boolean> {
  return core.store instanceof PostgresEventStore ? core.store.soleWriter() : true;
}

/** From here on this process appends: on PostgreSQL it holds the writers' lock's shared side until it closes. */
async function joinWriters(core: ArbitraCore): Promise<void> {
  if (core.store instanceof PostgresEventStore) await core.store.joinWriters();
}

/**
 * A head past the last signed checkpoint (unsigned-tail.ts) is refused unless the operator passed
 * `--accept-unsigned-tail`, which is then recorded as an event before the next checkpoint signs it all.
 */
async function acceptTail(core: ArbitraCore, checkpoints: CheckpointStore, audit: AuditConfig, report: AuditReport, logger: Logger): Promise<void> {
  const tail = await unsignedTail(core, await checkpoints.last());
  if (!tail) return;
  const what =
    `the log goes ${tail.head.position - tail.checkpoint.position} events past the last signed checkpoint (position ${tail.checkpoint.position}, ` +
    `head ${tail.head.position}): a crash, or events appended or cut while the server was stopped`;
  if (!audit.acceptUnsignedTail)
    throw new BrokenLogError(
      { ...report, ok: false, firstProblem: what },
      `${what}. Refusing to sign it silently: check it (\`npm run arbitra -- verify\` with the federation's checkpoint copies), then start ` +
        'with --accept-unsigned-tail to sign it, which is recorded in the log (audit.UnsignedTailAccepted)',
    );
  const position = await recordTailAccepted(core, tail, new Date().toISOString());
  logger.warn({ tail, position }, `${what}; accepted by --accept-unsigned-tail (recorded at position ${position})`);
}

/**
 * The checkpoint table beside the log: in events.db (SQLite) or in the log's PostgreSQL database. A
 * KurrentDB log has none (docs/kurrentdb.md).
 */
export function checkpointStoreOf(core: ArbitraCore): CheckpointStore | null {
  if (core.store instanceof SqliteEventStore) return new SqliteCheckpointStore(core.store.db);
  if (core.store instanceof PostgresEventStore) return new PostgresCheckpointStore(core.store);
  return null;
}

/**
 * Before the server serves anything: checks the log (chains and stored checkpoints), loads the
 * signing key, starts the checkpointer and gives the audit controllers their services.
 */
export async function startAudit(core: ArbitraCore, dataDir: string, audit: AuditConfig, logger: Logger) {
  const checkpoints = checkpointStoreOf(core);
  // A key in the data directory, or not Ed25519, is a configuration error: refuse to start (loadSigningKey says why).
  const key: SigningKey | null = audit.signingKeyFile ? loadSigningKey(audit.signingKeyFile, dataDir) : null;
  // After a key rotation the retired keys' checkpoints still verify: trusted are the current key and those configured (docs/audit.md).
  const trusted = key ? new Set([key.publicKey, ...audit.trustedKeyFiles.map(loadPublicKey)]) : undefined;
  // The tournaments' streams and unpublished pairings (history, public checkpoints) indexed in the same pass.
  const index = new TournamentStreamIndex(core.store);
  const checked = await auditLog(core.store, (await checkpoints?.list()) ?? [], {
    trustedKeys: trusted,
    ...(await storeChecks(core)),
    onEvent: (e) => index.read(e),
  });
  // Read models past the head: events they applied were cut from the log (issue 32), refused like a broken log.
  const ahead = readModelsAhead(core, checked.log.head);
  const report = ahead && checked.ok ? { ...checked, ok: false, firstProblem: ahead } : checked;
  if (!report.ok && !audit.allowBrokenLog) throw new BrokenLogError(report);
  if (!report.ok) {
    logger.fatal(
      { firstProblem: report.firstProblem, firstBreak: report.log.firstBreak, checkpointProblems: report.checkpoints.problems },
      'THE EVENT LOG FAILS VERIFICATION; serving it anyway because of --allow-broken-log. Readiness reports the log degraded.',
    );
  }
  const integrity: LogIntegrity = { ok: report.ok, checkedAt: new Date().toISOString(), firstProblem: report.firstProblem };

  let checkpointer: Checkpointer | null = null;
  if (!key) {
    logger.warn(
      'ARBITRA_SIGNING_KEY_FILE is not set: NO CHECKPOINTS ARE SIGNED. The hash chains still detect edits, but a rewrite of the whole log ' +
        'after a change, or its truncation, cannot be detected. See docs/audit.md.',
    );
  } else if (!checkpoints) {
    logger.warn('this event store keeps no checkpoints (KurrentDB): none are signed. See docs/kurrentdb.md, docs/stores.md.');
  } else if (report.ok) {
    // Several servers on one PostgreSQL each run a checkpointer: no leader lock, as concurrent signers are
    // harmless (docs/audit.md, "Several servers on one PostgreSQL").
    checkpointer = new Checkpointer(core.store, checkpoints, key, {
      trustedKeys: trusted,
      everyEvents: audit.checkpointEveryEvents,
      everyMs: audit.checkpointEveryMinutes * 60_000,
      onRefused: (reason) => logger.error({ reason }, 'checkpoint not signed: the log does not chain from the last checkpoint'),
    });
    // With another server appending to the same PostgreSQL log now, the tail is that server's to sign.
    if (await soleWriter(core)) await acceptTail(core, checkpoints, audit, report, logger);
    await checkpointer.signNow();
    checkpointer.start();
    core.bus.subscribe(() => void checkpointer!.afterAppend().catch((err: unknown) => logger.error({ err }, 'signing a checkpoint failed')));
  } else {
    logger.error('no checkpoint is signed while the log fails verification');
  }
  await joinWriters(core);

  const services: AuditServices = {
    integrity: () => integrity,
    verify: async () => auditLog(core.store, (await checkpoints?.list()) ?? [], { trustedKeys: trusted, ...(await storeChecks(core)) }),
    checkpoints: async (after, limit, reader) => visibleCheckpoints((await checkpoints?.list(after, limit)) ?? [], index, reader),
    keys: async (reader) => {
      const keys = new Map<
        string,
        { keyId: string; publicKey: string; algorithm: 'Ed25519'; current: boolean; firstUsedAt: string | null; lastUsedAt: string | null }
      >();
      if (key)
        keys.set(key.publicKey, { keyId: key.keyId, publicKey: key.publicKey, algorithm: 'Ed25519', current: true, firstUsedAt: null, lastUsedAt: null });
      // Only what the reader may see of the checkpoints: a key's last use would tell when one was signed (issue 32).
      for (const c of await visibleCheckpoints((await checkpoints?.list()) ?? [], index, reader)) {
        const k = keys.get(c.publicKey) ?? {
          keyId: c.keyId,
          publicKey: c.publicKey,
          algorithm: 'Ed25519' as const,
          current: false,
          firstUsedAt: null,
          lastUsedAt: null,
        };
        k.firstUsedAt ??= c.signedAt;
        k.lastUsedAt = c.signedAt;
        keys.set(c.publicKey, k);
      }
      return [...keys.values()] satisfies AuditKey[];
    },
    history: async (tournament, query) => {
      await index.update();
      return tournamentHistory(core.store, index, tournament, query);
    },
  };
  attachAudit(core, services);
  return { integrity, checkpointer, report };
}

/**
 * For a CLI command that appends (revoke) while the server may be stopped: refuses when the log already has an
 * unsigned tail (it would be signed with it), and signs the head after the append, so the server's next start finds
 * none (issue 32). Another writer live on PostgreSQL signs its own tail. Nothing without a signing key or a checkpoint
 * table.
 */
export async function cliSigning(core: ArbitraCore, dataDir: string, audit: AuditConfig): Promise<{ sign: () => Promise<void> } | string> {
  const checkpoints = checkpointStoreOf(core);
  if (!audit.signingKeyFile || !checkpoints) return (await joinWriters(core), { sign: async () => undefined });
  const key = loadSigningKey(audit.signingKeyFile, dataDir);
  const tail = (await soleWriter(core)) ? await unsignedTail(core, await checkpoints.last()) : null;
  if (tail)
    return `the log goes past the last signed checkpoint (position ${tail.checkpoint.position}, head ${tail.head.position}): start the server with --accept-unsigned-tail first`;
  await joinWriters(core);
  const trusted = new Set([key.publicKey, ...audit.trustedKeyFiles.map(loadPublicKey)]);
  const checkpointer = new Checkpointer(core.store, checkpoints, key, { trustedKeys: trusted, everyEvents: 1, everyMs: 0 });
  return { sign: async () => void (await checkpointer.signNow()) };
}
