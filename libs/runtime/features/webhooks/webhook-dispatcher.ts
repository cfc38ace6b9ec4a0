import { createHmac } from 'node:crypto';
import { fold } from '../../../domain/kernel/decider.js';
import { evolveTournament, initialTournamentState, type TournamentEvent } from '../../../domain/tournament/index.js';
import {
  backoffMs,
  TournamentLive,
  WEBHOOK_RETRY,
  wants,
  webhooksDecider,
  type DeliveryAttempt,
  type WebhookAudience,
  type WebhookEvent,
  type WebhooksState,
} from '../../../domain/webhooks/index.js';
import { gameFeaturesOf } from '../../games/index.js';
import type { RecordedEvent } from '../../../store/event-store.port.js';
import type { ArbitraCore } from '../../arbitra-core.js';
import { REAL_CLOCK, type WebhookClock } from './webhook-clock.js';
import { WEBHOOKS_ID, WEBHOOKS_STREAM, WebhooksAggregate } from './webhooks.aggregate.js';

/** Sends one request; resolves with the receiver's status (rejects when no answer comes). */
export type WebhookPost = (url: string, body: string, headers: Record<string, string>) => Promise<{ status: number }>;

const fetchPost: WebhookPost = async (url, body, headers) => {
  const r = await fetch(url, { method: 'POST', body, headers, signal: AbortSignal.timeout(10_000), redirect: 'manual' });
  await r.arrayBuffer().catch(() => undefined);
  return { status: r.status };
};

/** The signature header value: HMAC-SHA256 over `<timestamp>.<body>` with the webhook's secret, hex. */
export function signature(secret: string, timestamp: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

const dispatchers = new WeakMap<ArbitraCore, WebhookDispatcher>();
/** The dispatcher running beside this core, if any (tests give it a ManualClock). */
export function webhookDispatcher(core: ArbitraCore): WebhookDispatcher | undefined {
  return dispatchers.get(core);
}

/**
 * Delivers every new event a registered webhook wants (type prefixes), as its audience sees it (`public` by
 * default: the public views' redaction; `everything`: as recorded), signed: `X-Arbitra-Signature: sha256=<HMAC-SHA256(secret, "<X-Arbitra-Timestamp>.<body>")>`. Each attempt is
 * recorded (`webhooks.DeliveryAttempted`, command id `webhook:<delivery>:<attempt>`, so a repeat is a no-op); a
 * failure (no answer, or not 2xx) is retried after `backoffMs` (1 s, 2 s, 4 s, … up to 6 attempts). Events of
 * the webhooks stream itself are never delivered (they hold the secrets). Follows the bus from start: events
 * recorded while the server was down are not delivered; retries pending at a restart are resumed.
 */
export class WebhookDispatcher {
  private state: WebhooksState = webhooksDecider.initialState();
  private unsubscribe: (() => void) | null = null;
  private readonly inFlight = new Set<Promise<void>>();
  private queue: Promise<void> = Promise.resolve();
  private readonly tournaments = new Map<string, { live: TournamentLive; next: number }>();

  constructor(
    private readonly core: ArbitraCore,
    private clock: WebhookClock = REAL_CLOCK,
    private readonly post: WebhookPost = fetchPost,
    private readonly retry: { readonly baseMs: number; readonly maxAttempts: number } = WEBHOOK_RETRY,
  ) {
    dispatchers.set(core, this);
  }

  useClock(clock: WebhookClock): void {
    this.clock = clock;
  }

  async start(): Promise<void> {
    const events = await this.core.store.readStream(WEBHOOKS_STREAM);
    this.state = fold(webhooksDecider, events as unknown as WebhookEvent[]);
    this.unsubscribe = this.core.bus.subscribe((batch) => this.onEvents(batch));
    for (const d of Object.values(this.state.deliveries)) if (d.outcome === 'retry') this.resume(d);
  }

  stop(): void {
    this.unsubscribe?.();
    this.unsubscribe = null;
  }

  /** Resolves when every attempt under way has been made and recorded. */
  async settle(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.all([...this.inFlight]);
  }

  private onEvents(batch: readonly RecordedEvent[]): void {
    // Batches in order, one at a time: a tournament's public view folds its stream as the events come.
    const next = this.queue.then(() => this.handle(batch));
    this.queue = next.catch(() => undefined);
    this.track(next);
  }

  private async handle(batch: readonly RecordedEvent[]): Promise<void> {
    for (const e of batch) {
      if (e.stream === WEBHOOKS_STREAM) {
        this.state = webhooksDecider.evolve(this.state, e as unknown as WebhookEvent);
        continue;
      }
      const views = new Map<WebhookAudience, object | null>();
      const live = e.stream.startsWith('tournament-') ? await this.tournamentView(e) : undefined;
      for (const w of Object.values(this.state.webhooks)) {
        if (!wants(w, e.type)) continue;
        if (!views.has(w.audience)) views.set(w.audience, await this.render(e, w.audience, live));
        const view = views.get(w.audience);
        if (view) this.track(this.attempt(w.id, e, 1, view));
      }
      live?.render([e]);
    }
  }

  private async freshTournamentView(e: RecordedEvent): Promise<TournamentLive> {
    const before = await this.core.store.readStream(e.stream, 0, e.revision);
    return new TournamentLive(
      before.reduce((s, x) => evolveTournament(s, x as unknown as TournamentEvent), initialTournamentState()),
      false,
    );
  }

  /** The public view of a tournament's stream, folded up to (not including) `e`; kept while the server runs. */
  private async tournamentView(e: RecordedEvent): Promise<TournamentLive> {
    const known = this.tournaments.get(e.stream);
    if (known && known.next === e.revision) {
      known.next++;
      return known.live;
    }
    const before = await this.core.store.readStream(e.stream, 0, e.revision);
    const state = before.reduce((s, x) => evolveTournament(s, x as unknown as TournamentEvent), initialTournamentState());
    const entry = { live: new TournamentLive(state, false), next: e.revision + 1 };
    this.tournaments.set(e.stream, entry);
    return entry.live;
  }

  /**
   * The event as the webhook's audience sees it, or null when it sees nothing of it: everything as recorded; the
   * public: a tournament's events as its public live view, a game's with hidden tiles redacted while the game hides
   * them (as GET …/events), and nothing of any other stream (appeals, penalty ledgers, tokens).
   */
  private async render(e: RecordedEvent, audience: WebhookAudience, live: TournamentLive | undefined): Promise<object | null> {
    const plain = { id: e.id, stream: e.stream, revision: e.revision, position: e.position, type: e.type, recordedAt: e.meta.recordedAt };
    if (audience === 'everything') return { ...plain, data: e.data };
    if (live) {
      // Peek: the fold advances once per event, in handle().
      const m = live.peek(e);
      return m ? { ...plain, data: (m.data as { data: unknown }).data } : null;
    }
    const feature = gameFeaturesOf(this.core.options.features).find((f) => e.stream.startsWith(`${f.aggregate.name}-`));
    if (!feature) return null;
    const { state } = await this.core.commands.load(feature.aggregate, e.stream);
    const viewer = feature.hidesInformation(state as never) ? ({ kind: 'public' } as const) : ({ kind: 'all' } as const);
    return { ...plain, data: feature.redactEventData(e as never, viewer) };
  }

  private track(p: Promise<void>): void {
    const done = p.catch(() => undefined).finally(() => this.inFlight.delete(done));
    this.inFlight.add(done);
  }

  private resume(d: DeliveryAttempt): void {
    const wait = Math.max(0, Date.parse(d.nextAttemptAt ?? d.at) - Date.parse(this.clock.now()));
    this.clock.after(wait, () =>
      this.track(
        (async () => {
          const [event] = await this.core.store.readAll(d.event.position - 1, 1);
          const w = this.state.webhooks[d.webhookId];
          if (!event || !w) return;
          const live = event.stream.startsWith('tournament-') ? await this.freshTournamentView(event) : undefined;
          const view = await this.render(event, w.audience, live);
          if (view) await this.attempt(d.webhookId, event, d.attempt + 1, view);
        })(),
      ),
    );
  }

  private async attempt(webhookId: string, e: RecordedEvent, n: number, view: object): Promise<void> {
    const w = this.state.webhooks[webhookId];
    // Deactivated since: no further request (its log keeps the attempts made).
    if (!w?.active) return;
    const deliveryId = `${webhookId}:${e.id}`;
    const body = JSON.stringify({
      delivery: deliveryId,
      webhook: webhookId,
      attempt: n,
      event: view,
    });
    const at = this.clock.now();
    let status: number | null = null;
    let error: string | null = null;
    try {
      status = (
        await this.post(w.url, body, {
          'content-type': 'application/json',
          'user-agent': 'Arbitra-Webhooks',
          'x-arbitra-delivery': deliveryId,
          'x-arbitra-event': e.type,
          'x-arbitra-timestamp': at,
          'x-arbitra-signature': signature(w.secret, at, body),
        })
      ).status;
    } catch (err) {
      error = String((err as Error).message ?? err).slice(0, 300);
    }
    const result = await this.core.execute(WebhooksAggregate, WEBHOOKS_ID, {
      type: 'webhooks.record-attempt',
      context: { at, actor: { id: 'webhooks', role: 'system' }, commandId: `webhook:${deliveryId}:${n}` },
      data: { deliveryId, webhookId, event: { id: e.id, type: e.type, position: e.position }, attempt: n, at, status, error, ...this.retry },
    });
    const recorded = result.events.find((x) => x.type === 'webhooks.DeliveryAttempted')?.data as DeliveryAttempt | undefined;
    if (recorded?.outcome === 'retry') this.clock.after(backoffMs(n, this.retry.baseMs), () => this.track(this.attempt(webhookId, e, n + 1, view)));
  }
}
