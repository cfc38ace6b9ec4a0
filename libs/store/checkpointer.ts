import type { EventStore } from './event-store.port.js';
import { signatureProblem, signCheckpoint, type Checkpoint, type CheckpointStore, type SigningKey } from './checkpoints.js';
import { ChainVerifier, eventHash } from './hash-chain.js';
import type { SealCheck } from './seals.js';

export interface CheckpointerOptions {
  /** Sign once the head is this many events past the last checkpoint. */
  readonly everyEvents: number;
  /** Sign at least this often (ms) while the head moves. */
  readonly everyMs: number;
  readonly now?: () => Date;
  /** Keys whose checkpoints are trusted (the current key and retired ones, docs/audit.md); unset: the current key only. */
  readonly trustedKeys?: ReadonlySet<string>;
  /** Told when the log since the last checkpoint does not chain: nothing is signed then. */
  readonly onRefused?: (reason: string) => void;
  /**
   * The store's append seals (seals.ts): then only events up to the newest valid seal are signed, never a head past
   * it (events appended by someone without the key), which is told to `onUnsealed`. Unset: the head is signed.
   */
  readonly seals?: SealCheck;
  readonly onUnsealed?: (reason: string) => void;
}

/**
 * What makes `last` no base to sign or seal from: its signature does not verify with a `trusted` key, or the event at
 * its position is missing or has another hash. Null when it is one.
 */
export async function lastCheckpointProblem(store: Pick<EventStore, 'readAll'>, last: Checkpoint, trusted: ReadonlySet<string>): Promise<string | null> {
  const bad = signatureProblem(last, trusted);
  if (bad) return `the last checkpoint (position ${last.position}) does not verify: ${bad}`;
  const [at] = await store.readAll(last.position - 1, 1);
  if (at?.position !== last.position || at.meta.hash !== last.hash)
    return `the event at position ${last.position} is missing or no longer has the hash the last checkpoint signed (${last.hash})`;
  return null;
}

/**
 * The last checkpoint read and checked in one step (lastCheckpointProblem): a store seals only from one read so, as one
 * appended after an earlier check would otherwise be trusted unchecked. `problem` is null when it is a base (or none).
 */
export async function checkedLast(
  store: Pick<EventStore, 'readAll'>,
  checkpoints: Pick<CheckpointStore, 'last'>,
  trusted: ReadonlySet<string>,
): Promise<{ last: Checkpoint | null; problem: string | null }> {
  const last = await checkpoints.last();
  return { last, problem: last && (await lastCheckpointProblem(store, last, trusted)) };
}

/**
 * Signs checkpoints of the log head (checkpoints.ts): after every `everyEvents` events (call
 * `afterAppend` when the log grows) and on a timer of `everyMs`. Before signing it checks that the
 * events since the last checkpoint chain from it (global links and hashes), so it never signs a log
 * that was altered behind its back since then. It also checks that the last checkpoint's signature holds
 * with a trusted key, that the event at its position still has the signed hash, and each stream's chain
 * (revision and prevHash, seeded with the stream's event before the window). With the store's append seals it signs
 * no further than the newest valid seal (seals.ts).
 */
export class Checkpointer {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly store: EventStore,
    private readonly checkpoints: CheckpointStore,
    private readonly key: SigningKey,
    private readonly options: CheckpointerOptions,
  ) {}

  start(): void {
    if (this.options.everyMs > 0) {
      this.timer = setInterval(() => void this.sign(1), this.options.everyMs);
      this.timer.unref();
    }
  }

  /** The log grew: sign when `everyEvents` events accumulated since the last checkpoint. */
  afterAppend(): Promise<Checkpoint | null> {
    return this.sign(Math.max(1, this.options.everyEvents));
  }

  /** Sign the head now if it moved since the last checkpoint. */
  signNow(): Promise<Checkpoint | null> {
    return this.sign(1);
  }

  private sign(minEvents: number): Promise<Checkpoint | null> {
    const run = this.running.then(() => this.signSerial(minEvents));
    this.running = run.catch(() => undefined);
    return run;
  }

  private async signSerial(minEvents: number): Promise<Checkpoint | null> {
    const last = await this.checkpoints.last();
    const from = last?.position ?? 0;
    if ((await this.store.headPosition()) - from < minEvents) return null;
    const refuse = (reason: string) => {
      this.options.onRefused?.(reason);
      return null;
    };
    // With seals, the newest valid seal bounds what may be signed; without, the head does.
    let upTo = Number.MAX_SAFE_INTEGER;
    if (this.options.seals) {
      const state = await this.options.seals.read(last);
      if (state.problems.length > 0) return refuse(state.problems[0]);
      if (state.unsealed) this.options.onUnsealed?.(state.unsealed);
      upTo = state.sealed?.position ?? from;
    }
    // Checked even with nothing sealed to sign: a checkpoint of an untrusted key at a forged head is refused, not passed over.
    const bad = last && (await lastCheckpointProblem(this.store, last, this.options.trustedKeys ?? new Set([this.key.publicKey])));
    if (bad) return refuse(bad);
    if (upTo <= from) return null;
    const streams = new ChainVerifier();
    const seen = new Set<string>();
    let prev = last?.hash ?? null;
    let after = from;
    let head: { position: number; hash: string } | null = null;
    // Events from before the global chain carry no link: accepted only before the first linked one.
    let linkedSeen = last !== null;
    while (after < upTo) {
      const page = await this.store.readAll(after, Math.min(2000, upTo - after));
      if (page.length === 0) break;
      for (const e of page) {
        const link = e.meta.globalPrevHash;
        const linked = link === undefined ? !linkedSeen : link === prev;
        linkedSeen ||= link !== undefined;
        if (!seen.has(e.stream)) {
          seen.add(e.stream);
          const [before] = e.revision > 0 ? await this.store.readStream(e.stream, e.revision - 1, 1) : [];
          if (before) streams.seed(e.stream, before.revision, before.meta.hash);
        }
        const streamBreak = streams.checkStream(e);
        if (!linked || eventHash(e) !== e.meta.hash || streamBreak) {
          const what = streamBreak ? `: ${streamBreak.problem}, expected ${streamBreak.expected}, found ${streamBreak.actual}` : '';
          return refuse(`the event at position ${e.position} (stream ${e.stream} revision ${e.revision}) does not chain from the last checkpoint${what}`);
        }
        prev = e.meta.hash;
        head = { position: e.position, hash: e.meta.hash };
      }
      after = page[page.length - 1].position;
    }
    if (!head) return null;
    const c = signCheckpoint(this.key, head.position, head.hash, (this.options.now?.() ?? new Date()).toISOString());
    await this.checkpoints.append(c);
    return c;
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }
}
