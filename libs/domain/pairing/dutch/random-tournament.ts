/**
 * The random tournament generator FIDE Handbook C.04.A asks of an endorsed program: a field of seeded ratings, every
 * round paired by Arbitra's own Dutch engine (C.04.3) from the rounds before it, results drawn from the rating
 * difference, written as a TRF-16 file (with XXR and XXC) any Dutch checker can re-pair. Pure: the seed comes in.
 * The parameters follow bbpPairings'/JaVaFo's generator keys (PlayersNumber, RoundsNumber, DrawPercentage,
 * ForfeitRate, HalfPointByeRate, RetiredRate, HighestRating, LowestRating), given here as probabilities.
 */
import { exportTrf, type TrfPlayer as TrfOutPlayer, type TrfRound } from './trf-write.js';
import { invalid } from '../../kernel/errors.js';
import { dutchPairing } from './dutch.js';
import { dutchPlayers, type CrossRow } from './players.js';
import { readTrf, trfCrossTable } from './trf-read.js';

export const RANDOM_TOURNAMENT_RULE = 'FIDE Handbook C.04.A: an endorsed program has a random tournament generator';
export const RANDOM_TOURNAMENT_LIMITS = { players: 1000, rounds: 20 } as const;

export interface RandomTournamentConfig {
  /** PlayersNumber. */
  readonly players: number;
  /** RoundsNumber (written as XXR). */
  readonly rounds: number;
  readonly seed: number;
  /** DrawPercentage / 100: a played game's draw probability (less when the rating gap makes it impossible). Default 0.3. */
  readonly drawRate?: number;
  /** 1 / ForfeitRate: the probability a scheduled game is forfeited (one player absent). Default 0. */
  readonly forfeitRate?: number;
  /** 1 / HalfPointByeRate: the probability a player takes a half-point bye (H) in a round. Default 0. */
  readonly byeRate?: number;
  /** 1 / RetiredRate: the probability a player withdraws after a round (absent, Z, from then on). Default 0. */
  readonly withdrawRate?: number;
  /** HighestRating and LowestRating: ratings are drawn uniformly between them. Defaults 2600 and 1400. */
  readonly highestRating?: number;
  readonly lowestRating?: number;
}

export interface RandomTournament {
  readonly trf: string;
  /** Rounds generated: always XXR's (a round where fewer than two players take part has no games). */
  readonly rounds: number;
  readonly games: number;
  readonly forfeits: number;
  readonly draws: number;
  readonly halfPointByes: number;
  readonly withdrawn: number;
}

/** mulberry32: a small seeded PRNG with uniform output in [0, 1). */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

function check(config: RandomTournamentConfig): Required<RandomTournamentConfig> {
  const whole = (field: keyof RandomTournamentConfig, v: number, min: number, max: number) => {
    if (!Number.isInteger(v) || v < min || v > max)
      invalid('random-tournament/out-of-range', `${field} must be a whole number from ${min} to ${max}; got ${v}`, RANDOM_TOURNAMENT_RULE, field);
  };
  const rate = (field: keyof RandomTournamentConfig, v: number) => {
    if (!Number.isFinite(v) || v < 0 || v > 1)
      invalid('random-tournament/out-of-range', `${field} is a probability from 0 to 1; got ${v}`, RANDOM_TOURNAMENT_RULE, field);
  };
  const c = { drawRate: 0.3, forfeitRate: 0, byeRate: 0, withdrawRate: 0, highestRating: 2600, lowestRating: 1400, ...config };
  whole('players', c.players, 2, RANDOM_TOURNAMENT_LIMITS.players);
  whole('rounds', c.rounds, 1, RANDOM_TOURNAMENT_LIMITS.rounds);
  whole('seed', c.seed, 0, 2 ** 32 - 1);
  for (const f of ['drawRate', 'forfeitRate', 'byeRate', 'withdrawRate'] as const) rate(f, c[f]);
  whole('highestRating', c.highestRating, 1000, 3000);
  whole('lowestRating', c.lowestRating, 1000, c.highestRating);
  return c;
}

/** The Elo expectation of the first player against the second, in its logistic form (400 points: about 91%). */
const expectation = (first: number, second: number): number => 1 / (1 + 10 ** ((second - first) / 400));

export function randomTournament(config: RandomTournamentConfig): RandomTournament {
  const c = check(config);
  const rnd = prng(c.seed);
  const span = c.highestRating - c.lowestRating;
  const drawn = Array.from({ length: c.players }, () => c.lowestRating + Math.floor(rnd() * (span + 1)));
  // Starting ranks follow rating, highest first (C.04.3 A.2), ties in drawing order.
  const ratings = drawn
    .map((r, i) => [r, i] as const)
    .sort((a, b) => b[0] - a[0] || a[1] - b[1])
    .map(([r]) => r);
  const blocks: TrfRound[][] = ratings.map(() => []);
  const withdrawn = new Set<number>();
  let games = 0;
  let forfeits = 0;
  let draws = 0;
  // The file after `played` rounds; ranks (by points, then starting rank) only in the final one.
  const write = (played: number, rank?: ReadonlyMap<number, number>) =>
    exportTrf({
      name: `Random tournament (seed ${c.seed})`,
      type: 'Swiss Dutch (FIDE C.04.3), generated by Arbitra',
      roundsPlanned: c.rounds,
      initialColour: 'white1',
      players: ratings.map((rating, i): TrfOutPlayer => {
        const rounds = blocks[i]!.slice(0, played);
        return { startRank: i + 1, name: `Player ${i + 1}`, rating, points: pointsOf(rounds), rank: rank?.get(i) ?? 0, rounds };
      }),
    });
  let round = 1;
  for (; round <= c.rounds; round++) {
    const taking: number[] = [];
    for (let i = 0; i < ratings.length; i++) {
      if (withdrawn.has(i)) blocks[i]!.push({ opponent: null, colour: '-', result: 'Z' });
      else if (c.byeRate > 0 && rnd() < c.byeRate) blocks[i]!.push({ opponent: null, colour: '-', result: 'H' });
      else taking.push(i);
    }
    if (taking.length < 2) {
      // Nobody to pair against: the round has no games and the one player left sits it out (Z), so the file keeps XXR rounds.
      for (const i of taking) blocks[i]!.push({ opponent: null, colour: '-', result: 'Z' });
      continue;
    }
    // The cross-table is read back from the file so far: the generator pairs exactly what a checker of the file reads.
    const file = readTrf(write(round - 1));
    const ids = taking.map((i) => String(i + 1));
    const rows = numbered(trfCrossTable(file, round), new Set(ids), round);
    let result;
    try {
      result = dutchPairing({ round, totalRounds: c.rounds, initialColour: 'W', players: dutchPlayers(rows, ids, round), forbidden: [] });
    } catch (e) {
      invalid(
        'random-tournament/no-pairing',
        `round ${round} of ${c.players} players cannot be paired by the Dutch rules: ${(e as Error).message}`,
        'FIDE Handbook C.04.3 C.1: no pairing repeats a game; a field too small for its rounds runs out of opponents',
        'rounds',
      );
    }
    for (const g of result.games) {
      const w = Number(g.white) - 1;
      const b = Number(g.black) - 1;
      games++;
      if (c.forfeitRate > 0 && rnd() < c.forfeitRate) {
        forfeits++;
        const whiteShows = rnd() < 0.5;
        blocks[w]!.push({ opponent: b + 1, colour: 'w', result: whiteShows ? '+' : '-' });
        blocks[b]!.push({ opponent: w + 1, colour: 'b', result: whiteShows ? '-' : '+' });
        continue;
      }
      const e = expectation(ratings[w]!, ratings[b]!);
      // Draws at the draw rate, capped so the stronger player's expectation stays reachable (as bbpPairings does).
      const pDraw = Math.min(c.drawRate, 2 - 2 * Math.max(e, 1 - e));
      const u = rnd();
      const white = u < pDraw ? '=' : u < pDraw + (e - pDraw / 2) ? '1' : '0';
      if (white === '=') draws++;
      blocks[w]!.push({ opponent: b + 1, colour: 'w', result: white });
      blocks[b]!.push({ opponent: w + 1, colour: 'b', result: white === '=' ? '=' : white === '1' ? '0' : '1' });
    }
    if (result.bye !== null) blocks[Number(result.bye) - 1]!.push({ opponent: null, colour: '-', result: 'U' });
    if (round < c.rounds && c.withdrawRate > 0) for (const i of taking) if (rnd() < c.withdrawRate) withdrawn.add(i);
  }
  const played = round - 1;
  const points = blocks.map((b) => pointsOf(b.slice(0, played)));
  const order = points.map((p, i) => [p, i] as const).sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  const rank = new Map(order.map(([, i], k) => [i, k + 1]));
  const trf = write(played, rank);
  const halfPointByes = blocks.reduce((n, b) => n + b.slice(0, played).filter((r) => r.result === 'H').length, 0);
  return { trf, rounds: played, games, forfeits, draws, halfPointByes, withdrawn: withdrawn.size };
}

const POINTS: Readonly<Record<string, number>> = { '1': 1, '=': 0.5, '0': 0, '+': 1, '-': 0, U: 1, H: 0.5, Z: 0 };
const pointsOf = (rounds: readonly TrfRound[]): number => rounds.reduce((s, r) => s + (POINTS[r.result] ?? 0), 0);

/** Pairing numbers among the players taking part so far (C.04.3 E.5), as the checker numbers them. */
function numbered(rows: readonly CrossRow[], paired: ReadonlySet<string>, round: number): CrossRow[] {
  const taking = rows.filter((r) => paired.has(r.id) || r.entries.some((e) => e.round < round && (e.opponent !== null || e.pab))).sort((a, b) => a.tpn - b.tpn);
  const number = new Map(taking.map((r, i) => [r.id, i + 1]));
  return rows.map((r) => ({ ...r, tpn: number.get(r.id) ?? rows.length + r.tpn }));
}
