/**
 * `npm run bench:command`: the command path on a stream of 20,000 events against the same path on
 * a fresh stream, side by side in one run (interleaved rounds, median ratio). Three situations:
 * the stream's state cached in memory (steady state), every command missing the in-memory cache
 * (more hot streams than the cache holds: persisted snapshots), and a cold start (a new process).
 * Sync OFF by default so that fsync does not hide the command path's own cost; `--sync=FULL` to
 * see it with durability. Not a test.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CommandHandler } from '../libs/runtime/command-handler.js';
import type { NewEvent } from '../libs/store/event-store.port.js';
import { SqliteEventStore, type SqliteSynchronous } from '../libs/store/sqlite/sqlite-event-store.js';
import { SqliteSnapshotStore } from '../libs/store/sqlite/sqlite-snapshot-store.js';
import { UpcasterRegistry } from '../libs/store/upcasters.js';
import { BenchGame, benchEvent } from './support/bench-fixtures.js';
import { median } from './support/measure.js';

const args = new Map(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=') as [string, string]));
const SYNC = (args.get('sync') ?? 'OFF') as SqliteSynchronous;
const HISTORY = Number(args.get('history') ?? 20_000);
const PER_ROUND = Number(args.get('commands') ?? 100);
const ROUNDS = 10;
const Game = { ...BenchGame, version: 1 };
const root = mkdtempSync(join(tmpdir(), 'arbitra-command-bench-'));
const line = (label: string, value: string, note = '') => process.stdout.write(`${label.padEnd(64)} ${value.padStart(14)}  ${note}\n`);

const store = new SqliteEventStore({ path: join(root, 'events.db'), synchronous: SYNC });
const snapshots = new SqliteSnapshotStore(join(root, 'snapshots.db'));
const upcasters = new UpcasterRegistry();

/** Two long streams of HISTORY events each (setup, not measured). */
async function fill(id: string): Promise<void> {
  for (let i = 0; i < HISTORY; i += 1000) {
    const events: NewEvent[] = Array.from({ length: Math.min(1000, HISTORY - i) }, (_, j) => {
      const e = benchEvent(i + j);
      return { ...e, data: { points: (i + j) % 60, turn: i + j + 1 } };
    });
    await store.append(`bench-game-${id}`, events, i === 0 ? 'no-stream' : i - 1);
  }
}
await fill('long-a');
await fill('long-b');

let fresh = 0;
const command = async (h: CommandHandler, id: string) => {
  const ctx = { at: '2026-11-29T10:00:00.000Z', actor: { id: 'a', role: 'arbiter' as const }, commandId: randomUUID() };
  await h.execute(Game, id, { type: 'bench.move', data: { points: 7 }, context: ctx });
};
async function rate(h: CommandHandler, ids: () => string): Promise<number> {
  const t = performance.now();
  for (let i = 0; i < PER_ROUND; i++) await command(h, ids());
  return (PER_ROUND / (performance.now() - t)) * 1000;
}

process.stdout.write(
  `command path, stream of ${HISTORY.toLocaleString('en-US')} events vs a fresh stream — SQLite synchronous=${SYNC}, ${ROUNDS} interleaved rounds of ${PER_ROUND}\n\n`,
);
for (const [label, cacheSize] of [
  ['state cached in memory (steady state)', 10_000],
  ['every command misses the in-memory cache (snapshots)', 1],
] as const) {
  const h = new CommandHandler(store, upcasters, { snapshots, cacheSize });
  let flip = 0;
  const longRates: number[] = [];
  const freshRates: number[] = [];
  const ratios: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    // Two streams alternate, so with a cache of one entry each command loads its stream anew.
    const freshIds = [`fresh-${++fresh}`, `fresh-${++fresh}`];
    const f = await rate(h, () => freshIds[flip++ % 2]);
    const l = await rate(h, () => (flip++ % 2 ? 'long-a' : 'long-b'));
    freshRates.push(f);
    longRates.push(l);
    ratios.push(l / f);
  }
  line(`${label}: fresh stream`, `${median(freshRates).toFixed(0)}/s`);
  line(`${label}: ${HISTORY.toLocaleString('en-US')}-event stream`, `${median(longRates).toFixed(0)}/s`, `${median(ratios).toFixed(2)}× fresh (target ≥ 0.50)`);
}

// A cold start: a new handler (a restarted process) runs its first command on the long stream.
for (const [label, snaps] of [
  ['cold start, first command, with snapshots', snapshots],
  ['cold start, first command, without snapshots (fold every event)', undefined],
] as const) {
  const times: number[] = [];
  for (let r = 0; r < 5; r++) {
    const h = new CommandHandler(store, upcasters, { snapshots: snaps });
    const t = performance.now();
    await command(h, 'long-a');
    times.push(performance.now() - t);
  }
  line(label, `${median(times).toFixed(2)} ms`);
}
await store.close();
snapshots.close();
rmSync(root, { recursive: true, force: true });
