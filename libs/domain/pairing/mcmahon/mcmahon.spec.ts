import fc from 'fast-check';
import { type DomainError } from '../../kernel/errors.js';
import type { McMahonBand } from '../../standings/mcmahon.js';
import { bruteForceMinCost } from '../brute-force.fixture.js';
import { pairKey } from '../field.js';
import { player, request, withMeetings } from '../pairing-fixtures.js';
import type { PairingPlayer, PairingRequest, PairingResult } from '../types.js';
import { scoreRange } from './mcmahon-costs.js';
import { mcmahonPairing, scoreGroups } from './mcmahon.js';

const BAND: McMahonBand = { bar: 2100, floor: 1500 }; // bar 1 dan, floor 6 kyu (GoR-style, 100 a rank)

/** Players with ratings (GoR-style) and scores; rank by McMahon order is only the input order here. */
function go(specs: ReadonlyArray<readonly [string, number, number?, Partial<PairingPlayer>?]>): PairingPlayer[] {
  return specs.map(([id, rating, score, extra], i) => player(id, i + 1, { rating, score: score ?? 0, ...extra }));
}
const mm = (players: PairingPlayer[], round: number, band: McMahonBand = BAND, extra: Partial<PairingRequest> = {}) =>
  mcmahonPairing(request(players, { round, options: { mcmahon: band }, ...extra }));
const pairsOf = (r: PairingResult) => r.games.map((g) => [g.first, g.second].sort().join('–')).sort();

describe('McMahon (EGF McMahon system as run by OpenGotha/Pairgoth)', () => {
  it('initial McMahon score from the rank: at or above the bar all start equal; below, one point less a rank; the floor is 0', () => {
    const e = scoreGroups(
      go([
        ['dan3', 2300],
        ['dan1', 2100],
        ['kyu1', 2000],
        ['kyu3', 1800],
        ['kyu10', 1100],
      ]),
      BAND,
    );
    expect(e.map((x) => [x.p.id, x.initial])).toEqual([
      ['dan3', 6],
      ['dan1', 6],
      ['kyu1', 5],
      ['kyu3', 3],
      ['kyu10', 0],
    ]);
  });

  it('pairs inside McMahon-score groups (McMahon score = initial + points)', () => {
    // Two 1 kyus who won (5 + 1 = 6) join the dans (6 + 0); two dans who lost stay at 6 with them.
    const res = mm(
      go([
        ['d1', 2200, 0],
        ['d2', 2150, 0],
        ['k1', 2000, 1],
        ['k2', 2000, 1],
        ['k3', 1900, 0],
        ['k4', 1900, 0],
      ]),
      2,
    );
    expect(res.repeats).toEqual([]);
    const text = res.explanation.join('\n');
    expect(text).toMatch(/score group 6: d1 \(#1\), d2 \(#2\), k1 \(#3\), k2 \(#4\) \(4 in seeding order\)/);
    expect(text).toMatch(/score group 4: k3 \(#5\), k4 \(#6\)/);
    expect(pairsOf(res)).toEqual(['d1–k2', 'd2–k1', 'k3–k4']); // split-and-fold: 1 v 4, 2 v 3
  });

  it('seeding in a group (OpenGotha seeding systems): split-and-fold 1v4 2v3; split-and-slip 1v3 2v4; split-and-random: each of the upper half meets one of the lower, seeded', () => {
    const four = go([
      ['a', 2400],
      ['b', 2300],
      ['c', 2200],
      ['d', 2100],
    ]);
    expect(pairsOf(mm(four, 1))).toEqual(['a–d', 'b–c']);
    expect(pairsOf(mm(four, 1, { ...BAND, seeding: 'split-and-slip' }))).toEqual(['a–c', 'b–d']);
    const eight = go(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'].map((id, i) => [id, 2800 - 50 * i] as const));
    const random = (seed: string) => mm(eight, 1, { ...BAND, seeding: 'split-and-random' }, { seed });
    const r1 = random('s1');
    expect(random('s1')).toEqual(r1);
    for (const g of r1.games) expect(['a', 'b', 'c', 'd'].includes(g.first) !== ['a', 'b', 'c', 'd'].includes(g.second)).toBe(true);
    const draws = new Set(['s1', 's2', 's3', 's4', 's5', 's6'].map((s) => pairsOf(random(s)).join(',')));
    expect(draws.size).toBeGreaterThan(1);
  });

  it('draw-ups/downs minimised: an odd group floats its last player one group down, never two', () => {
    // Groups 6 (3 players), 5 (2), 4 (1): 6–6, 6–5, 5–4 (two draw-ups of 1) rather than 6–4 (one of 2).
    const res = mm(
      go([
        ['a', 2300],
        ['b', 2200],
        ['c', 2100],
        ['d', 2000],
        ['e', 2000],
        ['f', 1900],
      ]),
      1,
    );
    const mms = new Map(
      scoreGroups(
        go([
          ['a', 2300],
          ['b', 2200],
          ['c', 2100],
          ['d', 2000],
          ['e', 2000],
          ['f', 1900],
        ]),
        BAND,
      ).map((e) => [e.p.id, e.mms]),
    );
    expect(res.games.map((g) => Math.abs((mms.get(g.first) as number) - (mms.get(g.second) as number))).sort()).toEqual([0, 1, 1]);
    expect(res.explanation.join('\n')).toMatch(/drawn up 1 to meet/);
  });

  it('who floats (OpenGotha, "When pairing players from different groups"): the middle of the group, not a player drawn the same way before', () => {
    // Group 6: a, b, c; group 5: d. One of the 6s is drawn down to meet d: the middle one, b, unless b was drawn down before.
    const field = (extra: Partial<PairingPlayer> = {}) =>
      go([
        ['a', 2300, 1],
        ['b', 2250, 1, extra],
        ['c', 2200, 1],
        ['d', 2200, 0],
      ]);
    const opponentOfD = (r: PairingResult) => r.games.map((g) => (g.first === 'd' ? g.second : g.second === 'd' ? g.first : null)).find((x) => x !== null);
    expect(opponentOfD(mm(field(), 2))).toBe('b');
    expect(['a', 'c']).toContain(opponentOfD(mm(field({ drawnDown: 1 }), 2)));
    expect(opponentOfD(mm(field({ drawnUp: 1 }), 2))).toBe('b');
  });

  it('no repeats: a group of 4 whose folded pairing met before takes the nearest other seeding', () => {
    const four = withMeetings(
      go([
        ['a', 2400, 1],
        ['b', 2300, 1],
        ['c', 2200, 1],
        ['d', 2100, 1],
      ]),
      [['a', 'd', 1]],
    );
    const res = mm(four, 2);
    expect(res.repeats).toEqual([]);
    expect(pairsOf(res)).toEqual(['a–c', 'b–d']);
  });

  it('a repeat only when no pairing avoids it, and then said (RELAXED)', () => {
    const two = withMeetings(
      go([
        ['a', 2400, 1],
        ['b', 2300, 0],
      ]),
      [['a', 'b', 1]],
    );
    const res = mm(two, 2);
    expect(res.repeats).toEqual([{ a: 'a', b: 'b', why: 'rematch' }]);
    expect(res.explanation.join('\n')).toMatch(/RELAXED: rematch \(met in round 1\): no pairing of the field has fewer repeats/);
  });

  it('secondary criteria (profile option): same club avoided up to the given round, not after; across groups up to the gap', () => {
    const four = go([
      ['a', 2400, 0, { club: 'Paris' }],
      ['b', 2300],
      ['c', 2200],
      ['d', 2100, 0, { club: 'Paris' }],
    ]);
    const band = { ...BAND, avoidSameClubUntilRound: 2 };
    expect(pairsOf(mm(four, 1, band))).toEqual(['a–c', 'b–d']);
    expect(pairsOf(mm(four, 3, band))).toEqual(['a–d', 'b–c']);
    // Across groups: the clash is avoided at a McMahon difference up to the gap (OpenGotha's group gap, default 3), not beyond.
    const across = go([
      ['a', 2300, 0, { club: 'Tokyo' }],
      ['b', 2200, 0, { club: 'Tokyo' }],
      ['c', 2000],
      ['d', 2000],
    ]);
    expect(pairsOf(mm(across, 1, band))).toEqual(['a–c', 'b–d']);
    const kept = mm(across, 1, { ...band, geographyGap: 0 });
    expect(pairsOf(kept)).toEqual(['a–b', 'c–d']);
    expect(kept.explanation.join('\n')).toMatch(/same club or country kept: no pairing avoids it at a lower cost/);
    const countries = go([
      ['a', 2400, 0, { country: 'FR' }],
      ['b', 2300],
      ['c', 2200],
      ['d', 2100, 0, { country: 'FR' }],
    ]);
    expect(pairsOf(mm(countries, 1, { ...BAND, avoidSameCountryUntilRound: 1 }))).toEqual(['a–c', 'b–d']);
  });

  it('handicap policy: McMahon difference lowered by N, capped; the weaker takes Black (first); 1 = no komi; none at or above the no-handicap rank', () => {
    const two = go([
      ['dan', 2300],
      ['kyu', 1800],
    ]); // initial 6 v 3: difference 3
    const lowered = mm(two, 1, { ...BAND, handicap: { lowerBy: 1, max: 9 } });
    expect(lowered.games).toEqual([{ table: 1, first: 'kyu', second: 'dan', handicap: 2 }]);
    expect(lowered.explanation.join('\n')).toMatch(
      /handicap 2 \(2 stones\): McMahon difference 3 lowered by 1, at most 9; kyu \(#2\), the weaker, takes Black/,
    );
    expect(mm(two, 1, { ...BAND, handicap: { lowerBy: 0, max: 2 } }).games[0].handicap).toBe(2);
    expect(mm(two, 1, { ...BAND, handicap: { lowerBy: 2, max: 9 } }).games[0]).toEqual({ table: 1, first: 'kyu', second: 'dan', handicap: 1 });
    // OpenGotha's "no handicap when both players' MMS above" a rank: above it, a McMahon score counts as that rank's.
    const strong = go([
      ['dan3', 2300, 1],
      ['dan1', 2100],
    ]); // McMahon 7 v 6, both at or above 1 kyu (5)
    const won = go([
      ['dan3', 2300, 2],
      ['kyu', 1800],
    ]); // McMahon 8 v 3: difference 5; from 1 dan (6): 6 v 3
    expect(mm(won, 2, { ...BAND, handicap: { lowerBy: 1, max: 9 } }).games[0].handicap).toBe(4);
    expect(mm(won, 2, { ...BAND, handicap: { lowerBy: 1, max: 9, noHandicapFromRating: 2100 } }).games[0].handicap).toBe(2); // 6 v 3
    expect(mm(strong, 1, { ...BAND, handicap: { lowerBy: 0, max: 9, noHandicapFromRating: 2000 } }).games[0].handicap).toBeUndefined();
    const even = mm(two, 1, { ...BAND, handicap: { lowerBy: 3, max: 9 } });
    expect(even.games[0].handicap).toBeUndefined();
    expect(even.explanation.join('\n')).toMatch(/even game \(handicap 0\)/);
  });

  it('colour balance in an even game: the player who had Black more often takes White; a tie is a seeded nigiri', () => {
    const two = go([
      ['a', 2300, 0, { firsts: 2, seconds: 0 }],
      ['b', 2300, 0, { firsts: 1, seconds: 1 }],
    ]);
    expect(mm(two, 3).games).toEqual([{ table: 1, first: 'b', second: 'a' }]);
    const tie = go([
      ['a', 2300],
      ['b', 2300],
    ]);
    const seeds = ['n1', 'n2', 'n3', 'n4', 'n5', 'n6', 'n7', 'n8'].map((seed) => mm(tie, 1, BAND, { seed }).games[0].first);
    expect(new Set(seeds)).toEqual(new Set(['a', 'b']));
    expect(mm(tie, 1, BAND, { seed: 'n1' }).explanation.join('\n')).toMatch(/nigiri \(seeded\)/);
  });

  it('bye: the lowest McMahon score among the players with the fewest byes, inside the same matching', () => {
    const five = go([
      ['a', 2300],
      ['b', 2200],
      ['c', 2100],
      ['d', 1900],
      ['e', 1700],
    ]);
    expect(mm(five, 1).bye).toBe('e');
    const hadBye = go([
      ['a', 2300],
      ['b', 2200],
      ['c', 2100],
      ['d', 1900],
      ['e', 1700, 0, { byes: 1 }],
    ]);
    const res = mm(hadBye, 2);
    expect(res.bye).toBe('d');
    // The bye moves up only when the lowest bye would force a repeat another bye avoids.
    const three = withMeetings(
      go([
        ['a', 2300, 1],
        ['b', 2200, 1],
        ['c', 2100, 0],
      ]),
      [['a', 'b', 1]],
    );
    const moved = mm(three, 2);
    expect(moved.bye).toBe('b');
    expect(moved.repeats).toEqual([]);
    expect(moved.explanation.join('\n')).toMatch(/moved up from c only because that bye would force more repeats/);
    expect(res.explanation.join('\n')).toMatch(
      /d \(#4\) \(MMS 4\) gets the bye: odd field of 5; the lowest McMahon score among the players with the fewest byes \(0\) \(1 passed over: more byes\)/,
    );
  });

  it('refuses without the profile McMahon band (pairing/mcmahon-needs-band) and without scores after round 1 (pairing/mcmahon-score-missing)', () => {
    const type = (f: () => unknown) => {
      try {
        f();
      } catch (e) {
        return (e as DomainError).type;
      }
      return null;
    };
    expect(
      type(() =>
        mcmahonPairing(
          request(
            go([
              ['a', 2000],
              ['b', 2000],
            ]),
            { round: 1 },
          ),
        ),
      ),
    ).toBe('pairing/mcmahon-needs-band');
    expect(type(() => mm([player('a', 1), player('b', 2)], 2))).toBe('pairing/mcmahon-score-missing');
  });

  it('property: fewest repeats, then the least priced McMahon difference (OpenGotha concavity), equal to the brute-force optimum (even fields ≤ 10)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 5 }).map((k) => 2 * k),
        fc.array(fc.tuple(fc.integer({ min: 15, max: 24 }), fc.integer({ min: 0, max: 3 })), { minLength: 10, maxLength: 10 }),
        fc.array(fc.tuple(fc.nat(9), fc.nat(9), fc.integer({ min: 1, max: 3 })), { maxLength: 25 }),
        (n, specs, edges) => {
          const base = go(specs.slice(0, n).map(([r, s], i) => [`p${i}`, r * 100, s] as const));
          const meetings = edges.filter(([i, j]) => i < n && j < n && i !== j).map(([i, j, r]) => [`p${i}`, `p${j}`, r] as [string, string, number]);
          const players = withMeetings(base, meetings);
          const res = mm(players, 4);
          const mms = new Map(scoreGroups(players, BAND).map((e) => [e.p.id, e.mms]));
          const met = new Map<string, number>();
          for (const [a, b] of meetings) met.set(pairKey(a, b), (met.get(pairKey(a, b)) ?? 0) + 1);
          const rep = (a: string, b: string) => (met.get(pairKey(a, b)) ?? 0) ** 2;
          const G = scoreRange(BAND, 4);
          const sq = (a: string, b: string) => {
            const d = Math.abs(2 * ((mms.get(a) as number) - (mms.get(b) as number)));
            return 2 * G * d + d * d;
          };
          const ids = players.map((p) => p.id);
          const minRep = bruteForceMinCost(n, (i, j) => rep(ids[i], ids[j])).cost;
          const big = 10_000;
          const best = bruteForceMinCost(n, (i, j) => rep(ids[i], ids[j]) * big * n + sq(ids[i], ids[j])).cost;
          const got = res.games.reduce((s, g) => s + rep(g.first, g.second), 0);
          expect(got).toBe(minRep);
          expect(res.games.reduce((s, g) => s + rep(g.first, g.second) * big * n + sq(g.first, g.second), 0)).toBe(best);
          expect(res.games.flatMap((g) => [g.first, g.second]).sort()).toEqual(ids.slice().sort());
        },
      ),
      { numRuns: 150 },
    );
  });

  it('property: determinism — the same request and seed give a deep-equal result', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 14 }), fc.string(), (n, seed) => {
        const players = go(Array.from({ length: n }, (_, i) => [`p${i}`, 1500 + ((i * 137) % 900), i % 3] as const));
        const req = request(players, { round: 3, seed, options: { mcmahon: { ...BAND, seeding: 'split-and-random' } } });
        expect(mcmahonPairing(req)).toEqual(mcmahonPairing(req));
      }),
      { numRuns: 25 },
    );
  });
});
