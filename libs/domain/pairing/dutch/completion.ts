/** C.04.3 C.4 (completion) and the size of the largest pairing: matchings over the compatibility graph. */
import { maxWeightMatching } from '../weighted-matching.js';
import type { DutchPlayer } from './players.js';

export type Compatible = (a: DutchPlayer, b: DutchPlayer) => boolean;

/**
 * Whether `rest` can all be paired (C.4), leaving at most one player, who must be able to take the
 * pairing-allocated bye (`byeOk`). Dirac's theorem answers dense fields at once (minimum degree ≥ n/2 gives a
 * Hamiltonian cycle, hence a perfect matching); otherwise an exact blossom matching decides.
 */
export function completes(rest: readonly DutchPlayer[], compatible: Compatible, byeOk: (p: DutchPlayer) => boolean): boolean {
  const n = rest.length;
  if (n === 0) return true;
  if (n === 1) return byeOk(rest[0] as DutchPlayer);
  const odd = n % 2 === 1;
  if (odd && !rest.some(byeOk)) return false;
  let minDegree = Infinity;
  for (let i = 0; i < n && minDegree >= n / 2; i++) {
    let d = 0;
    for (let j = 0; j < n; j++) if (i !== j && compatible(rest[i] as DutchPlayer, rest[j] as DutchPlayer)) d++;
    minDegree = Math.min(minDegree, d);
  }
  if (minDegree >= (odd ? (n + 1) / 2 : n / 2)) return true;
  // Exact: a phantom vertex joined to every player who may take the bye stands for the bye.
  const m = odd ? n + 1 : n;
  const edge = (i: number, j: number): boolean => {
    if (i === n || j === n) return byeOk(rest[i === n ? j : i] as DutchPlayer);
    return compatible(rest[i] as DutchPlayer, rest[j] as DutchPlayer);
  };
  const mate = maxWeightMatching(m, (i, j) => (edge(i, j) ? 1 : 0), false);
  let pairs = 0;
  for (let i = 0; i < m; i++) if (mate[i] > i && edge(i, mate[i])) pairs++;
  return pairs === m / 2;
}

/**
 * `completes` for one bracket's many candidates: the players below the bracket are fixed, only the downfloaters
 * change, so their degrees among themselves are counted once and Dirac's test costs |floaters| × n per candidate.
 */
export function completionChecker(
  below: readonly DutchPlayer[],
  compatible: Compatible,
  byeOk: (p: DutchPlayer) => boolean,
): (floaters: readonly DutchPlayer[]) => boolean {
  let degrees: number[] | null = null;
  return (floaters) => {
    const n = below.length + floaters.length;
    if (n <= 1 || n > 24) {
      degrees ??= below.map((a) => below.reduce((d, b) => d + (a !== b && compatible(a, b) ? 1 : 0), 0));
      const need = n % 2 === 1 ? (n + 1) / 2 : n / 2;
      const odd = n % 2 === 1;
      let dense = n > 1 && (!odd || below.some(byeOk) || floaters.some(byeOk));
      for (let i = 0; dense && i < below.length; i++) {
        const a = below[i] as DutchPlayer;
        let d = degrees[i] as number;
        for (const f of floaters) if (compatible(a, f)) d++;
        if (d < need) dense = false;
      }
      for (let i = 0; dense && i < floaters.length; i++) {
        const a = floaters[i] as DutchPlayer;
        let d = 0;
        for (const b of below) if (compatible(a, b)) d++;
        for (const b of floaters) if (a !== b && compatible(a, b)) d++;
        if (d < need) dense = false;
      }
      if (dense) return true;
    }
    return completes([...floaters, ...below], compatible, byeOk);
  };
}

/**
 * The most pairs a bracket can make (C.5), and among those the most that involve a moved-down player (B.2: M1):
 * one blossom matching, a pair weighing more than all the moved-down bonuses together.
 */
export function maxPairs(players: readonly DutchPlayer[], isMdp: (p: DutchPlayer) => boolean, compatible: Compatible): { pairs: number; mdpPairs: number } {
  const n = players.length;
  if (n < 2) return { pairs: 0, mdpPairs: 0 };
  const big = n + 1;
  const w = (i: number, j: number): number => {
    const a = players[i] as DutchPlayer;
    const b = players[j] as DutchPlayer;
    if (!compatible(a, b)) return 0;
    return big + (isMdp(a) !== isMdp(b) ? 1 : 0);
  };
  const mate = maxWeightMatching(n, w, false);
  let pairs = 0;
  let mdpPairs = 0;
  for (let i = 0; i < n; i++) {
    if (mate[i] <= i || w(i, mate[i]) === 0) continue;
    pairs++;
    if (isMdp(players[i] as DutchPlayer) !== isMdp(players[mate[i]] as DutchPlayer)) mdpPairs++;
  }
  return { pairs, mdpPairs };
}
