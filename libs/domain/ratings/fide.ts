import type { RatingDomain } from './domains.js';
import { newPlayer, played, tally, type PeriodInput, type PlayerRating, type RatingTable } from './types.js';

/**
 * FIDE rating for rapid chess (issue 15, "Ratings per discipline"; FIDE Rating Regulations, 8.5 and tables 8.1a/8.1b):
 * ΔR = K × Σ(W − We) over the period's games, every game with the ratings from before the period; a difference of more
 * than 400 points counts as 400 (8.54); K 40 for a newcomer until 30 games and for a junior below 2300, 20 below 2400,
 * 10 once 2400 has been reached; K × n capped at 700 per period (K becomes the largest whole number with K × n ≤ 700);
 * ratings below the floor are not published. Table 8.1a and 8.1b as published (chess.sainfo.ru and the FIDE handbook
 * copy, B02 §10.1). The 2024 floor of 1400, the newcomer's five games and the two hypothetical 1800 draws of the 2024
 * initial rating are profile values (not checked against the 2024 text here).
 */
export interface FideProfile {
  readonly engine: 'fide-rapid';
  readonly version: 2024;
  readonly k: {
    readonly newcomer: number;
    readonly newcomerUntilGames: number;
    readonly junior: number;
    /**
     * K 40 for a junior until the end of the year of this birthday (FIDE Rating Regulations 8.3.3: "until the end of the
     * year of their 18th birthday"): closing year − birth year ≤ 18.
     */
    readonly juniorThroughAge?: number;
    /** Profiles recorded before issue 31 held this instead (closing year − birth year < 18: a year short); kept to recompute them as published. */
    readonly juniorUnderAge?: number;
    readonly juniorBelow: number;
    readonly standard: number;
    readonly top: number;
    readonly topFrom: number;
  };
  readonly kTimesNCap: number;
  readonly maxDifference: number;
  readonly floor: number;
  /** An unrated player's first rating: after this many games against rated players, with at least one point. */
  readonly initialMinGames: number;
  /** Hypothetical games added to a newcomer's initial rating (2024: two draws against 1800). */
  readonly initialHypothetical: { readonly rating: number; readonly games: number; readonly score: number } | null;
  /** A player the list lacks starts from the rating declared at registration (issue 31; absent in profiles recorded before). */
  readonly seedDeclared?: boolean;
}

export const FIDE_RAPID_2024: FideProfile = {
  engine: 'fide-rapid',
  version: 2024,
  k: { newcomer: 40, newcomerUntilGames: 30, junior: 40, juniorThroughAge: 18, juniorBelow: 2300, standard: 20, top: 10, topFrom: 2400 },
  kTimesNCap: 700,
  maxDifference: 400,
  floor: 1400,
  initialMinGames: 5,
  initialHypothetical: { rating: 1800, games: 2, score: 1 },
  seedDeclared: true,
};

/** FIDE: no rating below the floor is published, so none below it is taken as an input. */
export const fideDomain = (f: FideProfile): RatingDomain => ({
  min: f.floor,
  below: Infinity,
  rule: `FIDE rating regulations: no rating below the floor (${f.floor})`,
});

/** FIDE table 8.1b: the upper end of each rating-difference band and the higher-rated player's expected score. */
const TABLE_81B: ReadonlyArray<readonly [number, number]> = [
  [3, 0.5], [10, 0.51], [17, 0.52], [25, 0.53], [32, 0.54], [39, 0.55], [46, 0.56], [53, 0.57], [61, 0.58], [68, 0.59],
  [76, 0.6], [83, 0.61], [91, 0.62], [98, 0.63], [106, 0.64], [113, 0.65], [121, 0.66], [129, 0.67], [137, 0.68], [145, 0.69],
  [153, 0.7], [162, 0.71], [170, 0.72], [179, 0.73], [188, 0.74], [197, 0.75], [206, 0.76], [215, 0.77], [225, 0.78], [235, 0.79],
  [245, 0.8], [256, 0.81], [267, 0.82], [278, 0.83], [290, 0.84], [302, 0.85], [315, 0.86], [328, 0.87], [344, 0.88], [357, 0.89],
  [374, 0.9], [391, 0.91], [411, 0.92], [432, 0.93], [456, 0.94], [484, 0.95], [517, 0.96], [559, 0.97], [619, 0.98], [735, 0.99],
]; // prettier-ignore

/** FIDE table 8.1a: dp for a score fraction p = 0.50 … 1.00 (negative for p below 0.50, by symmetry); 1.00 → 800. */
const TABLE_81A: readonly number[] = [
  0, 7, 14, 21, 29, 36, 43, 50, 57, 65, 72, 80, 87, 95, 102, 110, 117, 125, 133, 141, 149, 158, 166, 175, 184, 193, 202, 211, 220, 230,
  240, 251, 262, 273, 284, 296, 309, 322, 336, 351, 366, 383, 401, 422, 444, 470, 501, 538, 589, 677, 800,
]; // prettier-ignore

/** Expected score (table 8.1b) of a player rated r against opp, the difference capped by the 400-point rule (8.54). */
export function fideExpected(r: number, opp: number, maxDifference = 400): number {
  const d = Math.max(-maxDifference, Math.min(maxDifference, r - opp));
  const abs = Math.abs(d);
  const row = TABLE_81B.find(([upTo]) => abs <= upTo);
  const higher = row ? row[1] : 1;
  return d >= 0 ? higher : Math.round((1 - higher) * 100) / 100;
}

/** Table 8.1a: the rating difference for a score fraction, rounded to the nearest hundredth as the table reads. */
export function fideDp(p: number): number {
  const hundredths = Math.round(p * 100);
  return hundredths >= 50 ? TABLE_81A[hundredths - 50] : -TABLE_81A[50 - hundredths];
}

/** K for a player (FIDE 8.56), before the K × n cap. */
export function fideK(p: PlayerRating, rating: number, age: number | null, f: FideProfile): number {
  if (p.games < f.k.newcomerUntilGames) return f.k.newcomer;
  const junior = age !== null && (f.k.juniorThroughAge !== undefined ? age <= f.k.juniorThroughAge : age < (f.k.juniorUnderAge ?? 18));
  if (junior && rating < f.k.juniorBelow) return f.k.junior;
  if ((p.peak ?? rating) >= f.k.topFrom || rating >= f.k.topFrom) return f.k.top;
  return f.k.standard;
}

/** K × n ≤ 700: K becomes the largest whole number such that K × n does not exceed the cap. */
export const cappedK = (k: number, n: number, cap: number): number => (k * n > cap ? Math.floor(cap / n) : k);

export function fidePeriod(prior: RatingTable, input: PeriodInput, f: FideProfile, keepDays: number): Map<string, PlayerRating> {
  const table = new Map(prior);
  const pre = (id: string) => prior.get(id)?.rating ?? null;
  const year = Number(input.closesOn.slice(0, 4));
  const sums = new Map<string, { w: number; we: number; n: number; unrated: { games: number; score: number; opponents: number } }>();
  const acc = (id: string) => {
    let s = sums.get(id);
    if (!s) sums.set(id, (s = { w: 0, we: 0, n: 0, unrated: { games: 0, score: 0, opponents: 0 } }));
    return s;
  };
  const lastOn = new Map<string, string>();
  const played_ = new Map<string, number>();
  for (const t of input.tournaments) {
    for (const [id, x] of tally(t.games)) {
      played_.set(id, (played_.get(id) ?? 0) + x.games);
      if ((lastOn.get(id) ?? '') < t.endsOn) lastOn.set(id, t.endsOn);
    }
    for (const g of t.games) {
      const ra = pre(g.a);
      const rb = pre(g.b);
      // Only games against rated opponents count (8.5: "for each game played against a rated player").
      if (ra !== null && rb !== null) {
        const a = acc(g.a);
        const b = acc(g.b);
        a.w += g.score;
        a.we += fideExpected(ra, rb, f.maxDifference);
        a.n++;
        b.w += 1 - g.score;
        b.we += fideExpected(rb, ra, f.maxDifference);
        b.n++;
      } else if (ra === null && rb !== null) Object.assign(acc(g.a).unrated, addGame(acc(g.a).unrated, g.score, rb));
      else if (rb === null && ra !== null) Object.assign(acc(g.b).unrated, addGame(acc(g.b).unrated, 1 - g.score, ra));
    }
  }
  for (const [id, n] of played_) {
    const before = prior.get(id) ?? newPlayer();
    const s = sums.get(id);
    const activity = played(before, lastOn.get(id) as string, n, keepDays);
    const r = before.rating;
    if (r !== null) {
      const birth = input.birthYears?.[id];
      const k = cappedK(fideK(before, r, birth === undefined ? null : year - birth, f), s?.n ?? 0, f.kTimesNCap);
      const rating = Math.max(f.floor, Math.round(r + k * ((s?.w ?? 0) - (s?.we ?? 0))));
      const games = before.games + (s?.n ?? 0);
      table.set(id, { ...before, rating, games, provisional: games < f.k.newcomerUntilGames, peak: Math.max(before.peak ?? rating, rating), ...activity });
      continue;
    }
    const pending = addAll(before.pending ?? { games: 0, score: 0, opponents: 0 }, s?.unrated);
    table.set(id, { ...before, ...initialRating(pending, f), ...activity });
  }
  return table;
}

function addGame(u: { games: number; score: number; opponents: number }, score: number, opp: number) {
  return { games: u.games + 1, score: u.score + score, opponents: u.opponents + opp };
}

function addAll(a: { games: number; score: number; opponents: number }, b?: { games: number; score: number; opponents: number }) {
  return b ? { games: a.games + b.games, score: a.score + b.score, opponents: a.opponents + b.opponents } : a;
}

/** An unrated player's first rating, Ru = Ra + dp (FIDE 8.2), once enough games against rated players are in; else still pending. */
function initialRating(pending: { games: number; score: number; opponents: number }, f: FideProfile): Partial<PlayerRating> {
  if (pending.games < f.initialMinGames || pending.score <= 0) return { rating: null, provisional: true, pending };
  const h = f.initialHypothetical ?? { rating: 0, games: 0, score: 0 };
  const games = pending.games + h.games;
  const ra = (pending.opponents + h.rating * h.games) / games;
  const ru = Math.round(ra + fideDp((pending.score + h.score) / games));
  if (ru < f.floor) return { rating: null, provisional: true, pending };
  return { rating: ru, games: pending.games, provisional: pending.games < f.k.newcomerUntilGames, peak: ru, pending: undefined };
}
