import type { ArbitraCore } from '../../runtime/arbitra-core.js';
import type { CheckpointReader } from '../../store/audit/public-checkpoints.js';
import type { Checkpoint } from '../../store/checkpoints.js';
import type { AuditReport } from '../../store/log-audit.js';

/** What the server found when it checked the log at start (issue 10: a broken log is refused unless allowed). */
export interface LogIntegrity {
  readonly ok: boolean;
  readonly checkedAt: string;
  /** The first problem, naming its position; null when ok. */
  readonly firstProblem: string | null;
}

export interface AuditKey {
  readonly keyId: string;
  /** SPKI DER, base64. */
  readonly publicKey: string;
  readonly algorithm: 'Ed25519';
  /** The key this server signs with now. */
  readonly current: boolean;
  readonly firstUsedAt: string | null;
  readonly lastUsedAt: string | null;
}

export interface HistoryQuery {
  readonly player?: string;
  readonly from?: string;
  readonly to?: string;
  readonly after?: number;
  readonly limit: number;
}

export interface HistoryEntry {
  readonly position: number;
  readonly stream: string;
  readonly revision: number;
  readonly type: string;
  readonly recordedAt: string;
  readonly recordedBy: { readonly id: string; readonly role: string };
  readonly commandId: string;
  readonly data: unknown;
  readonly hash: string;
}

export interface HistoryPage {
  readonly tournament: string;
  readonly streams: readonly string[];
  readonly entries: readonly HistoryEntry[];
  /** Pass as `after` for the next page; null when this was the last. */
  readonly next: number | null;
}

/**
 * The audit services the HTTP layer reads (wired by the app, which owns the store): the start-up
 * integrity check, checkpoints, signing keys and tournament history. Reads only; no command.
 */
export interface AuditServices {
  integrity(): LogIntegrity | null;
  /** Walks the log now: stream chains, the global chain and the stored checkpoints. */
  verify(): Promise<AuditReport>;
  /** Those `reader` may see: all for admin, else up to the earliest pairing still unpublished (public-checkpoints.ts). */
  checkpoints(after: number, limit: number, reader: CheckpointReader): Promise<Array<Checkpoint & { seq: number }>>;
  /** The signing keys, their first and last use as far as `reader` sees the checkpoints. */
  keys(reader: CheckpointReader): Promise<AuditKey[]>;
  history(tournament: string, query: HistoryQuery): Promise<HistoryPage>;
}

const attached = new WeakMap<ArbitraCore, AuditServices>();

/** Called by the app when it builds the server: the audit controllers of this core read through it. */
export function attachAudit(core: ArbitraCore, services: AuditServices): void {
  attached.set(core, services);
}

export function auditOf(core: ArbitraCore): AuditServices | undefined {
  return attached.get(core);
}
