import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { canonicalJson } from '../domain/kernel/index.js';
import type { SigningKey } from './checkpoints.js';

/**
 * Append seals (issue 32, the unsigned tail): with a signing key configured, every append transaction also stores one
 * row in the append-only table `seals` beside the log: the position of its last event, that event's hash, the key id
 * and an HMAC-SHA256 of them. Through the global chain a valid seal at p vouches for every event up to p, so a tail
 * past the last signed checkpoint that ends on a valid seal was written by a holder of the key (a crash), and one that
 * does not was not. The HMAC key is derived from the Ed25519 signing key (HKDF) and never leaves the process; seals are
 * not served. A store seals a batch only when it chains from a sealed event (or from a point the caller vouches for),
 * so a forged event in between is never sealed over.
 */
export const SEAL_FORMAT = 'arbitra-seal/1';
const SEAL_INFO = 'arbitra append seal v1';

/** A position in the log and the hash of the event there. */
export interface LogPoint {
  readonly position: number;
  readonly hash: string;
}

export interface SealRow extends LogPoint {
  readonly keyId: string;
  /** HMAC-SHA256 (hex) over the canonical JSON of format, key id, position and hash. */
  readonly mac: string;
}

/** Seals with the HMAC key derived from one signing key; checks only its own seals (an HMAC needs the secret). */
export class Sealer {
  private constructor(
    readonly keyId: string,
    /** A Buffer, not a KeyObject: HMAC with a KeyObject measured about 1.7× as slow (bench:seals). */
    private readonly secret: Buffer,
  ) {}

  static of(key: SigningKey): Sealer {
    const ikm = key.privateKey.export({ format: 'der', type: 'pkcs8' });
    return new Sealer(key.keyId, Buffer.from(hkdfSync('sha256', ikm, Buffer.alloc(0), SEAL_INFO, 32)));
  }

  private mac(position: number, hash: string, keyId: string): string {
    return createHmac('sha256', this.secret)
      .update(canonicalJson({ format: SEAL_FORMAT, keyId, position, hash }))
      .digest('hex');
  }

  seal(position: number, hash: string): SealRow {
    return { position, hash, keyId: this.keyId, mac: this.mac(position, hash, this.keyId) };
  }

  /** The row was made with this key (any other key's seal, or a forged row, is not). */
  holds(row: SealRow): boolean {
    if (row.keyId !== this.keyId || !/^[0-9a-f]{64}$/.test(row.mac)) return false;
    return timingSafeEqual(Buffer.from(this.mac(row.position, row.hash, row.keyId), 'hex'), Buffer.from(row.mac, 'hex'));
  }
}

/** A store that seals its appends (SQLite, PostgreSQL; KurrentDB does not). */
export interface SealingLog {
  /**
   * From now on every append transaction is sealed with `sealer` when it chains from a sealed event, from the empty
   * log, or from `trusted` (a point the caller vouches for: the last signed checkpoint, or a head it checked).
   */
  sealWith(sealer: Sealer, trusted: LogPoint | null): void;
  /** Seals the current head when it is `trusted` (sealWith); returns it, or null when it moved. */
  sealHead(): Promise<LogPoint | null>;
  /** The head and the seals with position > `after` (newest first, at most `limit`), read in one snapshot. */
  sealSnapshot(after: number, limit: number): Promise<{ head: LogPoint | null; anySeal: boolean; seals: SealRow[] }>;
  /** The hash of the event at `position`, or null. */
  hashAt(position: number): Promise<string | null>;
}

export const isSealingLog = (store: object): store is SealingLog => 'sealWith' in store && 'sealSnapshot' in store;

export interface SealState {
  readonly head: LogPoint | null;
  /** Whether the table holds any seal at all (a log from before seals, or never keyed, has none). */
  readonly anySeal: boolean;
  /** The newest seal of this key past `after`, at or below the head, matching the event there. */
  readonly sealed: LogPoint | null;
  /** Problems a valid seal shows: one past the head (events cut), or one whose event has another hash (rewritten). */
  readonly problems: readonly string[];
}

/**
 * Where the log stands against this key's seals past `after` (the last signed checkpoint's position): the newest valid
 * seal, and what valid seals say is wrong. Rows of other keys, or that do not verify, are passed over.
 */
export async function sealState(log: SealingLog, sealer: Sealer, after: number): Promise<SealState> {
  const snap = await log.sealSnapshot(after, Number.MAX_SAFE_INTEGER);
  const head = snap.head;
  const problems: string[] = [];
  let sealed: LogPoint | null = null;
  for (const s of snap.seals) {
    if (!sealer.holds(s)) continue;
    if (!head || s.position > head.position) {
      problems.push(
        `a seal of this key names position ${s.position} (hash ${s.hash}), past the log's head ${head?.position ?? 0}: events were cut from the log`,
      );
      continue;
    }
    const hash = s.position === head.position ? head.hash : await log.hashAt(s.position);
    if (hash !== s.hash) {
      problems.push(`the seal at position ${s.position} names hash ${s.hash}; the event there has ${String(hash)}: the log was rewritten`);
      continue;
    }
    sealed = { position: s.position, hash: s.hash };
    break;
  }
  return { head, anySeal: snap.anySeal, sealed, problems };
}

/** Events past both the last signed checkpoint and the newest valid seal: appended by someone without the key. */
export function unsealedProblem(state: SealState, signedUpTo: number): string | null {
  const covered = Math.max(signedUpTo, state.sealed?.position ?? 0);
  const head = state.head?.position ?? 0;
  if (head <= covered) return null;
  return (
    `the events at positions ${covered + 1} to ${head} carry no seal of this key (the last signed checkpoint is at ${signedUpTo}, ` +
    `the newest seal at ${state.sealed?.position ?? 'none'}): they were appended by someone without the signing key`
  );
}
