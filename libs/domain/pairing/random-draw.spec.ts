import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { bruteForceMinCost } from './brute-force.fixture.js';
import { pair } from './index.js';
import { field, request, simulate, withMeetings } from './pairing-fixtures.js';
import { randomDraw } from './random-draw.js';

describe('random draw (WESPA seed 電腦隨機)', () => {
  it('由電腦隨機抽出: seeded — the same seed gives the same draw, other seeds differ', () => {
    const a = randomDraw(request(field(20), { seed: 'alpha' }));
    expect(randomDraw(request(field(20), { seed: 'alpha' }))).toEqual(a);
    const b = randomDraw(request(field(20), { seed: 'beta' }));
    expect(b.games).not.toEqual(a.games);
  });

  it('除非另有指明，否則不會與較早前之對手相同: never a previous opponent when brute force finds a clean draw; else the same fewest repeats', () => {
    fc.assert(
      fc.property(fc.string(), fc.integer({ min: 2, max: 12 }), fc.integer({ min: 1, max: 8 }), (seed, n, rounds) => {
        const players = simulate(pair, 'random', n, rounds, seed);
        const res = randomDraw(request(players, { round: rounds + 1, seed }));
        const met = new Set(players.flatMap((p) => p.met.map((m) => `${p.id}|${m.opponent}`)));
        const rest = players.filter((p) => p.id !== res.bye);
        const brute = bruteForceMinCost(rest.length, (i, j) => (met.has(`${rest[i].id}|${rest[j].id}`) ? 1 : 0));
        const got = res.games.filter((g) => met.has(`${g.first}|${g.second}`)).length;
        expect(got).toBe(brute.cost);
        expect(res.repeats).toHaveLength(brute.cost);
      }),
      { numRuns: 60 },
    );
  });

  it('relaxes the fewest previous opponents when unavoidable, and says so', () => {
    // 4 players where every pairing repeats: p1–p2 and p3–p4 met, p1–p3 and p2–p4 met, p1–p4 met.
    const players = withMeetings(field(4), [
      ['p1', 'p2', 1],
      ['p3', 'p4', 1],
      ['p1', 'p3', 2],
      ['p2', 'p4', 2],
      ['p1', 'p4', 3],
    ]);
    const res = randomDraw(request(players));
    expect(res.repeats).toEqual([{ a: expect.any(String), b: expect.any(String), why: 'rematch' }]);
    expect(res.games.map((g) => [g.first, g.second].sort())).toContainEqual(['p2', 'p3']);
    expect(res.explanation.join('\n')).toMatch(/RELAXED/);
  });

  it('forbidden pairings are avoided', () => {
    fc.assert(
      fc.property(fc.string(), (seed) => {
        const res = randomDraw(request(field(4), { seed, forbidden: [{ a: 'p1', b: 'p2', reason: 'x' }] }));
        for (const g of res.games) expect([g.first, g.second].sort()).not.toEqual(['p1', 'p2']);
      }),
      { numRuns: 30 },
    );
  });

  it('bye: odd field gives the bye to the lowest-ranked player with the fewest byes', () => {
    expect(randomDraw(request(field(7))).bye).toBe('p7');
  });
});
