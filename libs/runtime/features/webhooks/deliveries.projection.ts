import type { DeliveryAttempt } from '../../../domain/webhooks/index.js';
import type { RecordedEvent } from '../../../store/event-store.port.js';
import type { DocumentTx, Projection } from '../../projections/projection.js';
import type { ReadModelStore } from '../../projections/read-model-store.js';

export const DELIVERIES_PROJECTION = 'webhook-deliveries';
/** One document per webhook: how many attempts each of its lists holds. */
const WEBHOOKS = 'webhooks';
/** The attempts, `DELIVERY_PAGE` to a document, key `<webhook>/<list>/<n>` (n from 0, in log order). */
const ATTEMPTS = 'attempts';
/**
 * Attempts per stored document. Recording an attempt rewrites one such document per list it is in (two: every
 * attempt, its outcome's), so the cost of an attempt does not grow with the log; a page of `limit` attempts reads
 * at most `limit / DELIVERY_PAGE + 1` documents.
 */
export const DELIVERY_PAGE = 50;

export const DELIVERY_OUTCOMES = ['delivered', 'retry', 'failed'] as const;
export type DeliveryOutcome = (typeof DELIVERY_OUTCOMES)[number];
/** A list of a webhook's attempts: every one, or those of one outcome. */
type DeliveryList = 'all' | DeliveryOutcome;

export interface WebhookDeliveriesDocument {
  readonly id: string;
  /** Attempts per list; an attempt's number in its list (1, 2, …, in log order) is the listing's cursor. */
  readonly counts: Readonly<Record<DeliveryList, number>>;
}

const attemptsKey = (webhook: string, list: DeliveryList, n: number) => `${webhook}/${list}/${n}`;
const EMPTY = { all: 0, delivered: 0, retry: 0, failed: 0 } as const;

/**
 * Each webhook's delivery log for the admin's paged listing (GET /v1/webhooks/:id/deliveries): its attempts in log
 * order, all of them and by outcome, in documents of `DELIVERY_PAGE`, so a page is read without reading the log.
 * Admin-only documents (the attempts name receivers' errors): served by that route only.
 */
export const deliveriesProjection: Projection = {
  name: DELIVERIES_PROJECTION,
  version: 1,
  handles: (type) => type === 'webhooks.Registered' || type === 'webhooks.DeliveryAttempted',
  apply(e: RecordedEvent, docs: DocumentTx) {
    if (e.type === 'webhooks.Registered') {
      const id = (e.data as { id: string }).id;
      if (!docs.get(WEBHOOKS, id)) docs.put(WEBHOOKS, id, { id, counts: EMPTY } satisfies WebhookDeliveriesDocument);
      return;
    }
    const a = e.data as DeliveryAttempt;
    const before = docs.get<WebhookDeliveriesDocument>(WEBHOOKS, a.webhookId)?.counts ?? EMPTY;
    const counts = { ...before };
    for (const list of ['all', a.outcome] as const) {
      const key = attemptsKey(a.webhookId, list, Math.floor(before[list] / DELIVERY_PAGE));
      docs.put(ATTEMPTS, key, [...(docs.get<DeliveryAttempt[]>(ATTEMPTS, key) ?? []), a]);
      counts[list] = before[list] + 1;
    }
    docs.put(WEBHOOKS, a.webhookId, { id: a.webhookId, counts } satisfies WebhookDeliveriesDocument);
  },
};

export interface DeliveryPageQuery {
  /** The cursor: the `next` of the previous page (an attempt's number in the list); absent: from the start. */
  readonly after?: number;
  readonly limit: number;
  /** `oldest`: log order, the order the receiver got them; `newest`: the latest first. */
  readonly order: 'oldest' | 'newest';
  readonly outcome?: DeliveryOutcome;
}

export interface DeliveryPage {
  readonly attempts: DeliveryAttempt[];
  /** Pass as `after` (same order and outcome) for the next page; null when this page reaches the end of the list. */
  readonly next: number | null;
  /** How many attempts the list holds. */
  readonly total: number;
}

/**
 * One page of a webhook's attempts, reading only the documents that hold it; undefined when the webhook is not
 * registered (as far as the read model has applied the log).
 */
export function deliveryPage(readModels: ReadModelStore, webhook: string, q: DeliveryPageQuery): DeliveryPage | undefined {
  const doc = readModels.get<WebhookDeliveriesDocument>(DELIVERIES_PROJECTION, WEBHOOKS, webhook);
  if (!doc) return undefined;
  const list: DeliveryList = q.outcome ?? 'all';
  const total = doc.counts[list];
  // Numbers 1…total in log order; the page is [lo, hi], read in its order.
  let lo: number;
  let hi: number;
  if (q.order === 'oldest') {
    lo = (q.after ?? 0) + 1;
    hi = Math.min(total, lo + q.limit - 1);
  } else {
    hi = Math.min(total, q.after === undefined ? total : q.after - 1);
    lo = Math.max(1, hi - q.limit + 1);
  }
  if (lo > hi) return { attempts: [], next: null, total };
  const attempts: DeliveryAttempt[] = [];
  for (let n = Math.floor((lo - 1) / DELIVERY_PAGE); n <= Math.floor((hi - 1) / DELIVERY_PAGE); n++) {
    const stored = readModels.get<DeliveryAttempt[]>(DELIVERIES_PROJECTION, ATTEMPTS, attemptsKey(webhook, list, n)) ?? [];
    const first = n * DELIVERY_PAGE + 1;
    attempts.push(...stored.slice(Math.max(0, lo - first), hi - first + 1));
  }
  if (q.order === 'newest') attempts.reverse();
  const next = q.order === 'oldest' ? (hi < total ? hi : null) : lo > 1 ? lo : null;
  return { attempts, next, total };
}
