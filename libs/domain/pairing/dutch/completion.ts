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
 * one blossom matching, a pair weighing more than all the moved-down bonuses together. `mdpAlone` is the most
 * moved-down players pairable at all, the M1 of a candidate with fewer pairs (when the most pairs fail C.4).
 */
export function maxPairs(
  players: readonly DutchPlayer[],
  isMdp: (p: DutchPlayer) => boolean,
  compatible: Compatible,
): { pairs: number; mdpPairs: number; mdpAlone: number } {
  const n = players.length;
  if (n < 2) return { pairs: 0, mdpPairs: 0, mdpAlone: 0 };
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
  const cross = (i: number, j: number): number => (isMdp(players[i] as DutchPlayer) !== isMdp(players[j] as DutchPlayer) && w(i, j) > 0 ? 1 : 0);
  const alone = maxWeightMatching(n, cross, false);
  let mdpAlone = 0;
  for (let i = 0; i < n; i++) if ((alone[i] as number) > i && cross(i, alone[i] as number) > 0) mdpAlone++;
  return { pairs, mdpPairs, mdpAlone };
}

/**
 * C.7–C.8 as the rest of the round allows them (C.4): the most pairs the next bracket (the downfloaters with its
 * residents) can make, and among those the highest scores paired (each pair with a downfloater weighs
 * `scoreWeight(downfloater)`, the weights lexicographic by score, their sum below `unit`), such that everyone left over
 * still pairs below it (the pairing-allocated bye to an eligible player). When the unconstrained best already leaves a
 * completable rest it is the answer; otherwise one blossom matching over the next bracket and everyone below,
 * completion weighing most. `mdpPairs` is the weighted sum of the downfloaters paired.
 */
export function nextBracketPairs(
  floaters: readonly DutchPlayer[],
  next: readonly DutchPlayer[],
  below: readonly DutchPlayer[],
  compatible: Compatible,
  byeOk: (p: DutchPlayer) => boolean,
  scoreWeight: (p: DutchPlayer) => number = () => 1,
  unit = floaters.length + next.length + 1,
): { pairs: number; mdpPairs: number } {
  const group = [...floaters, ...next];
  const isFloater = (p: DutchPlayer): boolean => floaters.includes(p);
  // A floater paired with a resident of the next bracket: the floater's score weight (bbpPairings' "scores paired").
  const bonus = (a: DutchPlayer, b: DutchPlayer): number => (isFloater(a) === isFloater(b) ? 0 : scoreWeight(isFloater(a) ? a : b));
  const g = group.length;
  const gw = (i: number, j: number): number =>
    compatible(group[i] as DutchPlayer, group[j] as DutchPlayer) ? unit + bonus(group[i] as DutchPlayer, group[j] as DutchPlayer) : 0;
  const gm = maxWeightMatching(g, gw, false);
  const plain = { pairs: 0, mdpPairs: 0 };
  const left: DutchPlayer[] = [];
  for (let i = 0; i < g; i++) {
    const j = gm[i] as number;
    if (j < 0 || gw(i, j) === 0) left.push(group[i] as DutchPlayer);
    else if (j > i) {
      plain.pairs++;
      plain.mdpPairs += bonus(group[i] as DutchPlayer, group[j] as DutchPlayer);
    }
  }
  if (completes([...left, ...below], compatible, byeOk)) return plain;
  const all = [...group, ...below];
  const n = all.length;
  const m = n % 2 === 1 ? n + 1 : n;
  const inGroup = (i: number): boolean => i < group.length;
  const pairBonus = unit;
  const complete = (n + 1) * pairBonus;
  const w = (i: number, j: number): number => {
    if (i === n || j === n) return byeOk(all[i === n ? j : i] as DutchPlayer) ? complete : 0;
    const a = all[i] as DutchPlayer;
    const b = all[j] as DutchPlayer;
    if (!compatible(a, b)) return 0;
    if (!inGroup(i) || !inGroup(j)) return complete;
    return complete + pairBonus + bonus(a, b);
  };
  const mate = maxWeightMatching(m, w, false);
  let pairs = 0;
  let mdpPairs = 0;
  let matched = 0;
  for (let i = 0; i < m; i++) {
    const j = mate[i] as number;
    if (j <= i || w(i, j) === 0) continue;
    matched++;
    if (j < group.length) {
      pairs++;
      mdpPairs += bonus(all[i] as DutchPlayer, all[j] as DutchPlayer);
    }
  }
  // No completion at all: the candidate fails C.4 anyway; the unconstrained count stands.
  return matched * 2 === m ? { pairs, mdpPairs } : plain;
}
