import { emaScore, emaWeight, type EmaRankingProfile } from './mahjong-ema.js';
import { daysBetween, newPlayer, played, type PeriodInput, type PlayerRating, type RankingResult, type RatedTournament, type RatingTable } from './types.js';

/**
 * Mahjong: a ranking rather than a rating (issue 15, "Ratings per discipline"; the European Mahjong Association's ranking
 * method): each tournament gives base points by place, 1000·(N − place)/(N − 1); a tournament's weight grows with its
 * length, field size and countries; results are discounted with age; fewer than `minResults` results are padded with
 * `padPoints` (each pad at weight 1). The weight curve, the age steps and the padding are profile values: the EMA's own numbers were not
 * confirmed from a public text here (a federation may choose another weighting).
 */
export type MahjongRankingProfile = MahjongRankingV1 | EmaRankingProfile;

export interface MahjongRankingV1 {
  readonly engine: 'mahjong-ranking';
  readonly version: 1;
  readonly basePoints: number;
  /** weight = min(1, sessions/fullSessions) × min(1, players/fullField) × min(1, countries/fullCountries), at least minWeight. */
  readonly weight: { readonly fullSessions: number; readonly fullField: number; readonly fullCountries: number; readonly minWeight: number };
  /** Age factors: a result at most `withinDays` old counts by `factor`; older than every step, not at all. */
  readonly age: ReadonlyArray<{ readonly withinDays: number; readonly factor: number }>;
  readonly minResults: number;
  readonly padPoints: number;
}

export const MAHJONG_RANKING_V1: MahjongRankingV1 = {
  engine: 'mahjong-ranking',
  version: 1,
  basePoints: 1000,
  weight: { fullSessions: 8, fullField: 40, fullCountries: 3, minWeight: 0.1 },
  age: [
    { withinDays: 365, factor: 1 },
    { withinDays: 730, factor: 0.5 },
  ],
  minResults: 5,
  padPoints: 0,
};

/** Base points of a place among N (EMA method): 1000·(N − place)/(N − 1). */
export const basePoints = (place: number, n: number, base = 1000): number => (n < 2 ? base : (base * (n - place)) / (n - 1));

/** Players placed in the tournament's standings, identified or not (issue 31: N counts every player). */
export const fieldSize = (t: RatedTournament): number => t.field ?? t.placings?.length ?? t.players.length;

export function tournamentWeight(t: RatedTournament, p: MahjongRankingV1): number {
  const w = p.weight;
  const n = fieldSize(t);
  const weight = Math.min(1, t.sessions / w.fullSessions) * Math.min(1, n / w.fullField) * Math.min(1, t.countries / w.fullCountries);
  return Math.max(w.minWeight, weight);
}

const ageFactor = (days: number, p: Pick<MahjongRankingProfile, 'age'>): number => p.age.find((s) => days <= s.withinDays)?.factor ?? 0;

/** The ranking score of a player's results as of a day: age-discounted weighted mean, padded to `minResults`. */
export function rankingScore(results: readonly RankingResult[], asOf: string, p: MahjongRankingV1): { score: number; counted: number } {
  let num = 0;
  let den = 0;
  let counted = 0;
  for (const r of results) {
    const w = r.weight * ageFactor(daysBetween(r.on, asOf), p);
    if (w <= 0) continue;
    num += r.points * w;
    den += w;
    counted++;
  }
  const pad = Math.max(0, p.minResults - counted);
  num += pad * p.padPoints;
  den += pad;
  return { score: den === 0 ? 0 : num / den, counted };
}

export function mahjongPeriod(prior: RatingTable, input: PeriodInput, p: MahjongRankingProfile, keepDays: number): Map<string, PlayerRating> {
  const table = new Map(prior);
  const keep = Math.max(...p.age.map((s) => s.withinDays));
  for (const t of input.tournaments) {
    const placings = t.placings ?? [];
    const weight = p.version === 1 ? tournamentWeight(t, p) : emaWeight(t, p);
    // N counts every player placed, identified or not (issue 31: with two unidentified players the 7th of 8 scored −4.88).
    const n = fieldSize(t);
    for (const { player, place } of placings) {
      const before = table.get(player) ?? newPlayer();
      const result: RankingResult = { tournament: t.id, on: t.endsOn, points: basePoints(place, n, p.basePoints), weight };
      table.set(player, { ...before, results: [...(before.results ?? []), result], ...played(before, t.endsOn, t.sessions, keepDays) });
    }
  }
  for (const [id, x] of table) {
    const results = (x.results ?? []).filter((r) => daysBetween(r.on, input.closesOn) <= keep);
    const { score, counted } = p.version === 1 ? rankingScore(results, input.closesOn, p) : emaScore(results, input.closesOn, p);
    const listed = p.version === 1 ? counted > 0 : counted >= p.listedFrom;
    table.set(id, { ...x, results, rating: listed ? score : null, games: counted, provisional: counted < p.minResults });
  }
  return table;
}
