import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { DomainError } from '../kernel/errors.js';
import { australianDraw } from './australian-draw.js';
import { bruteForceMinCost } from './brute-force.fixture.js';
import { pair } from './index.js';
import { field, player, request, SEED_EXAMPLE, simulate, withMeetings } from './pairing-fixtures.js';
import type { PairingResult } from './types.js';

const pairsOf = (r: PairingResult) => r.games.map((g) => [g.first, g.second].sort());
const seedField = () => SEED_EXAMPLE.map((id, i) => player(id, i + 1));

describe('Australian draw (WESPA seed 澳洲式瑞士制)', () => {
  it('WESPA seed example 澳洲式瑞士制: given #1 and #2 have met, when paired, then 1–3, 2–4, 5–6', () => {
    const players = withMeetings(seedField(), [['Chan Hok Hei', 'Wong Siu Ki', 1]]);
    const res = pair('australian-draw', request(players));
    expect(pairsOf(res)).toEqual([
      ['Chan Hok Hei', 'Wong Wai Ho'],
      ['Cheung Siu Kwan', 'Wong Siu Ki'],
      ['Ho Ka Wai', 'Lee Kwan Yee'],
    ]);
    expect(res.repeats).toEqual([]);
    expect(res.explanation.join('\n')).toMatch(/Chan Hok Hei \(#1\) meets Wong Wai Ho \(#3\), passing over Wong Siu Ki \(#2\): already met in round 1/);
  });

  it('根據當時的總成績，第1名將與第2名比賽: given no rematches, then 1v2, 3v4, 5v6', () => {
    const players = withMeetings(seedField(), [['Chan Hok Hei', 'Ho Ka Wai', 1]]);
    expect(pairsOf(pair('australian-draw', request(players)))).toEqual([
      ['Chan Hok Hei', 'Wong Siu Ki'],
      ['Cheung Siu Kwan', 'Wong Wai Ho'],
      ['Ho Ka Wai', 'Lee Kwan Yee'],
    ]);
  });

  it('參賽者不會與較早前之對手再次進行比賽 with backtracking: given a greedy dead end at the bottom, then a rematch-free pairing is still found', () => {
    // Greedy gives 1–2, 3–4 and leaves 5–6, who met; backtracking must find 1–2, 3–5, 4–6.
    const players = withMeetings(field(6), [
      ['p5', 'p6', 1],
      ['p4', 'p5', 1],
    ]);
    const res = australianDraw(request(players));
    expect(res.repeats).toEqual([]);
    expect(pairsOf(res)).toEqual([
      ['p1', 'p2'],
      ['p3', 'p5'],
      ['p4', 'p6'],
    ]);
    expect(res.explanation.join('\n')).toMatch(/backtracking/);
  });

  it('relax the fewest repeats: given no rematch-free pairing exists, then exactly one rematch is allowed and explained', () => {
    // Only p2–p3 is fresh, so every perfect pairing of these 4 repeats at least one meeting.
    const m: Array<[string, string, number]> = [
      ['p1', 'p2', 1],
      ['p3', 'p4', 1],
      ['p1', 'p3', 2],
      ['p2', 'p4', 2],
      ['p1', 'p4', 3],
    ];
    const res = australianDraw(request(withMeetings(field(4), m)));
    // p2–p3 is the only fresh pair, so p1–p4 (met) must repeat: 1 repeat, the minimum.
    expect(pairsOf(res)).toEqual([
      ['p1', 'p4'],
      ['p2', 'p3'],
    ]);
    expect(res.repeats).toEqual([{ a: 'p1', b: 'p4', why: 'rematch' }]);
    expect(res.explanation.join('\n')).toMatch(
      /RELAXED: p1 \(#1\) meets p4 \(#4\) again \(met in round 3; this is meeting 2\): no pairing of the 4 players drawn has a lower repeat cost/,
    );
  });

  it('forbidden pairings are avoided exactly like rematches', () => {
    const res = australianDraw(request(withMeetings(field(4), [['p1', 'p3', 1]]), { forbidden: [{ a: 'p1', b: 'p2', reason: 'same family' }] }));
    expect(pairsOf(res)).toEqual([
      ['p1', 'p4'],
      ['p2', 'p3'],
    ]);
    expect(res.explanation.join('\n')).toMatch(/: forbidden/);
    expect(res.explanation.join('\n')).not.toContain('same family');
  });

  it('forbidden is relaxed only when unavoidable, after rematches', () => {
    // p1 may meet p2 (forbidden) or repeat with p3/p4: a repeat is preferred to a forbidden pairing.
    const players = withMeetings(field(4), [
      ['p1', 'p3', 1],
      ['p1', 'p4', 2],
    ]);
    const res = australianDraw(request(players, { forbidden: [{ a: 'p1', b: 'p2', reason: 'club mates' }] }));
    expect(res.repeats).toEqual([{ a: 'p1', b: 'p3', why: 'rematch' }]);
    const only = australianDraw(
      request(
        field(2).map((p) => ({ ...p, met: [{ opponent: p.id === 'p1' ? 'p2' : 'p1', round: 1 }] })),
        { forbidden: [{ a: 'p1', b: 'p2', reason: 'x' }] },
      ),
    );
    expect(only.repeats).toEqual([
      { a: 'p1', b: 'p2', why: 'forbidden' },
      { a: 'p1', b: 'p2', why: 'rematch' },
    ]);
  });

  it('options.repeatsForgivenBefore: meetings in earlier rounds do not count as repeats', () => {
    const players = withMeetings(seedField(), [['Chan Hok Hei', 'Wong Siu Ki', 1]]);
    const res = australianDraw(request(players, { round: 5, options: { repeatsForgivenBefore: 2 } }));
    expect(pairsOf(res)[0]).toEqual(['Chan Hok Hei', 'Wong Siu Ki']);
    expect(res.explanation[0]).toMatch(/meetings before round 2 are forgiven/);
  });

  describe('round 1 seeding by rating (options.round1)', () => {
    const fresh = () => field(8).map((p, i) => ({ ...p, rank: 8 - i })); // ranks reversed, ratings decide
    it("'rating-halves' (default): top half v bottom half by rating", () => {
      expect(pairsOf(australianDraw(request(fresh(), { round: 1 })))).toEqual([
        ['p4', 'p8'],
        ['p3', 'p7'],
        ['p2', 'p6'],
        ['p1', 'p5'],
      ]);
    });
    it("'rating-adjacent': 1v2, 3v4 by rating", () => {
      expect(pairsOf(australianDraw(request(fresh(), { round: 1, options: { round1: 'rating-adjacent' } }))).sort()).toEqual([
        ['p1', 'p2'],
        ['p3', 'p4'],
        ['p5', 'p6'],
        ['p7', 'p8'],
      ]);
    });
    it("'random': a seeded shuffle, the same for the same seed", () => {
      const a = australianDraw(request(fresh(), { round: 1, options: { round1: 'random' }, seed: 's1' }));
      expect(australianDraw(request(fresh(), { round: 1, options: { round1: 'random' }, seed: 's1' }))).toEqual(a);
      const others = ['s2', 's3', 's4', 's5'].map((seed) =>
        JSON.stringify(pairsOf(australianDraw(request(fresh(), { round: 1, options: { round1: 'random' }, seed })))),
      );
      expect(others.some((o) => o !== JSON.stringify(pairsOf(a)))).toBe(true);
    });
    it('a forbidden round-1 pairing takes the next player in the seeding sequence', () => {
      const res = australianDraw(request(field(4), { round: 1, forbidden: [{ a: 'p1', b: 'p3', reason: 'same club' }] }));
      expect(res.repeats).toEqual([]);
      expect(pairsOf(res)).toEqual([
        ['p1', 'p2'],
        ['p3', 'p4'],
      ]);
    });
  });

  describe('bye (odd field)', () => {
    it('the lowest-ranked player with the fewest byes gets the bye, and the explanation says why', () => {
      const players = field(5).map((p) => (p.id === 'p5' ? { ...p, byes: 1 } : p));
      const res = australianDraw(request(players));
      expect(res.bye).toBe('p4');
      expect(res.explanation.join('\n')).toMatch(
        /p4 \(#4\) gets the bye: odd field of 5; lowest-ranked player with the fewest byes \(0\); p5 \(#5\) already had more/,
      );
      expect(res.games.flatMap((g) => [g.first, g.second]).sort()).toEqual(['p1', 'p2', 'p3', 'p5']);
    });
    // A 9-player event before round 7 (found by simulating rematch-free rounds; fixed here). A, G
    // and I have had no bye. The bye to I (#9) would force A–B again; the bye to G (#7) or A does not.
    const NINE: Array<[string, string, number]> = [
      ['A', 'H', 1],
      ['A', 'E', 2],
      ['A', 'B', 3],
      ['A', 'I', 4],
      ['A', 'C', 5],
      ['A', 'F', 6],
      ['B', 'G', 1],
      ['B', 'I', 2],
      ['B', 'D', 5],
      ['B', 'C', 6],
      ['C', 'G', 2],
      ['C', 'H', 3],
      ['C', 'D', 4],
      ['D', 'F', 1],
      ['D', 'H', 2],
      ['D', 'E', 6],
      ['E', 'I', 1],
      ['E', 'G', 3],
      ['E', 'F', 4],
      ['F', 'I', 3],
      ['F', 'G', 5],
      ['G', 'H', 4],
      ['G', 'I', 6],
      ['H', 'I', 5],
    ];
    const nine = (extra: Array<[string, string, number]> = []) =>
      withMeetings(
        'ABCDEFGHI'.split('').map((id, i) => player(id, i + 1, { byes: 'AGI'.includes(id) ? 0 : 1 })),
        [...NINE, ...extra],
      );

    it('參賽者不會與較早前之對手再次進行比賽 over the bye rule: when the preferred bye forces a rematch, the next lowest-ranked player with the fewest byes takes it', () => {
      const res = australianDraw(request(nine(), { round: 7 }));
      expect(res.repeats).toEqual([]);
      expect(res.bye).toBe('G');
      const met = new Set(NINE.flatMap(([a, b]) => [`${a}|${b}`, `${b}|${a}`]));
      for (const g of res.games) expect(met.has(`${g.first}|${g.second}`)).toBe(false);
      const text = res.explanation.join('\n');
      // B–G (round 1) is the older of the rematches the bye to I could force, so it is the one named (repeat-cost.ts).
      expect(text).toMatch(/with the bye to I \(#9\) the draw needs 1 repeat \(B–G rematch\)/);
      expect(text).toMatch(/weighed in one minimum-cost matching .*: G \(#7\) gets the bye instead \(also 0 byes so far\), its draw needs 0 repeats/);
      // With G already given a bye, only I and A have none: A takes it (never a second bye for G).
      const withoutG = australianDraw(
        request(
          nine().map((p) => (p.id === 'G' ? { ...p, byes: 1 } : p)),
          { round: 7 },
        ),
      );
      expect(withoutG.bye).toBe('A');
      expect(withoutG.repeats).toEqual([]);
    });

    it('bye retry: ties keep the lower-ranked bye, and no second bye is given to avoid a rematch', () => {
      // Variant: C and I have also met (round 1), so every bye among A, G, I needs exactly one rematch of a round-1 meeting: equal cost.
      const tie = australianDraw(request(nine([['C', 'I', 1]]), { round: 7 }));
      expect(tie.bye).toBe('I');
      expect(tie.repeats).toEqual([{ a: 'B', b: 'G', why: 'rematch' }]);
      expect(tie.explanation.join('\n')).toMatch(
        /the 3 players with the fewest byes \(0\) were weighed in one minimum-cost matching .*: no other bye gives a draw of lower repeat cost, so I \(#9\) keeps the bye/,
      );
      // Only I has no bye: the rematch stays rather than a second bye for anyone.
      const only = australianDraw(
        request(
          nine().map((p) => (p.id === 'I' ? p : { ...p, byes: 1 })),
          { round: 7 },
        ),
      );
      expect(only.bye).toBe('I');
      expect(only.repeats).toEqual([{ a: 'B', b: 'G', why: 'rematch' }]);
      expect(only.explanation.join('\n')).toMatch(/there is no other, so I \(#9\) keeps the bye/);
    });

    it('property: the bye goes to the lowest-ranked player with the fewest byes among those whose brute-force fewest repeats is least', () => {
      fc.assert(
        fc.property(
          fc.integer({ min: 1, max: 5 }).map((k) => 2 * k + 1),
          fc.array(fc.integer({ min: 0, max: 1 }), { minLength: 11, maxLength: 11 }),
          fc.array(fc.tuple(fc.nat(10), fc.nat(10)), { maxLength: 35 }),
          (n, byes, edges) => {
            const base = field(n).map((p, i) => ({ ...p, byes: byes[i] }));
            const meetings = edges.filter(([i, j]) => i < n && j < n && i !== j).map(([i, j]) => [base[i].id, base[j].id, 1] as [string, string, number]);
            const players = withMeetings(base, meetings);
            const res = australianDraw(request(players, { options: { round1: 'rating-adjacent' } }));
            const met = new Set(meetings.flatMap(([a, b]) => [`${a}|${b}`, `${b}|${a}`]));
            const fewest = Math.min(...players.map((p) => p.byes));
            const costWithout = (id: string) => {
              const rest = players.filter((p) => p.id !== id);
              return bruteForceMinCost(rest.length, (i, j) => (met.has(`${rest[i].id}|${rest[j].id}`) ? 1 : 0)).cost;
            };
            const candidates = players.filter((p) => p.byes === fewest).reverse(); // lowest-ranked first
            const costs = candidates.map((p) => costWithout(p.id));
            const least = Math.min(...costs);
            expect(res.bye).toBe(candidates[costs.indexOf(least)].id);
            expect(res.games.filter((g) => met.has(`${g.first}|${g.second}`))).toHaveLength(least);
          },
        ),
        { numRuns: 120 },
      );
    });

    it('never a second bye while another player could take it', () => {
      fc.assert(
        fc.property(
          fc.array(fc.integer({ min: 0, max: 2 }), { minLength: 3, maxLength: 11 }).filter((a) => a.length % 2 === 1),
          (byes) => {
            const players = field(byes.length).map((p, i) => ({ ...p, byes: byes[i] }));
            const res = australianDraw(request(players));
            const got = players.find((p) => p.id === res.bye);
            expect(got?.byes).toBe(Math.min(...byes));
          },
        ),
        { numRuns: 50 },
      );
    });
  });

  it('first/second balance: the player with more firsts goes second; ties go to the higher rank', () => {
    const players = [player('a', 1, { firsts: 3, seconds: 1 }), player('b', 2, { firsts: 1, seconds: 3 }), player('c', 3), player('d', 4)];
    const res = australianDraw(request(withMeetings(players, [['a', 'c', 1]])));
    expect(res.games).toEqual([
      { table: 1, first: 'b', second: 'a' },
      { table: 2, first: 'c', second: 'd' },
    ]);
  });

  // The brute-force exactness property (weighted repeat cost, default budget and a budget forced
  // to run out) lives in exact-draw.spec.ts.

  it('property: determinism — the same request and seed give a deep-equal result', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 30 }), fc.integer({ min: 1, max: 6 }), fc.string(), (n, rounds, seed) => {
        const players = simulate(pair, 'australian-draw', n, rounds, seed);
        const req = request(players, { round: rounds + 1, seed });
        expect(australianDraw(req)).toEqual(australianDraw(req));
      }),
      { numRuns: 25 },
    );
  });

  it('bounded search: 1,000 players with 20 rounds of history pair exactly within the node budget', () => {
    const players = simulate(pair, 'australian-draw', 1000, 20, 'bound');
    const res = australianDraw(request(players, { round: 21 }));
    expect(res.games).toHaveLength(500);
    expect(res.repeats).toEqual([]);
    expect(res.explanation.join('\n')).not.toMatch(/budget/);
  });

  it('bounded search: a tiny budget still returns a complete pairing and says the budget ran out', () => {
    const players = withMeetings(field(8), [
      ['p7', 'p8', 1],
      ['p6', 'p8', 1],
      ['p5', 'p8', 1],
      ['p6', 'p7', 1],
      ['p5', 'p7', 1],
      ['p5', 'p6', 1],
    ]);
    const res = australianDraw(request(players), 3);
    expect(res.games).toHaveLength(4);
    expect(res.explanation.join('\n')).toMatch(/search budget of 3 steps ran out/);
  });

  it('refuses a field of one player (pairing/field-too-small)', () => {
    expect(() => australianDraw(request([player('a', 1)]))).toThrow(DomainError);
    try {
      australianDraw(request([player('a', 1)]));
    } catch (e) {
      expect((e as DomainError).type).toBe('pairing/field-too-small');
    }
  });
});
