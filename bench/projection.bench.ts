/**
 * `npm run bench:projection`: the tournament read models under the command phase of bench:http — WRITERS
 * tournaments, players registered round robin until each has PLAYERS — recorded through the real command
 * path into a SQLite log, then applied by a ProjectionRunner in pages of 1 event (a quiet server) and of
 * WRITERS events (about one per tournament, as under load), each projection alone and all together,
 * side by side in one run. Prints events/s, wall and CPU µs per event (the CPU time is steadier on a shared machine). Not a test: numbers vary with the machine.
 *   --writers=50 --players=100 --repeat=3 (the best of `repeat` runs is printed) --only=<projection name> (for a profile)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CommandContext } from '../libs/domain/kernel/index.js';
import { ArbitraCore } from '../libs/runtime/arbitra-core.js';
import { TOURNAMENT_FEATURE, TournamentAggregate } from '../libs/runtime/features/tournament/index.js';
import { MemoryDocuments, type DocumentTx, type Projection } from '../libs/runtime/projections/projection.js';
import { ProjectionRunner } from '../libs/runtime/projections/projection-runner.js';
import { ReadModelStore } from '../libs/runtime/projections/read-model-store.js';
import type { RecordedEvent } from '../libs/store/event-store.port.js';

const args = new Map(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=') as [string, string]));
const WRITERS = Number(args.get('writers') ?? 50);
const PLAYERS = Number(args.get('players') ?? 100);
const REPEAT = Number(args.get('repeat') ?? 3);
const root = mkdtempSync(join(tmpdir(), 'arbitra-projection-bench-'));
let n = 0;
const ctx = (): CommandContext => ({ at: '2026-11-29T10:00:00.000Z', actor: { id: 'td-1', role: 'chief-arbiter' }, commandId: `c-${++n}` });

const core = new ArbitraCore({ config: { dataDir: root, sqliteSync: 'OFF', groupCommit: true }, features: [] });
try {
  for (let w = 0; w < WRITERS; w++)
    await core.execute(TournamentAggregate, `w-${w}`, {
      type: 'tournament.create',
      context: ctx(),
      data: { id: `w-${w}`, name: `Writer ${w}`, discipline: 'scrabble', pairingSystems: ['random'] },
    });
  for (let i = 0; i < PLAYERS * WRITERS; i++)
    await core.execute(TournamentAggregate, `w-${i % WRITERS}`, {
      type: 'tournament.register-player',
      context: ctx(),
      data: { player: { id: `p${i}`, name: `Player ${i}`, rating: 1500 } },
    });
  const events = await core.store.headPosition();
  process.stdout.write(`${WRITERS} tournaments × ${PLAYERS} registrations: ${events} events; best of ${REPEAT} runs\n\n`);

  const projections = TOURNAMENT_FEATURE.projections ?? [];
  const only = args.get('only');
  // Each projection alone, and all of them together when there are several (since the standings and provisional pairings
  // joined the tournaments projection, there is one).
  const sets: Array<[string, readonly Projection[]]> = projections.map((p): [string, Projection[]] => [p.name, [p]]);
  if (projections.length > 1) sets.push([`all ${projections.length}`, projections]);
  if (only) sets.splice(0, sets.length, ...sets.filter(([label]) => label === only));
  let db = 0;
  for (const page of [1, WRITERS]) {
    for (const [label, set] of sets) {
      let best = Number.POSITIVE_INFINITY;
      let bestCpu = Number.POSITIVE_INFINITY;
      for (let r = 0; r < REPEAT; r++) {
        const readModels = new ReadModelStore(join(root, `rm-${db++}.db`), 'NORMAL');
        const runner = new ProjectionRunner(core.store, readModels, set, core.upcasters, { batch: page });
        const t = performance.now();
        const cpu = process.cpuUsage();
        await runner.catchUp();
        const used = process.cpuUsage(cpu);
        best = Math.min(best, performance.now() - t);
        bestCpu = Math.min(bestCpu, (used.user + used.system) / 1000);
        readModels.close();
      }
      process.stdout.write(
        `pages of ${String(page).padStart(3)} event(s), ${label.padEnd(24)} ${((events / best) * 1000).toFixed(0).padStart(7)} events/s  ` +
          `${((best * 1000) / events).toFixed(0).padStart(5)} µs/event  (CPU ${((bestCpu * 1000) / events).toFixed(0).padStart(5)} µs/event)\n`,
      );
    }
  }
  // What the store serialises and writes per event (pages of 1 event), counted the way applyBatch does: steady on any machine.
  const log = (await core.store.readAll(0, events)).map((e) => core.upcasters.upcast(e));
  process.stdout.write('\nJSON bytes written per event, pages of 1 event\n');
  for (const [label, set] of sets) process.stdout.write(`  ${label.padEnd(24)} ${(bytesWritten(set, log) / events / 1024).toFixed(1).padStart(6)} KB\n`);
} finally {
  await core.close();
  rmSync(root, { recursive: true, force: true });
}

/** The bytes of the documents each event's batch puts, as applyBatch serialises them (transient collections aside). */
function bytesWritten(set: readonly Projection[], log: readonly RecordedEvent[]): number {
  let bytes = 0;
  for (const p of set) {
    const stored = new MemoryDocuments();
    const transient = new Set(p.transient);
    for (const e of log) {
      const dirty = new Map<string, [string, string]>();
      const tx: DocumentTx = {
        get: (c, k) => stored.get(c, k),
        put: (c, k, v) => void (stored.put(c, k, v), dirty.set(`${c}\u0000${k}`, [c, k])),
        delete: (c, k) => void (stored.delete(c, k), dirty.set(`${c}\u0000${k}`, [c, k])),
        // A deferred document is computed when read, not when written: nothing is serialised for it here.
        defer: (c, k, compute) => void stored.defer(c, k, compute),
      };
      if (p.handles(e.type)) p.apply(e, tx);
      p.flush?.(tx);
      for (const [c, k] of dirty.values()) if (!transient.has(c)) bytes += JSON.stringify(stored.get(c, k) ?? null).length;
    }
  }
  return bytes;
}
