/**
 * `npm run bench:store`: Arbitra's event store and command path measured side by side with raw
 * better-sqlite3 on the same disk, pragmas and durability, in one run. Prints rates and ratios.
 * Not a test: numbers vary with the machine; the ratios are what to compare.
 */
import Database from 'better-sqlite3';
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { newCommandId } from '../libs/api/command-request.js';
import { CommandHandler, eventIdFor } from '../libs/runtime/command-handler.js';
import { WAL_AUTOCHECKPOINT_PAGES } from '../libs/store/sqlite/open-log.js';
import { SqliteEventStore, type SqliteSynchronous } from '../libs/store/sqlite/sqlite-event-store.js';
import type { NewEvent } from '../libs/store/event-store.port.js';
import { UpcasterRegistry } from '../libs/store/upcasters.js';
import { BenchGame, benchEvent, fillLog } from './support/bench-fixtures.js';
import { median } from './support/measure.js';

const args = new Map(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=') as [string, string]));
const SYNC = (args.get('sync') ?? 'FULL') as SqliteSynchronous;
const N_SINGLE = Number(args.get('single') ?? 2000);
const N_BATCH = Number(args.get('batch') ?? 100_000);
const N_REPLAY = Number(args.get('replay') ?? 1_000_000);
/** `--wal-autocheckpoint=N`: the WAL checkpoint threshold in pages; raw and Arbitra always get the same one (default: the store's). */
const WAL_CHECKPOINT = Number(args.get('wal-autocheckpoint') ?? WAL_AUTOCHECKPOINT_PAGES);
const walCheckpoint = (db: Database.Database) => db.pragma(`wal_autocheckpoint = ${WAL_CHECKPOINT}`);

const root = mkdtempSync(join(tmpdir(), 'arbitra-bench-'));
const rows: Array<[string, string, string]> = [];
const rate = (n: number, ms: number) => (n / ms) * 1000;
const fmt = (x: number) => x.toLocaleString('en-US', { maximumFractionDigits: 0 });
function report(label: string, value: string, note = '') {
  rows.push([label, value, note]);
  process.stdout.write(`${label.padEnd(58)} ${value.padStart(16)}  ${note}\n`);
}
function time<T>(fn: () => T): [T, number] {
  const t = performance.now();
  const r = fn();
  return [r, performance.now() - t];
}
async function timeAsync<T>(fn: () => Promise<T>): Promise<[T, number]> {
  const t = performance.now();
  const r = await fn();
  return [r, performance.now() - t];
}

function rawDb(name: string) {
  const db = new Database(join(root, name));
  db.pragma('journal_mode = WAL');
  db.pragma(`synchronous = ${SYNC}`);
  walCheckpoint(db);
  // The identical table and indexes the Arbitra store uses, so the ratio is Arbitra's own overhead.
  db.exec(
    'CREATE TABLE events (position INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE, stream TEXT NOT NULL, revision INTEGER NOT NULL, type TEXT NOT NULL, data TEXT NOT NULL, meta TEXT NOT NULL, command_id TEXT NOT NULL, UNIQUE (stream, revision))',
  );
  db.exec('CREATE INDEX events_command_id ON events (command_id)');
  return db;
}

/** The row every raw insert writes (the store's rows are as large: storedMeta). */
const INSERT = 'INSERT INTO events (id, stream, revision, type, data, meta, command_id) VALUES (?, ?, ?, ?, ?, ?, ?)';
const sample = benchEvent(0);
const data = JSON.stringify(sample.data);
const meta = storedMeta(sample);
const writers = 32;
const rawPerRound = 20;

/** `n` rows into a raw table and `n` events into a store, 1,000 per transaction, with ids from `ids` (setup, not measured). */
async function fillAlike(db: Database.Database, store: SqliteEventStore, n: number, ids: () => { id: string; commandId: string }) {
  const insert = db.prepare(INSERT);
  const many = db.transaction((from: number, count: number) => {
    for (let i = from; i < from + count; i++) {
      const x = ids();
      insert.run(x.id, `f-${i % 100}`, Math.floor(i / 100), sample.type, data, meta, x.commandId);
    }
  });
  for (let i = 0; i < n; i += 1000) {
    const count = Math.min(1000, n - i);
    many(i, count);
    await store.append(
      `fill-${i % 7}`,
      Array.from({ length: count }, (_, j) => withIds(benchEvent(i + j), ids())),
      'any',
    );
  }
}

/** A raw row's meta the size of a stored event's: the event's meta with its three chain hashes (stream, global, own). */
function storedMeta(e: NewEvent): string {
  return JSON.stringify(Object.assign({}, e.meta, { prevHash: 'a'.repeat(64), globalPrevHash: 'b'.repeat(64), hash: 'c'.repeat(64) }));
}

/** A bench event carrying the given ids. */
function withIds(e: NewEvent, ids: { id: string; commandId: string }): NewEvent {
  return { ...e, id: ids.id, meta: { ...e.meta, commandId: ids.commandId, correlationId: ids.commandId } };
}

async function main() {
  process.stdout.write(
    `Arbitra store benchmark — SQLite WAL, synchronous=${SYNC}, wal_autocheckpoint=${WAL_CHECKPOINT}, dir ${root}\nraw = better-sqlite3 on the identical table and indexes; rounds interleaved\n\n`,
  );

  // 1. Single-event appends, raw better-sqlite3 (same table, indexes, pragmas) against the
  // Arbitra store, interleaved round by round so both see the same disk and WAL conditions.
  const raw = rawDb('raw.db');
  const ins = raw.prepare(INSERT);
  let rawRow = 0;
  const one = raw.transaction(() => {
    const i = rawRow++;
    ins.run(randomUUID(), `s-${i % 100}`, Math.floor(i / 100), sample.type, data, meta, randomUUID());
  });
  const store = new SqliteEventStore({ path: join(root, 'store.db'), synchronous: SYNC });
  walCheckpoint(store.db);
  // The full command path (idempotency check, load from cache, decide, append) on a game-shaped decider.
  const handler = new CommandHandler(store, new UpcasterRegistry());
  let storeRow = 0;
  let commandNo = 0;
  const latencies: number[] = [];
  const rounds = 20;
  const perRound = Math.ceil(N_SINGLE / rounds);
  const totals = { raw: 0, append: 0, command: 0 };
  const appendRatios: number[] = [];
  const commandRatios: number[] = [];
  for (let r = 0; r < rounds; r++) {
    // Each round runs all three back to back, so they share the disk's state at that moment.
    const rawMs = time(() => {
      for (let i = 0; i < perRound; i++) one();
    })[1];
    const appendMs = (
      await timeAsync(async () => {
        for (let i = 0; i < perRound; i++) {
          const k = storeRow++;
          await store.append(`s-${k % 100}`, [benchEvent(k)], 'any');
        }
      })
    )[1];
    const commandMs = (
      await timeAsync(async () => {
        for (let i = 0; i < perRound; i++) {
          const n = commandNo++;
          const ctx = { at: '2026-11-29T10:00:00.000Z', actor: { id: 'a', role: 'arbiter' as const }, commandId: randomUUID() };
          const t = performance.now();
          await handler.execute(BenchGame, `g${n % 50}`, { type: 'bench.move', data: { points: n % 60 }, context: ctx });
          latencies.push(performance.now() - t);
        }
      })
    )[1];
    totals.raw += rawMs;
    totals.append += appendMs;
    totals.command += commandMs;
    appendRatios.push(rawMs / appendMs);
    commandRatios.push(rawMs / commandMs);
  }
  const n = rounds * perRound;
  const rawSingle = rate(n, totals.raw);
  report('raw better-sqlite3 insert, 1 row per transaction', `${fmt(rawSingle)}/s`);
  report(
    'Arbitra append, 1 event, sequential',
    `${fmt(rate(n, totals.append))}/s`,
    `${median(appendRatios).toFixed(2)}× raw single, median of ${rounds} rounds (target ≥ 0.70); ${(rate(n, totals.append) / rawSingle).toFixed(2)}× overall`,
  );
  report(
    'command path (idempotency check, load, decide, append)',
    `${fmt(rate(n, totals.command))}/s`,
    `${median(commandRatios).toFixed(2)}× raw single, median of ${rounds} rounds; ${(rate(n, totals.command) / rawSingle).toFixed(2)}× overall`,
  );
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))];
  report('command latency p50 / p99', `${pct(0.5).toFixed(2)} / ${pct(0.99).toFixed(2)} ms`);

  // Batched: 1000 rows per transaction against 1000 events per append, interleaved likewise.
  const many = raw.transaction((from: number, n: number) => {
    for (let i = from; i < from + n; i++) ins.run(randomUUID(), `b-${i % 100}`, Math.floor(i / 100), sample.type, data, meta, randomUUID());
  });
  let rawBatchMs = 0;
  let batchMs = 0;
  for (let i = 0; i < N_BATCH; i += 1000) {
    rawBatchMs += time(() => many(i, 1000))[1];
    batchMs += (
      await timeAsync(() =>
        store.append(
          `batch-${i % 7}`,
          Array.from({ length: 1000 }, (_, j) => benchEvent(i + j)),
          'any',
        ),
      )
    )[1];
  }
  const rawBatch = rate(N_BATCH, rawBatchMs);
  const storeBatch = rate(N_BATCH, batchMs);
  report('raw better-sqlite3 insert, 1000 rows per transaction', `${fmt(rawBatch)}/s`);
  report(
    'Arbitra append, 1000 events per append',
    `${fmt(storeBatch)}/s`,
    `${(storeBatch / rawBatch).toFixed(2)}× raw batched (hash chain + canonical JSON included)`,
  );

  // 32 concurrent writers on distinct streams: group commit shares one commit (one fsync) per burst. Measured
  // twice: with random ids (what a client's Idempotency-Key gives: hashed event ids, the key as command id) on the
  // logs filled above, and with the ids the server makes itself (UUIDv7 command ids, event ids keeping their time)
  // on two logs filled alike with such ids. A random id dirties one page of each id index per row, so 32 rows in
  // one commit write about 32 pages more per index to the WAL; time-ordered ids land on the same few right-edge pages.
  const groupRounds = rounds * 2;
  const perWriter = Math.max(2, Math.ceil(N_SINGLE / writers / rounds) * 2);
  const cpuOnly = new SqliteEventStore({ path: join(root, 'cpu-only.db'), synchronous: 'OFF' });
  walCheckpoint(cpuOnly.db);
  /** `writers` writers appending `perWriter` single events each to their own new stream, all at once. */
  // The events (and their ids) are made before the clock starts, as the raw rows' ids are: only the appends are timed.
  const burst = async (s: SqliteEventStore, name: string, ids: () => { id: string; commandId: string }) => {
    const events = Array.from({ length: writers }, () => Array.from({ length: perWriter }, (_, i) => withIds(benchEvent(i), ids())));
    return (
      await timeAsync(() =>
        Promise.all(
          events.map(async (mine, w) => {
            for (let i = 0; i < perWriter; i++) await s.append(`w-${name}-${w}`, [mine[i]], i === 0 ? 'no-stream' : i - 1);
          }),
        ),
      )
    )[1];
  };
  const serverIds = () => {
    const commandId = newCommandId();
    return { id: eventIdFor(commandId, 0), commandId };
  };
  const randomIds = () => ({ id: randomUUID(), commandId: randomUUID() });
  const localRaw = rawDb('raw-local.db');
  const localStore = new SqliteEventStore({ path: join(root, 'store-local.db'), synchronous: SYNC });
  walCheckpoint(localStore.db);
  await fillAlike(localRaw, localStore, N_BATCH + N_SINGLE, serverIds);
  const runs = [
    { label: 'random ids', db: raw, store, ids: randomIds },
    { label: "server's v7 ids", db: localRaw, store: localStore, ids: serverIds },
  ];
  // Both pairs start from an empty WAL, so neither carries the other's checkpoints into its rounds.
  for (const db of [raw, store.db, localRaw, localStore.db]) db.pragma('wal_checkpoint(TRUNCATE)');
  const results = runs.map((r) => ({
    ...r,
    sum: { group: 0, cpu: 0, raw1: 0, insert: 0, commit: 0 },
    group: [] as number[],
    ceiling: [] as number[],
    efficiency: [] as number[],
  }));
  for (let round = 0; round < groupRounds; round++) {
    for (const r of results) await groupRound(r, round);
  }
  for (const r of results) reportGroup(r);
  await cpuOnly.close();
  localRaw.close();
  await localStore.close();

  /** One round on one pair of logs: raw 1-row transactions, raw 32-row transactions, and the same 32-writer burst on the store and on a synchronous=OFF store. */
  async function groupRound(r: (typeof results)[number], round: number): Promise<void> {
    const insert = r.db.prepare(INSERT);
    let row = (r.db.prepare('SELECT max(position) AS p FROM events').get() as { p: number }).p;
    const made = Array.from({ length: rawPerRound + writers * perWriter }, () => r.ids());
    const rawRow = () => {
      const i = row++;
      const ids = made.pop()!;
      insert.run(ids.id, `g-${i % 100}`, Math.floor(i / 100), sample.type, data, meta, ids.commandId);
    };
    const one = r.db.transaction(rawRow);
    const begin = r.db.prepare('BEGIN IMMEDIATE');
    const commit = r.db.prepare('COMMIT');
    const raw1 = time(() => {
      for (let i = 0; i < rawPerRound; i++) one();
    })[1];
    const t32 = { insert: 0, commit: 0 };
    for (let b = 0; b < perWriter; b++) {
      const t0 = performance.now();
      begin.run();
      for (let w = 0; w < writers; w++) rawRow();
      const t1 = performance.now();
      commit.run();
      t32.insert += t1 - t0;
      t32.commit += performance.now() - t1;
    }
    const g = await burst(r.store, `${r.label}-${round}`, r.ids);
    r.sum.cpu += await burst(cpuOnly, `${r.label}-${round}`, r.ids);
    r.sum.group += g;
    r.sum.raw1 += raw1;
    r.sum.insert += t32.insert;
    r.sum.commit += t32.commit;
    const raw1Rate = rate(rawPerRound, raw1);
    const raw32Rate = rate(writers * perWriter, t32.insert + t32.commit);
    r.group.push(rate(writers * perWriter, g) / raw1Rate);
    r.ceiling.push(raw32Rate / raw1Rate);
    r.efficiency.push(rate(writers * perWriter, g) / raw32Rate);
  }

  function reportGroup(r: (typeof results)[number]): void {
    const bursts = groupRounds * perWriter;
    const perBurst = (ms: number) => (ms / bursts).toFixed(2);
    const raw1Overall = rate(rawPerRound * groupRounds, r.sum.raw1);
    const raw32Overall = rate(writers * bursts, r.sum.insert + r.sum.commit);
    const conc = rate(writers * bursts, r.sum.group);
    report(
      `raw, 32 rows per transaction, ${r.label}`,
      `${fmt(raw32Overall)}/s`,
      `${median(r.ceiling).toFixed(2)}× raw single, median of ${groupRounds} rounds: the ceiling for group commit on this disk; ${(raw32Overall / raw1Overall).toFixed(2)}× overall`,
    );
    report(
      `Arbitra, 1 event × 32 concurrent writers, ${r.label}`,
      `${fmt(conc)}/s`,
      `${median(r.group).toFixed(2)}× raw single, median of ${groupRounds} rounds (target ≥ 10); ${(conc / raw1Overall).toFixed(2)}× overall; ${median(r.efficiency).toFixed(2)}× raw 32-row transactions`,
    );
    report(
      '  per burst of 32 appends: Arbitra total / raw 32-row txn',
      `${perBurst(r.sum.group)} / ${perBurst(r.sum.insert + r.sum.commit)} ms`,
      `raw txn = inserts ${perBurst(r.sum.insert)} + commit (WAL write, fsync, checkpoints) ${perBurst(r.sum.commit)} ms; Arbitra's own (hash chain, canonical JSON, queue) ${perBurst(r.sum.group - r.sum.insert - r.sum.commit)} ms`,
    );
    report(
      '  same bursts, synchronous=OFF store / raw 1-row commit',
      `${perBurst(r.sum.cpu)} / ${(r.sum.raw1 / (rawPerRound * groupRounds)).toFixed(2)} ms`,
      `so fsync and commit wait ≈ ${perBurst(r.sum.group - r.sum.cpu)} ms of each FULL burst`,
    );
  }

  raw.close();
  await store.close();

  // 4. Replay: a separate process fills a log of N_REPLAY events, then replays it into the
  // projections and scans it raw, and reports its own peak RSS.
  const logPath = join(root, 'replay.db');
  const [, fillMs] = await timeAsync(() => fillLog(logPath, N_REPLAY));
  report(`(fill a ${fmt(N_REPLAY)}-event log for replay)`, `${(fillMs / 1000).toFixed(1)} s`);
  const child = spawnSync(process.execPath, ['--expose-gc', fileURLToPath(new URL('./replay.child.js', import.meta.url)), logPath, root], { encoding: 'utf8' });
  if (child.status !== 0) throw new Error(`replay child failed: ${child.stderr}`);
  const r = JSON.parse(child.stdout.trim().split('\n').pop()!) as {
    rawScanPerSec: number;
    rawParsePerSec: number;
    replayPerSec: number;
    peakRssMb: number;
    events: number;
  };
  report('raw scan of the log (rows only)', `${fmt(r.rawScanPerSec)}/s`);
  report('raw scan of the log + JSON.parse of data and meta', `${fmt(r.rawParsePerSec)}/s`);
  report(
    `replay into projections (${fmt(r.events)} events)`,
    `${fmt(r.replayPerSec)}/s`,
    `${(r.replayPerSec / r.rawScanPerSec).toFixed(2)}× raw scan (target ≥ 0.50); ${(r.replayPerSec / r.rawParsePerSec).toFixed(2)}× scan+parse`,
  );
  report(`peak RSS of the replay process (${fmt(r.events)} events)`, `${r.peakRssMb.toFixed(0)} MB`, 'target < 500 MB');
  report('peak RSS of this process', `${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB`);

  rmSync(root, { recursive: true, force: true });
}

await main();
