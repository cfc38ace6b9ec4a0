import type { Logger } from 'pino';
import { attachAudit, type AuditKey, type AuditServices, type LogIntegrity } from '../../libs/api/audit/audit-services.js';
import type { ArbitraCore } from '../../libs/runtime/arbitra-core.js';
import { tournamentHistory } from '../../libs/store/audit/tournament-history.js';
import { TournamentStreamIndex } from '../../libs/store/audit/tournament-streams.js';
import { loadPublicKey, loadSigningKey, type CheckpointStore, type SigningKey } from '../../libs/store/checkpoints.js';
import { Checkpointer } from '../../libs/store/checkpointer.js';
import { auditLog, type AuditReport } from '../../libs/store/log-audit.js';
import { PostgresCheckpointStore } from '../../libs/store/postgres/postgres-checkpoint-store.js';
import { PostgresEventStore } from '../../libs/store/postgres/postgres-event-store.js';
import { SqliteCheckpointStore } from '../../libs/store/sqlite/sqlite-checkpoint-store.js';
import { SqliteEventStore } from '../../libs/store/sqlite/sqlite-event-store.js';
import type { AuditConfig } from './audit-config.js';

/** The server refuses a log that fails verification (issue 10) unless --allow-broken-log. */
export class BrokenLogError extends Error {
  constructor(readonly report: AuditReport) {
    super(
      `the event log fails verification at ${report.firstProblem}. Refusing to start: run \`npm run arbitra -- verify\` for the report; ` +
        'start with --allow-broken-log (or ARBITRA_ALLOW_BROKEN_LOG=true) to serve it anyway, marked degraded',
    );
    this.name = 'BrokenLogError';
  }
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
  const report = await auditLog(core.store, (await checkpoints?.list()) ?? [], { trustedKeys: trusted });
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
    await checkpointer.signNow();
    checkpointer.start();
    core.bus.subscribe(() => void checkpointer!.afterAppend().catch((err: unknown) => logger.error({ err }, 'signing a checkpoint failed')));
  } else {
    logger.error('no checkpoint is signed while the log fails verification');
  }

  const index = new TournamentStreamIndex(core.store);
  const services: AuditServices = {
    integrity: () => integrity,
    verify: async () => auditLog(core.store, (await checkpoints?.list()) ?? [], { trustedKeys: trusted }),
    checkpoints: async (after, limit) => (await checkpoints?.list(after, limit)) ?? [],
    keys: async () => {
      const keys = new Map<
        string,
        { keyId: string; publicKey: string; algorithm: 'Ed25519'; current: boolean; firstUsedAt: string | null; lastUsedAt: string | null }
      >();
      if (key)
        keys.set(key.publicKey, { keyId: key.keyId, publicKey: key.publicKey, algorithm: 'Ed25519', current: true, firstUsedAt: null, lastUsedAt: null });
      for (const c of (await checkpoints?.list()) ?? []) {
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
