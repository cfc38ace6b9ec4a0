/**
 * Ratings benchmark (not a test): `npm run bench:ratings`.
 * A synthetic federation history (issue 15, Performance): 2,000 tournaments of 100 players × 10 rounds drawn from 20,000
 * players, 1,000,000 games over two years, closed as 24 monthly periods. Times:
 *  - the full rebuild: every period rated from the previous list and its list built (ranks, activity, changes), per
 *    engine; target ≥ 200,000 games/s;
 *  - adding one 300-player, 10-round tournament (1,500 games) to the last period and rebuilding that period's list of
 *    20,000 players (median of 9); target ≤ 100 ms. Only the tournament's players change (addToPeriod, addToList).
 * Results are seeded: the same run gives the same ratings.
 */
import { performance } from 'node:perf_hooks';
import { createRng } from '../libs/domain/kernel/index.js';
import {
  addToList,
  addToPeriod,
  DEFAULT_RATING_PROFILES,
  EGD_2021,
  FIDE_RAPID_2024,
  GLICKO2_V1,
  listFromTables,
  priorTable,
  ratePeriod,
  WESPA_V1,
  type ListEntry,
  type PlayerRating,
  type PeriodInput,
  type RatedGame,
  type RatedTournament,
  type RatingProfile,
} from '../libs/domain/ratings/index.js';
import { median } from './support/measure.js';

const PLAYERS = 20_000;
const TOURNAMENTS = 2_000;
const FIELD = 100;
const ROUNDS = 10;
const PERIODS = 24;

const rng = createRng('arbitra-ratings-bench');
const skill = Array.from({ length: PLAYERS }, () => rng.int(1000, 2200));
const ids = Array.from({ length: PLAYERS }, (_, i) => `p${i}`);
const identities = Object.fromEntries(ids.map((id, i) => [id, { name: `Player ${i}`, country: ['HKG', 'MAC', 'TPE', 'SGP', 'MAS'][i % 5] }]));

const day = (offset: number) => new Date(Date.UTC(2025, 0, 1) + offset * 86_400_000).toISOString().slice(0, 10);

function tournament(id: string, size: number, endsOn: string): RatedTournament {
  const field = rng.shuffle(Array.from({ length: PLAYERS }, (_, i) => i)).slice(0, size);
  const games: RatedGame[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const order = rng.shuffle(field);
    for (let i = 0; i + 1 < order.length; i += 2) {
      const a = order[i];
      const b = order[i + 1];
      const p = 1 / (1 + Math.exp((skill[b] - skill[a]) / 172));
      const x = rng.int(0, 9_999) / 10_000;
      games.push({ round, a: ids[a], b: ids[b], score: x < 0.02 ? 0.5 : x < p ? 1 : 0 });
    }
  }
  return { id, endsOn, players: field.map((i) => ({ id: ids[i], declaredRating: skill[i] })), games, sessions: ROUNDS, countries: 5 };
}

const periods: PeriodInput[] = Array.from({ length: PERIODS }, (_, p) => ({
  period: `P${p + 1}`,
  closesOn: day((p + 1) * 30),
  tournaments: [] as RatedTournament[],
}));
for (let t = 0; t < TOURNAMENTS; t++) {
  const p = Math.floor((t * PERIODS) / TOURNAMENTS);
  const endsOn = day(p * 30 + 1 + (t % 29));
  (periods[p].tournaments as RatedTournament[]).push(tournament(`t${t}`, FIELD, endsOn));
}
const totalGames = periods.reduce((s, p) => s + p.tournaments.reduce((x, t) => x + t.games.length, 0), 0);
const extra = tournament('late-300', 300, periods[PERIODS - 1].closesOn);

/** Wall-clock and CPU milliseconds of `work` (the CPU time is this process's own: the honest figure on a shared machine). */
function timed<T>(work: () => T): { ms: number; cpuMs: number; value: T } {
  const cpu = process.cpuUsage();
  const start = performance.now();
  const value = work();
  const ms = performance.now() - start;
  const used = process.cpuUsage(cpu);
  return { ms, cpuMs: (used.user + used.system) / 1000, value };
}

/** Every period from the previous list; keeps the last two lists (the last period's prior and its list). */
function rebuild(profile: RatingProfile): ListEntry[][] {
  const lists: ListEntry[][] = [];
  let prior: readonly ListEntry[] = [];
  for (const input of periods) {
    const before = priorTable(prior, {});
    const list = listFromTables(before, ratePeriod(before, input, profile), input, profile, identities);
    lists.push(list.entries as ListEntry[]);
    if (lists.length > 2) lists.shift();
    prior = list.entries;
  }
  return lists;
}

/**
 * Adds the 300-player tournament to the last period: its players' records (addToPeriod: per-tournament engines add it to a
 * copy of the period's table, period engines re-rate that period over those players' games only) and their entries in the
 * period's list (addToList).
 */
function addOne(profile: RatingProfile, priorList: readonly ListEntry[], periodTable: ReadonlyMap<string, PlayerRating>): { ms: number; cpuMs: number } {
  const last = periods[PERIODS - 1];
  const input = { ...last, tournaments: [...last.tournaments, extra] };
  const before = priorTable(priorList, {});
  const periodList = listFromTables(before, periodTable, last, profile, identities);
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < 9; i++) {
    const t = timed(() => addToList(periodList, before, addToPeriod(before, periodTable, input, extra, profile), extra, last.closesOn, profile, identities));
    wall.push(t.ms);
    cpu.push(t.cpuMs);
  }
  return { ms: median(wall), cpuMs: median(cpu) };
}

const engines: Array<[string, RatingProfile]> = [
  ['wespa-elo 1', { engine: WESPA_V1, ranked: DEFAULT_RATING_PROFILES.scrabble.ranked }],
  ['egd-gor 2021', { engine: EGD_2021, ranked: DEFAULT_RATING_PROFILES.go.ranked }],
  ['fide-rapid 2024', { engine: FIDE_RAPID_2024, ranked: DEFAULT_RATING_PROFILES['chess-rapid'].ranked }],
  ['glicko2 1', { engine: GLICKO2_V1, ranked: DEFAULT_RATING_PROFILES.xiguaqi.ranked }],
];

const only = process.argv[2];
console.log(`ratings bench: ${TOURNAMENTS} tournaments, ${PLAYERS} players, ${totalGames} games, ${PERIODS} periods`);
console.log('Rates by CPU time of this process (wall clock in brackets: on a shared machine it includes other processes’ turns).');
console.log('engine            full rebuild games/s (≥ 200,000)          add 300×10 to last period (≤ 100 ms)');
for (const [name, profile] of engines.filter(([n]) => only === undefined || n.startsWith(only))) {
  rebuild(profile); // warm-up
  const full = timed(() => rebuild(profile));
  const lists = full.value;
  const periodTable = ratePeriod(priorTable(lists[0], {}), periods[PERIODS - 1], profile);
  const add = addOne(profile, lists[0], periodTable);
  const rate = Math.round(totalGames / (full.cpuMs / 1000));
  const wallRate = Math.round(totalGames / (full.ms / 1000));
  console.log(
    `${name.padEnd(16)} ${rate.toLocaleString('en').padStart(10)} [${wallRate.toLocaleString('en')}] ${rate >= 200_000 ? 'ok  ' : 'MISS'}` +
      `        ${add.cpuMs.toFixed(1).padStart(7)} ms [${add.ms.toFixed(1)}] ${add.cpuMs <= 100 ? 'ok' : 'MISS'}`,
  );
}
