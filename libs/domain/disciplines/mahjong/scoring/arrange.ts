/**
 * Every arrangement of the concealed tiles into a winning shape (世界麻將大賽規則, 麻將規則 和牌形):
 * the basic shape (4 sets + a pair; exposed sets count among the 4) and the two special shapes of category 10
 * (十三么九, 七對子), which need a fully concealed hand. Works on a counts array (index 0..33, see tiles.ts).
 * 麻將規則, 順子刻子槓子對子 3: four identical concealed tiles are a pung plus one tile, not a kong, so they may also split.
 */
import { KINDS, ORPHANS } from './tiles.js';

/** A set: kind, its lowest tile (index), and whether it is concealed. */
export interface Meld {
  kind: 'chow' | 'pung' | 'kong';
  tile: number;
  concealed: boolean;
}

export type Arrangement =
  { shape: 'regular'; sets: Meld[]; pair: number } | { shape: 'seven-pairs'; pairs: number[] } | { shape: 'thirteen-orphans'; pair: number };

/**
 * Regular arrangements of `counts` into `setsNeeded` sets and one pair, each once.
 * The lowest remaining tile must start a pung or a chow, so a multiset of sets is reached by one path only.
 */
export function regularArrangements(counts: number[], setsNeeded: number): { pair: number; sets: number[] }[] {
  const out: { pair: number; sets: number[] }[] = [];
  const acc: number[] = [];
  const extract = (from: number, left: number, pair: number): void => {
    let i = from;
    while (i < KINDS && counts[i] === 0) i++;
    if (i === KINDS) {
      if (left === 0) out.push({ pair, sets: acc.slice() });
      return;
    }
    if (left === 0) return;
    if (counts[i] >= 3) {
      counts[i] -= 3;
      acc.push(i * 2 + 1);
      extract(i, left - 1, pair);
      acc.pop();
      counts[i] += 3;
    }
    if (i < 27 && i % 9 <= 6 && counts[i + 1] > 0 && counts[i + 2] > 0) {
      counts[i]--;
      counts[i + 1]--;
      counts[i + 2]--;
      acc.push(i * 2);
      extract(i, left - 1, pair);
      acc.pop();
      counts[i]++;
      counts[i + 1]++;
      counts[i + 2]++;
    }
  };
  for (let p = 0; p < KINDS; p++) {
    if (counts[p] < 2) continue;
    counts[p] -= 2;
    extract(0, setsNeeded, p);
    counts[p] += 2;
  }
  return out;
}

/**
 * Seven pairs (10.2 七對子): fourteen concealed tiles in pairs. Four identical tiles not declared as a kong count as
 * two pairs (Zung Jung 10.2; 麻將規則, 順子刻子槓子對子 3: four concealed tiles are not a kong). Returns the pair tiles or null.
 */
export function sevenPairs(counts: number[]): number[] | null {
  const pairs: number[] = [];
  for (let i = 0; i < KINDS; i++) {
    const c = counts[i];
    if (c === 0) continue;
    if (c !== 2 && c !== 4) return null;
    pairs.push(i);
    if (c === 4) pairs.push(i);
  }
  return pairs.length === 7 ? pairs : null;
}

/** Thirteen orphans (10.1 十三么九): one of each terminal and honour, one of them paired. Returns the paired tile or -1. */
export function thirteenOrphans(counts: number[]): number {
  let pair = -1;
  let total = 0;
  for (const i of ORPHANS) {
    const c = counts[i];
    if (c === 0 || c > 2) return -1;
    if (c === 2) {
      if (pair !== -1) return -1;
      pair = i;
    }
    total += c;
  }
  for (let i = 0; i < KINDS; i++) if (counts[i] > 0 && !ORPHANS.includes(i)) return -1;
  return total === 14 ? pair : -1;
}
