import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { bruteForceMinCost } from './brute-force.fixture.js';
import { minCostPerfectMatching } from './weighted-matching.js';

describe('minimum-cost perfect matching (blossom)', () => {
  it('an odd triangle of cheap edges forces the blossom: 6 players, cheap edges only inside two triangles and one bridge', () => {
    // Triangles {0,1,2} and {3,4,5} cost 0 inside; only 2–3 crosses for free. Best: 0–1, 2–3, 4–5 at cost 0.
    const free = new Set(['0-1', '1-2', '0-2', '3-4', '4-5', '3-5', '2-3']);
    const res = minCostPerfectMatching(6, (i, j) => (free.has(`${Math.min(i, j)}-${Math.max(i, j)}`) ? 0 : 5));
    expect(res.cost).toBe(0);
    expect([...res.mate]).toEqual([1, 0, 3, 2, 5, 4]);
  });

  it('property: the cost equals the brute-force minimum and the matching is perfect (up to 12 vertices, random weights, with and without a seed pairing)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 6 }).map((k) => 2 * k),
        fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 66, maxLength: 66 }),
        fc.integer({ min: 1, max: 3 }),
        fc.array(fc.nat(11), { minLength: 12, maxLength: 12 }),
        (n, raw, spread, order) => {
          const w = (i: number, j: number) => {
            const [a, b] = i < j ? [i, j] : [j, i];
            const v = raw[(a * 12 + b) % 66];
            return spread === 1 ? (v > 6 ? 1 : 0) : spread === 2 ? v : v * v * 1000 + a;
          };
          // Half the runs start from a seed pairing (consecutive players of a shuffled order): the optimum must not change.
          const perm = [...new Set([...order.filter((x) => x < n), ...Array.from({ length: n }, (_, i) => i)])];
          const seed = new Int32Array(n).fill(-1);
          for (let i = 0; i + 1 < n; i += 2) [seed[perm[i]], seed[perm[i + 1]]] = [perm[i + 1], perm[i]];
          const res = minCostPerfectMatching(n, w, order[0] % 2 === 0 ? seed : undefined);
          for (let i = 0; i < n; i++) {
            expect(res.mate[i]).toBeGreaterThanOrEqual(0);
            expect(res.mate[res.mate[i]]).toBe(i);
          }
          expect(res.cost).toBe(bruteForceMinCost(n, w).cost);
        },
      ),
      { numRuns: 400 },
    );
  });
});
