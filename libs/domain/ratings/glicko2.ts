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
  /** A player the list lacks starts from the rating declared at registration, at the initial deviation (issue 31). */
  readonly seedDeclared?: boolean;
}

export const GLICKO2_V1: Glicko2Profile = {
  engine: 'glicko2',
  version: 1,
  initialRating: 1500,
  initialDeviation: 350,
  initialVolatility: 0.06,
  tau: 0.5,
  provisionalDeviation: 110,
  seedDeclared: true,
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
    const g = gOf(opponent.deviation / SCALE);
    const e = 1 / (1 + Math.exp(-g * (mu - (opponent.rating - 1500) / SCALE)));
    vInv += g * g * e * (1 - e);
    sum += g * (score - e);
  }
  return glicko2Finish(mu, phi, sigma, vInv, sum, tau);
}

/** g(φ) (Glickman, step 3). */
const gOf = (phiJ: number) => 1 / Math.sqrt(1 + (3 * phiJ * phiJ) / (Math.PI * Math.PI));

/** Steps 3–8 from the sums over a player's games: Σ g²E(1 − E) (1/v) and Σ g(s − E) (Glickman, steps 3–4). */
function glicko2Finish(mu: number, phi: number, sigma: number, vInv: number, sum: number, tau: number): GlickoRating {
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

/**
 * A period: every player with games rated from the ratings before it (their own and their opponents'), the others only
 * gaining deviation (step 6). Players are numbered once, so each game adds its two players' terms of steps 3–4 (in game
 * order, as `glicko2Update` sums them) into typed arrays, with g(φ) and μ computed once per player.
 */
export function glicko2Period(prior: RatingTable, input: PeriodInput, p: Glicko2Profile, keepDays: number): Map<string, PlayerRating> {
  const index = new Map<string, number>();
  const ids: string[] = [];
  let cap = 1024;
  let mu = new Float64Array(cap);
  let g = new Float64Array(cap);
  let vInv = new Float64Array(cap);
  let sum = new Float64Array(cap);
  let count = new Int32Array(cap);
  const lastOn: string[] = [];
  const grow = () => {
    cap *= 2;
    const more = <T extends Float64Array | Int32Array>(a: T): T => {
      const b = new (a.constructor as new (n: number) => T)(cap);
      b.set(a);
      return b;
    };
    mu = more(mu);
    g = more(g);
    vInv = more(vInv);
    sum = more(sum);
    count = more(count);
  };
  const of = (id: string): number => {
    let i = index.get(id);
    if (i !== undefined) return i;
    i = ids.length;
    if (i === cap) grow();
    index.set(id, i);
    ids.push(id);
    lastOn.push('');
    const r = pre(prior.get(id), p);
    mu[i] = (r.rating - 1500) / SCALE;
    g[i] = gOf(r.deviation / SCALE);
    return i;
  };
  for (const t of input.tournaments) {
    const on = t.endsOn;
    for (const game of t.games) {
      const a = of(game.a);
      const b = of(game.b);
      const ea = 1 / (1 + Math.exp(-g[b] * (mu[a] - mu[b])));
      const eb = 1 / (1 + Math.exp(-g[a] * (mu[b] - mu[a])));
      vInv[a] += g[b] * g[b] * ea * (1 - ea);
      sum[a] += g[b] * (game.score - ea);
      vInv[b] += g[a] * g[a] * eb * (1 - eb);
      sum[b] += g[a] * (1 - game.score - eb);
      count[a]++;
      count[b]++;
      if (lastOn[a] < on) lastOn[a] = on;
      if (lastOn[b] < on) lastOn[b] = on;
    }
  }
  const table = new Map<string, PlayerRating>();
  for (const [id, before] of prior) {
    if (index.has(id) || before.rating === null) continue;
    const phi = (before.deviation ?? p.initialDeviation) / SCALE;
    const sigma = before.volatility ?? p.initialVolatility;
    const deviation = Math.sqrt(phi * phi + sigma * sigma) * SCALE;
    table.set(id, { ...before, deviation, provisional: deviation > p.provisionalDeviation });
  }
  for (let i = 0; i < ids.length; i++) {
    const id = ids[i];
    const before = prior.get(id) ?? newPlayer();
    const x = pre(before, p);
    const r = glicko2Finish(mu[i], x.deviation / SCALE, x.volatility, vInv[i], sum[i], p.tau);
    const activity = played(before, lastOn[i], count[i], keepDays);
    table.set(id, {
      ...before,
      rating: r.rating,
      deviation: r.deviation,
      volatility: r.volatility,
      games: before.games + count[i],
      provisional: r.deviation > p.provisionalDeviation,
      recent: activity.recent,
      lastPlayed: activity.lastPlayed,
    });
  }
  for (const [id, before] of prior) if (!table.has(id)) table.set(id, before);
  return table;
}

/** A player's rating before the period (a newcomer, or a player never rated, at the profile's initial values). */
function pre(x: PlayerRating | undefined, p: Glicko2Profile): GlickoRating {
  return x && x.rating !== null
    ? { rating: x.rating, deviation: x.deviation ?? p.initialDeviation, volatility: x.volatility ?? p.initialVolatility }
    : { rating: p.initialRating, deviation: p.initialDeviation, volatility: p.initialVolatility };
}
