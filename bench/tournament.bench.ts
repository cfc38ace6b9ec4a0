/**
 * `npm run bench:tournament`: a Scrabble tournament of 100 players over 7 Australian-draw rounds,
 * recorded through the real command path into a SQLite log; then every tournament read model
 * (summary, rounds, standings, crosstable, provisional pairings) is rebuilt from the log: as run (the documents
 * computed when first read: none here), with the documents computed at the end of every batch (as before they were
 * deferred), and computed after every event (what a per-event reducer costs), side by side. Not a test.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pair } from '../libs/domain/pairing/index.js';
import { pairingRequestFor, type TournamentCommand } from '../libs/domain/tournament/index.js';
import type { CommandContext } from '../libs/domain/kernel/index.js';
import { ArbitraCore } from '../libs/runtime/arbitra-core.js';
import {
  COLLECTIONS,
  divisionKey,
  roundDocKey,
  TOURNAMENT_FEATURE,
  TournamentAggregate,
  TOURNAMENTS_PROJECTION,
} from '../libs/runtime/features/tournament/index.js';
import { streamOf } from '../libs/runtime/command-handler.js';
import type { DocumentTx, Projection } from '../libs/runtime/projections/projection.js';
import { ProjectionRunner } from '../libs/runtime/projections/projection-runner.js';
import { ReadModelStore } from '../libs/runtime/projections/read-model-store.js';

const PLAYERS = 100;
const ROUNDS = 7;
const root = mkdtempSync(join(tmpdir(), 'arbitra-tournament-bench-'));
let n = 0;
const ctx = (): CommandContext => ({ at: '2026-11-29T10:00:00.000Z', actor: { id: 'td-1', role: 'chief-arbiter' }, commandId: `c-${++n}` });

async function run(core: ArbitraCore, build: (c: CommandContext) => TournamentCommand) {
  return core.execute(TournamentAggregate, 'bench-open', build(ctx()));
}

const core = new ArbitraCore({ config: { dataDir: root, sqliteSync: 'OFF', groupCommit: true }, features: [] });
let t = performance.now();
await run(core, (context) => ({
  type: 'tournament.create',
  context,
  data: { id: 'bench-open', name: 'Bench Open', discipline: 'scrabble', roundsPlanned: ROUNDS, pairingSystems: ['australian-draw'] },
}));
for (let i = 0; i < PLAYERS; i++)
  await run(core, (context) => ({ type: 'tournament.register-player', context, data: { player: { id: `p${i}`, name: `Player ${i}`, rating: 2000 - i } } }));
for (let round = 1; round <= ROUNDS; round++) {
  const { state } = await core.commands.load(TournamentAggregate, streamOf(TournamentAggregate, 'bench-open'));
  if (state.status !== 'open') throw new Error('tournament missing');
  const seed = `bench-open:main:${round}`;
  const result = pair('australian-draw', pairingRequestFor(state, 'main', round, seed));
  await run(core, (context) => ({
    type: 'tournament.pair-round',
    context,
    data: { round, pairing: { kind: 'system', system: 'australian-draw', seed, result } },
  }));
  await run(core, (context) => ({ type: 'tournament.publish-round', context, data: { round } }));
  for (const g of result.games) {
    const first = 350 + ((g.table * 37 + round * 11) % 120);
    await run(core, (context) => ({
      type: 'tournament.record-result',
      context,
      data: {
        round,
        table: g.table,
        source: { kind: 'arbiter' },
        result: { kind: 'played', outcome: first > 400 ? 'first' : first < 400 ? 'second' : 'draw', score: { first, second: 400 } },
      },
    }));
  }
}
const recordMs = performance.now() - t;
const events = await core.store.headPosition();
process.stdout.write(`${PLAYERS} players, ${ROUNDS} rounds: ${events} events recorded through the command path in ${(recordMs / 1000).toFixed(2)} s\n\n`);

/** The documents a projection defers (DocumentTx.defer) computed at once instead, as before they were deferred. */
const computedAtOnce = new WeakMap<DocumentTx, DocumentTx>();
const atOnce = (docs: DocumentTx): DocumentTx => {
  let tx = computedAtOnce.get(docs);
  if (!tx)
    computedAtOnce.set(
      docs,
      (tx = {
        get: (c, k) => docs.get(c, k),
        put: (c, k, v, bytes) => docs.put(c, k, v, bytes),
        delete: (c, k) => docs.delete(c, k),
        defer: (c, k, f) => docs.put(c, k, f()),
      }),
    );
  return tx;
};
const computed = (p: Projection): Projection => ({
  ...p,
  name: `${p.name}-computed`,
  apply: (e, docs) => p.apply(e, atOnce(docs)),
  flush: (docs) => p.flush?.(atOnce(docs)),
});
/** The same, deriving its per-division documents after every event. */
const perEvent = (p: Projection): Projection => ({
  ...p,
  name: `${p.name}-per-event`,
  apply(e, docs) {
    p.apply(e, atOnce(docs));
    p.flush?.(atOnce(docs));
  },
  flush: undefined,
});

const projections = TOURNAMENT_FEATURE.projections ?? [];
/** Milliseconds to read each computed-when-read document of the tournament twice, in a fresh store's memory. */
function reads(readModels: ReadModelStore): Record<string, [number, number]> {
  const out: Record<string, [number, number]> = {};
  for (const [name, projection, collection, key] of [
    ['summary', TOURNAMENTS_PROJECTION, COLLECTIONS.summary, 'bench-open'],
    [`round ${ROUNDS}`, TOURNAMENTS_PROJECTION, COLLECTIONS.round, roundDocKey('bench-open', 'main', ROUNDS)],
    ['standings', TOURNAMENTS_PROJECTION, COLLECTIONS.standings, divisionKey('bench-open', 'main')],
    ['crosstable', TOURNAMENTS_PROJECTION, COLLECTIONS.crosstable, divisionKey('bench-open', 'main')],
    ['provisional pairings', TOURNAMENTS_PROJECTION, COLLECTIONS.provisional, divisionKey('bench-open', 'main')],
  ] as const) {
    const times: number[] = [];
    for (let i = 0; i < 2; i++) {
      const started = performance.now();
      if (!readModels.raw(projection, collection, key)) throw new Error(`${name}: no document`);
      times.push(performance.now() - started);
    }
    out[name] = [times[0], times[1]];
  }
  return out;
}
let asRun: ReadModelStore | undefined;
for (const [label, set] of [
  ['computed when read (as run)', projections],
  ['computed once per batch', projections.map(computed)],
  ['computed after every event', projections.map(perEvent)],
] as const) {
  const readModels = new ReadModelStore(join(root, `${label.length}.db`), 'OFF');
  const runner = new ProjectionRunner(core.store, readModels, set, core.upcasters);
  t = performance.now();
  await runner.rebuild();
  process.stdout.write(`rebuild of ${set.length} tournament read models, ${label.padEnd(32)} ${((performance.now() - t) / 1000).toFixed(2)} s\n`);
  if (set === projections) asRun = readModels;
  else readModels.close();
}
// What computing when read moves to the reader: the first read of each document after the last event, then a second
// (read once the other rebuilds have run the same code many times, as in a server that has been up a while).
process.stdout.write('\nfirst read after the last event (computed), then a second read (kept bytes):\n');
for (const [name, [first, second]] of Object.entries(reads(asRun!)))
  process.stdout.write(`  ${name.padEnd(24)} ${first.toFixed(2).padStart(7)} ms   ${second.toFixed(3).padStart(7)} ms\n`);
await core.close();
rmSync(root, { recursive: true, force: true });
