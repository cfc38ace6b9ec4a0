/**
 * Tiny brute-force perfect-matching search for the property tests (fields of at most 12):
 * tries every perfect matching of players in rank order and returns the lexicographically first
 * one (top player takes the highest-placed partner first) with the fewest penalised pairs.
 */
export function bruteForceMinCost(n: number, cost: (i: number, j: number) => number): { cost: number; pairs: Array<[number, number]> } {
  let best = { cost: Infinity, pairs: [] as Array<[number, number]> };
  const used = new Array<boolean>(n).fill(false);
  const cur: Array<[number, number]> = [];
  const go = (spent: number) => {
    if (spent >= best.cost) return;
    const i = used.indexOf(false);
    if (i < 0) {
      best = { cost: spent, pairs: cur.slice() };
      return;
    }
    used[i] = true;
    for (let j = i + 1; j < n; j++) {
      if (used[j]) continue;
      used[j] = true;
      cur.push([i, j]);
      go(spent + cost(i, j));
      cur.pop();
      used[j] = false;
    }
    used[i] = false;
  };
  go(0);
  return best;
}
