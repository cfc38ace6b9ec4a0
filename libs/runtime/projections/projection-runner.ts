import type { EventStore, RecordedEvent } from '../../store/event-store.port.js';
import type { UpcasterRegistry } from '../../store/upcasters.js';
import { nextRunLength } from './next-positions.js';
import { MemoryDocuments, type Projection } from './projection.js';
import type { ReadModelStore } from './read-model-store.js';
import { IDLE_CHECKPOINT_LAG, TrailingCheckpoints } from './trailing-checkpoints.js';

export interface ProjectionRunnerOptions {
  /** Events read and applied per transaction. */
  readonly batch?: number;
  /** How long to sleep when caught up, if nothing wakes the runner earlier (appends by another process). */
  readonly idleMs?: number;
}

/** Most published events held for the runner (a page's worth by default); past it, the log is read instead. */
const HELD_MAX = 2000;

/**
 * Keeps every read model up to date with the log. Each projection has its own checkpoint,
 * stored in the same transaction as its documents (exactly-once effect). A projection whose
 * version changed is rebuilt from position 0 on start. Readers may wait for a position
 * (read-your-writes). A projection that handles none of a page's events writes nothing: its position moves in
 * memory, and its stored checkpoint catches up with its next document, once it trails by IDLE_CHECKPOINT_LAG, or
 * when the runner stops; after a crash it re-reads at most that many events it does not handle.
 * Events this process just published (`notify(events)`) are applied without reading the log when they are its next
 * positions; a gap, or a store other processes write to, sends the runner to the log.
 */
export class ProjectionRunner {
  private readonly checkpointsByName: TrailingCheckpoints;
  private waiters: Array<{ position: number; resolve: (ok: boolean) => void; timer: NodeJS.Timeout }> = [];
  private running = false;
  private loop: Promise<void> | null = null;
  private wake: (() => void) | null = null;
  private pendingWake = false;
  /** Published events not applied yet, by position (bounded by HELD_MAX): the log's next pages, when contiguous. */
  private held: RecordedEvent[] = [];
  /** Whether the log may hold events nobody handed over (an append announced without them, events dropped). */
  private logUnread = true;
  private failure: unknown = null;
  /** Projections whose reducer threw: left at their checkpoint, retried once per idle period. */
  private readonly stalled = new Map<string, { position: number; error: unknown }>();

  constructor(
    private readonly store: EventStore,
    private readonly readModels: ReadModelStore,
    readonly projections: readonly Projection[],
    private readonly upcasters: UpcasterRegistry,
    private readonly options: ProjectionRunnerOptions = {},
  ) {
    const names = new Set<string>();
    for (const p of projections) {
      if (names.has(p.name)) throw new Error(`two projections are named ${p.name}`);
      names.add(p.name);
    }
    readModels.register(projections);
    this.checkpointsByName = new TrailingCheckpoints(readModels);
    this.loadCheckpoints();
  }

  private loadCheckpoints(): void {
    for (const p of this.projections) {
      const cp = this.readModels.checkpoint(p.name);
      if (!cp || cp.version !== p.version) this.readModels.reset(p.name, p.version);
      this.checkpointsByName.load(p.name, cp && cp.version === p.version ? cp.position : 0);
    }
  }

  /** The lowest checkpoint: every read model has applied the log up to here. */
  get position(): number {
    return this.lowest('position');
  }

  /**
   * The lowest stored checkpoint: where a restart after a crash resumes (it trails `position` by at most
   * IDLE_CHECKPOINT_LAG). What may be acknowledged to a feed that will not deliver again (the projector's Kafka offsets).
   */
  get storedPosition(): number {
    return this.lowest('stored');
  }

  private lowest(of: 'position' | 'stored'): number {
    // A stalled projection does not hold back the others (nor readers waiting on them); when every
    // projection is stalled, the lowest checkpoint is the honest answer.
    const healthy = this.projections.filter((p) => !this.stalled.has(p.name));
    const counted = healthy.length > 0 ? healthy : this.projections;
    return this.checkpointsByName.lowest(
      counted.map((p) => p.name),
      of,
    );
  }

  /** Projections stopped by a reducer error: where they stand and why. */
  failures(): Record<string, { position: number; error: string }> {
    return Object.fromEntries([...this.stalled].map(([name, f]) => [name, { position: f.position, error: String((f.error as Error)?.message ?? f.error) }]));
  }

  checkpoints(): Record<string, number> {
    return Object.fromEntries(this.checkpointsByName.entries());
  }

  /** The last failure to read the log in the background loop, if any. */
  get lastError(): unknown {
    return this.failure;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = this.run();
  }

  async stop(): Promise<void> {
    this.running = false;
    this.notify();
    await this.loop;
    this.loop = null;
    this.checkpointsByName.store(this.projections.map((p) => p.name));
    // Nobody will advance the read models now: answer every waiter instead of holding shutdown.
    for (const w of this.waiters.splice(0)) {
      clearTimeout(w.timer);
      w.resolve(false);
    }
  }

  /**
   * Tell the runner the log grew (the in-process bus calls this after every append). `events`, what was appended, may
   * spare it the read of the log: only on a store no other process writes to (EventStore.sharedWriters), and only
   * when they follow its position with no gap; without them, it reads the log.
   */
  notify(events?: readonly RecordedEvent[]): void {
    if (events && events.length > 0 && !this.store.sharedWriters && this.held.length + events.length <= HELD_MAX) this.hold(events);
    else this.logUnread = true;
    this.pendingWake = true;
    this.wake?.();
  }

  private hold(events: readonly RecordedEvent[]): void {
    const last = this.held.length > 0 ? this.held[this.held.length - 1].position : -1;
    this.held.push(...events);
    // Appends that committed together may be published out of order: keep them sorted, once each.
    if (events[0].position <= last || nextRunLength(events, events[0].position - 1) < events.length)
      this.held = this.held.sort((a, b) => a.position - b.position).filter((e, i, all) => i === 0 || all[i - 1].position !== e.position);
  }

  /** The held events that are the positions right after `from`, in order, at most `limit`; drops those at or before it. */
  private takeHeld(from: number, limit: number): RecordedEvent[] | null {
    let skip = 0;
    while (skip < this.held.length && this.held[skip].position <= from) skip++;
    if (skip > 0) this.held = this.held.slice(skip);
    const n = nextRunLength(this.held, from, limit);
    return n === 0 ? null : this.held.slice(0, n);
  }

  /** Resolves true once every read model has applied `position`, false after `timeoutMs`. */
  waitFor(position: number, timeoutMs: number): Promise<boolean> {
    if (this.position >= position) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w.timer !== timer);
        resolve(false);
      }, timeoutMs);
      this.waiters.push({ position, resolve, timer });
    });
  }

  /** Applies everything in the log now, in batches (held events first, when they come next); returns how many. */
  catchUp(onProgress?: (position: number) => void): Promise<number> {
    return this.drain(true, onProgress);
  }

  /**
   * Applies the held events that come next; reads the log when `readLog`, or when held events wait behind a gap, until
   * a short page (its end) and nothing held remains. Returns how many events were applied.
   */
  private async drain(readLog: boolean, onProgress?: (position: number) => void): Promise<number> {
    const batch = this.options.batch ?? 2000;
    let applied = 0;
    for (;;) {
      const from = this.position;
      const next = this.takeHeld(from, batch);
      let page: readonly RecordedEvent[];
      if (next) page = next;
      else if (readLog || this.held.length > 0) {
        page = await this.store.readAll(from, batch);
        // A short page ends the log as read (EventStore.readAll): a wake with one event reads once, not twice.
        readLog = page.length === batch;
        // Held events left behind a gap the log does not fill (yet): published during the read, they are taken on the
        // wake their notify asked for.
        if (page.length === 0) return applied;
      } else return applied;
      this.applyPage(page.map((e) => this.upcasters.upcast(e)));
      applied += page.length;
      onProgress?.(page[page.length - 1].position);
    }
  }

  /** Drops every read model (or the named ones) and replays the whole log into them. */
  async rebuild(names?: readonly string[], onProgress?: (position: number) => void): Promise<number> {
    const wasRunning = this.running;
    if (wasRunning) await this.stop();
    for (const p of this.projections) {
      if (names && !names.includes(p.name)) continue;
      this.readModels.reset(p.name, p.version);
      this.checkpointsByName.load(p.name, 0);
      this.stalled.delete(p.name);
    }
    const n = await this.catchUp(onProgress);
    if (wasRunning) this.start();
    return n;
  }

  /**
   * A projection's documents as they were when the log ended at `position`, from the same reducer.
   * With `stream`, only that stream's events are replayed: enough for documents that depend on one
   * aggregate (a tournament's standings), and far cheaper than the whole log.
   */
  async asOf(name: string, position: number, stream?: string | readonly string[]): Promise<MemoryDocuments> {
    const projection = this.projections.find((p) => p.name === name);
    if (!projection) throw new Error(`no projection named ${name}`);
    const docs = new MemoryDocuments();
    const apply = (e: RecordedEvent) => {
      if (projection.handles(e.type)) projection.apply(this.upcasters.upcast(e), docs);
    };
    if (stream !== undefined) {
      // Several streams (a tournament and its penalty ledger) are applied in log order.
      const streams = typeof stream === 'string' ? [stream] : stream;
      const events = (await Promise.all(streams.map((s) => this.store.readStream(s)))).flat().sort((a, b) => a.position - b.position);
      for (const e of events) if (e.position <= position) apply(e);
    } else {
      let after = 0;
      while (after < position) {
        const page = await this.store.readAll(after, Math.min(2000, position - after));
        if (page.length === 0) break;
        for (const e of page) if (e.position <= position) apply(e);
        after = page[page.length - 1].position;
      }
    }
    projection.flush?.(docs);
    return docs;
  }

  private applyPage(page: readonly RecordedEvent[]): void {
    const last = page[page.length - 1].position;
    const applied: string[] = [];
    const idle: string[] = [];
    // One commit for the page; a projection whose reducer throws writes nothing of it (ReadModelStore.applyBatch).
    this.readModels.inTransaction(() => {
      for (const p of this.projections) {
        if (this.stalled.has(p.name)) continue;
        const at = this.checkpointsByName.position(p.name);
        if (at >= last) continue;
        const fresh = at < page[0].position ? page : page.filter((e) => e.position > at);
        if (!fresh.some((e) => p.handles(e.type))) {
          idle.push(p.name);
          continue;
        }
        try {
          this.readModels.applyBatch(p, fresh, last);
          applied.push(p.name);
        } catch (error) {
          // Nothing of it was written (documents and checkpoint alike); the other projections go on.
          this.stalled.set(p.name, { position: at, error });
        }
      }
    });
    // A batch stored its projection's checkpoint with its documents; the idle ones are stored once they trail too far.
    for (const name of applied) this.checkpointsByName.move(name, last, true);
    for (const name of idle) this.checkpointsByName.move(name, last);
    this.checkpointsByName.store(idle, (_, trailing) => trailing >= IDLE_CHECKPOINT_LAG);
    this.settleWaiters();
  }

  private settleWaiters(): void {
    const at = this.position;
    const ready = this.waiters.filter((w) => w.position <= at);
    if (ready.length === 0) return;
    this.waiters = this.waiters.filter((w) => w.position > at);
    for (const w of ready) {
      clearTimeout(w.timer);
      w.resolve(true);
    }
  }

  private async run(): Promise<void> {
    while (this.running) {
      try {
        this.pendingWake = false;
        const readLog = this.logUnread;
        this.logUnread = false;
        const n = await this.drain(readLog);
        this.failure = null;
        if (n > 0 || this.pendingWake) continue;
      } catch (e) {
        // Reading the log failed (reducer errors stall only their projection): retry after the pause.
        this.failure = e;
        this.logUnread = true;
      }
      await new Promise<void>((resolve) => {
        // Unwoken for idleMs: another process may have appended, so the log is read.
        const timer = setTimeout(() => {
          this.logUnread = true;
          done();
        }, this.options.idleMs ?? 500);
        function done() {
          clearTimeout(timer);
          resolve();
        }
        this.wake = done;
        if (this.pendingWake || !this.running) done();
      });
      this.wake = null;
      this.stalled.clear(); // give stalled projections one more try per idle period
    }
  }
}
