import type { Logger } from 'pino';
import { attachAudit, type AuditKey, type AuditServices, type LogIntegrity } from '../../libs/api/audit/audit-services.js';
import type { ArbitraCore } from '../../libs/runtime/arbitra-core.js';
import { visibleCheckpoints } from '../../libs/store/audit/public-checkpoints.js';
import { tournamentHistory } from '../../libs/store/audit/tournament-history.js';
import { TournamentStreamIndex } from '../../libs/store/audit/tournament-streams.js';
import { loadPublicKey, loadSigningKey, type Checkpoint, type CheckpointStore, type SigningKey } from '../../libs/store/checkpoints.js';
import { Checkpointer, checkedLast } from '../../libs/store/checkpointer.js';
import { auditLog, type AuditReport } from '../../libs/store/log-audit.js';
import { PostgresCheckpointStore } from '../../libs/store/postgres/postgres-checkpoint-store.js';
import { PostgresEventStore } from '../../libs/store/postgres/postgres-event-store.js';
import { SqliteCheckpointStore } from '../../libs/store/sqlite/sqlite-checkpoint-store.js';
import { SqliteEventStore } from '../../libs/store/sqlite/sqlite-event-store.js';
import { sqliteLogProblems } from '../../libs/store/sqlite/sqlite-integrity.js';
import { postgresLogProblems } from '../../libs/store/postgres/postgres-integrity.js';
import type { AuditConfig } from './audit-config.js';
import { SealCheck, type LogPoint, type SealReading } from '../../libs/store/seals.js';
import { readModelsAhead, recordTailAccepted, type UnsignedTail } from './unsigned-tail.js';

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
export async function storeChecks(core: ArbitraCore, key?: SigningKey | null): Promise<{ storeProblems?: string[]; requireGlobalChain?: boolean }> {
  const seals = key ? await sealProblems(core, key) : [];
  if (core.store instanceof SqliteEventStore) return { storeProblems: [...sqliteLogProblems(core.store.db), ...seals], requireGlobalChain: true };
  if (core.store instanceof PostgresEventStore) return { storeProblems: [...(await postgresLogProblems(core.store.pool)), ...seals], requireGlobalChain: true };
  return {};
}

/** What the append seals say is wrong (issue 32), for `verify` (seals.ts, SealCheck.problems). */
export async function sealProblems(core: ArbitraCore, key: SigningKey): Promise<string[]> {
  const seals = SealCheck.of(core.store, key);
  const last = await checkpointStoreOf(core)?.last();
  if (!seals || last === undefined) return [];
  return seals.problems(last);
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
 * The events past the last signed checkpoint at start, asked only when no other process appends to the log now (a live
 * server on PostgreSQL signs its own tail). Every writer signs at clean shutdown, so a tail means a crash, or events
 * appended while none ran. A tail ending on a valid seal of this key (seals.ts) was written by a key holder: signed
 * without a flag. Any other is refused unless `--accept-unsigned-tail`, which is recorded as an event (sealed) before
 * the next checkpoint signs it all. The store seals from then on, from the head so checked.
 */
async function checkTail(
  core: ArbitraCore,
  seals: SealCheck,
  state: SealReading,
  last: Checkpoint | null,
  audit: AuditConfig,
  report: AuditReport,
  logger: Logger,
): Promise<void> {
  const head = state.head;
  const signed = state.signed;
  if (state.tail === 'none' || !head) return seals.trust(last);
  // No checkpoint and no seal yet (a key just configured): the log as found is sealed and signed, as before seals.
  if (state.tail === 'unkeyed') return (seals.trust(head), void (await seals.log.sealHead()));
  const events = head.position - signed;
  if (state.tail === 'sealed') {
    seals.trust(head);
    logger.warn(
      { checkpoint: signed, head: head.position },
      `the log goes ${events} events past the last signed checkpoint (position ${signed}, head ${head.position}), sealed by this key up to ` +
        'the head: written by this server or another holding the key before it stopped without signing (a crash); signing it, no flag needed',
    );
    return;
  }
  const sealedTo = state.sealed ? `sealed only up to ${state.sealed.position}` : 'with no seal of this key past the checkpoint';
  const what =
    `the log goes ${events} events past the last signed checkpoint (position ${signed}, head ${head.position}), ${sealedTo}: ` +
    'events appended by someone without the signing key, or sealed by a retired key';
  if (!audit.acceptUnsignedTail)
    throw new BrokenLogError(
      { ...report, ok: false, firstProblem: what },
      `${what}. Refusing to sign it silently: check it (\`npm run arbitra -- verify\` with the federation's checkpoint copies), then start ` +
        'with --accept-unsigned-tail to sign it, which is recorded in the log (audit.UnsignedTailAccepted)',
    );
  const tail: UnsignedTail = { checkpoint: last && { position: last.position, hash: last.hash, keyId: last.keyId }, head };
  // The operator vouches for the head: the acceptance chains from it and is sealed in its own transaction.
  seals.trust(head);
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
  // The store seals from it: checked as read, as one appended since the list above was checked is not (issue 32).
  const base = checkpoints && trusted ? await checkedLast(core.store, checkpoints, trusted) : { last: (await checkpoints?.last()) ?? null, problem: null };
  const last = base.last;
  const seals = checkpoints ? SealCheck.of(core.store, key) : null;
  const state = seals ? await seals.read(last) : null;
  // Read models past the head, or a seal past it: events they applied or sealed were cut from the log (issue 32),
  // refused like a broken log; so is a seal naming another hash than its event's (a rewrite).
  const ahead = readModelsAhead(core, checked.log.head) ?? base.problem ?? state?.problems[0] ?? null;
  const report = ahead && checked.ok ? { ...checked, ok: false, firstProblem: ahead } : checked;
  if (!report.ok && !audit.allowBrokenLog) throw new BrokenLogError(report);
  if (!report.ok) {
    logger.fatal(
      { firstProblem: report.firstProblem, firstBreak: report.log.firstBreak, checkpointProblems: report.checkpoints.problems },
      'THE EVENT LOG FAILS VERIFICATION; serving it anyway because of --allow-broken-log. Readiness reports the log degraded.',
    );
  }
  let integrity: LogIntegrity = { ok: report.ok, checkedAt: new Date().toISOString(), firstProblem: report.firstProblem };
  /** The first problem found while serving (readiness keeps naming it until a restart verifies the log again). */
  const brokenSince = (reason: string) => {
    if (integrity.ok) integrity = { ok: false, checkedAt: new Date().toISOString(), firstProblem: reason };
  };

  let checkpointer: Checkpointer | null = null;
  if (!key) {
    logger.warn(
      'ARBITRA_SIGNING_KEY_FILE is not set: NO CHECKPOINTS ARE SIGNED. The hash chains still detect edits, but a rewrite of the whole log ' +
        'after a change, or its truncation, cannot be detected. See docs/audit.md.',
    );
  } else if (!checkpoints) {
    logger.warn('this event store keeps no checkpoints (KurrentDB): none are signed. See docs/kurrentdb.md, docs/stores.md.');
  } else if (report.ok && seals && state) {
    // Several servers on one PostgreSQL each run a checkpointer: no leader lock, as concurrent signers are
    // harmless (docs/audit.md, "Several servers on one PostgreSQL").
    checkpointer = new Checkpointer(core.store, checkpoints, key, {
      trustedKeys: trusted,
      everyEvents: audit.checkpointEveryEvents,
      everyMs: audit.checkpointEveryMinutes * 60_000,
      // A log that no longer chains from the last checkpoint (an event edited, cut or forged) is broken: readiness says so.
      onRefused: (reason) => {
        brokenSince(reason);
        logger.error({ reason }, 'checkpoint not signed: the log does not chain from the last checkpoint');
      },
      seals,
      // Events nobody holding the key appended: never signed, reported like a broken log (health, verify).
      onUnsealed: (reason) => {
        brokenSince(reason);
        logger.error({ reason }, 'checkpoint not signed past the newest seal: events were appended without the signing key');
      },
    });
    // Sole writer: read again (one that stopped meanwhile signed its head at shutdown) and checked. Else the tail is the
    // live server's (or a crashed peer's, sealed) to sign; the store seals from the last checkpoint or a sealed head.
    const now = (await soleWriter(core)) ? await checkedLast(core.store, checkpoints, trusted ?? new Set([key.publicKey])) : null;
    if (now?.problem && !audit.allowBrokenLog) throw new BrokenLogError({ ...report, ok: false, firstProblem: now.problem });
    if (now?.problem) {
      brokenSince(now.problem);
      checkpointer = null;
      logger.fatal(
        { firstProblem: now.problem },
        'THE LAST CHECKPOINT FAILS VERIFICATION; serving anyway because of --allow-broken-log: nothing is sealed or signed',
      );
    } else {
      if (now) await checkTail(core, seals, await seals.read(now.last), now.last, audit, report, logger);
      else seals.trust(last);
      await checkpointer.signNow();
      checkpointer.start();
      core.bus.subscribe(() => void checkpointer!.afterAppend().catch((err: unknown) => logger.error({ err }, 'signing a checkpoint failed')));
    }
  } else {
    logger.error('no checkpoint is signed while the log fails verification');
  }
  await joinWriters(core);

  const services: AuditServices = {
    integrity: () => integrity,
    verify: async () => auditLog(core.store, (await checkpoints?.list()) ?? [], { trustedKeys: trusted, ...(await storeChecks(core, key)) }),
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
  const trusted = new Set([key.publicKey, ...audit.trustedKeyFiles.map(loadPublicKey)]);
  const seals = SealCheck.of(core.store, key)!;
  // The store would seal from it: a checkpoint of an untrusted key at a forged head would have the forged events sealed.
  const { last, problem: bad } = await checkedLast(core.store, checkpoints, trusted);
  if (bad) return `${bad}: run \`npm run arbitra -- verify\``;
  let from: LogPoint | null = last;
  if (await soleWriter(core)) {
    const state = await seals.read(last);
    if (state.problems.length) return `${state.problems[0]}: run \`npm run arbitra -- verify\``;
    // A tail sealed by this key up to the head (a crash) is the key holders' own; none before any checkpoint or seal.
    if (state.tail === 'sealed' || state.tail === 'unkeyed') from = state.head;
    else if (state.tail === 'unsealed')
      return `the log goes past the last signed checkpoint (position ${state.signed}, head ${state.head!.position}) without a seal of this key: start the server with --accept-unsigned-tail first`;
  }
  seals.trust(from);
  await joinWriters(core);
  const checkpointer = new Checkpointer(core.store, checkpoints, key, { trustedKeys: trusted, everyEvents: 1, everyMs: 0, seals });
  return { sign: async () => void (await checkpointer.signNow()) };
}
