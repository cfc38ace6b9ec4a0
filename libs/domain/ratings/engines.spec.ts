import { describe, expect, it } from '@jest/globals';
import { EGD_2021, egdChange, egdPeriod } from './egd.js';
import { cappedK, FIDE_RAPID_2024, fideDp, fideExpected, fidePeriod } from './fide.js';
import { GLICKO2_V1, glicko2Update } from './glicko2.js';
import { EMA_RANKING_V2, emaScore, emaWeight } from './mahjong-ema.js';
import { basePoints, MAHJONG_RANKING_V1, mahjongPeriod, rankingScore } from './mahjong-ranking.js';
import { newPlayer, type PlayerRating, type RatedGame, type RatedTournament } from './types.js';
import { performanceRating, WESPA_V1, wespaExpected, wespaMultiplier, wespaPeriod } from './wespa.js';

const rated = (rating: number, games: number, extra: Partial<PlayerRating> = {}): PlayerRating => ({
  ...newPlayer(),
  rating,
  games,
  provisional: false,
  ...extra,
});
const tournament = (games: RatedGame[], extra: Partial<RatedTournament> = {}): RatedTournament => ({
  id: 't1',
  endsOn: '2026-06-01',
  players: [...new Set(games.flatMap((g) => [g.a, g.b]))].map((id) => ({ id })),
  games,
  sessions: 1,
  countries: 1,
  ...extra,
});
const period = (ts: RatedTournament[], closesOn = '2026-06-30') => ({ period: '2026-06', closesOn, tournaments: ts });

describe('EGD GoR 2021', () => {
  it('2100 beats 2100: 2109.306 (the EGD worked example)', () => {
    expect(2100 + egdChange(2100, 2100, 1)).toBeCloseTo(2109.306, 3);
    const t = egdPeriod(
      new Map([
        ['a', rated(2100, 10)],
        ['b', rated(2100, 10)],
      ]),
      period([tournament([{ round: 1, a: 'a', b: 'b', score: 1 }])]),
      EGD_2021,
      730,
    );
    expect(t.get('a')?.rating).toBeCloseTo(2109.306, 3);
    expect(t.get('b')?.rating).toBeLessThan(2100);
  });

  it('never goes below the floor of −900', () => {
    const t = egdPeriod(
      new Map([
        ['a', rated(-895, 10)],
        ['b', rated(2700, 10)],
      ]),
      period([tournament([{ round: 1, a: 'a', b: 'b', score: 0 }])]),
      EGD_2021,
      730,
    );
    expect(t.get('a')?.rating).toBeGreaterThanOrEqual(-900);
  });

  it('a newcomer starts from the rating declared at registration', () => {
    const t = tournament([{ round: 1, a: 'new', b: 'b', score: 0.5 }], { players: [{ id: 'new', declaredRating: 1500 }, { id: 'b' }] });
    const out = egdPeriod(new Map([['b', rated(1500, 10)]]), period([t]), EGD_2021, 730);
    expect(out.get('new')?.rating).toBeCloseTo(1500 + egdChange(1500, 1500, 0.5), 6);
  });
});

describe('Glicko-2', () => {
  it("Glickman's example: 1500/200/0.06 against 1400/30 (won), 1550/100 (lost), 1700/300 (lost) → 1464.06 / 151.52 / 0.05999", () => {
    const r = glicko2Update(
      { rating: 1500, deviation: 200, volatility: 0.06 },
      [
        { opponent: { rating: 1400, deviation: 30 }, score: 1 },
        { opponent: { rating: 1550, deviation: 100 }, score: 0 },
        { opponent: { rating: 1700, deviation: 300 }, score: 0 },
      ],
      0.5,
    );
    // The paper rounds its intermediate values (μ′ = −0.2069 → 1464.06); unrounded the rating is 1464.0507.
    expect(r.rating).toBeCloseTo(1464.06, 1);
    expect(r.deviation).toBeCloseTo(151.52, 2);
    expect(r.volatility).toBeGreaterThan(0.05999);
    expect(r.volatility).toBeLessThan(0.06);
  });

  it('a player without games only gains deviation', () => {
    const r = glicko2Update({ rating: 1500, deviation: 200, volatility: 0.06 }, [], GLICKO2_V1.tau);
    expect(r.rating).toBe(1500);
    expect(r.deviation).toBeCloseTo(Math.sqrt(200 ** 2 + (0.06 * 173.7178) ** 2), 6);
  });
});

describe('FIDE rapid', () => {
  it('reads tables 8.1a and 8.1b as published, and counts a difference over 400 as 400 (8.54)', () => {
    expect(fideExpected(1500, 1500)).toBe(0.5);
    expect(fideExpected(1595, 1500)).toBe(0.63); // 92–98
    expect(fideExpected(1500, 1700)).toBe(0.24); // 198–206, lower-rated
    expect(fideExpected(2000, 1650)).toBe(0.89); // 345–357
    expect(fideExpected(2500, 1900)).toBe(0.92); // 600 counts as 400 (392–411)
    expect(fideExpected(1900, 2500)).toBe(0.08);
    expect(fideDp(0.92)).toBe(401);
    expect(fideDp(0.25)).toBe(-193);
  });

  it('K × n is capped at 700: K becomes the largest whole number with K × n ≤ 700', () => {
    expect(cappedK(40, 17, 700)).toBe(40);
    expect(cappedK(40, 20, 700)).toBe(35);
    expect(cappedK(40, 18, 700)).toBe(38);
  });

  it('a 2000 player (K 20) scoring 3/5 against 1900, 2000, 2100, 2200 and 1500: We 2.66, ΔR = 20 × 0.34 → 2007', () => {
    const prior = new Map<string, PlayerRating>([
      ['p', rated(2000, 100)],
      ['o1', rated(1900, 100)],
      ['o2', rated(2000, 100)],
      ['o3', rated(2100, 100)],
      ['o4', rated(2200, 100)],
      ['o5', rated(1500, 100)],
    ]);
    const games: RatedGame[] = [
      { round: 1, a: 'p', b: 'o1', score: 1 },
      { round: 2, a: 'p', b: 'o2', score: 0.5 },
      { round: 3, a: 'p', b: 'o3', score: 0.5 },
      { round: 4, a: 'p', b: 'o4', score: 0 },
      { round: 5, a: 'p', b: 'o5', score: 1 },
    ];
    const out = fidePeriod(prior, period([tournament(games)]), FIDE_RAPID_2024, 365);
    expect(out.get('p')?.rating).toBe(2007);
  });

  it('FIDE 8.3.3: K 40 until the end of the year of the 18th birthday: a 2200 junior drawing a 2400 goes to 2210, not 2205', () => {
    // 2200 vs 2400: a difference of 200 gives 0.24 (table 8.1b); a draw is 0.26 over expectation: K 40 → +10.4, K 20 → +5.2.
    const prior = new Map<string, PlayerRating>([
      ['j18', rated(2200, 100)],
      ['j17', rated(2200, 100)],
      ['a19', rated(2200, 100)],
      ['o1', rated(2400, 100)],
      ['o2', rated(2400, 100)],
      ['o3', rated(2400, 100)],
    ]);
    const games = [
      { round: 1, a: 'j18', b: 'o1', score: 0.5 },
      { round: 1, a: 'j17', b: 'o2', score: 0.5 },
      { round: 1, a: 'a19', b: 'o3', score: 0.5 },
    ];
    const birthYears = { j18: 2008, j17: 2009, a19: 2007 };
    const out = fidePeriod(prior, { ...period([tournament(games)], '2026-12-31'), birthYears }, FIDE_RAPID_2024, 365);
    expect([out.get('j18')?.rating, out.get('j17')?.rating, out.get('a19')?.rating]).toEqual([2210, 2210, 2205]);
    // A profile recorded before the fix (juniorUnderAge 18) recomputes as it was published: the 18-year-old at K 20.
    const { juniorThroughAge: _t, ...k } = FIDE_RAPID_2024.k;
    const old = fidePeriod(prior, { ...period([tournament(games)], '2026-12-31'), birthYears }, { ...FIDE_RAPID_2024, k: { ...k, juniorUnderAge: 18 } }, 365);
    expect(old.get('j18')?.rating).toBe(2205);
  });

  it('K 40 for a newcomer (under 30 games), 10 once 2400 was reached, and the floor', () => {
    const prior = new Map<string, PlayerRating>([
      ['new', rated(1600, 5)],
      ['top', rated(2390, 200, { peak: 2410 })],
      ['low', rated(1405, 100)],
      ['x', rated(1600, 100)],
      ['y', rated(2390, 100)],
      ['z', rated(1405, 100)],
    ]);
    const out = fidePeriod(
      prior,
      period([
        tournament([
          { round: 1, a: 'new', b: 'x', score: 1 },
          { round: 1, a: 'top', b: 'y', score: 1 },
          { round: 1, a: 'low', b: 'z', score: 0 },
        ]),
      ]),
      FIDE_RAPID_2024,
      365,
    );
    expect(out.get('new')?.rating).toBe(1620);
    expect(out.get('top')?.rating).toBe(2395);
    expect(out.get('low')?.rating).toBe(1400);
  });

  it('an unrated player waits for five games against rated players, then gets Ra + dp', () => {
    const prior = new Map<string, PlayerRating>(['a', 'b', 'c', 'd', 'e'].map((o) => [o, rated(1800, 100)]));
    const four = ['a', 'b', 'c', 'd'].map((o, i) => ({ round: i + 1, a: 'u', b: o, score: 0.5 }));
    const after4 = fidePeriod(prior, period([tournament(four)]), FIDE_RAPID_2024, 365);
    expect(after4.get('u')?.rating).toBeNull();
    const after5 = fidePeriod(after4, period([tournament([{ round: 1, a: 'u', b: 'e', score: 0.5 }])], '2026-07-31'), FIDE_RAPID_2024, 365);
    expect(after5.get('u')?.rating).toBe(1800);
    expect(after5.get('u')?.provisional).toBe(true);
  });
});

describe('WESPA Elo-style', () => {
  it('expected score is 1/(1+exp((Ropp − R)/172))', () => {
    expect(wespaExpected(1900, 1900)).toBe(0.5);
    expect(wespaExpected(1900, 2072)).toBeCloseTo(1 / (1 + Math.E), 12);
  });

  it('multipliers by band and experience: 30/24/15 under 50 games, 20/16/10 after; bands at 1800 and 2000', () => {
    expect([1799, 1800, 2000].map((r) => wespaMultiplier(r, 49, WESPA_V1))).toEqual([30, 24, 15]);
    expect([1799, 1999, 2000].map((r) => wespaMultiplier(r, 50, WESPA_V1))).toEqual([20, 16, 10]);
  });

  it('an established 1900 player beating a 1900 player gains 16 × ½ = 8', () => {
    const out = wespaPeriod(
      new Map([
        ['a', rated(1900, 100)],
        ['b', rated(1900, 100)],
      ]),
      period([tournament([{ round: 1, a: 'a', b: 'b', score: 1 }])]),
      WESPA_V1,
      730,
    );
    expect(out.get('a')?.rating).toBeCloseTo(1908, 9);
    expect(out.get('b')?.rating).toBeCloseTo(1892, 9);
  });

  it('the acceleration bonus adds multiplier × the surplus above the threshold', () => {
    const opp = Array.from({ length: 8 }, (_, i) => `o${i}`);
    const prior = new Map<string, PlayerRating>([['a', rated(1700, 60)], ...opp.map((o): [string, PlayerRating] => [o, rated(1700, 60)])]);
    const out = wespaPeriod(prior, period([tournament(opp.map((o, i) => ({ round: i + 1, a: 'a', b: o, score: 1 })))]), WESPA_V1, 730);
    // surplus 8 − 4 = 4 wins: 20 × 4 + 20 × (4 − 3)
    expect(out.get('a')?.rating).toBeCloseTo(1800, 9);
  });

  it('a newcomer is rated at their performance and stays provisional for the first 30 games', () => {
    const prior = new Map<string, PlayerRating>([
      ['x', rated(1500, 100)],
      ['y', rated(1700, 100)],
    ]);
    const out = wespaPeriod(
      prior,
      period([
        tournament([
          { round: 1, a: 'n', b: 'x', score: 1 },
          { round: 2, a: 'n', b: 'y', score: 0 },
        ]),
      ]),
      WESPA_V1,
      730,
    );
    const n = out.get('n');
    expect(n?.rating).toBeCloseTo(performanceRating([1500, 1700], 1, 172, 400), 9);
    expect(n?.rating).toBeCloseTo(1600, 6);
    expect(n?.provisional).toBe(true);
    expect(n?.games).toBe(2);
  });
});

describe('mahjong ranking', () => {
  it('base points 1000·(N − place)/(N − 1)', () => {
    expect([1, 3, 5].map((p) => basePoints(p, 5))).toEqual([1000, 500, 0]);
  });

  it('fewer than five results are padded: one win of weight 1 ranks at 200', () => {
    expect(rankingScore([{ tournament: 't', on: '2026-06-01', points: 1000, weight: 1 }], '2026-06-30', MAHJONG_RANKING_V1).score).toBe(200);
  });

  it('a result over a year old counts at half weight, over two years not at all', () => {
    const p = { ...MAHJONG_RANKING_V1, minResults: 0 };
    const fresh = { tournament: 'a', on: '2026-06-01', points: 900, weight: 1 };
    const old = { tournament: 'b', on: '2025-03-01', points: 300, weight: 1 };
    const ancient = { tournament: 'c', on: '2023-01-01', points: 0, weight: 1 };
    expect(rankingScore([fresh, old, ancient], '2026-06-30', p).score).toBeCloseTo((900 + 150) / 1.5, 9);
  });

  it('places a tournament’s players by its placings, weighted by length, field and countries', () => {
    const t = tournament([], { placings: [1, 2, 3, 4].map((place) => ({ player: `p${place}`, place })), sessions: 4, countries: 3 });
    const out = mahjongPeriod(new Map(), period([t]), MAHJONG_RANKING_V1, 730);
    // (4/8) × (4/40) × 1 = 0.05, raised to the profile's minimum weight 0.1
    expect(out.get('p1')?.results?.[0]).toMatchObject({ points: 1000, weight: 0.1 });
    // four padding results of weight 1 beside one of weight 0.1
    expect(out.get('p1')?.rating).toBeCloseTo((1000 * 0.1) / 4.1, 9);
    expect(out.get('p4')?.rating).toBe(0);
    expect(out.get('p1')?.provisional).toBe(true);
  });
});

describe('EMA ranking (mahjong-ranking 2: EMA Basics 2018 weight, 2010 age and averaging)', () => {
  const placed = (field: number, places: Array<[string, number]>, extra: Partial<RatedTournament> = {}) =>
    tournament([], { placings: places.map(([player, place]) => ({ player, place })), field, sessions: 4, countries: 1, ...extra });

  it('N counts every player placed: the 7th of 8 beside two unidentified players scores 1000 × 1/7, and nobody goes below 0', () => {
    // Six identified players; the 2nd and 5th of the standings were not identified (not in the placings).
    const t = placed(8, [['a', 1], ['c', 3], ['d', 4], ['f', 6], ['g', 7], ['h', 8]]); // prettier-ignore
    const out = mahjongPeriod(new Map(), period([t]), EMA_RANKING_V2, 1095);
    expect(out.get('g')?.results?.[0].points).toBeCloseTo(1000 / 7, 9);
    expect(out.get('h')?.results?.[0].points).toBe(0);
    for (const r of out.values()) expect(r.results?.[0].points).toBeGreaterThanOrEqual(0);
  });

  it('weight TOTAL_MERS = days + players + countries + qualification (EMA Basics 2018)', () => {
    expect(emaWeight(placed(40, [], { days: 1, countries: 5 }), EMA_RANKING_V2)).toBe(1);
    expect(emaWeight(placed(41, [], { days: 2, countries: 6 }), EMA_RANKING_V2)).toBe(3);
    expect(emaWeight(placed(81, [], { id: 'oemc', days: 3, countries: 10 }), { ...EMA_RANKING_V2, qualifiedTournaments: ['oemc'] })).toBe(6);
    expect(emaWeight(placed(81, [], { days: 4, countries: 12 }), EMA_RANKING_V2)).toBe(5);
  });

  it('age: a result counts 2/3 after one year, 1/3 after two and not after three (EMA 2010)', () => {
    const p = { ...EMA_RANKING_V2, minResults: 0, bestShare: 0 };
    const r = (on: string, points: number) => ({ tournament: on, on, points, weight: 1 });
    expect(emaScore([r('2026-01-01', 900), r('2025-06-01', 600)], '2026-06-30', p).score).toBeCloseTo((900 + 600 * (2 / 3)) / (1 + 2 / 3), 9);
    expect(emaScore([r('2026-01-01', 900), r('2024-03-01', 0)], '2026-06-30', p).score).toBeCloseTo(900 / (1 + 1 / 3), 9);
    expect(emaScore([r('2026-01-01', 900), r('2023-03-01', 0)], '2026-06-30', p)).toEqual({ score: 900, counted: 1 });
  });

  it('the score is half the average of every result (padded to five at 0) and half the average of the best three', () => {
    const r = (points: number) => ({ tournament: `t${points}`, on: '2026-06-01', points, weight: 1 });
    expect(emaScore([1000, 500, 0, 800, 600].map(r), '2026-06-30', EMA_RANKING_V2).score).toBeCloseTo(0.5 * 580 + 0.5 * 800, 9);
    expect(emaScore([1000, 1000].map(r), '2026-06-30', EMA_RANKING_V2).score).toBeCloseTo(0.5 * 400 + 0.5 * (2000 / 3), 9);
  });

  it('a player is listed from two tournaments: one result leaves the ranking null', () => {
    const one = mahjongPeriod(new Map(), period([placed(4, [['a', 1]])]), EMA_RANKING_V2, 1095);
    expect(one.get('a')).toMatchObject({ rating: null, games: 1 });
    const two = mahjongPeriod(one, period([placed(4, [['a', 2]], { id: 't2', endsOn: '2026-06-20' })]), EMA_RANKING_V2, 1095);
    expect(two.get('a')?.rating).toBeCloseTo(0.5 * ((1000 + 2000 / 3) / 5) + 0.5 * ((1000 + 2000 / 3) / 3), 9);
  });
});
