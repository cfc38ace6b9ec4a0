/**
 * `npm run bench:distributed`: append-to-read-model lag of the distributed mode, PostgreSQL store ->
 * relay -> Kafka -> projector, in one process (each part is the real code; one machine's cores are shared).
 * Prints the lag p50/p99 at a steady 1,000 events/s, then steps the rate up to find the highest one the
 * pipeline sustains (appends keep the pace and the projector's lag p99 stays under 1 s). Not a test.
 *
 *   eval "$(bash deploy/postgres/cluster.sh start)"; bash deploy/kafka/broker.sh start
 *   ARBITRA_KAFKA_BROKERS=127.0.0.1:9092 npm run bench:distributed -- --seconds=10 --steps=2000,4000,8000
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import pino from 'pino';
import { startProjector } from '../apps/projector/start-projector.js';
import { superviseRelay } from '../apps/relay/relay-supervisor.js';
import { kafkaClient } from '../libs/bus/kafka/kafka-client.js';
import { KafkaEventBus } from '../libs/bus/kafka/kafka-event-bus.js';
import { loadConfig } from '../libs/runtime/config.js';
import type { Projection } from '../libs/runtime/projections/projection.js';
import { PostgresEventStore } from '../libs/store/postgres/postgres-event-store.js';
import { BENCH_PROJECTIONS, benchEvent } from './support/bench-fixtures.js';

const args = new Map(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=') as [string, string]));
const SECONDS = Number(args.get('seconds') ?? 10);
const STEPS = (args.get('steps') ?? '2000,3000,4000,6000,8000').split(',').map(Number);
const url = process.env.ARBITRA_PG_URL ?? process.env.DATABASE_URL;
const brokers = process.env.ARBITRA_KAFKA_BROKERS?.split(',');
if (!url || !brokers) {
  process.stderr.write('bench:distributed needs ARBITRA_PG_URL and ARBITRA_KAFKA_BROKERS (deploy/postgres/cluster.sh, deploy/kafka/broker.sh)\n');
  process.exit(2);
}

const dbName = `arbitra_bench_dist_${randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: url });
await admin.connect();
await admin.query(`CREATE DATABASE ${dbName}`);
const dbUrl = new URL(url);
dbUrl.pathname = `/${dbName}`;
const store = await PostgresEventStore.open({ connectionString: dbUrl.toString() });
const topic = `arbitra-bench-${randomBytes(4).toString('hex')}`;

const appendedAt = new Map<number, number>();
const lags: number[] = [];
/** Records when each event reached the read models (its batch commits right after). */
const timing: Projection = {
  name: 'bench-lag',
  version: 1,
  handles: () => true,
  apply(e) {
    const t0 = appendedAt.get(e.position);
    if (t0 !== undefined) {
      lags.push(performance.now() - t0);
      appendedAt.delete(e.position);
    }
  },
};

let saved = 0;
const stopRelay = new AbortController();
// The relay as its process runs it (a new client per term, the log's identity on every message).
const relaying = superviseRelay(
  {
    store,
    bus: (deployment) => new KafkaEventBus({ brokers, topic, partitions: 6, deployment }),
    checkpoint: { load: async () => saved, save: async (p) => void (saved = p) },
    logger: pino({ level: 'warn' }),
  },
  stopRelay.signal,
);
const dataDir = mkdtempSync(join(tmpdir(), 'arbitra-bench-dist-'));
const projector = await startProjector({
  config: loadConfig({ ARBITRA_DATA_DIR: dataDir, ARBITRA_SQLITE_SYNC: 'NORMAL' }),
  kafka: { brokers, topic },
  settings: { group: `${topic}-projector`, dlqTopic: `${topic}.dlq`, retries: 0 },
  store,
  features: [{ name: 'bench', projections: [...BENCH_PROJECTIONS, timing] }],
  logger: pino({ level: 'silent' }),
});

const streams = 500;
const revisions = new Array<number>(streams).fill(-1);
let seq = 0;

/** Appends `rate` events/s (one event per append, round-robin over streams) for `seconds`; returns the achieved rate and the lags. */
async function run(rate: number, seconds: number) {
  lags.length = 0;
  const tickMs = 10;
  const perTick = rate / (1000 / tickMs);
  const start = performance.now();
  let sent = 0;
  const inflight = new Set<Promise<void>>();
  while (performance.now() - start < seconds * 1000) {
    const due = Math.floor(((performance.now() - start) / tickMs + 1) * perTick);
    while (sent < due) {
      const s = seq++ % streams;
      const expected = revisions[s] === -1 ? 'no-stream' : revisions[s];
      revisions[s]++;
      const p = store.append(`bench-game-${s}`, [benchEvent(seq)], expected).then((r) => {
        appendedAt.set(r.events[0].position, performance.now());
      });
      inflight.add(p);
      void p.finally(() => inflight.delete(p));
      sent++;
      if (inflight.size > 2000) await Promise.race(inflight);
    }
    await new Promise((r) => setTimeout(r, tickMs));
  }
  await Promise.all(inflight);
  const achieved = sent / ((performance.now() - start) / 1000);
  const head = await store.headPosition();
  const caughtUp = await projector.core.projections.waitFor(head, 30_000);
  const sorted = [...lags].sort((a, b) => a - b);
  const q = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? NaN;
  return { achieved, p50: q(0.5), p99: q(0.99), caughtUp, measured: sorted.length };
}

const fmt = (x: number) => x.toLocaleString('en-US', { maximumFractionDigits: 0 });
process.stdout.write(`bench:distributed  PostgreSQL ${dbName} -> relay -> Kafka ${topic} (6 partitions) -> projector (2 read models)\n`);
await run(200, 2); // warm-up
const steady = await run(1000, SECONDS);
process.stdout.write(
  `at 1,000 events/s for ${SECONDS} s: appended ${fmt(steady.achieved)}/s, append->read-model lag p50 ${fmt(steady.p50)} ms, p99 ${fmt(steady.p99)} ms (${steady.measured} events)\n`,
);
let best = steady.achieved >= 950 && steady.p99 < 1000 ? 1000 : 0;
for (const rate of STEPS) {
  const r = await run(rate, Math.max(3, Math.round(SECONDS / 2)));
  const sustained = r.achieved >= rate * 0.95 && r.p99 < 1000 && r.caughtUp;
  process.stdout.write(
    `  ${fmt(rate).padStart(6)}/s target: appended ${fmt(r.achieved)}/s, lag p50 ${fmt(r.p50)} ms, p99 ${fmt(r.p99)} ms -> ${sustained ? 'sustained' : 'NOT sustained'}\n`,
  );
  if (!sustained) break;
  best = rate;
}
process.stdout.write(`maximum sustained rate: ${best ? `${fmt(best)} events/s` : 'below 1,000 events/s'} (lag p99 < 1 s, appends at >= 95% of the target)\n`);

stopRelay.abort();
await relaying;
await projector.close();
await store.close();
await admin.query(`DROP DATABASE ${dbName} WITH (FORCE)`);
await admin.end();
// Nothing of this run left on the broker either: its topic, dead-letter topic and consumer group.
const kafkaAdmin = kafkaClient({ clientId: 'arbitra-bench', brokers, logLevel: 0 }).admin();
await kafkaAdmin.connect();
await kafkaAdmin.deleteTopics({ topics: [topic, `${topic}.dlq`] }).catch((e: unknown) => process.stderr.write(`deleting the topics: ${String(e)}\n`));
await kafkaAdmin.deleteGroups([`${topic}-projector`]).catch((e: unknown) => process.stderr.write(`deleting the group: ${String(e)}\n`));
await kafkaAdmin.disconnect();
rmSync(dataDir, { recursive: true, force: true });
process.exit(0);
