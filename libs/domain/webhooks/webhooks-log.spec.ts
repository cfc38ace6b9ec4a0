import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { fold } from '../kernel/decider.js';
import { DomainError, refuse } from '../kernel/errors.js';
import { deciderSpec } from '../kernel/testing/decider-spec.js';
import { backoffMs, WEBHOOK_RULES, webhooksDecider, type DeliveryAttempt, type WebhookCommand, type WebhookEvent } from './webhooks.js';

const spec = deciderSpec(webhooksDecider);
const context = { at: '2026-12-01T08:00:00.000Z', actor: { id: 'webhooks', role: 'system' as const }, commandId: 'c1' };
const registered = (id: string): WebhookEvent => ({
  type: 'webhooks.Registered',
  data: { id, url: 'https://r.example/h', secret: 'sixteen-chars-ok', eventTypes: [], audience: 'public', registeredBy: 'admin-1', registeredAt: context.at },
});
const attempt = (webhookId: string, event: number, n: number, status: number | null, maxAttempts = 3): WebhookCommand => ({
  type: 'webhooks.record-attempt',
  context,
  data: {
    deliveryId: `${webhookId}:e${event}`,
    webhookId,
    event: { id: `e${event}`, type: 'tournament.ResultRecorded', position: event },
    attempt: n,
    at: context.at,
    status,
    error: null,
    maxAttempts,
    baseMs: 1000,
  },
});

/**
 * The webhooks decider as it was before its delivery log became a persistent map (each delivery's last attempt in a
 * plain record, copied at every attempt): what the logs already recorded were decided by. Registrations as today.
 */
type LegacyState = { webhooks: ReturnType<typeof webhooksDecider.initialState>['webhooks']; deliveries: Record<string, DeliveryAttempt> };
const legacy = {
  initialState: (): LegacyState => ({ webhooks: {}, deliveries: {} }),
  evolve(s: LegacyState, e: WebhookEvent): LegacyState {
    if (e.type === 'webhooks.DeliveryAttempted') return { ...s, deliveries: { ...s.deliveries, [e.data.deliveryId]: e.data } };
    return { ...s, webhooks: webhooksDecider.evolve({ webhooks: s.webhooks, deliveries: webhooksDecider.initialState().deliveries }, e).webhooks };
  },
  decide(c: WebhookCommand, s: LegacyState): WebhookEvent[] {
    if (c.type !== 'webhooks.record-attempt') return webhooksDecider.decide(c, { webhooks: s.webhooks, deliveries: webhooksDecider.initialState().deliveries });
    const d = c.data;
    const w = s.webhooks[d.webhookId];
    if (!w) return webhooksDecider.decide(c, webhooksDecider.initialState());
    const before = s.deliveries[d.deliveryId];
    if (before && before.outcome !== 'retry')
      refuse('webhooks/delivery-closed', `delivery ${d.deliveryId} is already ${before.outcome}`, WEBHOOK_RULES.attempts, { field: 'attempt' });
    if (d.attempt !== (before?.attempt ?? 0) + 1)
      refuse('webhooks/attempt-order', `attempt ${d.attempt} of ${d.deliveryId} follows attempt ${before?.attempt ?? 0}`, WEBHOOK_RULES.attempts, {
        field: 'attempt',
      });
    const ok = d.status !== null && d.status >= 200 && d.status < 300;
    const retry = !ok && w.active && d.attempt < d.maxAttempts;
    const { maxAttempts: _m, baseMs, ...made } = d;
    const nextAttemptAt = retry ? new Date(Date.parse(d.at) + backoffMs(d.attempt, baseMs)).toISOString() : null;
    return [{ type: 'webhooks.DeliveryAttempted', data: { ...made, outcome: ok ? 'delivered' : retry ? 'retry' : 'failed', nextAttemptAt } }];
  },
};

/** A decision as a user sees it: the events recorded, or the refusal (type, message, rule, field). */
function decision(run: () => WebhookEvent[]): unknown {
  try {
    return run();
  } catch (e) {
    if (!(e instanceof DomainError)) throw e;
    return { refused: e.type, message: e.message, rule: e.rule, field: e.field };
  }
}

describe('webhooks delivery log', () => {
  it('after 5,000 closed deliveries an attempt on a closed delivery and an out-of-order attempt are still refused', () => {
    // Delivery i: delivered at its first attempt, or (every third) failed three times, for good.
    const history: WebhookEvent[] = [registered('w1')];
    let state = webhooksDecider.initialState();
    const record = (c: WebhookCommand) => {
      for (const e of webhooksDecider.decide(c, state)) {
        history.push(e);
        state = webhooksDecider.evolve(state, e);
      }
    };
    state = webhooksDecider.evolve(state, history[0]);
    for (let i = 0; i < 5_000; i++) {
      if (i % 3 === 0) for (const n of [1, 2, 3]) record(attempt('w1', i, n, 500));
      else record(attempt('w1', i, 1, 204));
    }
    record(attempt('w1', 5_000, 1, null)); // open: retry due
    const given = spec.given(history);
    const closed = { field: 'attempt', kind: 'conflict', rule: WEBHOOK_RULES.attempts } as const;

    expect(given.when(attempt('w1', 1, 2, 204)).thenRefuses('webhooks/delivery-closed', closed).message).toBe('delivery w1:e1 is already delivered');
    expect(given.when(attempt('w1', 4_999, 2, 204)).thenRefuses('webhooks/delivery-closed', closed).message).toBe('delivery w1:e4999 is already delivered');
    expect(given.when(attempt('w1', 3_000, 4, 204)).thenRefuses('webhooks/delivery-closed', closed).message).toBe('delivery w1:e3000 is already failed');
    expect(given.when(attempt('w1', 5_000, 3, 204)).thenRefuses('webhooks/attempt-order', closed).message).toBe('attempt 3 of w1:e5000 follows attempt 1');
    expect(given.when(attempt('w1', 5_001, 2, 204)).thenRefuses('webhooks/attempt-order', closed).message).toBe('attempt 2 of w1:e5001 follows attempt 0');
    given.when(attempt('w1', 5_000, 2, 204)).then([{ type: 'webhooks.DeliveryAttempted', data: { attempt: 2, outcome: 'delivered' } }]);
    given.when(attempt('w1', 5_001, 1, 500)).then([{ type: 'webhooks.DeliveryAttempted', data: { attempt: 1, outcome: 'retry' } }]);
  });

  it('recording an attempt leaves the state it was recorded on deciding as before (the state cache keeps earlier revisions)', () => {
    const before = fold(webhooksDecider, [registered('w1'), ...legacy.decide(attempt('w1', 1, 1, 500), fold(legacy, [registered('w1')]))]);
    const after = webhooksDecider.evolve(before, webhooksDecider.decide(attempt('w1', 1, 2, 204), before)[0]);
    expect(decision(() => webhooksDecider.decide(attempt('w1', 1, 3, 204), after))).toMatchObject({ refused: 'webhooks/delivery-closed' });
    expect(decision(() => webhooksDecider.decide(attempt('w1', 1, 2, 204), before))).toMatchObject([{ data: { outcome: 'delivered' } }]);
  });

  it('a state folded from a log recorded by the earlier decider decides every next attempt as that decider does', () => {
    const ids = ['w1', 'w2'];
    const step = fc.oneof(
      {
        weight: 12,
        arbitrary: fc.record({ w: fc.constantFrom(...ids), event: fc.nat(5), n: fc.integer({ min: 1, max: 4 }), status: fc.constantFrom(204, 500, null) }),
      },
      { weight: 1, arbitrary: fc.record({ deactivate: fc.constantFrom(...ids) }) },
    );
    fc.assert(
      fc.property(fc.array(step, { maxLength: 80 }), (steps) => {
        // The log as the earlier decider recorded it (its refusals recorded nothing).
        const log: WebhookEvent[] = [registered('w1'), registered('w2')];
        let old = fold(legacy, log);
        for (const s of steps) {
          const c: WebhookCommand =
            'deactivate' in s ? { type: 'webhooks.deactivate', context, data: { id: s.deactivate, reason: 'moved' } } : attempt(s.w, s.event, s.n, s.status);
          const made = decision(() => legacy.decide(c, old));
          if (!Array.isArray(made)) continue;
          for (const e of made as WebhookEvent[]) {
            log.push(e);
            old = legacy.evolve(old, e);
          }
        }
        const now = fold(webhooksDecider, log);
        for (const w of ids)
          for (let event = 0; event <= 6; event++)
            for (let n = 1; n <= 5; n++)
              for (const status of [204, 500]) {
                const c = attempt(w, event, n, status);
                expect(decision(() => webhooksDecider.decide(c, now))).toEqual(decision(() => legacy.decide(c, old)));
              }
      }),
      { numRuns: 200 },
    );
  });
});
