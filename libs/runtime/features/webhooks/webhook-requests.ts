import { createHmac } from 'node:crypto';
import { DomainError } from '../../../domain/kernel/errors.js';
import type { DeliveryAttempt, WebhookRegistration } from '../../../domain/webhooks/index.js';
import type { RecordedEvent } from '../../../store/event-store.port.js';
import type { ArbitraCore } from '../../arbitra-core.js';
import type { WebhookClock } from './webhook-clock.js';
import type { WebhookLeadership } from './webhook-leadership.js';
import { WEBHOOKS_ID, WebhooksAggregate } from './webhooks.aggregate.js';

/** Sends one request; resolves with the receiver's status (rejects when no answer comes, or when `signal` aborts it). */
export type WebhookPost = (url: string, body: string, headers: Record<string, string>, signal?: AbortSignal) => Promise<{ status: number }>;

/** The signature header value: HMAC-SHA256 over `<timestamp>.<body>` with the webhook's secret, hex. */
export function signature(secret: string, timestamp: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

export interface WebhookDispatcherOptions {
  readonly leader?: WebhookLeadership;
  /** How long a caught-up dispatcher waits before it looks at the log again when no append in this process woke it (another server's appends). */
  readonly idleMs?: number;
  /** A failure that is retried (reading the log, recording an attempt, a refused attempt); the app logs it. */
  readonly onError?: (error: unknown, what: string) => void;
}

/** What an attempt uses of the dispatcher. */
export interface AttemptContext {
  readonly clock: WebhookClock;
  readonly post: WebhookPost;
  readonly retry: { readonly baseMs: number; readonly maxAttempts: number };
  /** Registers what a stop must cut short; the returned function unregisters it. */
  readonly cancelOnStop: (cancel: () => void) => () => void;
  readonly report: (error: unknown, what: string) => void;
}

/**
 * Attempt `n` of delivering `e` (as `view`) to webhook `w`: the signed request, then its record
 * (`webhooks.record-attempt`, command id `webhook:<delivery>:<n>`, so a repeat is a no-op). 'stopped' when a stop
 * cut the request short (not recorded: the next start sends it again, same delivery id); 'refused' when the log
 * already has this attempt or closed the delivery (another dispatcher on the same log).
 */
export async function attemptDelivery(
  core: ArbitraCore,
  w: Pick<WebhookRegistration, 'id' | 'url' | 'secret'>,
  e: RecordedEvent,
  n: number,
  view: object,
  using: AttemptContext,
): Promise<DeliveryAttempt | 'stopped' | 'refused'> {
  const webhookId = w.id;
  const deliveryId = `${webhookId}:${e.id}`;
  const body = JSON.stringify({
    delivery: deliveryId,
    webhook: webhookId,
    attempt: n,
    event: view,
  });
  const at = using.clock.now();
  let status: number | null = null;
  const request = new AbortController();
  const done = using.cancelOnStop(() => request.abort());
  try {
    status = (
      await using.post(
        w.url,
        body,
        {
          'content-type': 'application/json',
          'user-agent': 'Arbitra-Webhooks',
          'x-arbitra-delivery': deliveryId,
          'x-arbitra-event': e.type,
          'x-arbitra-timestamp': at,
          'x-arbitra-signature': signature(w.secret, at, body),
        },
        request.signal,
      )
    ).status;
  } catch (err) {
    // Cut short by a stop: not recorded, so the next start sends it again (same delivery id).
    if (request.signal.aborted) return 'stopped';
    using.report(err, `webhook ${webhookId}: attempt ${n} of ${deliveryId} failed`);
  } finally {
    done();
  }
  // The log says delivered or failed, no more (issue 32): a receiver's status or a connection error would let an
  // admin scan ports through it. The operator's server log has the detail.
  const delivered = status !== null && status >= 200 && status < 300;
  if (!delivered && status !== null) using.report(new Error(`answered ${status}`), `webhook ${webhookId}: attempt ${n} of ${deliveryId} failed`);
  if (!delivered) status = null;
  const error = delivered ? null : 'failed';
  try {
    const result = await core.execute(WebhooksAggregate, WEBHOOKS_ID, {
      type: 'webhooks.record-attempt',
      context: { at, actor: { id: 'webhooks', role: 'system' }, commandId: `webhook:${deliveryId}:${n}` },
      data: { deliveryId, webhookId, event: { id: e.id, type: e.type, position: e.position }, attempt: n, at, status, error, ...using.retry },
    });
    const recorded = result.events.find((x) => x.type === 'webhooks.DeliveryAttempted')?.data as DeliveryAttempt | undefined;
    return recorded ?? 'refused';
  } catch (err) {
    if (!(err instanceof DomainError)) throw err;
    // The log already has this attempt or closed the delivery (another dispatcher on the same log): it is theirs.
    using.report(err, `webhook ${webhookId}: attempt ${n} of ${deliveryId} refused`);
    return 'refused';
  }
}
