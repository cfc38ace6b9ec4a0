/**
 * `npm run bench:postgres`: the PostgreSQL event store measured against raw `pg` on the same server
 * in one run: appends against plain INSERTs into the identical table, replay (readAll pages) against a
 * plain keyset scan of it. Prints rates and the ratios (Arbitra / raw). Not a test: numbers vary with
 * the machine and the server's settings (printed); the ratios are what to compare.
 *
 *   eval "$(bash deploy/postgres/cluster.sh start)"   # or any server: ARBITRA_PG_URL=postgres://...
 *   npm run bench:postgres -- --single=2000 --concurrent=5000 --batch=50000 --replay=200000
 *
 * Each run works in two new databases (created and dropped here): one for the store, one for raw.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { PostgresEventStore } from '../libs/store/postgres/postgres-event-store.js';
import type { NewEvent } from '../libs/store/event-store.port.js';
import { benchEvent } from './support/bench-fixtures.js';

const args = new Map(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=') as [string, string]));
const N_SINGLE = Number(args.get('single') ?? 2000);
const N_CONCURRENT = Number(args.get('concurrent') ?? 5000);
const IN_FLIGHT = Number(args.get('inflight') ?? 32);
const N_BATCH = Number(args.get('batch') ?? 50_000);
const N_REPLAY = Number(args.get('replay') ?? 200_000);
const PAGE = 2000;
const ROUNDS = 4;

const url = process.env.ARBITRA_PG_URL ?? process.env.DATABASE_URL;
if (!url) {
  process.stderr.write('bench:postgres needs ARBITRA_PG_URL: eval "$(bash deploy/postgres/cluster.sh start)"\n');
  process.exit(2);
}

const fmt = (x: number, digits = 0) => x.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const rate = (n: number, ms: number) => (n / ms) * 1000;
function line(label: string, arbitra: number, raw: number, unit: string) {
  process.stdout.write(`${label.padEnd(44)} ${fmt(arbitra).padStart(10)} ${fmt(raw).padStart(10)} ${unit.padEnd(9)} ratio ${fmt(arbitra / raw, 2)}\n`);
}

async function withAdmin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}
async function createDb(label: string): Promise<{ url: string; name: string }> {
  const name = `arbitra_bench_${label}_${randomBytes(4).toString('hex')}`;
  await withAdmin((c) => c.query(`CREATE DATABASE ${name}`));
  const u = new URL(url!);
  u.pathname = `/${name}`;
  return { url: u.toString(), name };
}

/** The raw baseline: the same table and indexes, rows written with plain INSERTs (no lock, no hash, no checks). */
class Raw {
  readonly pool: pg.Pool;
  private position = 0;
  private readonly revisions = new Map<string, number>();
  constructor(connectionString: string) {
    this.pool = new pg.Pool({ connectionString, max: 10 });
  }
  async init() {
    await this.pool.query(`CREATE TABLE events (position BIGINT PRIMARY KEY, id TEXT NOT NULL UNIQUE, stream TEXT NOT NULL, revision INTEGER NOT NULL,
      type TEXT NOT NULL, data TEXT NOT NULL, meta TEXT NOT NULL, hash TEXT NOT NULL, command_id TEXT NOT NULL, UNIQUE (stream, revision))`);
    await this.pool.query('CREATE INDEX events_command_id ON events (command_id)');
  }
  /** One INSERT of `events` (one statement: its own transaction), positions and revisions counted here. */
  insert(stream: string, events: readonly NewEvent[]) {
    const cols: unknown[][] = [[], [], [], [], [], [], [], []];
    for (const e of events) {
      const revision = (this.revisions.get(stream) ?? -1) + 1;
      this.revisions.set(stream, revision);
      const row = [++this.position, e.id, revision, e.type, JSON.stringify(e.data), JSON.stringify(e.meta), '0'.repeat(64), e.meta.commandId];
      row.forEach((v, i) => cols[i].push(v));
    }
    return this.pool.query(
      `INSERT INTO events (position, id, stream, revision, type, data, meta, hash, command_id)
       SELECT u.p, u.i, $1, u.r, u.t, u.d, u.m, u.h, u.c
         FROM unnest($2::bigint[], $3::text[], $4::int[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[]) AS u(p, i, r, t, d, m, h, c)`,
      [stream, ...cols],
    );
  }
  async scan(after: number, limit: number) {
    const sql = 'SELECT position, id, stream, revision, type, data, meta FROM events WHERE position > $1 ORDER BY position LIMIT $2';
    return (await this.pool.query({ text: sql, values: [after, limit], rowMode: 'array' })).rows as unknown[][];
  }
}

async function timed(fn: () => Promise<unknown>): Promise<number> {
  const t = performance.now();
  await fn();
  return performance.now() - t;
}

/** Runs `arbitra` and `raw` round by round, interleaved, so both see the same server conditions; total ms each. */
async function interleaved(arbitra: (round: number) => Promise<unknown>, raw: (round: number) => Promise<unknown>): Promise<[number, number]> {
  let a = 0;
  let r = 0;
  for (let round = 0; round < ROUNDS; round++) {
    r += await timed(() => raw(round));
    a += await timed(() => arbitra(round));
  }
  return [a, r];
}

async function main() {
  const storeDb = await createDb('store');
  const rawDb = await createDb('raw');
  const store = await PostgresEventStore.open({ connectionString: storeDb.url });
  const raw = new Raw(rawDb.url);
  await raw.init();
  const settings = (await raw.pool.query("SELECT name, setting FROM pg_settings WHERE name IN ('fsync', 'synchronous_commit', 'server_version')")).rows
    .map((r: { name: string; setting: string }) => `${r.name}=${r.setting}`)
    .join(', ');
  process.stdout.write(`Arbitra PostgreSQL store benchmark — ${settings}\nraw = pg INSERTs and keyset scans on the identical table; rounds interleaved\n\n`);
  process.stdout.write(`${''.padEnd(44)} ${'Arbitra'.padStart(10)} ${'raw pg'.padStart(10)}\n`);
  const revision = new Map<string, number>();
  /** The expected revision for an append of `count` events to `s`. */
  const next = (s: string, count = 1) => {
    const r = revision.get(s) ?? -1;
    revision.set(s, r + count);
    return r === -1 ? ('no-stream' as const) : r;
  };

  // 1. One event per append, one after another: each a transaction (Arbitra: lock, probe, write, commit).
  const single = Math.ceil(N_SINGLE / ROUNDS);
  let [a, r] = await interleaved(
    async (round) => {
      for (let i = 0; i < single; i++) await store.append(`single-${round}-${i % 50}`, [benchEvent(i)], next(`single-${round}-${i % 50}`));
    },
    async (round) => {
      for (let i = 0; i < single; i++) await raw.insert(`single-${round}-${i % 50}`, [benchEvent(i)]);
    },
  );
  line(`append, 1 event, sequential (${fmt(single * ROUNDS)})`, rate(single * ROUNDS, a), rate(single * ROUNDS, r), 'events/s');

  // 2. One event per append, IN_FLIGHT at once over 200 streams: Arbitra group-commits; raw runs them on 10 connections.
  const conc = Math.ceil(N_CONCURRENT / ROUNDS);
  const burst = async (fn: (i: number) => Promise<unknown>) => {
    for (let i = 0; i < conc; i += IN_FLIGHT) await Promise.all(Array.from({ length: Math.min(IN_FLIGHT, conc - i) }, (_, j) => fn(i + j)));
  };
  [a, r] = await interleaved(
    (round) => burst((i) => store.append(`conc-${round}-${i}`, [benchEvent(i)], 'no-stream')),
    (round) => burst((i) => raw.insert(`conc-${round}-${i}`, [benchEvent(i)])),
  );
  line(`append, 1 event, ${IN_FLIGHT} in flight (${fmt(conc * ROUNDS)})`, rate(conc * ROUNDS, a), rate(conc * ROUNDS, r), 'events/s');

  // 3. 100 events per append.
  const batches = Math.ceil(N_BATCH / 100 / ROUNDS);
  const hundred = (i: number) => Array.from({ length: 100 }, (_, j) => benchEvent(i * 100 + j));
  [a, r] = await interleaved(
    async (round) => {
      for (let i = 0; i < batches; i++) await store.append(`batch-${round}-${i % 100}`, hundred(i), next(`batch-${round}-${i % 100}`, 100));
    },
    async (round) => {
      for (let i = 0; i < batches; i++) await raw.insert(`batch-${round}-${i % 100}`, hundred(i));
    },
  );
  line(`append, 100 events each (${fmt(batches * ROUNDS * 100)})`, rate(batches * ROUNDS * 100, a), rate(batches * ROUNDS * 100, r), 'events/s');

  // 4. Replay: fill both logs to N_REPLAY events (not measured), then read the whole log in pages of PAGE.
  const fill = async (have: () => Promise<number>, add: (i: number) => Promise<unknown>) => {
    for (let i = await have(); i < N_REPLAY; i += 1000) await add(i);
  };
  await fill(
    () => store.headPosition(),
    (i) =>
      store.append(
        `fill-${i / 1000}`,
        Array.from({ length: 1000 }, (_, j) => benchEvent(i + j)),
        'no-stream',
      ),
  );
  await fill(
    async () => Number((await raw.pool.query('SELECT count(*) AS n FROM events')).rows[0].n),
    (i) =>
      raw.insert(
        `fill-${i / 1000}`,
        Array.from({ length: 1000 }, (_, j) => benchEvent(i + j)),
      ),
  );
  const total = await store.headPosition();
  const read = async (page: (after: number) => Promise<unknown[]>, touch: (e: unknown) => void) => {
    let after = 0;
    for (;;) {
      const rows = await page(after);
      if (rows.length === 0) return;
      for (const e of rows) touch(e);
      after += rows.length;
    }
  };
  let sink = 0;
  [a, r] = await interleaved(
    () =>
      read(
        (after) => store.readAll(after, PAGE),
        (e) => (sink += (e as { position: number }).position),
      ),
    () =>
      read(
        (after) => raw.scan(after, PAGE),
        (row) => (sink += Number((row as unknown[])[0])),
      ),
  );
  line(`replay, readAll pages of ${PAGE} (${fmt(total)} events)`, rate(total * ROUNDS, a), rate(total * ROUNDS, r), 'events/s');
  [a, r] = await interleaved(
    () =>
      read(
        (after) => store.readAll(after, PAGE),
        (e) => (sink += (e as { data: { turn: number } }).data.turn ? 1 : 0),
      ),
    () =>
      read(
        (after) => raw.scan(after, PAGE),
        (row) => (sink += (JSON.parse((row as string[])[5]) as { turn: number }).turn ? 1 : 0),
      ),
  );
  line('replay, reading every event’s data', rate(total * ROUNDS, a), rate(total * ROUNDS, r), 'events/s');

  await store.close();
  await raw.pool.end();
  await withAdmin(async (c) => {
    await c.query(`DROP DATABASE ${storeDb.name} WITH (FORCE)`);
    await c.query(`DROP DATABASE ${rawDb.name} WITH (FORCE)`);
  });
  if (sink < 0) process.stdout.write('\n'); // keeps the reads from being optimised away
}

await main();
