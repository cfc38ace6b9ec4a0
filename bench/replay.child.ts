/**
 * Child of bench/store.bench.ts: replays a filled log into the projections and scans it raw,
 * in its own process so that its peak RSS is its own. Prints one JSON line.
 */
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { ProjectionRunner } from '../libs/runtime/projections/projection-runner.js';
import { ReadModelStore } from '../libs/runtime/projections/read-model-store.js';
import { SqliteEventStore } from '../libs/store/sqlite/sqlite-event-store.js';
import { UpcasterRegistry } from '../libs/store/upcasters.js';
import { BENCH_PROJECTIONS } from './support/bench-fixtures.js';

const [logPath, dir] = process.argv.slice(2);

function rawScan(parse: boolean): { n: number; ms: number } {
  const db = new Database(logPath, { readonly: true });
  const t = performance.now();
  let n = 0;
  let check = 0;
  for (const row of db.prepare('SELECT position, id, stream, revision, type, data, meta FROM events ORDER BY position').raw().iterate() as Iterable<
    unknown[]
  >) {
    n++;
    if (parse) check += (JSON.parse(row[5] as string) as { points: number }).points + (JSON.parse(row[6] as string) as { schemaVersion: number }).schemaVersion;
    else check += (row[0] as number) & 1;
  }
  const ms = performance.now() - t;
  db.close();
  if (check < 0) throw new Error('unreachable');
  return { n, ms };
}

const scan = rawScan(false);
const scanParsed = rawScan(true);

const store = new SqliteEventStore({ path: logPath, synchronous: 'OFF' });
const readModels = new ReadModelStore(join(dir, 'replay-read-models.db'), 'OFF');
const runner = new ProjectionRunner(store, readModels, BENCH_PROJECTIONS, new UpcasterRegistry(), { batch: 5000 });
const t = performance.now();
const events = await runner.rebuild();
const replayMs = performance.now() - t;
readModels.close();
await store.close();

process.stdout.write(
  `${JSON.stringify({
    events,
    rawScanPerSec: (scan.n / scan.ms) * 1000,
    rawParsePerSec: (scanParsed.n / scanParsed.ms) * 1000,
    replayPerSec: (events / replayMs) * 1000,
    peakRssMb: process.resourceUsage().maxRSS / 1024,
  })}\n`,
);
