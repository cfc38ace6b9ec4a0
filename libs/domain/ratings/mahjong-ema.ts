import { daysBetween, type RankingResult, type RatedTournament } from './types.js';

/**
 * The EMA's ranking (MERS) as the European Mahjong Association publishes it, version 2 of Arbitra's mahjong ranking:
 * - base rank 1000·(N − place)/(N − 1), N every participant; a ranking is always between 0 and 1000;
 * - weight TOTAL_MERS = duration + players + countries + qualification ("Basics for ranking system", mahjong-europe.org,
 *   General Assembly of 25 May 2017, in force from 1 January 2018): 1/2/3 for 1/2/3 days, +0.5 above 40 players and +1
 *   above 80, +0.5 from 6 countries and +1 from 10, +1 when players had to qualify;
 * - age: results over one year old count 2/3, over two years 1/3, over three years not at all (EMA rule change of
 *   12 July 2010, unchanged on the EMA's "Basics" page of the 2010 rules);
 * - the score is half the weighted average of every result and half the weighted average of the best results (2010: the
 *   best three); fewer than five results are completed by results of 0 at weight 1; a player is listed from two tournaments.
 * The number of best results and the half–half split are from the 2010 rule (the 2018 page's averaging chapter was not
 * read here): profile values, marked unconfirmed in docs/ratings.md. Arbitra does not record whether a tournament required
 * qualification: that term is 0 unless a federation sets `qualifiedTournaments`.
 */
export interface EmaRankingProfile {
  readonly engine: 'mahjong-ranking';
  readonly version: 2;
  readonly basePoints: number;
  readonly weight: {
    /** Weight per day of play (index = days − 1; longer tournaments take the last). */
    readonly days: readonly number[];
    /** Added when the field is above `over` players (the largest that applies). */
    readonly players: ReadonlyArray<{ readonly over: number; readonly add: number }>;
    /** Added from `from` countries (the largest that applies). */
    readonly countries: ReadonlyArray<{ readonly from: number; readonly add: number }>;
    readonly qualification: number;
  };
  /** Tournaments whose players had to qualify (ids): the qualification term applies. */
  readonly qualifiedTournaments: readonly string[];
  readonly age: ReadonlyArray<{ readonly withinDays: number; readonly factor: number }>;
  readonly minResults: number;
  readonly padPoints: number;
  readonly bestResults: number;
  /** The best results' share of the score (the rest is the average of every result). */
  readonly bestShare: number;
  /** Listed once a player has this many results. */
  readonly listedFrom: number;
}

export const EMA_RANKING_V2: EmaRankingProfile = {
  engine: 'mahjong-ranking',
  version: 2,
  basePoints: 1000,
  weight: {
    days: [1, 2, 3],
    players: [
      { over: 40, add: 0.5 },
      { over: 80, add: 1 },
    ],
    countries: [
      { from: 6, add: 0.5 },
      { from: 10, add: 1 },
    ],
    qualification: 1,
  },
  qualifiedTournaments: [],
  age: [
    { withinDays: 365, factor: 1 },
    { withinDays: 730, factor: 2 / 3 },
    { withinDays: 1095, factor: 1 / 3 },
  ],
  minResults: 5,
  padPoints: 0,
  bestResults: 3,
  bestShare: 0.5,
  listedFrom: 2,
};

/** TOTAL_MERS of a tournament: duration + players + countries + qualification (EMA Basics 2018). */
export function emaWeight(t: RatedTournament, p: EmaRankingProfile): number {
  const w = p.weight;
  const days = Math.max(1, t.days ?? 1);
  const duration = w.days[Math.min(days, w.days.length) - 1];
  const n = t.field ?? t.placings?.length ?? t.players.length;
  const players = Math.max(0, ...w.players.filter((x) => n > x.over).map((x) => x.add));
  const countries = Math.max(0, ...w.countries.filter((x) => t.countries >= x.from).map((x) => x.add));
  return duration + players + countries + (p.qualifiedTournaments.includes(t.id) ? w.qualification : 0);
}

/** The EMA score as of a day: ½ weighted average of all results (padded to five) + ½ of the best ones. */
export function emaScore(results: readonly RankingResult[], asOf: string, p: EmaRankingProfile): { score: number; counted: number } {
  const counted: Array<{ points: number; w: number }> = [];
  for (const r of results) {
    const age = daysBetween(r.on, asOf);
    const factor = p.age.find((s) => age <= s.withinDays)?.factor ?? 0;
    if (factor > 0 && r.weight > 0) counted.push({ points: r.points, w: r.weight * factor });
  }
  const all = [...counted];
  for (let i = counted.length; i < p.minResults; i++) all.push({ points: p.padPoints, w: 1 });
  const mean = (xs: ReadonlyArray<{ points: number; w: number }>) => {
    let num = 0;
    let den = 0;
    for (const x of xs) {
      num += x.points * x.w;
      den += x.w;
    }
    return den === 0 ? 0 : num / den;
  };
  // Best by base rank; equal ranks by the larger weight (the better-attested result).
  const best = [...all].sort((a, b) => b.points - a.points || b.w - a.w).slice(0, p.bestResults);
  return { score: (1 - p.bestShare) * mean(all) + p.bestShare * mean(best), counted: counted.length };
}
