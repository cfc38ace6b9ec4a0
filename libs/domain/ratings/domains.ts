import { egdDomain } from './egd.js';
import { fideDomain } from './fide.js';
import type { EngineProfile } from './profiles.js';
import type { PlayerRating, RatedTournament, RatingTable } from './types.js';

/**
 * The ratings an engine can take as input (issue 31, "Inputs checked at the edge"): from `min` (inclusive) to `below`
 * (exclusive), finite. `rule` says where the bound comes from; a rating outside is refused where it enters.
 */
export interface RatingDomain {
  readonly min: number;
  readonly below: number;
  readonly rule: string;
}

export const ANY_RATING: RatingDomain = { min: -Infinity, below: Infinity, rule: 'a rating is a finite number' };

/** The engine's input domain: EGD below 3300 (β is defined there) and from its floor; FIDE from its floor; others finite. */
export function engineDomain(e: EngineProfile): RatingDomain {
  if (e.engine === 'egd-gor') return egdDomain(e);
  if (e.engine === 'fide-rapid') return fideDomain(e);
  return ANY_RATING;
}

export const inDomain = (d: RatingDomain, r: number): boolean => Number.isFinite(r) && r >= d.min && r < d.below;

/** "from −900, below 3300" as a reader says it. */
export function describeDomain(d: RatingDomain): string {
  const parts = [Number.isFinite(d.min) ? `at least ${d.min}` : '', Number.isFinite(d.below) ? `below ${d.below}` : ''].filter(Boolean);
  return parts.length ? `a finite number ${parts.join(' and ')}` : 'a finite number';
}

/** Engines whose newcomers start from the rating declared at registration (issue 31); EGD always does (its own rule). */
function seedsDeclared(e: EngineProfile): boolean {
  if (e.engine === 'egd-gor') return true;
  if (e.engine === 'mahjong-ranking') return false;
  // A profile recorded before issue 31 has no `seedDeclared`: its period is recomputed as it was published.
  return e.seedDeclared === true;
}

/**
 * The table a period starts from with the players it lacks seeded from the rating declared at their first tournament of
 * the period (when it is inside the engine's domain): rated, 0 games, provisional. A declared rating outside the domain
 * (recorded before registration checked it) is not used, so it can never turn a list non-finite.
 */
export function seedDeclared(prior: RatingTable, tournaments: readonly RatedTournament[], e: EngineProfile): RatingTable {
  if (!seedsDeclared(e)) return prior;
  const domain = engineDomain(e);
  let seeded: Map<string, PlayerRating> | null = null;
  const ordered = [...tournaments].sort((a, b) => (a.endsOn < b.endsOn ? -1 : a.endsOn > b.endsOn ? 1 : 0));
  for (const t of ordered)
    for (const p of t.players) {
      if (p.declaredRating === undefined || !inDomain(domain, p.declaredRating) || prior.has(p.id) || seeded?.has(p.id)) continue;
      seeded ??= new Map(prior);
      seeded.set(p.id, { rating: p.declaredRating, games: 0, provisional: true, lastPlayed: null, recent: [] });
    }
  return seeded ?? prior;
}

/**
 * The parameters of an engine version that no public text confirms (docs/ratings.md, "Constants and their status"): a
 * published list says so beside its ratings (issue 31).
 */
export const UNCONFIRMED: Readonly<Record<string, readonly string[]>> = {
  'wespa-elo/1': ['scale', 'bands', 'newer', 'experienced', 'experiencedAfter', 'acceleration', 'newcomerStart', 'performanceSpread'],
  'egd-gor/2021': ['newcomerRating'],
  'fide-rapid/2024': ['floor', 'initialMinGames', 'initialHypothetical'],
  'mahjong-ranking/1': ['weight', 'age', 'minResults', 'padPoints'],
  'mahjong-ranking/2': ['bestResults', 'bestShare'],
  'glicko2/1': ['provisionalDeviation'],
};

export const unconfirmedValues = (engine: { readonly name: string; readonly version: number }): readonly string[] =>
  UNCONFIRMED[`${engine.name}/${engine.version}`] ?? [];
