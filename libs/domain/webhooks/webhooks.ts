import type { CommandUnion } from '../kernel/command.js';
import type { Decider, DomainEvent } from '../kernel/decider.js';
import { invalid, notFound, refuse } from '../kernel/errors.js';
import { Map as PersistentMap } from 'immutable';

/**
 * The federation's webhooks (aggregate `webhooks`, one instance `federation`): registrations and the delivery log,
 * every attempt an event. Delivery itself (HTTP, signing, timers) is the runtime's; this decides what is recorded.
 */
export const WEBHOOK_RULES = {
  registerOnce: 'Arbitra: a webhook id is registered once; a change is a new registration',
  url: 'Arbitra: a webhook URL is an absolute http or https URL',
  secret: 'Arbitra: a webhook secret (the HMAC-SHA256 key) has at least 16 characters',
  active: 'Arbitra: deliveries go to an active webhook only; a deactivated one is kept with its log',
  audience: 'Arbitra: a webhook receives what the public sees (public) or, when the federation says so, everything as recorded',
  attempts: 'Arbitra: a delivery’s attempts are numbered 1, 2, … and stop once it is delivered or has failed for good',
} as const;

/** Retry policy (Arbitra profile values, not from a rule text): exponential backoff from `baseMs`, doubling, at most `maxAttempts`. */
export const WEBHOOK_RETRY = { baseMs: 1_000, maxAttempts: 6 } as const;

/** The wait before attempt `attempt + 1` after attempt `attempt` failed: base × 2^(attempt − 1). */
export function backoffMs(attempt: number, baseMs: number = WEBHOOK_RETRY.baseMs): number {
  return baseMs * 2 ** (attempt - 1);
}

export type WebhookAudience = 'public' | 'everything';

export interface WebhookRegistration {
  readonly id: string;
  readonly url: string;
  readonly secret: string;
  /** Event type prefixes delivered (e.g. `tournament.`); empty: every event. */
  readonly eventTypes: readonly string[];
  /**
   * `public` (the default): what the public views show: tournament events once their round is published, game
   * events with hidden tiles redacted, nothing of appeals, penalty ledgers or tokens. `everything`: as recorded.
   */
  readonly audience: WebhookAudience;
  readonly registeredBy: string;
  readonly registeredAt: string;
  readonly active: boolean;
}

export interface DeliveryAttempt {
  readonly deliveryId: string;
  readonly webhookId: string;
  readonly event: { readonly id: string; readonly type: string; readonly position: number };
  readonly attempt: number;
  readonly at: string;
  /** The receiver's HTTP status, or null when no answer came (refused, timed out). */
  readonly status: number | null;
  readonly error: string | null;
  /** delivered (2xx), retry (another attempt at `nextAttemptAt`), failed (no attempt left). */
  readonly outcome: 'delivered' | 'retry' | 'failed';
  readonly nextAttemptAt: string | null;
}

export type WebhookCommand = CommandUnion<{
  'webhooks.register': {
    readonly id: string;
    readonly url: string;
    readonly secret: string;
    readonly eventTypes: readonly string[];
    readonly audience: WebhookAudience;
  };
  'webhooks.deactivate': { readonly id: string; readonly reason: string };
  'webhooks.record-attempt': Omit<DeliveryAttempt, 'outcome' | 'nextAttemptAt'> & { readonly maxAttempts: number; readonly baseMs: number };
}>;

export type WebhookEvent =
  | DomainEvent<'webhooks.Registered', Omit<WebhookRegistration, 'active'>>
  | DomainEvent<'webhooks.Deactivated', { readonly id: string; readonly reason: string; readonly by: string }>
  | DomainEvent<'webhooks.DeliveryAttempted', DeliveryAttempt>;

/** What deciding the next attempt needs of a delivery: its last attempt's number and outcome (the attempt itself is in the log). */
export interface DeliveryMark {
  readonly attempt: number;
  readonly outcome: DeliveryAttempt['outcome'];
}

export interface WebhooksState {
  readonly webhooks: Readonly<Record<string, WebhookRegistration>>;
  /**
   * Each delivery's last attempt, as a mark, by delivery id. A persistent map (immutable's Map, a hash array mapped
   * trie): recording an attempt adds one mark and copies a few small nodes, at delivery 10 as at delivery 100,000 (a
   * plain record was copied whole, every attempt costing in proportion to all deliveries ever made), and leaves the
   * state it was given as it was (the command path's state cache keeps earlier revisions).
   */
  readonly deliveries: PersistentMap<string, DeliveryMark>;
}

/** The marks of the usual attempt numbers, shared: a closed delivery then costs the map its key and one slot. */
const MARKS = new Map<string, DeliveryMark>(
  (['delivered', 'retry', 'failed'] as const).flatMap((outcome) =>
    Array.from({ length: 16 }, (_, i) => [`${outcome}:${i + 1}`, Object.freeze({ attempt: i + 1, outcome })] as const),
  ),
);
function markOf(a: Pick<DeliveryAttempt, 'attempt' | 'outcome'>): DeliveryMark {
  return MARKS.get(`${a.outcome}:${a.attempt}`) ?? { attempt: a.attempt, outcome: a.outcome };
}

function validUrl(url: string): boolean {
  try {
    const u = new URL(url);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
}

function decide(c: WebhookCommand, s: WebhooksState): WebhookEvent[] {
  switch (c.type) {
    case 'webhooks.register': {
      if (s.webhooks[c.data.id])
        refuse('webhooks/already-registered', `webhook ${c.data.id} is already registered`, WEBHOOK_RULES.registerOnce, { field: 'id' });
      if (!validUrl(c.data.url)) invalid('webhooks/url', `"${c.data.url}" is not an http(s) URL`, WEBHOOK_RULES.url, 'url');
      if (c.data.audience !== 'public' && c.data.audience !== 'everything')
        invalid('webhooks/audience', `audience "${String(c.data.audience)}" is not public or everything`, WEBHOOK_RULES.audience, 'audience');
      if (c.data.secret.length < 16) invalid('webhooks/secret', 'the secret is shorter than 16 characters', WEBHOOK_RULES.secret, 'secret');
      return [
        {
          type: 'webhooks.Registered',
          data: { ...c.data, eventTypes: [...c.data.eventTypes], registeredBy: c.context.actor.id, registeredAt: c.context.at },
        },
      ];
    }
    case 'webhooks.deactivate': {
      const w = s.webhooks[c.data.id];
      if (!w) notFound('webhooks/unknown-webhook', `no webhook ${c.data.id}`, 'id');
      if (!w.active) refuse('webhooks/inactive', `webhook ${c.data.id} is already deactivated`, WEBHOOK_RULES.active, { field: 'id' });
      return [{ type: 'webhooks.Deactivated', data: { id: c.data.id, reason: c.data.reason, by: c.context.actor.id } }];
    }
    case 'webhooks.record-attempt': {
      const d = c.data;
      const w = s.webhooks[d.webhookId];
      if (!w) notFound('webhooks/unknown-webhook', `no webhook ${d.webhookId}`, 'webhookId');
      const before = s.deliveries.get(d.deliveryId);
      if (before && before.outcome !== 'retry')
        refuse('webhooks/delivery-closed', `delivery ${d.deliveryId} is already ${before.outcome}`, WEBHOOK_RULES.attempts, { field: 'attempt' });
      if (d.attempt !== (before?.attempt ?? 0) + 1)
        refuse('webhooks/attempt-order', `attempt ${d.attempt} of ${d.deliveryId} follows attempt ${before?.attempt ?? 0}`, WEBHOOK_RULES.attempts, {
          field: 'attempt',
        });
      const ok = d.status !== null && d.status >= 200 && d.status < 300;
      // A deactivated webhook gets no further attempt: a failure is then final.
      const retry = !ok && w.active && d.attempt < d.maxAttempts;
      const { maxAttempts: _m, baseMs, ...attempt } = d;
      return [
        {
          type: 'webhooks.DeliveryAttempted',
          // Object.assign, not a spread followed by new keys (slow on Node 20): one attempt per delivery.
          data: Object.assign({}, attempt, {
            outcome: ok ? ('delivered' as const) : retry ? ('retry' as const) : ('failed' as const),
            nextAttemptAt: retry ? new Date(Date.parse(d.at) + backoffMs(d.attempt, baseMs)).toISOString() : null,
          }),
        },
      ];
    }
  }
}

function evolve(s: WebhooksState, e: WebhookEvent): WebhooksState {
  switch (e.type) {
    case 'webhooks.Registered':
      return { ...s, webhooks: { ...s.webhooks, [e.data.id]: { ...e.data, active: true } } };
    case 'webhooks.Deactivated':
      return { ...s, webhooks: { ...s.webhooks, [e.data.id]: { ...s.webhooks[e.data.id], active: false } } };
    case 'webhooks.DeliveryAttempted':
      return { ...s, deliveries: s.deliveries.set(e.data.deliveryId, markOf(e.data)) };
  }
}

export const webhooksDecider: Decider<WebhookCommand, WebhookEvent, WebhooksState> = {
  initialState: () => ({ webhooks: {}, deliveries: PersistentMap<string, DeliveryMark>() }),
  decide,
  evolve,
};

/** Does a webhook take this event type? */
export function wants(w: Pick<WebhookRegistration, 'eventTypes' | 'active'>, type: string): boolean {
  return w.active && (w.eventTypes.length === 0 || w.eventTypes.some((p) => type.startsWith(p)));
}
