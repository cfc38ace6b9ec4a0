import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { bruteForceMinCost } from './brute-force.fixture.js';
import { pairKey } from './field.js';
import { readHistory } from './history.js';
import { pair } from './index.js';
import { field, request, simulate, withMeetings } from './pairing-fixtures.js';
import { randomDraw } from './random-draw.js';
import { costModel } from './repeat-cost.js';

describe('random draw (WESPA seed 電腦隨機)', () => {
  it('由電腦隨機抽出: seeded — the same seed gives the same draw, other seeds differ', () => {
    const a = randomDraw(request(field(20), { seed: 'alpha' }));
    expect(randomDraw(request(field(20), { seed: 'alpha' }))).toEqual(a);
    const b = randomDraw(request(field(20), { seed: 'beta' }));
    expect(b.games).not.toEqual(a.games);
  });

  it('除非另有指明，否則不會與較早前之對手相同: never a previous opponent when brute force finds a clean draw; else the least repeat cost', () => {
    fc.assert(
      fc.property(fc.string(), fc.integer({ min: 2, max: 12 }), fc.integer({ min: 1, max: 8 }), (seed, n, rounds) => {
        const players = simulate(pair, 'random', n, rounds, seed);
        const req = request(players, { round: rounds + 1, seed });
        const res = randomDraw(req);
        const rest = players.filter((p) => p.id !== res.bye);
        // The cost the draw minimises (repeat-cost.ts): a pair met k times weighs k², so two second meetings may
        // be chosen over one third meeting; a clean draw (cost 0) is always found when one exists.
        const h = readHistory(req);
        const model = costModel(h, rest.length);
        const cost = (a: string, b: string) => {
          const met = h.metRounds.get(pairKey(a, b));
          return met ? model.rematch(met) : 0;
        };
        const brute = bruteForceMinCost(rest.length, (i, j) => cost(rest[i].id, rest[j].id));
        expect(res.games.reduce((sum, g) => sum + cost(g.first, g.second), 0)).toBe(brute.cost);
        const repeated = res.games.filter((g) => cost(g.first, g.second) > 0);
        expect(res.repeats).toHaveLength(repeated.length);
        if (brute.cost === 0) expect(repeated).toHaveLength(0);
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
