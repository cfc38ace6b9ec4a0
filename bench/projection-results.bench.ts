/**
 * `npm run bench:projection-results -- --compare=<another build's dist/>`: the tournaments read model's cost per result
 * (ReadModelStore.applyBatch, synchronous NORMAL as the server's read models), as under bench:http's result commands:
 * --tournaments=50 of --players=100, round 1 paired and published, then every table's result, the tournaments'
 * results interleaved. The log is recorded once through the command path; its setup is applied unmeasured, then the
 * results in batches of --batch=1 event (a quiet server) through this build's projection and the compared build's, in
 * turn. Prints CPU µs per result, the median of --repeat=5 runs, and the ratio; then the pages each build's commits
 * write to the WAL per result (what a commit's cost grows with). Not a test: numbers vary with the machine.
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { applyInPages, cpuUs, median } from './support/measure.js';
import { pair } from '../libs/domain/pairing/index.js';
import { pairingRequestFor, type TournamentCommand } from '../libs/domain/tournament/index.js';
import type { CommandContext } from '../libs/domain/kernel/index.js';
import { ArbitraCore } from '../libs/runtime/arbitra-core.js';
import { streamOf } from '../libs/runtime/command-handler.js';
import { TournamentAggregate } from '../libs/runtime/features/tournament/index.js';
import type * as Tournament from '../libs/runtime/features/tournament/tournament.projection.js';
import type * as ReadModelStore from '../libs/runtime/projections/read-model-store.js';
import type { RecordedEvent } from '../libs/store/event-store.port.js';

const args = new Map(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=') as [string, string]));
const TOURNAMENTS = Number(args.get('tournaments') ?? 50);
const PLAYERS = Number(args.get('players') ?? 100);
const BATCH = Number(args.get('batch') ?? 1);
const REPEAT = Number(args.get('repeat') ?? 5);
const compare = args.get('compare');

type Build = { tournaments: typeof Tournament; store: typeof ReadModelStore };
async function load(root: string): Promise<Build> {
  const from = async <T>(path: string) => (await import(pathToFileURL(join(root, path)).href)) as T;
  return {
    tournaments: await from('libs/runtime/features/tournament/tournament.projection.js'),
    store: await from('libs/runtime/projections/read-model-store.js'),
  };
}

/** The log: each tournament created, its players registered, round 1 paired and published (setup), then its results (measured). */
async function record(): Promise<{ setup: RecordedEvent[]; measured: RecordedEvent[] }> {
  const root = mkdtempSync(join(tmpdir(), 'arbitra-projection-results-bench-'));
  const core = new ArbitraCore({ config: { dataDir: root, sqliteSync: 'OFF', groupCommit: true }, features: [] });
  let n = 0;
  const run = (id: string, build: (c: CommandContext) => TournamentCommand) =>
    core.execute(TournamentAggregate, id, build({ at: '2026-12-07T10:00:00.000Z', actor: { id: 'td-1', role: 'chief-arbiter' }, commandId: `c-${++n}` }));
  try {
    const results: Array<() => Promise<unknown>> = [];
    for (let w = 0; w < TOURNAMENTS; w++) {
      const id = `t-${w}`;
      await run(id, (context) => ({
        type: 'tournament.create',
        context,
        data: { id, name: `Open ${w}`, discipline: 'scrabble', pairingSystems: ['australian-draw'] },
      }));
      for (let i = 0; i < PLAYERS; i++)
        await run(id, (context) => ({ type: 'tournament.register-player', context, data: { player: { id: `p${i}`, name: `Player ${i}`, rating: 2000 - i } } }));
      const { state } = await core.commands.load(TournamentAggregate, streamOf(TournamentAggregate, id));
      if (state.status !== 'open') throw new Error('tournament missing');
      const seed = `${id}:main:1`;
      const result = pair('australian-draw', pairingRequestFor(state, 'main', 1, seed));
      await run(id, (context) => ({
        type: 'tournament.pair-round',
        context,
        data: { round: 1, pairing: { kind: 'system', system: 'australian-draw', seed, result } },
      }));
      await run(id, (context) => ({ type: 'tournament.publish-round', context, data: { round: 1 } }));
      result.games.forEach((g, k) => {
        const first = 350 + ((g.table * 37) % 120);
        const outcome = first > 400 ? 'first' : first < 400 ? 'second' : 'draw';
        results[k * TOURNAMENTS + w] = () =>
          run(id, (context) => ({
            type: 'tournament.record-result',
            context,
            data: { round: 1, table: g.table, source: { kind: 'arbiter' }, result: { kind: 'played', outcome, score: { first, second: 400 } } },
          }));
      });
    }
    const setupEnd = await core.store.headPosition();
    for (const r of results) if (r) await r();
    const all = await core.store.readAll(0, Number.MAX_SAFE_INTEGER);
    // Plain copies: both builds read the same objects, none of the store's lazily parsed fields.
    const plain = all.map((e) => ({ ...e, data: e.data, meta: { ...e.meta } }) as RecordedEvent);
    return { setup: plain.filter((e) => e.position <= setupEnd), measured: plain.filter((e) => e.position > setupEnd) };
  } finally {
    await core.close();
    rmSync(root, { recursive: true, force: true });
  }
}

/**
 * CPU µs per measured event, applying the setup first (unmeasured) into a fresh store; with `countPages`, instead, the
 * pages the measured commits wrote to the WAL, per event (checkpoints off: the WAL keeps every page written).
 */
function run(build: Build, log: { setup: RecordedEvent[]; measured: RecordedEvent[] }, countPages = false): number {
  const dir = mkdtempSync(join(tmpdir(), 'arbitra-projection-results-bench-'));
  const projection = build.tournaments.tournamentsProjection;
  const store = new build.store.ReadModelStore(join(dir, 'read-models.db'), 'NORMAL');
  store.register([projection]);
  const apply = (evs: RecordedEvent[], size: number) => applyInPages(store, projection, evs, size);
  try {
    apply(log.setup, 50);
    if (countPages) {
      store.db.pragma('wal_checkpoint(TRUNCATE)');
      store.db.pragma('wal_autocheckpoint = 0');
      apply(log.measured, BATCH);
      const frame = (store.db.pragma('page_size', { simple: true }) as number) + 24;
      return statSync(join(dir, 'read-models.db-wal')).size / frame / log.measured.length;
    }
    const before = cpuUs();
    apply(log.measured, BATCH);
    return (cpuUs() - before) / log.measured.length;
  } finally {
    store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

const mine = await load(fileURLToPath(new URL('..', import.meta.url)));
const other = compare ? await load(compare) : undefined;
const log = await record();
console.log(
  `tournaments read model: ${TOURNAMENTS} tournaments × ${PLAYERS} players, ${log.measured.length} results in batches of ${BATCH}; CPU µs per result, median of ${REPEAT} runs${other ? `; compared: ${compare}` : ''}`,
);
const a: number[] = [];
const b: number[] = [];
for (let r = 0; r < REPEAT; r++) {
  a.push(run(mine, log));
  if (other) b.push(run(other, log));
}
const min = (xs: number[]) => Math.min(...xs);
const line = `this build ${median(a).toFixed(1)} µs, lowest ${min(a).toFixed(1)} (runs ${a.map((x) => x.toFixed(0)).join(' ')})`;
console.log(
  other
    ? `${line}; compared ${median(b).toFixed(1)} µs, lowest ${min(b).toFixed(1)} (runs ${b.map((x) => x.toFixed(0)).join(' ')}); ${(median(a) / median(b)).toFixed(2)}×`
    : line,
);
const pages = `WAL pages written per result: this build ${run(mine, log, true).toFixed(2)}`;
console.log(other ? `${pages}; compared ${run(other, log, true).toFixed(2)}` : pages);
