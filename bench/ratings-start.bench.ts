/**
 * Rating-list import and mahjong ranking benchmark (not a test): `npm run bench:ratings-start`. Issue 31:
 *  - seeding a 50,000-player list (FIDE rapid records): the CSV read and checked line by line (csv-parse, person names,
 *    the engine's domain, the registry), then recorded through the runtime as one event and projected (the list of
 *    50,000, the registry, 50,000 player pages), and a rebuild of the ratings projection from the log; lines/s, target
 *    ≥ 50,000 lines/s for the read and check (a federation's list in about a second);
 *  - the EMA mahjong ranking (mahjong-ranking 2): 1,200 tournaments of 40 to 120 players drawn from 6,000 players over
 *    three years (36 monthly periods), every period's ranking rebuilt; CPU ms per period, target ≤ 100 (a monthly list).
 * Seeded: the same run gives the same figures apart from time.
 */
import { stringify } from 'csv-stringify/sync';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { readRatingList } from '../libs/api/ratings/list-import.js';
import { createRng } from '../libs/domain/kernel/index.js';
import {
  DEFAULT_RATING_PROFILES,
  FIDE_RAPID_2024,
  initialRegistry,
  listFromTables,
  priorTable,
  ratePeriod,
  type ListEntry,
  type PeriodInput,
  type RatedTournament,
} from '../libs/domain/ratings/index.js';
import { ArbitraCore } from '../libs/runtime/arbitra-core.js';
import { MemoryDocuments } from '../libs/runtime/projections/projection.js';
import { importList, RATINGS_FEATURE, ratingsProjection } from '../libs/runtime/features/ratings/index.js';

const rng = createRng('arbitra-ratings-start-bench');

function timed<T>(work: () => T): { ms: number; cpuMs: number; value: T } {
  const cpu = process.cpuUsage();
  const start = performance.now();
  const value = work();
  const used = process.cpuUsage(cpu);
  return { ms: performance.now() - start, cpuMs: (used.user + used.system) / 1000, value };
}
async function timedAsync<T>(work: () => Promise<T>): Promise<{ ms: number; cpuMs: number; value: T }> {
  const cpu = process.cpuUsage();
  const start = performance.now();
  const value = await work();
  const used = process.cpuUsage(cpu);
  return { ms: performance.now() - start, cpuMs: (used.user + used.system) / 1000, value };
}
const rate = (n: number, ms: number) => Math.round(n / (ms / 1000)).toLocaleString('en');

// 1. Seeding a 50,000-player list.
const PLAYERS = 50_000;
const COUNTRIES = ['HKG', 'MAC', 'TPE', 'SGP', 'MAS', 'CHN', 'JPN', 'KOR'];
const rows = Array.from({ length: PLAYERS }, (_, i) => [
  `FIDE-${100000 + i}`,
  `Player ${i} Chan`,
  COUNTRIES[i % COUNTRIES.length],
  String(rng.int(1400, 2800)),
  String(rng.int(0, 400)),
  i % 7 === 0 ? String(rng.int(1950, 2015)) : '',
  '2026-10-31',
]);
const csv = stringify([['federationId', 'name', 'country', 'rating', 'games', 'birthYear', 'date'], ...rows], { record_delimiter: '\r\n' });
const engine = { name: 'fide-rapid', version: 2024 };
console.log(`ratings start bench: a ${PLAYERS.toLocaleString('en')}-player list (${(csv.length / 1e6).toFixed(1)} MB of CSV)`);
timed(() => readRatingList(csv, FIDE_RAPID_2024, initialRegistry())); // warm-up
const read = timed(() => readRatingList(csv, FIDE_RAPID_2024, initialRegistry()));
console.log(
  `read and check (csv-parse, names, domain, registry): ${read.cpuMs.toFixed(0)} ms CPU [${read.ms.toFixed(0)} wall], ` +
    `${rate(PLAYERS, read.cpuMs)} lines/s ${PLAYERS / (read.cpuMs / 1000) >= 50_000 ? 'ok' : 'MISS'} (≥ 50,000)`,
);
const dataDir = mkdtempSync(join(tmpdir(), 'arbitra-bench-import-'));
const core = new ArbitraCore({ config: { dataDir, sqliteSync: 'OFF', groupCommit: false }, features: [RATINGS_FEATURE] });
await core.start();
const context = { at: '2026-11-01T09:00:00Z', actor: { id: 'federation', role: 'admin' as const }, commandId: 'bench-import' };
const recorded = await timedAsync(async () => {
  const r = await importList(core, 'chess-rapid', { engine, sha256: read.value.sha256, lines: read.value.lines }, context, {}, 60_000);
  await core.projections.waitFor(r.position, 600_000);
  return r;
});
console.log(
  `record (decide again, one event) and project (list, registry, ${PLAYERS.toLocaleString('en')} pages): ` +
    `${recorded.cpuMs.toFixed(0)} ms CPU [${recorded.ms.toFixed(0)} wall], ${rate(PLAYERS, recorded.cpuMs)} players/s`,
);
const events = await core.store.readAll(0, 10);
const rebuilt = timed(() => {
  const docs = new MemoryDocuments();
  for (const e of events) if (ratingsProjection.handles(e.type)) ratingsProjection.apply(e, docs);
  return docs;
});
console.log(`rebuild of the ratings projection from the log: ${rebuilt.cpuMs.toFixed(0)} ms CPU [${rebuilt.ms.toFixed(0)} wall]`);
console.log(`end to end (read, check, record, project): ${(read.cpuMs + recorded.cpuMs).toFixed(0)} ms CPU`);
await core.close();
rmSync(dataDir, { recursive: true, force: true });

// 2. The EMA mahjong ranking.
const MJ_PLAYERS = 6_000;
const MJ_TOURNAMENTS = 1_200;
const MJ_PERIODS = 36;
const mjIds = Array.from({ length: MJ_PLAYERS }, (_, i) => `m${i}`);
const day = (offset: number) => new Date(Date.UTC(2024, 0, 1) + offset * 86_400_000).toISOString().slice(0, 10);
const mjPeriods: PeriodInput[] = Array.from({ length: MJ_PERIODS }, (_, p) => ({ period: `M${p + 1}`, closesOn: day((p + 1) * 30), tournaments: [] }));
let placings = 0;
for (let t = 0; t < MJ_TOURNAMENTS; t++) {
  const p = Math.floor((t * MJ_PERIODS) / MJ_TOURNAMENTS);
  const size = rng.int(40, 120);
  const field = rng.shuffle(Array.from({ length: MJ_PLAYERS }, (_, i) => i)).slice(0, size);
  // A tenth of each field is unidentified: placed, counted in N, not ranked.
  const identified = field.map((i, at) => ({ id: mjIds[i], place: at + 1 })).filter((_, at) => at % 10 !== 3);
  placings += identified.length;
  const tour: RatedTournament = {
    id: `mj${t}`,
    endsOn: day(p * 30 + 1 + (t % 29)),
    players: identified.map((x) => ({ id: x.id })),
    games: [],
    placings: identified.map((x) => ({ player: x.id, place: x.place })),
    field: size,
    sessions: 8,
    days: rng.int(1, 3),
    countries: rng.int(1, 12),
  };
  (mjPeriods[p].tournaments as RatedTournament[]).push(tour);
}
const profile = DEFAULT_RATING_PROFILES.mahjong;
const identities = Object.fromEntries(mjIds.map((id, i) => [id, { name: `Player ${i}`, country: COUNTRIES[i % COUNTRIES.length] }]));
function rankAll(): readonly ListEntry[] {
  let prior: readonly ListEntry[] = [];
  for (const input of mjPeriods) {
    const before = priorTable(prior, {});
    prior = listFromTables(before, ratePeriod(before, input, profile), input, profile, identities).entries;
  }
  return prior;
}
rankAll(); // warm-up
const mj = timed(rankAll);
const ranked = mj.value.filter((e) => e.rank !== null).length;
console.log(
  `EMA ranking (mahjong-ranking ${profile.engine.version}): ${MJ_TOURNAMENTS} tournaments, ${placings.toLocaleString('en')} placings, ${MJ_PERIODS} periods, ` +
    `${MJ_PLAYERS} players (${ranked} ranked at the end): ${mj.cpuMs.toFixed(0)} ms CPU [${mj.ms.toFixed(0)} wall], ` +
    `${rate(placings, mj.cpuMs)} placings/s, ${(mj.cpuMs / MJ_PERIODS).toFixed(1)} ms per period ${mj.cpuMs / MJ_PERIODS <= 100 ? 'ok' : 'MISS'} (≤ 100)`,
);
