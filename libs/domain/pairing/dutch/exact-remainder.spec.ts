import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { exactRemainder, type RemainderProblem } from './exact-remainder.js';

/** Every single and double exchange between S1 and S2, in a fixed order (the order itself is the caller's, D.2). */
function someExchanges(p: number, n: number): Array<{ out: number[]; in: number[] }> {
  const out: Array<{ out: number[]; in: number[] }> = [];
  for (let a = p; a >= 1; a--) for (let b = p + 1; b <= n; b++) out.push({ out: [a], in: [b] });
  for (let a = p; a >= 2; a--) for (let b = p + 1; b < n; b++) out.push({ out: [a - 1, a], in: [b, b + 1] });
  return out;
}

function permutations(xs: readonly number[]): number[][] {
  if (xs.length <= 1) return [xs.slice()];
  return xs.flatMap((x, i) => permutations([...xs.slice(0, i), ...xs.slice(i + 1)]).map((rest) => [x, ...rest]));
}

/** The Handbook's candidate order by enumeration: splits (original, then exchanges), in each the S2 transpositions in order. */
function bruteForce(pr: RemainderProblem): { pairs: string; floater: number | null; cost: number } | null {
  let best: { pairs: string; floater: number | null; cost: number } | null = null;
  const all = [...Array(pr.size).keys()];
  for (const x of [{ out: [] as readonly number[], in: [] as readonly number[] }, ...pr.exchanges]) {
    const s1 = all.filter((i) => (i < pr.p && !x.out.includes(i + 1)) || x.in.includes(i + 1));
    const s2 = all.filter((i) => (i >= pr.p && !x.in.includes(i + 1)) || x.out.includes(i + 1));
    for (const t of permutations(s2)) {
      let cost = 0;
      let ok = true;
      const pairs = s1.map((a, k) => [a, t[k] as number] as const);
      for (const [a, b] of pairs) {
        const c = pr.pairCost(a, b);
        if (c === null) ok = false;
        else cost += c;
      }
      const floater = t.length > s1.length ? (t[s1.length] as number) : null;
      if (floater !== null) {
        const c = pr.floatCost(floater);
        if (c === null) ok = false;
        else cost += c;
      }
      if (ok && (best === null || cost < best.cost)) best = { pairs: JSON.stringify(pairs), floater, cost };
    }
  }
  return best;
}

describe('FIDE Dutch (C.04.3 D.1–D.2): the exact remainder', () => {
  it('D.1: the first transposition of least cost; D.2: an exchange only when no transposition reaches that cost', () => {
    // 4 players, S1 = {0, 1}, S2 = {2, 3}: 0–2 costs 1, everything else 0, so 0–3, 1–2 (the second transposition).
    const one = exactRemainder({ size: 4, p: 2, pairCost: (i, j) => (i + j === 2 ? 1 : 0), floatCost: () => 0, exchanges: someExchanges(2, 4) });
    expect(one).toMatchObject({
      pairs: [
        [0, 3],
        [1, 2],
      ],
      exchanged: 0,
      cost: 0,
    });
    // Only 0–1 and 2–3 are free: no transposition reaches cost 0, the exchange of 1 and 2 (D.2) does.
    const two = exactRemainder({
      size: 4,
      p: 2,
      pairCost: (i, j) => (i + j === 1 || i + j === 5 ? 0 : 3),
      floatCost: () => 0,
      exchanges: someExchanges(2, 4),
    });
    expect(two).toMatchObject({
      pairs: [
        [0, 1],
        [2, 3],
      ],
      exchanged: 1,
      cost: 0,
    });
  });

  it('C.4: a remainder nobody can pair gives null; the player left over floats only where allowed', () => {
    expect(exactRemainder({ size: 2, p: 1, pairCost: () => null, floatCost: () => 0, exchanges: [] })).toBeNull();
    const odd = exactRemainder({ size: 3, p: 1, pairCost: () => 0, floatCost: (i) => (i === 1 ? null : 0), exchanges: someExchanges(1, 3) });
    expect(odd).toMatchObject({ pairs: [[0, 1]], floater: 2 });
  });

  it('property: the same candidate as enumerating the Handbook order (up to 7 players, random costs and incompatibilities)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 7 }),
        fc.array(fc.integer({ min: -1, max: 4 }), { minLength: 49, maxLength: 49 }),
        fc.array(fc.integer({ min: -1, max: 6 }), { minLength: 7, maxLength: 7 }),
        fc.boolean(),
        (n, raw, floats, bounded) => {
          const p = Math.floor(n / 2);
          const pr: RemainderProblem = {
            size: n,
            p,
            pairCost: (i, j) => {
              const v = raw[Math.min(i, j) * 7 + Math.max(i, j)] as number;
              return v < 0 ? null : v;
            },
            floatCost: (i) => ((floats[i] as number) < 0 ? null : (floats[i] as number) * 10),
            exchanges: someExchanges(p, n),
            // Every cost is ≥ 0: a valid lower bound, which lets the original split end the search when it reaches 0.
            ...(bounded && { lowerBound: 0 }),
          };
          const want = bruteForce(pr);
          const got = exactRemainder(pr);
          if (want === null) return got === null;
          return got !== null && got.cost === want.cost && JSON.stringify(got.pairs) === want.pairs && got.floater === want.floater;
        },
      ),
      { numRuns: 400 },
    );
  });
});
