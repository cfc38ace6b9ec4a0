import {
  backoffMs,
  WEBHOOK_RETRY,
  wants,
  webhooksDecider,
  type DeliveryAttempt,
  type WebhookEvent,
  type WebhooksState,
} from '../../../domain/webhooks/index.js';
import type { RecordedEvent } from '../../../store/event-store.port.js';
import type { ArbitraCore } from '../../arbitra-core.js';
import { REAL_CLOCK, type WebhookClock } from './webhook-clock.js';
import { WEBHOOKS_STREAM } from './webhooks.aggregate.js';
import { attemptDelivery, type AttemptContext, type WebhookDispatcherOptions, type WebhookPost } from './webhook-requests.js';
import { guardedPost, PUBLIC_ONLY } from './webhook-targets.js';
import { whileLeading } from './webhook-leadership.js';
import { WebhookRunners, type Runner } from './webhook-runners.js';
import { foldBefore, needsTournamentView, viewAlone, viewFor, type TournamentFold } from './webhook-views.js';

const dispatchers = new WeakMap<ArbitraCore, WebhookDispatcher>();
/** The dispatcher running beside this core, if any (tests give it a ManualClock). */
export function webhookDispatcher(core: ArbitraCore): WebhookDispatcher | undefined {
  return dispatchers.get(core);
}

/** Events read from the log per page. */
const PAGE = 200;
/** Events of the webhooks stream folded per read on start (the stream is never held whole). */
const FOLD_PAGE = 1_000;
/** The key of a webhook's checkpoint among the read models' checkpoints (beside the process managers' `pm:…`). */
const checkpointKey = (webhookId: string) => `webhook:${webhookId}`;

/**
 * Delivers every event a registered webhook wants (type prefixes) that was recorded after its registration,
 * as its audience sees it (`public` by default: the public views' redaction; `everything`: as recorded), signed:
 * `X-Arbitra-Signature: sha256=<HMAC-SHA256(secret, "<X-Arbitra-Timestamp>.<body>")>`. Each attempt is recorded
 * (`webhooks.DeliveryAttempted`, command id `webhook:<delivery>:<attempt>`, so a repeat is a no-op); a failure
 * (no answer, or not 2xx) is retried after `backoffMs` (1 s, 2 s, 4 s, … up to 6 attempts). Events of the
 * webhooks stream itself are never delivered (they hold the secrets).
 *
 * Each webhook reads the log on its own, from its own position, one delivery at a time: its receiver gets the
 * events in log order, the next one once the previous is delivered or has failed for good. The position is
 * durable: the webhook's registration, its last recorded attempt (the delivery log is in the log), and a
 * checkpoint among the read models' checkpoints (`webhook:<id>`, moved after the events before it are handled,
 * so a webhook that matches little is not read again from its last delivery). On start each webhook resumes
 * its pending retry, then catches up from there to the head, then follows appends: events recorded while the
 * server was down are delivered. A crash between a request and its record sends that event again with the same
 * delivery id (`X-Arbitra-Delivery`, `<webhook>:<event id>`): at least once, never skipped; receivers dedupe.
 */
export class WebhookDispatcher {
  /** The registrations (the domain's fold; its `deliveries` stay empty here: see `open` and `positions`). */
  private state: WebhooksState = webhooksDecider.initialState();
  /**
   * The open deliveries only (last attempt `retry`), by delivery id, each with its last attempt whole (a restart
   * resumes the retry from it). A delivery leaves once it is delivered or has failed for good: what delivering
   * needs of a closed one is its webhook's position, below. At most one per webhook as one dispatcher runs it
   * (one delivery at a time), so memory follows the webhooks, not the delivery log.
   */
  private readonly open = new Map<string, DeliveryAttempt>();
  /**
   * Each webhook's position: the log position of the last event it has an attempt for. Deliveries go in log
   * order, one at a time, so every event of the webhook up to there was handled (a closed delivery, a retry in
   * `open`, or not wanted); its worker resumes after it.
   */
  private readonly positions = new Map<string, number>();
  /** The next revision of the webhooks stream to fold. */
  private revision = 0;
  /** Each webhook's registration position: it gets the events after it. */
  private readonly registeredAt = new Map<string, number>();
  private readonly workers = new Map<string, Promise<void>>();
  private running = false;
  /** The loops (registrations, one per webhook) and their waits. */
  private readonly runners = new WebhookRunners(
    () => this.running,
    () => this.clock,
    () => this.options.idleMs ?? 1000,
  );
  private unsubscribe: (() => void) | null = null;
  private leading: Promise<void> | null = null;
  private leaderStop: AbortController | null = null;
  private stopped = Promise.resolve();

  constructor(
    private readonly core: ArbitraCore,
    private clock: WebhookClock = REAL_CLOCK,
    private readonly post: WebhookPost = guardedPost(PUBLIC_ONLY),
    private readonly retry: { readonly baseMs: number; readonly maxAttempts: number } = WEBHOOK_RETRY,
    private readonly options: WebhookDispatcherOptions = {},
  ) {
    dispatchers.set(core, this);
  }

  /** True while this dispatcher delivers (with a leader lock: while this process holds it). */
  get delivering(): boolean {
    return this.running;
  }

  useClock(clock: WebhookClock): void {
    this.clock = clock;
  }

  /** Starts delivering; with a leader lock, once this process holds it (in the background: start does not wait for it). */
  async start(): Promise<void> {
    const leader = this.options.leader;
    if (!leader) return this.begin();
    const stop = new AbortController();
    this.leaderStop = stop;
    this.leading = whileLeading(leader, stop.signal, {
      begin: () => this.begin(),
      halt: () => this.halt(),
      pause: (signal) => this.runners.pause(signal),
      report: this.report,
    });
  }

  async stop(): Promise<void> {
    this.leaderStop?.abort();
    await this.halt();
    await this.leading;
    await this.options.leader?.release();
  }

  /**
   * Resolves once every webhook has handled what was recorded before, as far as it can now: each is caught up
   * with the log or waits on the clock for a retry (tests; a ManualClock's `advance()` runs the retry).
   */
  settle(): Promise<void> {
    return this.runners.settle();
  }

  private async begin(): Promise<void> {
    this.running = true;
    this.state = webhooksDecider.initialState();
    this.open.clear();
    this.positions.clear();
    this.revision = 0;
    // Folded a page at a time: what is kept is the registrations, the open deliveries and the positions.
    for (;;) {
      const page = await this.core.store.readStream(WEBHOOKS_STREAM, this.revision, FOLD_PAGE);
      for (const e of page) this.fold(e);
      if (page.length < FOLD_PAGE) break;
    }
    const registry = this.runners.add('registrations');
    // An append here wakes the webhooks; the registrations only when it touched them (another server's: the idle poll).
    this.unsubscribe = this.core.bus.subscribe((batch) => this.runners.wakeAll(batch.some((e) => e.stream === WEBHOOKS_STREAM) ? undefined : registry));
    this.stopped = this.followRegistrations(registry);
    for (const w of Object.values(this.state.webhooks)) if (w.active) this.startWorker(w.id);
  }

  private async halt(): Promise<void> {
    if (!this.running) return;
    this.running = false;
    this.runners.cancelAll();
    this.unsubscribe?.();
    this.unsubscribe = null;
    this.runners.wakeAll();
    await this.stopped;
    await Promise.all([...this.workers.values()]);
    this.runners.changed();
  }

  private fold(e: RecordedEvent): void {
    const event = e as unknown as WebhookEvent;
    if (event.type === 'webhooks.DeliveryAttempted') this.remember(event.data);
    else this.state = webhooksDecider.evolve(this.state, event);
    this.revision = e.revision + 1;
    if (event.type === 'webhooks.Registered') this.registeredAt.set(event.data.id, e.position);
  }

  /** A recorded attempt: its delivery is held while open, dropped once closed; its webhook's position moves up to it. */
  private remember(a: DeliveryAttempt): void {
    if (a.outcome === 'retry') this.open.set(a.deliveryId, a);
    else this.open.delete(a.deliveryId);
    if (a.event.position > (this.positions.get(a.webhookId) ?? 0)) this.positions.set(a.webhookId, a.event.position);
  }

  /**
   * The deliveries held in memory (open ones: a retry due), by delivery id, and how many webhooks have a position;
   * a closed delivery is not in it (the webhooks e2e specs read it).
   */
  held(): { readonly open: readonly string[]; readonly positions: number } {
    return { open: [...this.open.keys()], positions: this.positions.size };
  }

  private readonly report = (error: unknown, what: string): void => this.options.onError?.(error, what);

  /** Folds new events of the webhooks stream (from any server) and starts a webhook's worker at its registration. */
  private async followRegistrations(r: Runner): Promise<void> {
    try {
      while (this.running) {
        r.pendingWake = false;
        try {
          const events = await this.core.store.readStream(WEBHOOKS_STREAM, this.revision);
          for (const e of events) {
            this.fold(e);
            if (e.type === 'webhooks.Registered') this.startWorker((e.data as { id: string }).id);
          }
          if (events.length > 0) continue;
        } catch (e) {
          if (!this.running) return;
          this.report(e, 'reading the webhooks stream');
        }
        await this.runners.sleep(r);
      }
    } finally {
      this.runners.remove(r);
    }
  }

  private startWorker(id: string): void {
    if (this.workers.has(id) || !this.running) return;
    const r = this.runners.add(`webhook:${id}`);
    const done = this.work(id, r).finally(() => {
      this.workers.delete(id);
      this.runners.remove(r);
    });
    this.workers.set(id, done);
  }

  private active(id: string): boolean {
    return this.running && this.state.webhooks[id]?.active === true;
  }

  /** One webhook: its pending retries, then every event after its position, in log order, one at a time. */
  private async work(id: string, r: Runner): Promise<void> {
    const store = this.core.store;
    const key = checkpointKey(id);
    let saved = this.core.readModels.checkpoint(key)?.position;
    let cursor = Math.max(this.registeredAt.get(id) ?? 0, saved ?? 0, this.positions.get(id) ?? 0);
    // The open deliveries only (a handful), not every attempt ever made.
    const open = [...this.open.values()].filter((d) => d.webhookId === id);
    open.sort((a, b) => a.event.position - b.event.position);
    const folds = new Map<string, TournamentFold>();

    while (this.active(id)) {
      r.pendingWake = false;
      try {
        // Retries pending at a restart first: they were due before anything after them.
        while (open.length > 0 && this.active(id)) {
          // Its last attempt as recorded now (this loop may have made some before a failure); gone once closed.
          const d = this.open.get(open[0].deliveryId);
          const [raw] = d ? await store.readAll(d.event.position - 1, 1) : [];
          if (d && raw?.id === d.event.id) {
            const e = this.core.upcasters.upcast(raw);
            const view = await viewAlone(this.core, e, this.state.webhooks[id].audience);
            if (view && !(await this.deliver(r, id, e, view, d))) break;
          }
          open.shift();
        }
        if (open.length > 0) continue;

        const page = await store.readAll(cursor, PAGE);
        if (page.length === 0) {
          await this.runners.sleep(r);
          continue;
        }
        for (const raw of page) {
          if (raw.stream === WEBHOOKS_STREAM) {
            // Its deactivation, in log order: nothing recorded after it is sent.
            if (raw.type === 'webhooks.Deactivated' && (raw.data as { id: string }).id === id) return;
          } else if (!(await this.consider(r, id, this.core.upcasters.upcast(raw), folds))) {
            break;
          }
          cursor = raw.position;
        }
        // Saved every PAGE positions or so: a restart reads again at most that many (the delivery log says what was sent).
        if (this.running && (saved === undefined || cursor - saved >= PAGE)) {
          if (saved === undefined) this.core.readModels.reset(key, 1);
          this.core.readModels.advance(key, cursor);
          saved = cursor;
        }
      } catch (e) {
        if (!this.running) return;
        // Reading the log or recording an attempt failed: the event is not passed, it is tried again.
        this.report(e, `webhook ${id}`);
        await this.runners.pause();
      }
    }
  }

  /** Handles one event for one webhook; false when it could not be finished (stopping, deactivated). */
  private async consider(r: Runner, id: string, e: RecordedEvent, folds: Map<string, TournamentFold>): Promise<boolean> {
    const w = this.state.webhooks[id];
    const wanted = wants(w, e.type);
    const fold = await foldBefore(this.core, folds, e, wanted && needsTournamentView(w.audience, e));
    if (wanted) {
      // Open: resumed. At or before the webhook's position and not open: handled already (closed). After it: new.
      const known = this.open.get(`${id}:${e.id}`);
      if (known || e.position > (this.positions.get(id) ?? 0)) {
        const view = await viewFor(this.core, e, w.audience, fold);
        if (view && !(await this.deliver(r, id, e, view, known))) return false;
      }
    }
    if (fold) {
      fold.shown += fold.live.render([e]).length;
      fold.next = e.revision + 1;
    }
    return true;
  }

  /**
   * Attempts until the delivery is delivered or has failed for good (after `from`, its last recorded attempt,
   * at its due time); false when stopped first (stopping, deactivated), so the event is not passed.
   */
  private async deliver(r: Runner, id: string, e: RecordedEvent, view: object, from?: DeliveryAttempt): Promise<boolean> {
    let n = (from?.attempt ?? 0) + 1;
    const due = from ? Date.parse(from.nextAttemptAt ?? from.at) - Date.parse(this.clock.now()) : 0;
    if (due > 0) await this.runners.onClock(r, due);
    for (;;) {
      if (!this.active(id)) return false;
      const recorded = await this.attempt(id, e, n, view);
      if (recorded === 'stopped') return false;
      if (recorded === 'refused' || recorded.outcome !== 'retry') return true;
      await this.runners.onClock(r, backoffMs(n, this.retry.baseMs));
      n++;
    }
  }

  /** One attempt (webhook-requests.ts), remembered (held while its delivery stays open). */
  private async attempt(webhookId: string, e: RecordedEvent, n: number, view: object): Promise<DeliveryAttempt | 'stopped' | 'refused'> {
    const using: AttemptContext = { clock: this.clock, post: this.post, retry: this.retry, cancelOnStop: this.runners.cancelOnStop, report: this.report };
    const recorded = await attemptDelivery(this.core, this.state.webhooks[webhookId], e, n, view, using);
    if (typeof recorded === 'object') this.remember(recorded);
    return recorded;
  }
}
