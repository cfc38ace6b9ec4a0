import { newPlayer, played, type PeriodInput, type PlayerRating, type RatingTable } from './types.js';

/**
 * Glicko-2 (Mark Glickman, "Example of the Glicko-2 system", 2022 revision; steps 1–8), a profile option for any
 * two-player discipline: one rating period is one Arbitra period; every game uses the ratings from before it; a player
 * without games only gains deviation (step 6). Our own implementation: the npm `glicko2` package keeps mutable player
 * objects inside a ranking instance and ships no types, and the algorithm is these few steps.
 */
export interface Glicko2Profile {
  readonly engine: 'glicko2';
  readonly version: 1;
  readonly initialRating: number;
  readonly initialDeviation: number;
  readonly initialVolatility: number;
  /** τ, the system constant (Glickman: 0.3 to 1.2; his example uses 0.5). */
  readonly tau: number;
  /** Provisional while the deviation is above this (an Arbitra value). */
  readonly provisionalDeviation: number;
}

export const GLICKO2_V1: Glicko2Profile = {
  engine: 'glicko2',
  version: 1,
  initialRating: 1500,
  initialDeviation: 350,
  initialVolatility: 0.06,
  tau: 0.5,
  provisionalDeviation: 110,
};

const SCALE = 173.7178;
const EPSILON = 0.000001;

export interface GlickoRating {
  readonly rating: number;
  readonly deviation: number;
  readonly volatility: number;
}

/** One player's rating after a period against opponents (their pre-period ratings) with scores (Glickman, steps 2–8). */
export function glicko2Update(
  player: GlickoRating,
  games: ReadonlyArray<{ readonly opponent: Pick<GlickoRating, 'rating' | 'deviation'>; readonly score: number }>,
  tau: number,
): GlickoRating {
  const mu = (player.rating - 1500) / SCALE;
  const phi = player.deviation / SCALE;
  const sigma = player.volatility;
  if (games.length === 0) return { ...player, deviation: Math.sqrt(phi * phi + sigma * sigma) * SCALE };
  let vInv = 0;
  let sum = 0;
  for (const { opponent, score } of games) {
    const muJ = (opponent.rating - 1500) / SCALE;
    const phiJ = opponent.deviation / SCALE;
    const g = 1 / Math.sqrt(1 + (3 * phiJ * phiJ) / (Math.PI * Math.PI));
    const e = 1 / (1 + Math.exp(-g * (mu - muJ)));
    vInv += g * g * e * (1 - e);
    sum += g * (score - e);
  }
  const v = 1 / vInv;
  const delta = v * sum;
  // Step 5: the new volatility by the Illinois algorithm.
  const a = Math.log(sigma * sigma);
  const f = (x: number) =>
    (Math.exp(x) * (delta * delta - phi * phi - v - Math.exp(x))) / (2 * Math.pow(phi * phi + v + Math.exp(x), 2)) - (x - a) / (tau * tau);
  let A = a;
  let B: number;
  if (delta * delta > phi * phi + v) B = Math.log(delta * delta - phi * phi - v);
  else {
    let k = 1;
    while (f(a - k * tau) < 0) k++;
    B = a - k * tau;
  }
  let fA = f(A);
  let fB = f(B);
  while (Math.abs(B - A) > EPSILON) {
    const C = A + ((A - B) * fA) / (fB - fA);
    const fC = f(C);
    if (fC * fB <= 0) {
      A = B;
      fA = fB;
    } else fA = fA / 2;
    B = C;
    fB = fC;
  }
  const sigmaNew = Math.exp(A / 2);
  const phiStar = Math.sqrt(phi * phi + sigmaNew * sigmaNew);
  const phiNew = 1 / Math.sqrt(1 / (phiStar * phiStar) + 1 / v);
  const muNew = mu + phiNew * phiNew * sum;
  return { rating: muNew * SCALE + 1500, deviation: phiNew * SCALE, volatility: sigmaNew };
}

export function glicko2Period(prior: RatingTable, input: PeriodInput, p: Glicko2Profile, keepDays: number): Map<string, PlayerRating> {
  const preCache = new Map<string, GlickoRating>();
  const pre = (id: string): GlickoRating => {
    let r = preCache.get(id);
    if (r) return r;
    const x = prior.get(id);
    r =
      x && x.rating !== null
        ? { rating: x.rating, deviation: x.deviation ?? p.initialDeviation, volatility: x.volatility ?? p.initialVolatility }
        : { rating: p.initialRating, deviation: p.initialDeviation, volatility: p.initialVolatility };
    preCache.set(id, r);
    return r;
  };
  const games = new Map<string, Array<{ opponent: GlickoRating; score: number }>>();
  const lastOn = new Map<string, string>();
  const add = (id: string, opp: string, score: number, on: string) => {
    let list = games.get(id);
    if (!list) games.set(id, (list = []));
    list.push({ opponent: pre(opp), score });
    if ((lastOn.get(id) ?? '') < on) lastOn.set(id, on);
  };
  for (const t of input.tournaments)
    for (const g of t.games) {
      add(g.a, g.b, g.score, t.endsOn);
      add(g.b, g.a, 1 - g.score, t.endsOn);
    }
  const table = new Map<string, PlayerRating>();
  for (const [id, before] of prior) {
    if (games.has(id) || before.rating === null) continue;
    const r = glicko2Update(pre(id), [], p.tau);
    table.set(id, { ...before, deviation: r.deviation, provisional: r.deviation > p.provisionalDeviation });
  }
  for (const [id, list] of games) {
    const before = prior.get(id) ?? newPlayer();
    const r = glicko2Update(pre(id), list, p.tau);
    table.set(id, {
      ...before,
      rating: r.rating,
      deviation: r.deviation,
      volatility: r.volatility,
      games: before.games + list.length,
      provisional: r.deviation > p.provisionalDeviation,
      ...played(before, lastOn.get(id) as string, list.length, keepDays),
    });
  }
  for (const [id, before] of prior) if (!table.has(id)) table.set(id, before);
  return table;
}
