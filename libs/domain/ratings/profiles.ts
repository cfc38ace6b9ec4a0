import { byDiscipline } from '../discipline-kit/registry.js';
import { invalid } from '../kernel/errors.js';
import type { Discipline } from '../standings/results.js';
import { ANY_RATING, engineDomain, seedDeclared, type RatingDomain } from './domains.js';
import { EGD_2021, egdPeriod, egdTournament, type EgdProfile } from './egd.js';
import { FIDE_RAPID_2024, fidePeriod, type FideProfile } from './fide.js';
import { GLICKO2_V1, glicko2Period, type Glicko2Profile } from './glicko2.js';
import { EMA_RANKING_V2 } from './mahjong-ema.js';
import { MAHJONG_RANKING_V1, mahjongPeriod, type MahjongRankingProfile } from './mahjong-ranking.js';
import type { PeriodInput, PlayerRating, RatedTournament, RatingTable } from './types.js';
import { WESPA_V1, wespaPeriod, wespaTournament, type WespaProfile } from './wespa.js';

export type EngineProfile = WespaProfile | EgdProfile | FideProfile | MahjongRankingProfile | Glicko2Profile;
export type EngineName = EngineProfile['engine'];

/** Every engine version Arbitra can run, with its default parameters. A version is never changed once released: a change is a new version. */
export const ENGINES: Readonly<Record<EngineName, Readonly<Record<number, EngineProfile>>>> = {
  'wespa-elo': { 1: WESPA_V1 },
  'egd-gor': { 2021: EGD_2021 },
  'fide-rapid': { 2024: FIDE_RAPID_2024 },
  'mahjong-ranking': { 1: MAHJONG_RANKING_V1, 2: EMA_RANKING_V2 },
  glicko2: { 1: GLICKO2_V1 },
};

/** Which engines fit a discipline (its descriptor says): the mahjong ranking reads placings; the others rate two-player games. */
export const ENGINES_FOR = byDiscipline((d) => d.ratings.engines);

/** Who appears in the ranked list: at least `minGames` games in the `windowDays` before the list's date. */
export interface RankedRule {
  readonly minGames: number;
  readonly windowDays: number;
}

/** A discipline's rating profile: the engine with its parameters and the ranked-list rule. */
export interface RatingProfile {
  readonly engine: EngineProfile;
  readonly ranked: RankedRule;
}

/** Each discipline's default rating profile, from its descriptor (the ranked-list rules there are Arbitra values). */
export const DEFAULT_RATING_PROFILES = byDiscipline((d) => d.ratings.profile);

const RULE = 'Arbitra ratings: a period names an engine version Arbitra runs, for the discipline, with parameters of that version only';

/**
 * The profile a period records: the engine version's defaults with the federation's overrides (each a parameter of that
 * version, of the same JSON type), and the ranked rule. Refuses an unknown engine or version, one that does not fit the
 * discipline, and an unknown or mistyped parameter.
 */
export function resolveProfile(
  discipline: Discipline,
  engine: { readonly name: string; readonly version: number },
  parameters: Readonly<Record<string, unknown>> = {},
  ranked?: Partial<RankedRule>,
): RatingProfile {
  const versions = (ENGINES as Record<string, Record<number, EngineProfile> | undefined>)[engine.name];
  if (!versions) invalid('ratings/unknown-engine', `no rating engine ${engine.name}; engines: ${Object.keys(ENGINES).join(', ')}`, RULE, 'engine.name');
  const base = versions[engine.version];
  if (!base) invalid('ratings/unknown-engine-version', `${engine.name} has versions ${Object.keys(versions).join(', ')}`, RULE, 'engine.version');
  if (!ENGINES_FOR[discipline].includes(base.engine))
    invalid('ratings/engine-discipline', `${engine.name} does not rate ${discipline}; it takes ${ENGINES_FOR[discipline].join(', ')}`, RULE, 'engine.name');
  for (const [k, v] of Object.entries(parameters)) {
    const dflt = (base as unknown as Record<string, unknown>)[k];
    if (k === 'engine' || k === 'version' || dflt === undefined || JSON.stringify(typeOf(dflt)) !== JSON.stringify(typeOf(v)))
      invalid('ratings/bad-parameter', `${k} is not a parameter of ${engine.name} ${engine.version} of that shape`, RULE, `parameters.${k}`);
  }
  const defaults = DEFAULT_RATING_PROFILES[discipline].ranked;
  const rule = { ...defaults, ...ranked };
  if (!Number.isInteger(rule.minGames) || rule.minGames < 0 || !Number.isInteger(rule.windowDays) || rule.windowDays < 1)
    invalid('ratings/bad-parameter', 'ranked.minGames is a whole number from 0 and ranked.windowDays from 1', RULE, 'ranked');
  return { engine: { ...base, ...parameters } as EngineProfile, ranked: rule };
}

/** A value's JSON shape (keys and types, not values): overrides keep the default's shape. */
function typeOf(v: unknown): unknown {
  if (v === null) return 'null';
  if (Array.isArray(v)) return v.map(typeOf);
  if (typeof v === 'object') return Object.fromEntries(Object.entries(v as object).map(([k, x]) => [k, typeOf(x)]));
  return typeof v;
}

/** The days of activity an engine keeps: the ranked window. */
const keepDays = (p: RatingProfile) => p.ranked.windowDays;

/** Rates a period with the profile's engine: the table after it (the prior table is not changed). */
export function ratePeriod(prior_: RatingTable, input: PeriodInput, p: RatingProfile): Map<string, PlayerRating> {
  const e = p.engine;
  // Players the list lacks start from their declared rating where the engine's newcomer rule takes one (domains.ts).
  const prior = seedDeclared(prior_, input.tournaments, e);
  switch (e.engine) {
    case 'wespa-elo':
      return wespaPeriod(prior, input, e, keepDays(p));
    case 'egd-gor':
      return egdPeriod(prior, input, e, keepDays(p));
    case 'fide-rapid':
      return fidePeriod(prior, input, e, keepDays(p));
    case 'mahjong-ranking':
      return mahjongPeriod(prior, input, e, keepDays(p));
    case 'glicko2':
      return glicko2Period(prior, input, e, keepDays(p));
  }
}

/**
 * Adds one tournament to a table being built (mutated) where the engine rates tournament by tournament (WESPA, EGD);
 * false when the engine rates the whole period at once (then re-rate the period with `ratePeriod`).
 */
export function addTournament(table: Map<string, PlayerRating>, t: RatedTournament, p: RatingProfile): boolean {
  if (p.engine.engine === 'wespa-elo') wespaTournament(table, t, p.engine, keepDays(p));
  else if (p.engine.engine === 'egd-gor') egdTournament(table, t, p.engine, keepDays(p));
  else return false;
  return true;
}

/**
 * The period's table with one more tournament (`input` already names it, last): per-tournament engines add it to a copy
 * of `periodTable` (it must be the period's latest); period engines (FIDE, Glicko-2, mahjong), where a player's new record
 * depends only on the ratings before the period and their own results, re-rate the period over the games of the
 * tournament's players only and take those players' records. Equal to re-rating the whole period (periods.spec.ts).
 */
export function addToPeriod(
  before: RatingTable,
  periodTable: RatingTable,
  input: PeriodInput,
  t: RatedTournament,
  p: RatingProfile,
): Map<string, PlayerRating> {
  const perTournament = new Map(seedDeclared(periodTable, [t], p.engine));
  if (addTournament(perTournament, t, p)) return perTournament;
  const table = new Map(periodTable);
  const ids = new Set<string>([...t.games.flatMap((g) => [g.a, g.b]), ...(t.placings ?? []).map((x) => x.player)]);
  const only = input.tournaments.map((x) => ({ ...x, games: x.games.filter((g) => ids.has(g.a) || ids.has(g.b)) }));
  // Two-player period engines read, for a player, only their own record and their opponents' before the period: those
  // players' records are enough (not the whole table, whose idle players they would otherwise update too).
  let from = before;
  if (p.engine.engine === 'glicko2' || p.engine.engine === 'fide-rapid') {
    const sub = new Map<string, PlayerRating>();
    for (const x of only)
      for (const g of x.games)
        for (const id of [g.a, g.b]) {
          const r = before.get(id);
          if (r) sub.set(id, r);
        }
    from = sub;
  }
  const partial = ratePeriod(from, { ...input, tournaments: only }, p);
  for (const id of ids) {
    const r = partial.get(id);
    if (r) table.set(id, r);
  }
  return table;
}

/** The ratings every engine version that can rate the discipline accepts (a registration rating must fit whichever a period picks). */
export function disciplineDomain(discipline: Discipline): RatingDomain {
  let min = -Infinity;
  let below = Infinity;
  const rules: string[] = [];
  for (const name of ENGINES_FOR[discipline])
    for (const e of Object.values(ENGINES[name])) {
      const d = engineDomain(e);
      if (d === ANY_RATING) continue;
      min = Math.max(min, d.min);
      below = Math.min(below, d.below);
      if (!rules.includes(d.rule)) rules.push(d.rule);
    }
  return rules.length === 0 ? ANY_RATING : { min, below, rule: rules.join('; ') };
}
