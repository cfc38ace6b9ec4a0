import { describe, expect, it } from '@jest/globals';
import { deciderSpec } from '../kernel/testing/decider-spec.js';
import { backoffMs, webhooksDecider, wants, type WebhookCommand, type WebhookEvent } from './webhooks.js';

const spec = deciderSpec(webhooksDecider);
const context = { at: '2026-12-01T08:00:00.000Z', actor: { id: 'admin-1', role: 'admin' as const }, commandId: 'c1' };
const registered: WebhookEvent = {
  type: 'webhooks.Registered',
  data: {
    id: 'w1',
    url: 'https://r.example/h',
    secret: 'sixteen-chars-ok',
    eventTypes: ['tournament.'],
    audience: 'public',
    registeredBy: 'admin-1',
    registeredAt: context.at,
  },
};
const attempt = (n: number, status: number | null, at = context.at): WebhookCommand => ({
  type: 'webhooks.record-attempt',
  context,
  data: {
    deliveryId: 'w1:e1',
    webhookId: 'w1',
    event: { id: 'e1', type: 'tournament.TournamentCreated', position: 3 },
    attempt: n,
    at,
    status,
    error: null,
    maxAttempts: 3,
    baseMs: 1000,
  },
});

describe('webhooks decider', () => {
  it('backoff doubles from the base: 1 s, 2 s, 4 s', () => {
    expect([1, 2, 3].map((n) => backoffMs(n, 1000))).toEqual([1000, 2000, 4000]);
  });

  it('a failed attempt schedules the next after the backoff; the last allowed one fails for good; a 2xx delivers', () => {
    const [first] = spec
      .given([registered])
      .when(attempt(1, 500))
      .then([{ type: 'webhooks.DeliveryAttempted', data: { outcome: 'retry', nextAttemptAt: '2026-12-01T08:00:01.000Z' } }]);
    const [second] = spec
      .given([registered, first])
      .when(attempt(2, null, '2026-12-01T08:00:01.000Z'))
      .then([{ type: 'webhooks.DeliveryAttempted', data: { outcome: 'retry', nextAttemptAt: '2026-12-01T08:00:03.000Z' } }]);
    spec
      .given([registered, first, second])
      .when(attempt(3, 502))
      .then([{ type: 'webhooks.DeliveryAttempted', data: { outcome: 'failed', nextAttemptAt: null } }]);
    spec
      .given([registered, first])
      .when(attempt(2, 204))
      .then([{ type: 'webhooks.DeliveryAttempted', data: { outcome: 'delivered' } }]);
  });

  it('attempts are numbered in order and stop once delivered', () => {
    spec.given([registered]).when(attempt(2, 500)).thenRefuses('webhooks/attempt-order', { field: 'attempt' });
    const [ok] = spec
      .given([registered])
      .when(attempt(1, 200))
      .then([{ type: 'webhooks.DeliveryAttempted' }]);
    spec.given([registered, ok]).when(attempt(2, 200)).thenRefuses('webhooks/delivery-closed', { field: 'attempt' });
  });

  it('registers once, an http(s) URL and a secret of 16+ characters', () => {
    const register = (url: string, secret = 'sixteen-chars-ok'): WebhookCommand => ({
      type: 'webhooks.register',
      context,
      data: { id: 'w1', url, secret, eventTypes: [], audience: 'public' },
    });
    spec.given([registered]).when(register('https://r.example/h')).thenRefuses('webhooks/already-registered', { field: 'id' });
    spec.given([]).when(register('javascript:alert(1)')).thenRefuses('webhooks/url', { field: 'url' });
    spec.given([]).when(register('https://r.example/h', 'short')).thenRefuses('webhooks/secret', { field: 'secret' });
  });

  it('a webhook wants the event types it names by prefix, or every type when it names none', () => {
    expect(wants({ active: true, eventTypes: ['tournament.'] }, 'tournament.RoundPublished')).toBe(true);
    expect(wants({ active: true, eventTypes: ['tournament.'] }, 'scrabble.TilesDrawn')).toBe(false);
    expect(wants({ active: true, eventTypes: [] }, 'scrabble.TilesDrawn')).toBe(true);
    expect(wants({ active: false, eventTypes: [] }, 'scrabble.TilesDrawn')).toBe(false);
  });
});
