/**
 * `npm run bench:federation`: many tournaments active at once. For each N, a fresh core gets N tournaments of PLAYERS
 * players each and one more registration each (setup and the round robin's steady state, not measured), then COMMANDS
 * registrations round robin over the N tournaments, each through the real command path and followed by the read
 * models' catch-up (one event per batch, a quiet server). Prints CPU µs per command (process.cpuUsage: steadier than
 * wall time on a shared machine), the projections' share, how many times per command a tournament projection found
 * its folded state missing from the read-model store's memory and folded it again from its snapshot and journal (with
 * the journal entries read), the heap in use after the run (after a full GC with --expose-gc, as the npm script
 * runs it) and what the read-model store keeps in memory (ReadModelStore.memory), for every N side by side with ratios against the first. Not a test: numbers vary with the machine.
 *   --n=50,200,500,1000,2000 --players=20 --commands=2000
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CommandContext } from '../libs/domain/kernel/index.js';
import type { TournamentCommand } from '../libs/domain/tournament/index.js';
import { ArbitraCore } from '../libs/runtime/arbitra-core.js';
import { COLLECTIONS, TOURNAMENT_FEATURE, TournamentAggregate } from '../libs/runtime/features/tournament/index.js';
import { FOLD_ENTRY } from '../libs/runtime/features/tournament/tournament-fold.js';
import type { DocumentTx, Projection } from '../libs/runtime/projections/projection.js';

const args = new Map(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=') as [string, string]));
const SIZES = (args.get('n') ?? '50,200,500,1000,2000').split(',').map(Number);
const PLAYERS = Number(args.get('players') ?? 20);
const COMMANDS = Number(args.get('commands') ?? 2000);
const root = mkdtempSync(join(tmpdir(), 'arbitra-federation-bench-'));
let n = 0;
const ctx = (): CommandContext => ({ at: '2026-11-29T10:00:00.000Z', actor: { id: 'td-1', role: 'chief-arbiter' }, commandId: `c-${++n}` });

/** What the tournament projections read while applying events: folds started without the state in memory. */
const counts = { refolds: 0, entries: 0 };
/**
 * The projection, its DocumentTx watched: a `get` of the folded state that misses starts a fold from the snapshot and
 * journal (tournament-fold.ts, foldedState), each journal entry read is one event folded again. The same watched tx
 * for apply and flush of one batch (the per-division documents keep their marks per tx).
 */
function watched(p: Projection): Projection {
  const txs = new WeakMap<DocumentTx, DocumentTx>();
  const watch = (docs: DocumentTx): DocumentTx => {
    let tx = txs.get(docs);
    if (!tx)
      txs.set(
        docs,
        (tx = {
          get: <T>(c: string, k: string) => {
            const value = docs.get<T>(c, k);
            if (c === COLLECTIONS.state && value === undefined) counts.refolds++;
            else if (c === FOLD_ENTRY) counts.entries++;
            return value;
          },
          put: (c, k, v, bytes) => docs.put(c, k, v, bytes),
          delete: (c, k) => docs.delete(c, k),
          defer: (c, k, f) => docs.defer(c, k, f),
        }),
      );
    return tx;
  };
  return { ...p, apply: (e, docs) => p.apply(e, watch(docs)), flush: p.flush && ((docs) => p.flush?.(watch(docs))) };
}
const feature = { ...TOURNAMENT_FEATURE, projections: (TOURNAMENT_FEATURE.projections ?? []).map(watched) };

const register = (player: string): TournamentCommand => ({
  type: 'tournament.register-player',
  context: ctx(),
  data: { player: { id: player, name: `Player ${player}`, rating: 1400 } },
});

interface Row {
  n: number;
  cpu: number;
  projections: number;
  refolds: number;
  entries: number;
  /** MB of heap in use after the run (after a full GC with --expose-gc): the core, its caches and the read models' memory. */
  heap: number;
  /** The parsed documents the read-model store keeps for the next batches: how many, and their estimated JSON MB. */
  kept: number;
  keptMb: number;
}

async function measure(tournaments: number, commands: number): Promise<Row> {
  const dir = join(root, `n-${tournaments}-${n}`);
  const core = new ArbitraCore({ config: { dataDir: dir, sqliteSync: 'OFF', groupCommit: true }, features: [feature] });
  try {
    for (let t = 0; t < tournaments; t++) {
      const id = `t-${t}`;
      const setup: TournamentCommand[] = [
        { type: 'tournament.create', context: ctx(), data: { id, name: `Open ${t}`, discipline: 'scrabble', pairingSystems: ['random'] } },
        ...Array.from({ length: PLAYERS }, (_, i): TournamentCommand => ({
          type: 'tournament.register-player',
          context: ctx(),
          data: { player: { id: `p${i}`, name: `Player ${i}`, rating: 1500 + i } },
        })),
      ];
      await core.executeSequence(TournamentAggregate, id, setup);
    }
    await core.projections.catchUp();
    // One registration per tournament first, unmeasured: what follows is the steady state of the round robin.
    for (let t = 0; t < tournaments; t++) {
      await core.execute(TournamentAggregate, `t-${t}`, register(`early-${t}`));
      await core.projections.catchUp();
    }
    counts.refolds = 0;
    counts.entries = 0;
    let projections = 0;
    const started = process.cpuUsage();
    for (let i = 0; i < commands; i++) {
      await core.execute(TournamentAggregate, `t-${i % tournaments}`, register(`late-${i}`));
      const before = process.cpuUsage();
      await core.projections.catchUp();
      const used = process.cpuUsage(before);
      projections += used.user + used.system;
    }
    const used = process.cpuUsage(started);
    (globalThis as { gc?: () => void }).gc?.();
    const heap = process.memoryUsage().heapUsed / 2 ** 20;
    const kept = core.readModels.memory();
    return {
      n: tournaments,
      cpu: (used.user + used.system) / commands,
      projections: projections / commands,
      heap,
      kept: kept.entries,
      keptMb: kept.bytes / 2 ** 20,
      ...perCommand(commands),
    };
  } finally {
    await core.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
const perCommand = (commands: number) => ({ refolds: counts.refolds / commands, entries: counts.entries / commands });

try {
  await measure(SIZES[0], COMMANDS); // warm-up: the first N is not measured cold
  const rows: Row[] = [];
  for (const size of SIZES) rows.push(await measure(size, COMMANDS));
  process.stdout.write(
    `${COMMANDS} registrations round robin over N tournaments of ${PLAYERS} players (a fresh core per N), read models caught up after each\n\n` +
      `     N   CPU µs/command   ×N=${rows[0].n}   projections µs   ×N=${rows[0].n}   refolds/command   entries read/command   heap MB   kept docs (est. MB)\n`,
  );
  for (const r of rows)
    process.stdout.write(
      `${String(r.n).padStart(6)}   ${r.cpu.toFixed(0).padStart(14)}   ${(r.cpu / rows[0].cpu).toFixed(2).padStart(6)}×   ${r.projections.toFixed(0).padStart(14)}   ` +
        `${(r.projections / rows[0].projections).toFixed(2).padStart(6)}×   ${r.refolds.toFixed(2).padStart(15)}   ${r.entries.toFixed(1).padStart(20)}   ${r.heap.toFixed(0).padStart(7)}   ${String(r.kept).padStart(9)} (${r.keptMb.toFixed(1)})\n`,
    );
} finally {
  rmSync(root, { recursive: true, force: true });
}
