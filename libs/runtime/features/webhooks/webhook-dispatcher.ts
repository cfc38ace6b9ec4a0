import { createHmac } from 'node:crypto';
import { fold } from '../../../domain/kernel/decider.js';
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
 * Delivers every new event a registered webhook wants (type prefixes), as recorded (the federation is admin),
 * signed: `X-Arbitra-Signature: sha256=<HMAC-SHA256(secret, "<X-Arbitra-Timestamp>.<body>")>`. Each attempt is
 * recorded (`webhooks.DeliveryAttempted`, command id `webhook:<delivery>:<attempt>`, so a repeat is a no-op); a
 * failure (no answer, or not 2xx) is retried after `backoffMs` (1 s, 2 s, 4 s, … up to 6 attempts). Events of
 * the webhooks stream itself are never delivered (they hold the secrets). Follows the bus from start: events
 * recorded while the server was down are not delivered; retries pending at a restart are resumed.
 */
export class WebhookDispatcher {
  private state: WebhooksState = webhooksDecider.initialState();
  private unsubscribe: (() => void) | null = null;
  private readonly inFlight = new Set<Promise<void>>();

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
    for (const e of batch) {
      if (e.stream === WEBHOOKS_STREAM) {
        this.state = webhooksDecider.evolve(this.state, e as unknown as WebhookEvent);
        continue;
      }
      for (const w of Object.values(this.state.webhooks)) if (wants(w, e.type)) this.track(this.attempt(w.id, e, 1));
    }
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
          if (event) await this.attempt(d.webhookId, event, d.attempt + 1);
        })(),
      ),
    );
  }

  private async attempt(webhookId: string, e: RecordedEvent, n: number): Promise<void> {
    const w = this.state.webhooks[webhookId];
    // Deactivated since: no further request (its log keeps the attempts made).
    if (!w?.active) return;
    const deliveryId = `${webhookId}:${e.id}`;
    const body = JSON.stringify({
      delivery: deliveryId,
      webhook: webhookId,
      attempt: n,
      event: { id: e.id, stream: e.stream, revision: e.revision, position: e.position, type: e.type, recordedAt: e.meta.recordedAt, data: e.data },
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
    if (recorded?.outcome === 'retry') this.clock.after(backoffMs(n, this.retry.baseMs), () => this.track(this.attempt(webhookId, e, n + 1)));
  }
}
