/**
 * Time for webhook retries, injected so tests wait for nothing: `now` stamps an attempt, `after` schedules the
 * next one and returns what cancels it (a stop). The real clock uses timers that do not keep the process alive.
 */
export interface WebhookClock {
  now(): string;
  after(ms: number, run: () => void): () => void;
}

export const REAL_CLOCK: WebhookClock = {
  now: () => new Date().toISOString(),
  after: (ms, run) => {
    const timer = setTimeout(run, ms);
    timer.unref();
    return () => clearTimeout(timer);
  },
};

/** A clock tests move by hand: scheduled runs wait until `advance()` reaches them. */
export class ManualClock implements WebhookClock {
  private t: number;
  private readonly queue: Array<{ at: number; run: () => void }> = [];
  private waiting: Array<() => void> = [];

  constructor(start = '2026-12-01T08:00:00.000Z') {
    this.t = Date.parse(start);
  }

  now(): string {
    return new Date(this.t).toISOString();
  }

  after(ms: number, run: () => void): () => void {
    const entry = { at: this.t + ms, run };
    this.queue.push(entry);
    this.queue.sort((a, b) => a.at - b.at);
    for (const w of this.waiting.splice(0)) w();
    return () => {
      const i = this.queue.indexOf(entry);
      if (i >= 0) this.queue.splice(i, 1);
    };
  }

  /** The delays scheduled and not yet run, from now. */
  pending(): number[] {
    return this.queue.map((q) => q.at - this.t);
  }

  /** Resolves once something is scheduled. */
  scheduled(): Promise<void> {
    return this.queue.length > 0 ? Promise.resolve() : new Promise((resolve) => this.waiting.push(resolve));
  }

  /** Moves time to the next scheduled run and runs it; returns how far time moved (ms). */
  advance(): number {
    const next = this.queue.shift();
    if (!next) return 0;
    const moved = next.at - this.t;
    this.t = next.at;
    next.run();
    return moved;
  }
}
