/**
 * Tiles: standard English letter values and the 100-tile distribution (incl. 2 blanks).
 * Source: WESPA Rules v3 §1.3.1 (tile distribution, from the WESPA rules, not the seed) and the
 * seed 開始前: "兩個玩家需要檢查是否有100枚棋子" (both players check there are 100 tiles).
 *
 * A tile on a rack or in the bag is 'A'..'Z' or '?' (a blank). On the board a blank is stored as
 * the lower-case letter it was designated as.
 */
export type Tile = string;
export const BLANK = '?';

/** Standard English letter values (WESPA Rules v3 §1.3.1). */
export const LETTER_VALUES: Readonly<Record<string, number>> = {
  A: 1,
  B: 3,
  C: 3,
  D: 2,
  E: 1,
  F: 4,
  G: 2,
  H: 4,
  I: 1,
  J: 8,
  K: 5,
  L: 1,
  M: 3,
  N: 1,
  O: 1,
  P: 3,
  Q: 10,
  R: 1,
  S: 1,
  T: 1,
  U: 1,
  V: 4,
  W: 4,
  X: 8,
  Y: 4,
  Z: 10,
  '?': 0,
};

/** Standard English distribution: 98 letters + 2 blanks = 100 (WESPA Rules v3 §1.3.1). */
export const DISTRIBUTION: Readonly<Record<string, number>> = {
  A: 9,
  B: 2,
  C: 2,
  D: 4,
  E: 12,
  F: 2,
  G: 3,
  H: 2,
  I: 9,
  J: 1,
  K: 1,
  L: 4,
  M: 2,
  N: 6,
  O: 8,
  P: 2,
  Q: 1,
  R: 6,
  S: 4,
  T: 6,
  U: 4,
  V: 2,
  W: 2,
  X: 1,
  Y: 2,
  Z: 1,
  '?': 2,
};

export const TILE_COUNT = 100;
export const RACK_SIZE = 7;

/** Value of one tile as held on a rack ('?' = 0) or placed on the board (lower case = blank = 0). */
export function tileValue(t: Tile): number {
  if (t === BLANK) return 0;
  if (t >= 'a' && t <= 'z') return 0;
  return LETTER_VALUES[t] ?? 0;
}

export function rackValue(tiles: readonly Tile[]): number {
  return tiles.reduce((s, t) => s + tileValue(t), 0);
}

/** The rack form of a board tile: a blank (lower case on the board) is '?' on the rack. */
export function rackFormOf(boardTile: string): Tile {
  return boardTile >= 'a' && boardTile <= 'z' ? BLANK : boardTile;
}

export function isRackTile(t: unknown): t is Tile {
  return typeof t === 'string' && /^[A-Z?]$/.test(t);
}

/** The full bag, sorted ('?' sorts first). */
export function fullBag(): Tile[] {
  const out: Tile[] = [];
  for (const [t, n] of Object.entries(DISTRIBUTION)) for (let i = 0; i < n; i++) out.push(t);
  return out.sort();
}

/** Parses a rack string such as "AEI?RST" into tiles. Returns null when it holds a non-tile. */
export function parseTiles(s: string): Tile[] | null {
  const tiles = s.toUpperCase().split('');
  return tiles.every(isRackTile) ? tiles : null;
}

/** Multiset difference a − b; null when b is not contained in a. */
export function removeTiles(from: readonly Tile[], remove: readonly Tile[]): Tile[] | null {
  const out = from.slice();
  for (const t of remove) {
    const i = out.indexOf(t);
    if (i < 0) return null;
    out.splice(i, 1);
  }
  return out;
}

export function sortTiles(tiles: readonly Tile[]): Tile[] {
  return tiles.slice().sort();
}

export function sameTiles(a: readonly Tile[], b: readonly Tile[]): boolean {
  return a.length === b.length && sortTiles(a).join('') === sortTiles(b).join('');
}
