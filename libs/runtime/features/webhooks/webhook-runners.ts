import type { WebhookClock } from './webhook-clock.js';

/** A loop of the dispatcher: idle while it sleeps with nothing new to read, or waits on the clock for a retry. */
export interface Runner {
  readonly name: string;
  pendingWake: boolean;
  sleeping: boolean;
  onClock: boolean;
  wake: (() => void) | null;
}

/**
 * The dispatcher's loops and their waits: woken by an append in this process (`wakeAll`), sleeping the idle
 * period (another server's appends), waiting on the webhook clock for a retry, pausing after a failure; what a
 * stop cuts short (`cancelAll`); and `settle`, which resolves once every loop is idle or waits on the clock.
 */
export class WebhookRunners {
  private readonly runners = new Set<Runner>();
  /** What a stop cuts short: requests under way, waits on the clock and pauses (each removes itself when done). */
  private readonly cancels = new Set<() => void>();
  private settled: Array<() => void> = [];

  constructor(
    /** False once the dispatcher stops: a sleep or a wait on the clock then returns at once. */
    private readonly running: () => boolean,
    private readonly clock: () => WebhookClock,
    private readonly idleMs: () => number,
  ) {}

  /** A new loop, busy until it first sleeps. */
  add(name: string): Runner {
    const r: Runner = { name, pendingWake: true, sleeping: false, onClock: false, wake: null };
    this.runners.add(r);
    return r;
  }

  /** The loop ended. */
  remove(r: Runner): void {
    this.runners.delete(r);
    this.changed();
  }

  /** Resolves once every loop has handled what was recorded before, as far as it can now (see WebhookDispatcher.settle). */
  async settle(): Promise<void> {
    while (!this.isSettled()) await new Promise<void>((resolve) => this.settled.push(resolve));
  }

  private isSettled(): boolean {
    for (const r of this.runners) if (!(r.onClock || (r.sleeping && !r.pendingWake))) return false;
    return true;
  }

  /** A loop went idle or ended: resolves the waiting `settle` calls if every loop is now idle. */
  changed(): void {
    if (this.isSettled()) for (const resolve of this.settled.splice(0)) resolve();
  }

  wakeAll(except?: Runner): void {
    for (const r of this.runners) {
      if (r === except) continue;
      r.pendingWake = true;
      r.wake?.();
    }
  }

  /** Runs `cancel` if the dispatcher stops before the returned function is called (a request under way). */
  readonly cancelOnStop = (cancel: () => void): (() => void) => {
    this.cancels.add(cancel);
    return () => this.cancels.delete(cancel);
  };

  /** Cuts short what is under way: requests, waits on the clock and pauses. */
  cancelAll(): void {
    for (const cancel of [...this.cancels]) cancel();
  }

  /** Waits for a wake (an append in this process) or the idle period (another server's appends). */
  async sleep(r: Runner): Promise<void> {
    if (r.pendingWake || !this.running()) return;
    r.sleeping = true;
    this.changed();
    await new Promise<void>((resolve) => {
      const timer = setTimeout(done, this.idleMs());
      timer.unref();
      function done() {
        clearTimeout(timer);
        resolve();
      }
      r.wake = done;
    });
    r.wake = null;
    r.sleeping = false;
  }

  /** Waits `ms` on the webhook clock (a retry's backoff); a stop ends the wait. */
  async onClock(r: Runner, ms: number): Promise<void> {
    if (!this.running()) return;
    r.onClock = true;
    this.changed();
    await new Promise<void>((resolve) => {
      // Busy again as soon as the clock runs it: a settle() right after a ManualClock's advance() waits for the attempt.
      const done = () => {
        this.cancels.delete(stop);
        r.onClock = false;
        resolve();
      };
      // A stop also cancels the scheduled run: no timer of a stopped dispatcher stays behind.
      const stop = () => (cancel(), done());
      this.cancels.add(stop);
      const cancel = this.clock().after(ms, done);
    });
  }

  /** Waits the idle period after a failure (or until a stop: `signal`'s abort, else `cancelAll`). */
  pause(signal?: AbortSignal): Promise<void> {
    return new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(t);
        this.cancels.delete(done);
        signal?.removeEventListener('abort', done);
        resolve();
      };
      const t = setTimeout(done, this.idleMs());
      t.unref();
      if (signal) signal.addEventListener('abort', done, { once: true });
      else this.cancels.add(done);
    });
  }
}
