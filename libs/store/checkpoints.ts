import { createHash, createPrivateKey, createPublicKey, sign, verify, type KeyObject } from 'node:crypto';
import { readFileSync, realpathSync } from 'node:fs';
import { isAbsolute, relative } from 'node:path';
import { canonicalJson } from '../domain/kernel/index.js';
import type { RecordedEvent } from './event-store.port.js';

/**
 * Signed checkpoints (issue 10, audit): now and then the log's head position and the hash of the
 * event there, signed with an Ed25519 key kept outside the data directory. Through the global chain
 * (global-chain.ts) that hash commits to every event before it, so anyone holding a copy of a
 * checkpoint detects truncation, deletion or re-hashing of the log up to that position: the event at
 * the position is missing or has another hash. Events after the last checkpoint are protected by the
 * chains and the append seals (seals.ts), which are not public.
 */
export interface Checkpoint {
  readonly position: number;
  /** `meta.hash` of the event at `position`. */
  readonly hash: string;
  readonly signedAt: string;
  /** First 16 hex digits of the SHA-256 of the public key (SPKI DER). */
  readonly keyId: string;
  /** The public key (SPKI DER, base64) the signature verifies with. */
  readonly publicKey: string;
  /** Ed25519 over `signedBytes(checkpoint)`, base64. */
  readonly signature: string;
}

export const CHECKPOINT_FORMAT = 'arbitra-checkpoint/1';

/** What is signed: the canonical JSON of the format, position, hash, time and key id. */
export function signedBytes(c: Pick<Checkpoint, 'position' | 'hash' | 'signedAt' | 'keyId'>): Buffer {
  return Buffer.from(canonicalJson({ format: CHECKPOINT_FORMAT, position: c.position, hash: c.hash, signedAt: c.signedAt, keyId: c.keyId }));
}

export interface SigningKey {
  readonly privateKey: KeyObject;
  readonly publicKey: string;
  readonly keyId: string;
}

export function publicKeyId(publicKeyDerBase64: string): string {
  return createHash('sha256').update(Buffer.from(publicKeyDerBase64, 'base64')).digest('hex').slice(0, 16);
}

/** The public half as served and stored: SPKI DER, base64. */
export function publicKeyOf(key: KeyObject): string {
  return (key.type === 'public' ? key : createPublicKey(key)).export({ type: 'spki', format: 'der' }).toString('base64');
}

/**
 * Loads the Ed25519 private key (PEM, PKCS#8) from `file`. Refuses a file inside the data directory:
 * whoever can rewrite the log there could then also sign a rewritten log.
 */
export function loadSigningKey(file: string, dataDir: string): SigningKey {
  const real = realpathSync(file);
  let dir: string;
  try {
    dir = realpathSync(dataDir);
  } catch {
    dir = dataDir;
  }
  const rel = relative(dir, real);
  if (rel === '' || (!rel.startsWith('..') && !isAbsolute(rel))) {
    throw new Error(`ARBITRA_SIGNING_KEY_FILE (${file}) is inside the data directory ${dataDir}: keep the signing key elsewhere`);
  }
  const privateKey = createPrivateKey(readFileSync(real));
  if (privateKey.asymmetricKeyType !== 'ed25519') {
    throw new Error(`ARBITRA_SIGNING_KEY_FILE (${file}) holds a ${privateKey.asymmetricKeyType} key; an Ed25519 key is required`);
  }
  const publicKey = publicKeyOf(privateKey);
  return { privateKey, publicKey, keyId: publicKeyId(publicKey) };
}

/** A public key a federation trusts (a retired signing key, say): PEM, or SPKI DER in base64. Returns SPKI DER base64. */
export function loadPublicKey(file: string): string {
  const text = readFileSync(file, 'utf8').trim();
  return text.startsWith('-----')
    ? publicKeyOf(createPublicKey(text))
    : publicKeyOf(createPublicKey({ key: Buffer.from(text, 'base64'), format: 'der', type: 'spki' }));
}

export function signCheckpoint(key: SigningKey, position: number, hash: string, signedAt: string): Checkpoint {
  const body = { position, hash, signedAt, keyId: key.keyId };
  const signature = sign(null, signedBytes(body), key.privateKey).toString('base64');
  return { ...body, publicKey: key.publicKey, signature };
}

/** Why a checkpoint's signature does not hold, or null when it does. */
export function signatureProblem(c: Checkpoint, trustedKeys?: ReadonlySet<string>): string | null {
  if (publicKeyId(c.publicKey) !== c.keyId) return `key id ${c.keyId} does not name the public key it carries`;
  if (trustedKeys && !trustedKeys.has(c.publicKey)) return `signed by key ${c.keyId}, which is not a trusted key`;
  try {
    const key = createPublicKey({ key: Buffer.from(c.publicKey, 'base64'), format: 'der', type: 'spki' });
    if (!verify(null, signedBytes(c), key, Buffer.from(c.signature, 'base64'))) return 'the signature does not verify';
  } catch (e) {
    return `the signature cannot be checked: ${(e as Error).message}`;
  }
  return null;
}

export interface CheckpointProblem {
  readonly position: number;
  readonly signedAt: string;
  readonly problem: 'bad-signature' | 'hash-mismatch' | 'truncated';
  readonly detail: string;
}

/**
 * Compares checkpoints with the log as it is read (feed `onEvent` every event in position order,
 * then call `finish`): each checkpoint's signature, and that the event at its position is still there
 * with the signed hash.
 */
export class CheckpointMatcher {
  private readonly byPosition = new Map<number, Checkpoint[]>();
  readonly problems: CheckpointProblem[] = [];
  private matched = 0;

  constructor(
    readonly checkpoints: readonly Checkpoint[],
    trustedKeys?: ReadonlySet<string>,
  ) {
    for (const c of checkpoints) {
      const bad = signatureProblem(c, trustedKeys);
      if (bad) this.problems.push({ position: c.position, signedAt: c.signedAt, problem: 'bad-signature', detail: bad });
      else this.byPosition.set(c.position, [...(this.byPosition.get(c.position) ?? []), c]);
    }
  }

  onEvent(e: RecordedEvent): void {
    const here = this.byPosition.get(e.position);
    if (!here) return;
    this.byPosition.delete(e.position);
    for (const c of here) {
      if (c.hash === e.meta.hash) this.matched++;
      else
        this.problems.push({
          position: c.position,
          signedAt: c.signedAt,
          problem: 'hash-mismatch',
          detail: `the event at position ${e.position} (stream ${e.stream} revision ${e.revision}) has hash ${e.meta.hash}; the checkpoint signed ${c.hash}`,
        });
    }
  }

  finish(head: number): { checked: number; matched: number; problems: CheckpointProblem[] } {
    for (const [position, list] of this.byPosition)
      for (const c of list)
        this.problems.push({
          position,
          signedAt: c.signedAt,
          problem: 'truncated',
          detail: `the log ends at position ${head}, or has no event at ${position}; the checkpoint signed ${position}`,
        });
    this.byPosition.clear();
    this.problems.sort((a, b) => a.position - b.position);
    return { checked: this.checkpoints.length, matched: this.matched, problems: this.problems };
  }
}

/** Checkpoints as a federation may have copied them: one object, an array, NDJSON, or `{ checkpoints: [...] }`. */
export function parseCheckpoints(text: string): Checkpoint[] {
  const trimmed = text.trim();
  let value: unknown;
  try {
    value = JSON.parse(trimmed);
  } catch {
    value = trimmed
      .split('\n')
      .filter((l) => l.trim() !== '')
      .map((l) => JSON.parse(l) as unknown);
  }
  if (value && typeof value === 'object' && !Array.isArray(value) && 'checkpoints' in value) value = (value as { checkpoints: unknown }).checkpoints;
  const list = (Array.isArray(value) ? value : [value]) as Checkpoint[];
  for (const c of list) {
    if (!c || typeof c.position !== 'number' || typeof c.hash !== 'string' || typeof c.signature !== 'string' || typeof c.publicKey !== 'string')
      throw new Error('not a checkpoint: each needs position, hash, signedAt, keyId, publicKey and signature');
  }
  return list;
}

/** A checkpoint as both stores keep it (table `checkpoints`); PostgreSQL returns its BIGINT columns as strings. */
export interface CheckpointRow {
  readonly seq: number | string;
  readonly position: number | string;
  readonly hash: string;
  readonly signed_at: string;
  readonly key_id: string;
  readonly public_key: string;
  readonly signature: string;
}

export const checkpointFromRow = (r: CheckpointRow): Checkpoint & { seq: number } => ({
  seq: Number(r.seq),
  position: Number(r.position),
  hash: r.hash,
  signedAt: r.signed_at,
  keyId: r.key_id,
  publicKey: r.public_key,
  signature: r.signature,
});

/**
 * Where checkpoints are kept (append-only): beside the log, in the same database (SQLite's events.db,
 * or the PostgreSQL the log is in). Asynchronous because PostgreSQL is; the SQLite store answers at once.
 */
export interface CheckpointStore {
  append(c: Checkpoint): Promise<void>;
  /**
   * In signing order, those with seq > `after`, at most `limit`. Sequence numbers are gapless and
   * become visible in order, so a reader paging by `after` never skips one committed late.
   */
  list(after?: number, limit?: number): Promise<Array<Checkpoint & { seq: number }>>;
  /** The one signed last (highest seq), or null. */
  last(): Promise<Checkpoint | null>;
}
