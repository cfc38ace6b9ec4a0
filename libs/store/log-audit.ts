import type { EventStore, RecordedEvent } from './event-store.port.js';
import { CheckpointMatcher, type Checkpoint, type CheckpointProblem } from './checkpoints.js';
import { verifyLog, type LogReport } from './hash-chain.js';

export interface AuditReport {
  /** Every chain intact and every checkpoint signed by a trusted key and matching the log. */
  readonly ok: boolean;
  readonly log: LogReport;
  readonly checkpoints: { readonly checked: number; readonly matched: number; readonly problems: CheckpointProblem[] };
  /** The first problem in words, naming its position (null when ok). */
  readonly firstProblem: string | null;
}

/**
 * One walk over the log: each stream's chain, the global chain, and the given checkpoints (the
 * stored ones, or copies a federation kept). `trustedKeys` (public keys, SPKI DER base64) pins who
 * may have signed; without it each checkpoint is checked against the key it carries.
 */
export async function auditLog(
  store: Pick<EventStore, 'readAll'>,
  checkpoints: readonly Checkpoint[],
  options: {
    trustedKeys?: ReadonlySet<string>;
    onProgress?: (position: number) => void;
    /** What the store finds wrong beside the chains (sqlite-integrity.ts: dropped triggers, an edited command_id column). */
    storeProblems?: readonly string[];
    /** The store keeps a global chain (SQLite, PostgreSQL): a log with events and no global link fails (issue 32). */
    requireGlobalChain?: boolean;
    /** Sees every event in position order (an index built in the same pass). */
    onEvent?: (e: RecordedEvent) => void;
  } = {},
): Promise<AuditReport> {
  const matcher = new CheckpointMatcher(checkpoints, options.trustedKeys);
  const log = await verifyLog(
    (after, limit) => store.readAll(after, limit),
    options.onProgress,
    (e) => (matcher.onEvent(e), options.onEvent?.(e)),
  );
  const cps = matcher.finish(log.head);
  const b = log.firstBreak;
  const c = cps.problems[0];
  const noChain =
    options.requireGlobalChain && log.events > 0 && log.globalChain.from === null
      ? 'no event carries a global link: the global chain was stripped (this store links every event it records)'
      : null;
  const firstProblem = b
    ? `position ${b.position} (stream ${b.stream} revision ${b.revision}, event ${b.eventId}): ${b.problem}; expected ${b.expected}, found ${b.actual}`
    : c
      ? `checkpoint at position ${c.position} (signed ${c.signedAt}): ${c.problem}; ${c.detail}`
      : (options.storeProblems?.[0] ?? noChain);
  return { ok: firstProblem === null, log, checkpoints: cps, firstProblem };
}
