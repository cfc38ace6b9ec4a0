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

/** A seal as read at a known position. */
export type SealAt = Omit<SealRow, 'position'>;

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

  /** One of `rows`, the seals stored at `at.position`, is this key's seal of the event there (by its hash). */
  vouchesFor(at: HeadPoint, rows: readonly SealAt[]): boolean {
    const hash = at.hash;
    return hash !== null && rows.some((r) => r.hash === hash && this.holds({ position: at.position, hash, keyId: r.keyId, mac: r.mac }));
  }
}

/** The log's head as an append transaction reads it: position 0 and no hash on the empty log. */
export interface HeadPoint {
  readonly position: number;
  readonly hash: string | null;
}

/** The head as a point, or null on the empty log. */
export const headPoint = (position: number, hash: string | null): LogPoint | null => (position > 0 && hash !== null ? { position, hash } : null);

/**
 * What a store (SQLite, PostgreSQL) may seal over: a transaction chaining from the point it sealed last or was told to
 * trust, the empty log, or a head this key's stored seal names; never an event appended without the key. The stores
 * keep only their statements (SQLite reads inside its synchronous transaction, PostgreSQL in its batch's one probe).
 */
export class AppendSealing {
  private sealer: Sealer | null = null;
  private trusted: LogPoint | null = null;

  /** SealingLog.sealWith. */
  sealWith(sealer: Sealer, trusted: LogPoint | null): void {
    this.sealer = sealer;
    this.trusted = trusted;
  }

  get active(): boolean {
    return this.sealer !== null;
  }

  /** A transaction chaining from `head` may be sealed without a look at the seals stored there. */
  knows(head: HeadPoint): boolean {
    return head.position === 0 || (this.trusted?.position === head.position && this.trusted.hash === head.hash);
  }

  /** Whether a transaction chaining from `head` is sealed; `rowsAt` reads the seals stored at its position, asked only when needed. */
  sealable(head: HeadPoint, rowsAt: () => readonly SealAt[]): boolean {
    return this.sealer !== null && (this.knows(head) || this.sealer.vouchesFor(head, rowsAt()));
  }

  /** The seal of `point` to store in the open transaction (the store is sealing: `active`). */
  seal(point: LogPoint): SealRow {
    if (!this.sealer) throw new Error('this store does not seal its appends');
    return this.sealer.seal(point.position, point.hash);
  }

  /** A transaction that stored the seal of `point` committed: the next one chaining from it needs no look. */
  committed(point: LogPoint): void {
    this.trusted = point;
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

/** The log against this key's seals past the last signed checkpoint: what the checkpointer, the start and `verify` ask. */
export interface SealReading extends SealState {
  /** The last signed checkpoint's position (0: none). */
  readonly signed: number;
  /** Events past both the checkpoint and the newest valid seal (unsealedProblem), or null. */
  readonly unsealed: string | null;
  /**
   * The tail past the checkpoint: `none`; `unkeyed`, no checkpoint nor seal yet (a key just configured: signed as
   * found); `sealed` up to the head by this key (a crash); else `unsealed`.
   */
  readonly tail: 'none' | 'unkeyed' | 'sealed' | 'unsealed';
}

/** Checks a sealing store's log against the seals of one key (the checking is here only; the stores just read and write). */
export class SealCheck {
  constructor(
    readonly log: SealingLog,
    readonly sealer: Sealer,
  ) {}

  /** The store's seals with the signing key: SQLite and PostgreSQL keep them, KurrentDB does not. */
  static of(store: object, key: SigningKey | null): SealCheck | null {
    return key && isSealingLog(store) ? new SealCheck(store, Sealer.of(key)) : null;
  }

  /** Where the log stands past `last`, the last signed checkpoint (null: none yet). */
  async read(last: LogPoint | null): Promise<SealReading> {
    const signed = last?.position ?? 0;
    const state = await sealState(this.log, this.sealer, signed);
    const head = state.head;
    const tail =
      !head || head.position <= signed ? 'none' : !last && !state.anySeal ? 'unkeyed' : state.sealed?.position === head.position ? 'sealed' : 'unsealed';
    return { ...state, signed, unsealed: unsealedProblem(state, signed), tail };
  }

  /**
   * For `verify`: a seal past the head (a cut) or naming another hash (a rewrite); once the log has any seal, also the
   * events no seal covers (a log from before seals is not judged by them).
   */
  async problems(last: LogPoint | null): Promise<string[]> {
    const r = await this.read(last);
    return [...r.problems, ...(r.anySeal && r.unsealed ? [r.unsealed] : [])];
  }

  /** From now on the store seals its appends that chain from `point` (or from a sealed event). */
  trust(point: LogPoint | null): void {
    this.log.sealWith(this.sealer, point && { position: point.position, hash: point.hash });
  }
}
