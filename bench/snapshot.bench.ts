/**
 * `npm run bench:snapshot`: the snapshot table's two possible shapes side by side in one run — a
 * WITHOUT ROWID table keyed by stream, and a rowid table with a unique stream key — with the
 * snapshot store's pragmas (WAL, synchronous OFF) and statements, for states of several sizes.
 * Each round saves (replaces) and loads snapshots of random streams in both files, the same streams
 * in the same order, alternating which file goes first; medians of the rates and of the per-round
 * ratios are printed. `bench:command`'s "misses the in-memory cache" line runs the whole command path
 * through snapshots, but its states are a few bytes, so it cannot tell the table shapes apart.
 * Not a test.
 */
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SNAPSHOTS_COLUMNS } from '../libs/store/sqlite/sqlite-snapshot-store.js';
import { median } from './support/measure.js';

const args = new Map(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=') as [string, string]));
const STREAMS = Number(args.get('streams') ?? 2000);
const PER_ROUND = Number(args.get('ops') ?? 2000);
const ROUNDS = Number(args.get('rounds') ?? 10);
const SIZES = (args.get('sizes') ?? '200,1000,4000,16000').split(',').map(Number);
const root = mkdtempSync(join(tmpdir(), 'arbitra-snapshot-bench-'));
const line = (label: string, value: string, note = '') => process.stdout.write(`${label.padEnd(52)} ${value.padStart(12)}  ${note}\n`);

/** A deterministic sequence (the same streams for both shapes). */
function lcg(seed: number): () => number {
  let x = seed >>> 0;
  return () => (x = (Math.imul(x, 1664525) + 1013904223) >>> 0) / 2 ** 32;
}

/** A folded state of about `bytes` bytes of JSON: a few numbers and a log of moves. */
function stateOf(stream: number, turn: number, bytes: number): string {
  const moves: string[] = [];
  let size = 40;
  for (let i = 0; size < bytes; i++) {
    const move = `${(stream * 7919 + i * 104729).toString(36)}:${String.fromCharCode(65 + ((stream + i) % 26))}${(i * 31) % 225}`;
    moves.push(move);
    size += move.length + 3;
  }
  return JSON.stringify({ turn, score: turn * 7, moves });
}

function open(name: string, withoutRowid: boolean) {
  const db = new Database(join(root, name));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = OFF');
  db.exec(`CREATE TABLE snapshots (${SNAPSHOTS_COLUMNS})${withoutRowid ? ' WITHOUT ROWID' : ''}`);
  const load = db.prepare('SELECT stream, version, revision, hash, state FROM snapshots WHERE stream = ?');
  const save = db.prepare(
    'INSERT INTO snapshots (stream, version, revision, hash, state) VALUES (?, ?, ?, ?, ?) ' +
      'ON CONFLICT (stream) DO UPDATE SET version = excluded.version, revision = excluded.revision, hash = excluded.hash, state = excluded.state',
  );
  return { db, name, load, save };
}
type Table = ReturnType<typeof open>;

const hash = 'f'.repeat(64);
const streamId = (i: number) => `scrabble-game-${String(i).padStart(6, '0')}-${(i * 2654435761) >>> 0}`;

process.stdout.write(
  `snapshot table: rowid vs WITHOUT ROWID — ${STREAMS.toLocaleString('en-US')} streams, ${ROUNDS} interleaved rounds of ${PER_ROUND} saves and ${PER_ROUND} loads, synchronous=OFF\n` +
    `(ratio: rowid rate ÷ WITHOUT ROWID rate, median of per-round ratios; > 1 means the rowid table is faster)\n\n`,
);
for (const bytes of SIZES) {
  const tables = [open(`without-${bytes}.db`, true), open(`rowid-${bytes}.db`, false)];
  const states = Array.from({ length: STREAMS }, (_, i) => stateOf(i, 0, bytes));
  for (const t of tables) t.db.transaction(() => states.forEach((s, i) => t.save.run(streamId(i), 1, 0, hash, s)))();
  const saves = new Map<Table, number[]>(tables.map((t) => [t, []]));
  const loads = new Map<Table, number[]>(tables.map((t) => [t, []]));
  const saveRatios: number[] = [];
  const loadRatios: number[] = [];
  const bothRatios: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    const next = lcg(r + 1);
    const picks = Array.from({ length: PER_ROUND }, () => Math.floor(next() * STREAMS));
    const newStates = picks.map((s) => stateOf(s, r + 1, bytes));
    const took = new Map<Table, { save: number; load: number }>();
    for (const t of r % 2 ? [...tables].reverse() : tables) {
      let at = performance.now();
      for (let i = 0; i < PER_ROUND; i++) t.save.run(streamId(picks[i]), 1, r + 1, hash, newStates[i]);
      const save = performance.now() - at;
      at = performance.now();
      for (let i = PER_ROUND - 1; i >= 0; i--) if (!t.load.get(streamId(picks[i]))) throw new Error('snapshot missing');
      const load = performance.now() - at;
      took.set(t, { save, load });
      saves.get(t)!.push((PER_ROUND / save) * 1000);
      loads.get(t)!.push((PER_ROUND / load) * 1000);
    }
    const [w, k] = tables.map((t) => took.get(t)!);
    saveRatios.push(w.save / k.save);
    loadRatios.push(w.load / k.load);
    bothRatios.push((w.save + w.load) / (k.save + k.load));
  }
  const [without, rowid] = tables;
  const kb = (t: Table) => `${(statSync(join(root, t.name)).size / 1024).toFixed(0)} KiB file`;
  for (const t of tables) t.db.pragma('wal_checkpoint(TRUNCATE)');
  line(`state ≈${bytes.toLocaleString('en-US')} B: save, WITHOUT ROWID`, `${median(saves.get(without)!).toFixed(0)}/s`);
  line(`state ≈${bytes.toLocaleString('en-US')} B: save, rowid`, `${median(saves.get(rowid)!).toFixed(0)}/s`, `${median(saveRatios).toFixed(2)}×`);
  line(`state ≈${bytes.toLocaleString('en-US')} B: load, WITHOUT ROWID`, `${median(loads.get(without)!).toFixed(0)}/s`);
  line(`state ≈${bytes.toLocaleString('en-US')} B: load, rowid`, `${median(loads.get(rowid)!).toFixed(0)}/s`, `${median(loadRatios).toFixed(2)}×`);
  line(`state ≈${bytes.toLocaleString('en-US')} B: save + load`, '', `${median(bothRatios).toFixed(2)}× (${kb(without)} vs ${kb(rowid)})`);
  process.stdout.write('\n');
  for (const t of tables) t.db.close();
}
rmSync(root, { recursive: true, force: true });
