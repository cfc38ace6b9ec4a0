/**
 * The elements (和種) of one arrangement, by Zung Jung code, in catalogue order. For each series only the highest element that applies is
 * given (世界麻將大賽規則, 計分系統 基本規則 4); 3.1 番牌 is given once per set (基本規則 4, 番牌例外).
 * Definitions are the public Zung Jung ones; where the WMC text adds a rule it is cited.
 */
import type { Meld } from './arrange.js';
import { KINDS, isDragon, isHonour, isTerminal, isTerminalOrHonour, isWind, rankOf, suitOf } from './tiles.js';

/** What the scorer knows of a hand apart from its arrangement. */
export interface HandFacts {
  /** Counts of all the hand's tiles, exposed ones (kongs with four) included. */
  counts: number[];
  winning: number;
  selfDrawn: boolean;
  /** Tile index of the player's seat wind. */
  seat: number;
  /** No exposed set except concealed kongs. */
  concealed: boolean;
  /** Concealed counts without the winning tile (for 九蓮寶燈), or null when there are exposed sets. */
  before: number[] | null;
  lastTile: boolean;
  robbingKong: boolean;
  kongReplacement: boolean;
  heaven: boolean;
  earth: boolean;
  /** Classes of the hand's tiles and 九蓮寶燈, shared by every arrangement: see {@link tileFacts}. */
  tiles: TileClasses;
  nineGates: boolean;
}

export interface TileClasses {
  suitMask: number;
  hasHonour: boolean;
  hasTerminal: boolean;
  allSimple: boolean;
  allTerminalOrHonour: boolean;
}

export function classes(counts: number[]): TileClasses {
  let suitMask = 0;
  let hasHonour = false;
  let hasTerminal = false;
  let allSimple = true;
  let allTerminalOrHonour = true;
  for (let i = 0; i < KINDS; i++) {
    if (counts[i] === 0) continue;
    if (isHonour(i)) hasHonour = true;
    else suitMask |= 1 << suitOf(i);
    if (isTerminal(i)) hasTerminal = true;
    if (isTerminalOrHonour(i)) allSimple = false;
    else allTerminalOrHonour = false;
  }
  return { suitMask, hasHonour, hasTerminal, allSimple, allTerminalOrHonour };
}

const oneSuit = (mask: number): boolean => mask === 1 || mask === 2 || mask === 4;

/** 2.2 九蓮寶燈: concealed 1112345678999 of one suit waiting on any tile of that suit (WMC 和牌的計分 12: not on 天和). */
export function nineGates(f: Pick<HandFacts, 'before' | 'heaven' | 'winning'>): boolean {
  if (!f.before || f.heaven) return false;
  const suit = suitOf(f.winning);
  if (suit === 3) return false;
  const base = suit * 9;
  const want = [3, 1, 1, 1, 1, 1, 1, 1, 3];
  for (let i = 0; i < KINDS; i++) {
    const expected = i >= base && i < base + 9 ? want[i - base] : 0;
    if (f.before[i] !== expected) return false;
  }
  return true;
}

/** Elements of the tiles alone, shared by every shape: 1.3 and category 2 (2.2 only for the basic shape). */
function tileElements(f: HandFacts, c: TileClasses, regular: boolean, out: string[]): void {
  if (c.allSimple) out.push('1.3');
  if (oneSuit(c.suitMask)) out.push(c.hasHonour ? '2.1.1' : '2.1.2');
  if (regular && f.nineGates) out.push('2.2');
}

/** Category 9 (偶然類), from the facts of the win. */
function incidental(f: HandFacts, out: string[]): void {
  if (f.lastTile) out.push(f.selfDrawn ? '9.1.1' : '9.1.2');
  if (f.kongReplacement) out.push('9.2');
  if (f.robbingKong) out.push('9.3');
  if (f.heaven) out.push('9.4.1');
  else if (f.earth) out.push('9.4.2');
}

/** Greater terminals (8.1.3 / 8.1.4): every tile a terminal or an honour, at least one terminal. */
function greaterTerminals(c: TileClasses, out: string[]): boolean {
  if (!c.allTerminalOrHonour || !c.hasTerminal) return false;
  out.push(c.hasHonour ? '8.1.3' : '8.1.4');
  return true;
}

/** Elements of a basic-shape arrangement (4 sets + pair). */
export function regularElements(sets: readonly Meld[], pair: number, f: HandFacts): string[] {
  const out: string[] = [];
  const c = f.tiles;
  let chows = 0;
  let valueSets = 0;
  let kongs = 0;
  let concealedPungs = 0;
  let dragonPungs = 0;
  let windPungs = 0;
  let winCoveredOtherwise = pair === f.winning;
  const chowStarts: number[] = [];
  const chowRankSuits = new Array<number>(10).fill(0);
  const pungRankSuits = new Array<number>(10).fill(0);
  const pungRanksBySuit: number[][] = [[], [], []];
  let everyHasTerminal = isTerminal(pair);
  let everyHasTerminalOrHonour = isTerminalOrHonour(pair);
  for (const s of sets) {
    if (s.kind === 'chow') {
      chows++;
      chowStarts.push(s.tile);
      chowRankSuits[rankOf(s.tile)] |= 1 << suitOf(s.tile);
      const r = rankOf(s.tile);
      const term = r === 1 || r === 7;
      everyHasTerminal &&= term;
      everyHasTerminalOrHonour &&= term;
      if (s.concealed && f.winning >= s.tile && f.winning <= s.tile + 2) winCoveredOtherwise = true;
      continue;
    }
    if (s.kind === 'kong') kongs++;
    if (s.concealed) concealedPungs++;
    if (isDragon(s.tile)) dragonPungs++;
    else if (isWind(s.tile)) windPungs++;
    else {
      pungRankSuits[rankOf(s.tile)] |= 1 << suitOf(s.tile);
      pungRanksBySuit[suitOf(s.tile)].push(rankOf(s.tile));
    }
    everyHasTerminal &&= isTerminal(s.tile);
    everyHasTerminalOrHonour &&= isTerminalOrHonour(s.tile);
    // 3.1 番牌: each dragon pung and the seat-wind pung (門風 is a 字牌類 element; no round wind: 麻將規則, 莊家及門風 6 不採用「場風」).
    if (isDragon(s.tile) || s.tile === f.seat) valueSets++;
  }
  // A discard completes a concealed pung only if the winning tile fits nowhere else: that pung is then exposed
  // (和牌的計分 2: 銃和的一張應橫放﹐以表示明刻); the winner may choose the most favourable reading (自由數和).
  if (!f.selfDrawn && !winCoveredOtherwise) {
    if (sets.some((s) => s.concealed && s.kind === 'pung' && s.tile === f.winning)) concealedPungs--;
  }
  const pungs = sets.length - chows;

  if (chows === 4) out.push('1.1');
  if (f.concealed) out.push('1.2');
  tileElements(f, c, true, out);
  for (let i = 0; i < valueSets; i++) out.push('3.1');
  // 3.2 三元 series, 3.3 四喜 series
  if (dragonPungs === 3) out.push('3.2.2');
  else if (dragonPungs === 2 && isDragon(pair)) out.push('3.2.1');
  if (windPungs === 4) out.push('3.3.4');
  else if (windPungs === 3) out.push(isWind(pair) ? '3.3.3' : '3.3.2');
  else if (windPungs === 2 && isWind(pair)) out.push('3.3.1');
  if (c.suitMask === 0) out.push('3.4');
  // Category 4
  if (pungs === 4) out.push('4.1');
  if (concealedPungs >= 2) out.push(['4.2.1', '4.2.2', '4.2.3'][concealedPungs - 2]);
  if (kongs >= 1) out.push(['4.3.1', '4.3.2', '4.3.3', '4.3.4'][kongs - 1]);
  // 5.1 identical chows
  if (chows >= 2) {
    chowStarts.sort((a, b) => a - b);
    const groups: number[] = [];
    let run = 1;
    for (let i = 1; i <= chowStarts.length; i++) {
      if (i < chowStarts.length && chowStarts[i] === chowStarts[i - 1]) run++;
      else {
        if (run >= 2) groups.push(run);
        run = 1;
      }
    }
    if (groups.includes(4)) out.push('5.1.4');
    else if (groups.includes(3)) out.push('5.1.3');
    else if (groups.length === 2) out.push('5.1.2');
    else if (groups.length === 1) out.push('5.1.1');
  }
  // Category 6
  if (chowRankSuits.includes(7)) out.push('6.1');
  if (pungRankSuits.includes(7)) out.push('6.2.2');
  else if (!isHonour(pair)) {
    const m = pungRankSuits[rankOf(pair)];
    if ((m | (1 << suitOf(pair))) === 7 && (m & (1 << suitOf(pair))) === 0) out.push('6.2.1');
  }
  // Category 7
  for (let s = 0; s < 3; s++) {
    const base = s * 9;
    if (chowStarts.includes(base) && chowStarts.includes(base + 3) && chowStarts.includes(base + 6)) {
      out.push('7.1');
      break;
    }
  }
  let longest = 0;
  for (const ranks of pungRanksBySuit) {
    ranks.sort((a, b) => a - b);
    let run = 1;
    for (let i = 1; i < ranks.length; i++) {
      run = ranks[i] === ranks[i - 1] + 1 ? run + 1 : 1;
      if (run > longest) longest = run;
    }
  }
  if (longest >= 4) out.push('7.2.2');
  else if (longest === 3) out.push('7.2.1');
  // 8.1 terminals series: the highest that applies
  if (!greaterTerminals(c, out) && c.hasTerminal) {
    if (everyHasTerminal) out.push('8.1.2');
    else if (everyHasTerminalOrHonour) out.push('8.1.1');
  }
  incidental(f, out);
  return out;
}

/**
 * Elements of a seven-pairs hand (10.2): patterns that need pungs, kongs or chows do not apply; tile patterns do
 * (Zung Jung 10.2). 門前清 is not counted for a special shape (Zung Jung 1.2: a regular hand).
 */
export function sevenPairsElements(f: HandFacts): string[] {
  const out: string[] = [];
  const c = f.tiles;
  tileElements(f, c, false, out);
  if (c.suitMask === 0) out.push('3.4');
  greaterTerminals(c, out);
  incidental(f, out);
  out.push('10.2');
  return out;
}

/** Elements of a thirteen-orphans hand (10.1): the shape and the incidental bonuses only. */
export function thirteenOrphansElements(f: HandFacts): string[] {
  const out: string[] = [];
  incidental(f, out);
  out.push('10.1');
  return out;
}
