import type { RatingDomain } from './domains.js';
import { chronological, newPlayer, played, type PeriodInput, type PlayerRating, type RatedTournament, type RatingTable } from './types.js';

/**
 * The EGD GoR system in use since 2021 (issue 15, "Ratings per discipline"): r′ = r + con·(Sa − Se) + bonus per game,
 * con = ((3300 − r)/200)^1.6, bonus = ln(1 + exp((2300 − r)/80))/5, Se = 1/(1 + exp(β(r₂) − β(r₁))), β(r) = −7·ln(3300 − r),
 * floor −900. Every game of a tournament uses the ratings from before it. A newcomer starts from the rating declared at
 * registration (the grade's GoR), else `newcomerRating` (an Arbitra default, unconfirmed). Handicap games are not rated yet.
 */
export interface EgdProfile {
  readonly engine: 'egd-gor';
  readonly version: 2021;
  readonly floor: number;
  readonly newcomerRating: number;
  /** Provisional until this many games (an Arbitra value: the EGD has no provisional status). */
  readonly provisionalGames: number;
}

export const EGD_2021: EgdProfile = { engine: 'egd-gor', version: 2021, floor: -900, newcomerRating: 100, provisionalGames: 0 };

/** EGD GoR 2021: con and β take 3300 − r to a power and a logarithm, so a rating is below 3300; none is below the floor. */
export const egdDomain = (p: EgdProfile): RatingDomain => ({
  min: p.floor,
  below: 3300,
  rule: 'EGD GoR 2021: ratings lie from the floor (−900) to below 3300 (β(r) = −7·ln(3300 − r))',
});

const beta = (r: number) => -7 * Math.log(3300 - r);
export const egdCon = (r: number) => Math.pow((3300 - r) / 200, 1.6);
export const egdBonus = (r: number) => Math.log(1 + Math.exp((2300 - r) / 80)) / 5;
/** Expected result of a player rated r1 against r2 (EGD 2021). */
export const egdExpected = (r1: number, r2: number) => 1 / (1 + Math.exp(beta(r2) - beta(r1)));

/** One game's change for the player rated r against opp with result sa (EGD 2021): 2100 beats 2100 → +9.306. */
export function egdChange(r: number, opp: number, sa: number): number {
  return egdCon(r) * (sa - egdExpected(r, opp)) + egdBonus(r);
}

export function egdTournament(table: Map<string, PlayerRating>, t: RatedTournament, p: EgdProfile, keepDays: number): void {
  // A declared rating outside the domain (recorded before registration checked it) is not used: it would give NaN.
  const domain = egdDomain(p);
  const declared = new Map(
    t.players.map((x) => [
      x.id,
      x.declaredRating !== undefined && x.declaredRating >= domain.min && x.declaredRating < domain.below ? x.declaredRating : undefined,
    ]),
  );
  // Per player, once per tournament: the rating before it, its con, bonus and β (every game uses the ratings from before),
  // and the sum of its games' changes.
  const acc = new Map<string, { r: number; con: number; bonus: number; beta: number; d: number; n: number }>();
  const of = (id: string) => {
    let x = acc.get(id);
    if (x === undefined) {
      const r = table.get(id)?.rating ?? declared.get(id) ?? p.newcomerRating;
      acc.set(id, (x = { r, con: egdCon(r), bonus: egdBonus(r), beta: beta(r), d: 0, n: 0 }));
    }
    return x;
  };
  for (const g of t.games) {
    const a = of(g.a);
    const b = of(g.b);
    const se = 1 / (1 + Math.exp(b.beta - a.beta));
    a.d += a.con * (g.score - se) + a.bonus;
    a.n++;
    b.d += b.con * (se - g.score) + b.bonus;
    b.n++;
  }
  for (const [id, x] of acc) {
    const before = table.get(id) ?? newPlayer();
    const games = before.games + x.n;
    const rating = Math.max(p.floor, x.r + x.d);
    const { recent, lastPlayed } = played(before, t.endsOn, x.n, keepDays);
    table.set(id, { ...before, rating, games, provisional: games < p.provisionalGames, recent, lastPlayed });
  }
}

export function egdPeriod(prior: RatingTable, input: PeriodInput, p: EgdProfile, keepDays: number): Map<string, PlayerRating> {
  const table = new Map(prior);
  for (const t of chronological(input.tournaments)) egdTournament(table, t, p, keepDays);
  return table;
}
