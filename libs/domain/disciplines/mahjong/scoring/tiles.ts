/**
 * Tiles as short strings (the contract with the table helper): suits 'm' (characters 萬), 'p' (dots 筒),
 * 's' (bamboo 索) with rank 1-9 ('1m'…'9s'); winds 'E','S','W','N'; dragons 'Wd' (白), 'Gd' (發), 'Rd' (中).
 * No flowers: the WMC set has none (世界麻將大賽規則, 麻將牌的構成 1-2: 136 tiles, 34 kinds, four of each, 不用花牌).
 * Internally a tile is an index 0..33 (m 0-8, p 9-17, s 18-26, winds 27-30, dragons 31-33) so the scorer
 * works on counts arrays.
 */
export type Tile = string;

export const SUITS = ['m', 'p', 's'] as const;
export const WINDS = ['E', 'S', 'W', 'N'] as const;
export const DRAGONS = ['Wd', 'Gd', 'Rd'] as const;
export type Wind = (typeof WINDS)[number];

/** Number of distinct tiles (27 suited + 4 winds + 3 dragons). */
export const KINDS = 34;
/** Four copies of each tile in the set. */
export const COPIES = 4;

const NAMES: readonly string[] = [...SUITS.flatMap((s) => [1, 2, 3, 4, 5, 6, 7, 8, 9].map((r) => `${r}${s}`)), ...WINDS, ...DRAGONS];
const INDEX = new Map<string, number>(NAMES.map((n, i) => [n, i]));

export function isTile(t: string): boolean {
  return INDEX.has(t);
}

/** Index 0..33 of a tile, or -1. */
export function tileIndex(t: string): number {
  return INDEX.get(t) ?? -1;
}

export function tileName(i: number): Tile {
  return NAMES[i];
}

export const isSuited = (i: number): boolean => i < 27;
export const isHonour = (i: number): boolean => i >= 27;
export const isWind = (i: number): boolean => i >= 27 && i <= 30;
export const isDragon = (i: number): boolean => i >= 31;
/** Suit 0 (m), 1 (p), 2 (s), or 3 for honours. */
export const suitOf = (i: number): number => (i < 27 ? Math.floor(i / 9) : 3);
/** Rank 1..9 of a suited tile (0 for honours). */
export const rankOf = (i: number): number => (i < 27 ? (i % 9) + 1 : 0);
export const isTerminal = (i: number): boolean => i < 27 && (i % 9 === 0 || i % 9 === 8);
export const isTerminalOrHonour = (i: number): boolean => i >= 27 || i % 9 === 0 || i % 9 === 8;
export const windIndex = (w: Wind): number => 27 + WINDS.indexOf(w);

/** The thirteen terminal and honour tiles (十三么九). */
export const ORPHANS: readonly number[] = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33];

/**
 * Parses a compact hand text: suited runs '123m', '55p', honours 'E', 'EEE', 'WdWd'; spaces are ignored.
 * For tests, fixtures and the bench; throws a RangeError naming the offending text.
 */
export function parseTiles(text: string): Tile[] {
  const out: Tile[] = [];
  let digits = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c >= '1' && c <= '9') digits += c;
    else if (c === 'm' || c === 'p' || c === 's') {
      if (!digits) throw new RangeError(`parseTiles: suit '${c}' without ranks at ${i} in "${text}"`);
      for (const d of digits) out.push(`${d}${c}`);
      digits = '';
    } else if (digits) throw new RangeError(`parseTiles: ranks '${digits}' without a suit at ${i} in "${text}"`);
    else if ((c === 'W' || c === 'G' || c === 'R') && text[i + 1] === 'd') {
      out.push(`${c}d`);
      i++;
    } else if (c === 'E' || c === 'S' || c === 'W' || c === 'N') out.push(c);
    else if (c !== ' ' && c !== ',') throw new RangeError(`parseTiles: '${c}' at ${i} in "${text}" is not a tile`);
  }
  if (digits) throw new RangeError(`parseTiles: ranks '${digits}' without a suit in "${text}"`);
  return out;
}

/** Counts per tile index of the given tiles (they must be valid). */
export function countTiles(tiles: readonly Tile[]): number[] {
  const counts = new Array<number>(KINDS).fill(0);
  for (const t of tiles) counts[tileIndex(t)]++;
  return counts;
}

/** A stable sort key: tiles in index order. */
export function sortTiles(tiles: readonly Tile[]): Tile[] {
  return tiles.slice().sort((a, b) => tileIndex(a) - tileIndex(b));
}
