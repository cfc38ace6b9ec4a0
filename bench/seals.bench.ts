/**
 * `npm run bench:seals`: what append seals (libs/store/seals.ts, issue 32) cost an append. The same appends on a store
 * without a signing key and on one that seals every transaction, interleaved round by round in one run (same disk,
 * same WAL state); SQLite at synchronous=FULL and OFF (OFF leaves only the CPU: the seal's share is largest there),
 * and PostgreSQL when ARBITRA_PG_URL is set. Prints per-append times and the ratio sealed / unsealed.
 */
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { publicKeyId, publicKeyOf, type SigningKey } from '../libs/store/checkpoints.js';
import type { EventStore } from '../libs/store/event-store.port.js';
import { PostgresEventStore } from '../libs/store/postgres/postgres-event-store.js';
import { Sealer } from '../libs/store/seals.js';
import { SqliteEventStore, type SqliteSynchronous } from '../libs/store/sqlite/sqlite-event-store.js';
import { benchEvent } from './support/bench-fixtures.js';
import { median } from './support/measure.js';

const args = new Map(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=') as [string, string]));
const ROUNDS = Number(args.get('rounds') ?? 20);
const PER_ROUND = Number(args.get('per-round') ?? 100);
const WRITERS = 32;

const root = mkdtempSync(join(tmpdir(), 'arbitra-bench-seals-'));
const privateKey = generateKeyPairSync('ed25519').privateKey;
const key: SigningKey = { privateKey, publicKey: publicKeyOf(privateKey), keyId: publicKeyId(publicKeyOf(privateKey)) };
const sealer = Sealer.of(key);
const line = (label: string, value: string, note = '') => process.stdout.write(`${label.padEnd(52)} ${value.padStart(22)}  ${note}\n`);

let streamNo = 0;
/** Wall and CPU time (this process: user + system) of `fn`, in ms per `n`. CPU time is what a busy machine disturbs least. */
async function measure(n: number, fn: () => Promise<void>): Promise<{ wall: number; cpu: number }> {
  const c = process.cpuUsage();
  const t = performance.now();
  await fn();
  const wall = performance.now() - t;
  const used = process.cpuUsage(c);
  return { wall: wall / n, cpu: (used.user + used.system) / 1000 / n };
}

/** `PER_ROUND` single-event appends one after another (one transaction each). */
async function sequential(store: EventStore): Promise<{ wall: number; cpu: number }> {
  const stream = `seq-${streamNo++}`;
  return measure(PER_ROUND, async () => {
    for (let i = 0; i < PER_ROUND; i++) await store.append(stream, [benchEvent(i)], 'any');
  });
}

/** 32 writers appending one event each at once, `PER_ROUND / 8` times: group commit makes one transaction (one seal) per burst. */
async function bursts(store: EventStore): Promise<{ wall: number; cpu: number }> {
  const n = Math.max(2, Math.floor(PER_ROUND / 8));
  const name = `burst-${streamNo++}`;
  return measure(n * WRITERS, async () => {
    for (let b = 0; b < n; b++) await Promise.all(Array.from({ length: WRITERS }, (_, w) => store.append(`${name}-${w}`, [benchEvent(b)], 'any')));
  });
}

async function compare(label: string, plain: EventStore, sealed: EventStore, run: (s: EventStore) => Promise<{ wall: number; cpu: number }>): Promise<void> {
  const rows: Array<{ p: { wall: number; cpu: number }; q: { wall: number; cpu: number } }> = [];
  for (let r = 0; r < ROUNDS; r++) {
    // Alternate which goes first, so neither always meets the other's WAL checkpoint.
    if (r % 2 === 0) {
      const p = await run(plain);
      rows.push({ p, q: await run(sealed) });
    } else {
      const q = await run(sealed);
      rows.push({ p: await run(plain), q });
    }
  }
  const us = (xs: number[]) => (median(xs) * 1000).toFixed(1);
  const wall = rows.map((x) => x.q.wall / x.p.wall);
  const cpu = rows.map((x) => x.q.cpu / x.p.cpu);
  line(
    label,
    `${us(rows.map((x) => x.p.wall))} / ${us(rows.map((x) => x.q.wall))} µs`,
    `wall ${median(wall).toFixed(3)}×; CPU ${us(rows.map((x) => x.p.cpu))} / ${us(rows.map((x) => x.q.cpu))} µs, ${median(cpu).toFixed(3)}× (medians of ${ROUNDS} rounds)`,
  );
}

async function main(): Promise<void> {
  process.stdout.write(`Append seals benchmark — ${ROUNDS} rounds of ${PER_ROUND} appends, interleaved; per append: unsealed / sealed\n\n`);
  const n = 20_000;
  let t = performance.now();
  for (let i = 0; i < n; i++) sealer.seal(i + 1, 'ab'.repeat(32));
  line('HMAC of one seal (Sealer.seal)', `${(((performance.now() - t) / n) * 1000).toFixed(2)} µs`);
  const row = sealer.seal(1, 'ab'.repeat(32));
  t = performance.now();
  for (let i = 0; i < n; i++) sealer.holds(row);
  line('checking one seal (Sealer.holds)', `${(((performance.now() - t) / n) * 1000).toFixed(2)} µs`);

  for (const sync of ['FULL', 'OFF'] as SqliteSynchronous[]) {
    const plain = new SqliteEventStore({ path: join(root, `plain-${sync}.db`), synchronous: sync });
    const sealed = new SqliteEventStore({ path: join(root, `sealed-${sync}.db`), synchronous: sync });
    sealed.sealWith(sealer, null);
    await compare(`SQLite ${sync}, 1 event per append, sequential`, plain, sealed, sequential);
    await compare(`SQLite ${sync}, 1 event × 32 concurrent writers`, plain, sealed, bursts);
    await plain.close();
    await sealed.close();
  }

  const url = process.env.ARBITRA_PG_URL;
  if (!url) {
    process.stdout.write('\n(PostgreSQL skipped: set ARBITRA_PG_URL, e.g. eval "$(bash deploy/postgres/cluster.sh start)")\n');
    return;
  }
  const names = ['plain', 'sealed'].map((k) => `arbitra_bench_seals_${k}_${randomBytes(4).toString('hex')}`);
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  for (const name of names) await admin.query(`CREATE DATABASE ${name}`);
  try {
    const at = (name: string) => {
      const u = new URL(url);
      u.pathname = `/${name}`;
      return u.toString();
    };
    const [plain, sealed] = await Promise.all(names.map((name) => PostgresEventStore.open({ connectionString: at(name) })));
    sealed.sealWith(sealer, null);
    await compare('PostgreSQL, 1 event per append, sequential', plain, sealed, sequential);
    await compare('PostgreSQL, 1 event × 32 concurrent writers', plain, sealed, bursts);
    await plain.close();
    await sealed.close();
  } finally {
    for (const name of names) await admin.query(`DROP DATABASE IF EXISTS ${name}`);
    await admin.end();
  }
}

await main();
