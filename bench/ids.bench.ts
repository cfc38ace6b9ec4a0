/**
 * `npm run bench:ids`: random (v4) against time-ordered (v7) command ids on the real SqliteEventStore
 * (synchronous=FULL, group commit, the server's WAL checkpoint threshold), side by side in one run.
 *
 * One log is pre-filled with `--events` events (v4 ids, as logs written so far are) over 1,000 game
 * streams and copied once per variant, so every variant starts from the same file. Then, in interleaved
 * rounds (the order rotates each round), each variant takes the same bursts: 32 concurrent commands on 32
 * distinct existing streams, each the store traffic of the command path (the idempotency probe by command
 * id, then a one-event append), one group commit per burst. Variants:
 *   v4             command id randomUUID(), event id eventIdFor(command id): a SHA-256, random (the server before)
 *   v7 command     command id uuid's v7(), event id random (a SHA-256 of another id: eventIdFor before it kept
 *                  a v7 command id's time)
 *   v7 (as run)    command id uuid's v7() (the server's newCommandId), event id eventIdFor(command id), which keeps
 *                  its time first: both time-ordered
 * Per variant: appends/s, CPU µs per append (process.cpuUsage), WAL frames per commit and WAL bytes per
 * append (the frame counter of the WAL index, -shm), all bytes the process wrote per append (wchar of
 * /proc/self/io: WAL frames plus checkpoint writes into the database file). Not a test: numbers vary with
 * the machine and its neighbours; compare the ratios, and run it more than once.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { closeSync, copyFileSync, existsSync, mkdtempSync, openSync, readFileSync, readSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { v7 as uuidv7 } from 'uuid';
import { eventIdFor } from '../libs/runtime/command-types.js';
import type { NewEvent } from '../libs/store/event-store.port.js';
import { SqliteEventStore } from '../libs/store/sqlite/sqlite-event-store.js';
import { fillLog } from './support/bench-fixtures.js';

const args = new Map(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=') as [string, string]));
const N_EVENTS = Number(args.get('events') ?? 1_000_000);
const ROUNDS = Number(args.get('rounds') ?? 12);
const BURSTS = Number(args.get('bursts') ?? 60);
const WRITERS = 32;
const STREAMS = 1000; // fillLog's game streams: bench-game-0 … bench-game-999

type Ids = () => { commandId: string; eventId: string };
const VARIANTS: ReadonlyArray<{ name: string; ids: Ids }> = [
  {
    name: 'v4',
    ids: () => {
      const commandId = randomUUID();
      return { commandId, eventId: eventIdFor(commandId, 0) };
    },
  },
  { name: 'v7 command', ids: () => ({ commandId: uuidv7(), eventId: eventIdFor(randomUUID(), 0) }) },
  {
    name: 'v7 (as run)',
    ids: () => {
      const commandId = uuidv7();
      return { commandId, eventId: eventIdFor(commandId, 0) };
    },
  },
];

/** An event shaped like the command handler's (ids, meta with the context and a command fingerprint). */
function commandEvent(i: number, ids: { commandId: string; eventId: string }): NewEvent {
  return {
    id: ids.eventId,
    type: 'bench.Moved',
    data: { points: i % 60, turn: i, tiles: [{ letter: 'Q', row: 7, col: i % 15 }], announced: i % 60, clockMs: 1_500_000 - i },
    meta: {
      actor: { id: 'arbiter-7', role: 'arbiter' },
      commandId: ids.commandId,
      correlationId: ids.commandId,
      causationId: null,
      recordedAt: '2026-11-29T10:00:00.000Z',
      schemaVersion: 1,
      commandFingerprint: randomBytes(32).toString('hex'),
    },
  };
}

/** The WAL index header (the -shm file, native byte order): transactions so far and the last valid frame. */
function walIndex(fd: number): { change: number; mxFrame: number; pageSize: number } {
  const b = Buffer.alloc(24);
  readSync(fd, b, 0, 24, 0);
  return { change: b.readUInt32LE(8), pageSize: b.readUInt16LE(14), mxFrame: b.readUInt32LE(16) };
}

/** Bytes this process has passed to write(2) and friends. */
const wchar = () => Number(/wchar: (\d+)/.exec(readFileSync('/proc/self/io', 'utf8'))![1]);

/** mulberry32: the same stream picks for every variant of a round. */
function prng(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
function pickStreams(rand: () => number): string[] {
  const set = new Set<number>();
  while (set.size < WRITERS) set.add(Math.floor(rand() * STREAMS));
  return [...set].map((s) => `bench-game-${s}`);
}

interface Totals {
  ms: number;
  cpuUs: number;
  frames: number;
  commits: number;
  checkpoints: number;
  written: number;
  appends: number;
  rates: number[];
}

const median = (xs: number[]) => {
  const s = xs.slice().sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const fmt = (x: number, d = 0) => x.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d });

async function main() {
  const root = mkdtempSync(join(tmpdir(), 'arbitra-ids-bench-'));
  try {
    const base = join(root, 'base.db');
    const t0 = performance.now();
    await fillLog(base, N_EVENTS);
    const fillS = (performance.now() - t0) / 1000;

    const stores = VARIANTS.map((v, k) => {
      const path = join(root, `v${k}.db`);
      copyFileSync(base, path);
      const store = new SqliteEventStore({ path, synchronous: 'FULL' });
      return { ...v, store, shm: openSync(`${path}-shm`, 'r') };
    });
    rmSync(base);
    const db = stores[0].store.db;
    const pages = db.prepare("SELECT name, count(*) AS n FROM dbstat WHERE name IN ('sqlite_autoindex_events_1', 'events_command_id') GROUP BY name").all() as {
      name: string;
      n: number;
    }[];
    const cacheKiB = -(db.pragma('cache_size', { simple: true }) as number);
    const walPages = db.pragma('wal_autocheckpoint', { simple: true }) as number;
    process.stdout.write(
      `Ids benchmark: ${fmt(N_EVENTS)}-event log (filled in ${fillS.toFixed(0)} s, v4 ids), one copy per variant, dir ${root}\n` +
        `synchronous=FULL, group commit, wal_autocheckpoint=${walPages} pages; page cache ${fmt(cacheKiB / 1024)} MB; ` +
        `index sizes: ${pages.map((p) => `${p.name === 'events_command_id' ? 'command_id' : 'id'} ${fmt((p.n * 4096) / 2 ** 20)} MB`).join(', ')}\n` +
        `${ROUNDS} interleaved rounds × ${BURSTS} bursts × ${WRITERS} concurrent commands (probe by command id + 1-event append) per variant\n\n`,
    );

    const totals = stores.map(() => ({ ms: 0, cpuUs: 0, frames: 0, commits: 0, checkpoints: 0, written: 0, appends: 0, rates: [] }) as Totals);
    let turn = 0;
    for (let r = 0; r < ROUNDS; r++) {
      // Warm-up round 0 is measured like the others; the order rotates so no variant always goes first.
      const streamsOfBurst = (() => {
        const rand = prng(r + 1);
        return Array.from({ length: BURSTS }, () => pickStreams(rand));
      })();
      for (let k = 0; k < stores.length; k++) {
        const v = stores[(k + r) % stores.length];
        const t = totals[(k + r) % stores.length];
        let frames = 0;
        let commits = 0;
        let checkpoints = 0;
        const w0 = wchar();
        const c0 = process.cpuUsage();
        const start = performance.now();
        for (let b = 0; b < BURSTS; b++) {
          const before = walIndex(v.shm);
          await Promise.all(
            streamsOfBurst[b].map(async (stream) => {
              const ids = v.ids();
              // The command path's idempotency check, then its append.
              if ((await v.store.findByCommandId(ids.commandId)).length > 0) throw new Error('command id seen before');
              await v.store.append(stream, [commandEvent(turn++, ids)], 'any');
            }),
          );
          const after = walIndex(v.shm);
          commits += after.change - before.change;
          // A writer restarts the WAL from frame 1 after a complete checkpoint (run at the end of the commit that crossed the threshold).
          if (after.mxFrame < before.mxFrame) {
            checkpoints++;
            frames += after.mxFrame;
          } else frames += after.mxFrame - before.mxFrame;
        }
        const ms = performance.now() - start;
        const cpu = process.cpuUsage(c0);
        const n = BURSTS * WRITERS;
        t.ms += ms;
        t.cpuUs += cpu.user + cpu.system;
        t.frames += frames;
        t.commits += commits;
        t.checkpoints += checkpoints;
        t.written += wchar() - w0;
        t.appends += n;
        t.rates.push((n / ms) * 1000);
      }
    }

    const pageSize = walIndex(stores[0].shm).pageSize;
    const frameBytes = pageSize + 24;
    const v4 = totals[0];
    const overall = (t: Totals) => (t.appends / t.ms) * 1000;
    const ratios = (t: Totals) => t.rates.map((x, i) => x / v4.rates[i]);
    process.stdout.write(
      `${'variant'.padEnd(14)}${'appends/s (median, min–max over rounds)'.padStart(42)}${'× v4 (median, min–max)'.padStart(26)}${'overall, × v4'.padStart(20)}${'CPU µs/append'.padStart(15)}` +
        `${'WAL frames/commit'.padStart(19)}${'WAL KB/append'.padStart(15)}${'written KB/append'.padStart(19)}${'commits/burst'.padStart(15)}${'checkpoints'.padStart(13)}\n`,
    );
    totals.forEach((t, k) => {
      const rs = ratios(t);
      process.stdout.write(
        `${VARIANTS[k].name.padEnd(14)}` +
          `${`${fmt(median(t.rates))} (${fmt(Math.min(...t.rates))}–${fmt(Math.max(...t.rates))})`.padStart(42)}` +
          `${`${median(rs).toFixed(2)} (${Math.min(...rs).toFixed(2)}–${Math.max(...rs).toFixed(2)})`.padStart(26)}` +
          `${`${fmt(overall(t))}, ${(overall(t) / overall(v4)).toFixed(2)}×`.padStart(20)}` +
          `${fmt(t.cpuUs / t.appends, 1).padStart(15)}` +
          `${fmt(t.frames / t.commits, 1).padStart(19)}` +
          `${fmt((t.frames * frameBytes) / t.appends / 1024, 2).padStart(15)}` +
          `${fmt(t.written / t.appends / 1024, 2).padStart(19)}` +
          `${fmt(t.commits / (t.appends / WRITERS), 2).padStart(15)}` +
          `${String(t.checkpoints).padStart(13)}\n`,
      );
    });
    process.stdout.write(
      `\nWAL frame = ${pageSize}-byte page + 24-byte header; written = everything the process wrote (WAL and checkpoints into the database file).\n` +
        'v7 (as run): eventIdFor keeps a v7 command id’s 48-bit time first, so event ids are time-ordered too.\n',
    );
    for (const s of stores) {
      closeSync(s.shm);
      await s.store.close();
    }
  } finally {
    if (existsSync(root)) rmSync(root, { recursive: true, force: true });
  }
}

await main();
