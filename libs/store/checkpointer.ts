import type { EventStore } from './event-store.port.js';
import { signCheckpoint, type Checkpoint, type CheckpointStore, type SigningKey } from './checkpoints.js';
import { eventHash } from './hash-chain.js';

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
}

/**
 * Signs checkpoints of the log head (checkpoints.ts): after every `everyEvents` events (call
 * `afterAppend` when the log grows) and on a timer of `everyMs`. Before signing it checks that the
 * events since the last checkpoint chain from it (global links and hashes), so it never signs a log
 * that was altered behind its back since then.
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
    const last = this.checkpoints.last();
    const from = last?.position ?? 0;
    if ((await this.store.headPosition()) - from < minEvents) return null;
    let prev = last?.hash ?? null;
    let after = from;
    let head: { position: number; hash: string } | null = null;
    // Events from before the global chain carry no link: accepted only before the first linked one.
    let linkedSeen = last !== null;
    for (;;) {
      const page = await this.store.readAll(after, 2000);
      if (page.length === 0) break;
      for (const e of page) {
        const link = e.meta.globalPrevHash;
        const linked = link === undefined ? !linkedSeen : link === prev;
        linkedSeen ||= link !== undefined;
        if (!linked || eventHash(e) !== e.meta.hash) {
          this.options.onRefused?.(`the event at position ${e.position} (stream ${e.stream} revision ${e.revision}) does not chain from the last checkpoint`);
          return null;
        }
        prev = e.meta.hash;
        head = { position: e.position, hash: e.meta.hash };
      }
      after = page[page.length - 1].position;
    }
    if (!head) return null;
    const c = signCheckpoint(this.key, head.position, head.hash, (this.options.now?.() ?? new Date()).toISOString());
    this.checkpoints.append(c);
    return c;
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }
}
