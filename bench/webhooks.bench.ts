/**
 * `npm run bench:webhooks`: what recording one webhook delivery attempt costs when the delivery log already holds
 * 1,000 deliveries against 20,000, side by side in one run (interleaved rounds, medians, ratio). Two lines:
 * the command path (CommandHandler on SQLite, synchronous=OFF, the stream's state cached as in a running server:
 * load, decide, append, evolve), its process CPU per attempt; and the domain alone (decide + evolve on the folded
 * state). Then a cold start: folding the whole log once, per event. Each measured delivery takes two attempts
 * (a 500, retried; then a 204), so open and closed deliveries are both exercised; the measured attempts add to
 * the logs (the figures say how far). `--small=1000 --large=20000 --rounds=8 --per-round=40` to change it. Not a test.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fold } from '../libs/domain/kernel/decider.js';
import { webhooksDecider, type WebhookCommand, type WebhookEvent, type WebhooksState } from '../libs/domain/webhooks/index.js';
import { CommandHandler } from '../libs/runtime/command-handler.js';
import { WebhooksAggregate } from '../libs/runtime/features/webhooks/webhooks.aggregate.js';
import type { NewEvent } from '../libs/store/event-store.port.js';
import { SqliteEventStore } from '../libs/store/sqlite/sqlite-event-store.js';
import { UpcasterRegistry } from '../libs/store/upcasters.js';
import { median } from './support/measure.js';

const args = new Map(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=') as [string, string]));
const SMALL = Number(args.get('small') ?? 1_000);
const LARGE = Number(args.get('large') ?? 20_000);
const ROUNDS = Number(args.get('rounds') ?? 8);
const PER_ROUND = Number(args.get('per-round') ?? 40);
const AT = '2026-12-01T08:00:00.000Z';
const actor = { id: 'webhooks', role: 'system' as const };
const fmt = (n: number) => n.toLocaleString('en-US');
const line = (label: string, small: string, large: string, ratio: string) =>
  process.stdout.write(`${label.padEnd(44)} ${small.padStart(16)} ${large.padStart(16)} ${ratio.padStart(10)}\n`);

const registered: WebhookEvent = {
  type: 'webhooks.Registered',
  data: {
    id: 'w1',
    url: 'https://receiver.example/hook',
    secret: 'sixteen-chars-ok',
    eventTypes: [],
    audience: 'public',
    registeredBy: 'admin-1',
    registeredAt: AT,
  },
};
function attemptData(i: number, attempt: number, status: number) {
  return {
    deliveryId: `w1:event-${i}`,
    webhookId: 'w1',
    event: { id: `event-${i}`, type: 'tournament.ResultRecorded', position: 1000 + i },
    attempt,
    at: AT,
    status,
    error: status >= 500 ? 'HTTP 500' : null,
  };
}
/** Delivery `i`'s attempt `attempt` answered `status`, as a command. */
function attemptCommand(log: string, i: number, attempt: number, status: number): WebhookCommand {
  return {
    type: 'webhooks.record-attempt',
    context: { at: AT, actor, commandId: `bench:${log}:${i}:${attempt}` },
    data: { ...attemptData(i, attempt, status), maxAttempts: 6, baseMs: 1000 },
  };
}
/** A log of `n` delivered deliveries (one attempt each), as the decider records them. */
function history(n: number): WebhookEvent[] {
  const events: WebhookEvent[] = [registered];
  for (let i = 0; i < n; i++)
    events.push({ type: 'webhooks.DeliveryAttempted', data: { ...attemptData(i, 1, 204), outcome: 'delivered', nextAttemptAt: null } });
  return events;
}

const root = mkdtempSync(join(tmpdir(), 'arbitra-webhooks-bench-'));
const store = new SqliteEventStore({ path: join(root, 'events.db'), synchronous: 'OFF' });
const upcasters = new UpcasterRegistry();
const sizes = [SMALL, LARGE] as const;

// Setup (not measured): each log written straight to the store, stream `webhooks-bench-<n>`.
for (const n of sizes) {
  const events = history(n);
  for (let i = 0; i < events.length; i += 1000) {
    const page: NewEvent[] = events.slice(i, i + 1000).map((e, j) => ({
      id: `bench-${n}-${i + j}`,
      type: e.type,
      data: e.data,
      meta: { actor, commandId: `bench-setup-${n}-${i + j}`, correlationId: `bench-setup-${n}`, causationId: null, recordedAt: AT, schemaVersion: 1 },
    }));
    await store.append(`webhooks-bench-${n}`, page, i === 0 ? 'no-stream' : i - 1);
  }
}

process.stdout.write(
  `webhook delivery log: recording one attempt with ${fmt(SMALL)} vs ${fmt(LARGE)} deliveries already logged — ${ROUNDS} interleaved rounds of ${PER_ROUND} deliveries × 2 attempts\n\n`,
);
line('', `${fmt(SMALL)} deliveries`, `${fmt(LARGE)} deliveries`, 'ratio');

// Cold start: the handler folds each whole log once (its first load).
const handler = new CommandHandler(store, upcasters);
const coldMs: number[] = [];
for (const n of sizes) {
  const t = performance.now();
  await handler.load(WebhooksAggregate, `webhooks-bench-${n}`);
  coldMs.push(((performance.now() - t) * 1000) / (n + 1));
}
line('cold start: folding the log, per event', `${coldMs[0].toFixed(2)} µs`, `${coldMs[1].toFixed(2)} µs`, `${(coldMs[1] / coldMs[0]).toFixed(2)}×`);

// Command path, state cached: process CPU per attempt.
const next = new Map<number, number>(sizes.map((n) => [n, n]));
async function commandRound(n: number): Promise<number> {
  const first = next.get(n)!;
  next.set(n, first + PER_ROUND);
  const cpu = process.cpuUsage();
  for (let i = first; i < first + PER_ROUND; i++) {
    await handler.execute(WebhooksAggregate, `bench-${n}`, attemptCommand(`cmd-${n}`, i, 1, 500));
    await handler.execute(WebhooksAggregate, `bench-${n}`, attemptCommand(`cmd-${n}`, i, 2, 204));
  }
  const used = process.cpuUsage(cpu);
  return (used.user + used.system) / (PER_ROUND * 2);
}
const perAttempt = new Map<number, number[]>(sizes.map((n) => [n, []]));
const ratios: number[] = [];
for (const n of sizes) await commandRound(n); // warm-up, not counted
for (let r = 0; r < ROUNDS; r++) {
  const small = await commandRound(SMALL);
  const large = await commandRound(LARGE);
  perAttempt.get(SMALL)!.push(small);
  perAttempt.get(LARGE)!.push(large);
  ratios.push(large / small);
}
line(
  'command path (cached state): CPU per attempt',
  `${median(perAttempt.get(SMALL)!).toFixed(1)} µs`,
  `${median(perAttempt.get(LARGE)!).toFixed(1)} µs`,
  `${median(ratios).toFixed(2)}×`,
);

// The domain alone: decide + evolve on the folded state, each attempt on the state the previous one left.
const states = new Map<number, WebhooksState>(sizes.map((n) => [n, fold(webhooksDecider, history(n))]));
function domainRound(n: number, round: number): number {
  let s = states.get(n)!;
  const t = performance.now();
  for (let k = 0; k < PER_ROUND; k++) {
    const i = n + 1_000_000 + round * PER_ROUND + k;
    for (const [attempt, status] of [
      [1, 500],
      [2, 204],
    ] as const) {
      for (const e of webhooksDecider.decide(attemptCommand(`domain-${n}`, i, attempt, status), s)) s = webhooksDecider.evolve(s, e);
    }
  }
  const us = ((performance.now() - t) * 1000) / (PER_ROUND * 2);
  states.set(n, s);
  return us;
}
const domain = new Map<number, number[]>(sizes.map((n) => [n, []]));
const domainRatios: number[] = [];
for (const n of sizes) domainRound(n, ROUNDS); // warm-up, not counted
for (let r = 0; r < ROUNDS; r++) {
  const small = domainRound(SMALL, r);
  const large = domainRound(LARGE, r);
  domain.get(SMALL)!.push(small);
  domain.get(LARGE)!.push(large);
  domainRatios.push(large / small);
}
line(
  'domain alone: decide + evolve per attempt',
  `${median(domain.get(SMALL)!).toFixed(2)} µs`,
  `${median(domain.get(LARGE)!).toFixed(2)} µs`,
  `${median(domainRatios).toFixed(2)}×`,
);
process.stdout.write(
  `\n(the measured attempts, with a warm-up round, grew the logs to ${fmt(SMALL + (ROUNDS + 1) * PER_ROUND)} and ${fmt(LARGE + (ROUNDS + 1) * PER_ROUND)} deliveries; target: ratio ≈ 1)\n`,
);
store.close();
rmSync(root, { recursive: true, force: true });
