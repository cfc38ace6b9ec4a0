/**
 * `npm run bench:reactions -- --compare=<another build's dist/>`: what a process manager's reaction costs in one
 * process. A Go tournament pairs --games=200 boards in round 1, each a linked game; then the games end one at a time
 * (a resignation) and the result poster posts each result to the tournament (a reaction). After each resignation the
 * core settles and every read model catches up (a quiet server: one burst per wake). Prints CPU µs per finished game
 * (process.cpuUsage: steadier than wall time on a shared machine), the wall time from the resignation to the read
 * models showing the result, and the log's readAll calls per game, for this build and, with --compare, another one, in
 * --rounds=5 interleaved rounds (a fresh core each, setup not measured); the median of the per-round ratios. Not a
 * test: numbers vary with the machine.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { median } from './support/measure.js';
import type { CommandContext } from '../libs/domain/kernel/index.js';
import type * as Core from '../libs/runtime/arbitra-core.js';
import type * as Go from '../libs/runtime/features/go/index.js';
import type * as Tournament from '../libs/runtime/features/tournament/index.js';
import type * as Sqlite from '../libs/store/sqlite/sqlite-event-store.js';

const args = new Map(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=') as [string, string]));
const GAMES = Number(args.get('games') ?? 200);
const ROUNDS = Number(args.get('rounds') ?? 5);
const compare = args.get('compare');

type Build = { name: string; core: typeof Core; go: typeof Go; tournament: typeof Tournament; sqlite: typeof Sqlite };
async function load(name: string, root: string): Promise<Build> {
  const from = async <T>(path: string) => (await import(pathToFileURL(join(root, path)).href)) as T;
  return {
    name,
    core: await from('libs/runtime/arbitra-core.js'),
    go: await from('libs/runtime/features/go/index.js'),
    tournament: await from('libs/runtime/features/tournament/index.js'),
    sqlite: await from('libs/store/sqlite/sqlite-event-store.js'),
  };
}

let n = 0;
const ctx = (): CommandContext => ({ at: '2026-12-07T10:00:00.000Z', actor: { id: 'td-1', role: 'chief-arbiter' }, commandId: `c-${++n}` });

/** One round of one build: setup (not measured), then GAMES resignations, each settled and projected. */
async function run(b: Build): Promise<{ cpuUs: number; wallUs: number; reads: number }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'arbitra-reactions-bench-'));
  const log = new b.sqlite.SqliteEventStore({ path: join(dataDir, 'events.db'), synchronous: 'OFF', groupCommit: true });
  let reads = 0;
  const store = Object.assign(Object.create(log) as Sqlite.SqliteEventStore, {
    readAll: (after: number, limit: number) => (reads++, log.readAll(after, limit)),
  });
  const core = new b.core.ArbitraCore({
    config: { dataDir, sqliteSync: 'OFF', groupCommit: true },
    store,
    features: [b.tournament.TOURNAMENT_FEATURE, b.go.GO_FEATURE],
  });
  await core.start();
  const T = b.tournament.TournamentAggregate;
  const tournament = (type: string, data: unknown) => core.execute(T, 'go-open', { type, data, context: ctx() } as never);
  await tournament('tournament.create', { id: 'go-open', name: 'Go Open', discipline: 'go', pairingSystems: ['random'] });
  for (let i = 0; i < 2 * GAMES; i++) await tournament('tournament.register-player', { player: { id: `p${i}`, name: `Player ${i}` } });
  const games = Array.from({ length: GAMES }, (_, i) => ({ table: i + 1, first: `p${2 * i}`, second: `p${2 * i + 1}` }));
  await tournament('tournament.pair-round', { round: 1, pairing: { kind: 'manual', reason: 'bench', games, tables: [], bye: null } });
  await tournament('tournament.publish-round', { round: 1 });
  const G = b.go.GO_GAME.aggregate;
  const game = (i: number, type: string, data: unknown) => core.execute(G, `g${i}`, { type, data, context: ctx() } as never);
  for (const [i, g] of games.entries()) {
    const players = [g.second, g.first].map((id) => ({ id, name: id }));
    await game(i, 'go.start-game', { players, link: { tournamentId: 'go-open', round: 1, table: g.table, firstSeat: 1 } });
  }
  await core.settle();
  await core.projections.catchUp();

  reads = 0;
  const cpu = process.cpuUsage();
  const wall = performance.now();
  for (let i = 0; i < GAMES; i++) {
    await game(i, 'go.resign', { seat: i % 2 });
    await core.settle();
    if (!(await core.projections.waitFor(await core.store.headPosition(), 10_000))) throw new Error('the read models did not catch up');
  }
  const used = process.cpuUsage(cpu);
  const wallUs = ((performance.now() - wall) * 1000) / GAMES;
  const measuredReads = reads;
  // Every result arrived (the reactions were accepted, not refused).
  const results = (await core.store.readStream('tournament-go-open')).filter((e) => e.type === 'tournament.ResultRecorded').length;
  if (results !== GAMES) throw new Error(`${b.name}: ${results} results recorded for ${GAMES} games`);
  await core.close();
  rmSync(dataDir, { recursive: true, force: true });
  return { cpuUs: (used.user + used.system) / GAMES, wallUs, reads: measuredReads / GAMES };
}

const here = join(fileURLToPath(import.meta.url), '../..');
const builds = [await load('this build', here), ...(compare ? [await load(`compared (${compare})`, compare)] : [])];
const got = new Map(builds.map((b) => [b.name, [] as Array<{ cpuUs: number; wallUs: number; reads: number }>]));
await run(builds[0]); // warm-up, not counted
if (builds[1]) await run(builds[1]);
for (let r = 0; r < ROUNDS; r++) {
  // The order alternates each round, so neither build always runs on a warmer machine.
  for (const b of r % 2 === 0 ? builds : [...builds].reverse()) got.get(b.name)!.push(await run(b));
}
console.log(`${GAMES} linked Go games end one at a time; each result is posted by the result poster (a reaction)`);
for (const b of builds) {
  const rs = got.get(b.name)!;
  console.log(
    `${b.name}: CPU µs per finished game ${median(rs.map((x) => x.cpuUs)).toFixed(0)} (rounds ${rs.map((x) => x.cpuUs.toFixed(0)).join(', ')}); wall µs ${median(rs.map((x) => x.wallUs)).toFixed(0)}; log reads per game ${median(rs.map((x) => x.reads)).toFixed(2)}`,
  );
}
if (builds[1]) {
  const [a, c] = builds.map((b) => got.get(b.name)!);
  const ratios = a.map((x, i) => x.cpuUs / c[i].cpuUs);
  console.log(`CPU ratio this / compared, median of rounds: ${median(ratios).toFixed(3)} (${ratios.map((x) => x.toFixed(3)).join(', ')})`);
}
