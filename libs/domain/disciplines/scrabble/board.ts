/**
 * The 15×15 board with the standard premium squares (WESPA Rules v3 §1.3.3 and the Standard
 * Rules, Appendix 1: from the WESPA rules, not the seed). The board is plain JSON: 15 strings of
 * 15 characters, '.' empty, 'A'..'Z' a lettered tile, 'a'..'z' a blank designated as that letter.
 */
export const SIZE = 15;
export const CENTRE = 7;
export type Board = readonly string[];
export type Premium = 'TW' | 'DW' | 'TL' | 'DL' | null;

export function emptyBoard(): string[] {
  return Array.from({ length: SIZE }, () => '.'.repeat(SIZE));
}

const TW = ['0,0', '0,7', '0,14', '7,0', '7,14', '14,0', '14,7', '14,14'];
const DW = ['1,1', '2,2', '3,3', '4,4', '1,13', '2,12', '3,11', '4,10', '13,1', '12,2', '11,3', '10,4', '13,13', '12,12', '11,11', '10,10', '7,7'];
const TL = ['1,5', '1,9', '5,1', '5,5', '5,9', '5,13', '9,1', '9,5', '9,9', '9,13', '13,5', '13,9'];
const DL = [
  '0,3',
  '0,11',
  '2,6',
  '2,8',
  '3,0',
  '3,7',
  '3,14',
  '6,2',
  '6,6',
  '6,8',
  '6,12',
  '7,3',
  '7,11',
  '8,2',
  '8,6',
  '8,8',
  '8,12',
  '11,0',
  '11,7',
  '11,14',
  '12,6',
  '12,8',
  '14,3',
  '14,11',
];
const PREMIUMS = new Map<string, Premium>([
  ...TW.map((k) => [k, 'TW'] as const),
  ...DW.map((k) => [k, 'DW'] as const),
  ...TL.map((k) => [k, 'TL'] as const),
  ...DL.map((k) => [k, 'DL'] as const),
]);

/** The premium of every square, row by row, made once from the lists above (a lookup is then two indexes). */
const PREMIUM_ROWS: readonly (readonly Premium[])[] = Array.from({ length: SIZE }, (_, row) =>
  Array.from({ length: SIZE }, (_, col) => PREMIUMS.get(`${row},${col}`) ?? null),
);

/** Premium of a square (0-based row, col); the centre star is a double-word square. */
export function premiumAt(row: number, col: number): Premium {
  return PREMIUM_ROWS[row]?.[col] ?? null;
}

export function inBounds(row: number, col: number): boolean {
  return Number.isInteger(row) && Number.isInteger(col) && row >= 0 && row < SIZE && col >= 0 && col < SIZE;
}

export function tileAt(board: Board, row: number, col: number): string | null {
  if (!inBounds(row, col)) return null;
  const c = board[row][col];
  return c === '.' ? null : c;
}

const EMPTY_ROW = '.'.repeat(SIZE);

export function isBoardEmpty(board: Board): boolean {
  return board.every((r) => r === EMPTY_ROW);
}

export function boardTiles(board: Board): string[] {
  return board.join('').replace(/\./g, '').split('').filter(Boolean);
}

/** The board with each square set to its letter ('.' empties it): only the rows touched are made anew, the rest shared. */
function withSquares(board: Board, squares: readonly { row: number; col: number; letter: string }[]): string[] {
  const rows = [...board];
  for (const { row, col, letter } of squares) rows[row] = rows[row].slice(0, col) + letter + rows[row].slice(col + 1);
  return rows;
}

export function placeOnBoard(board: Board, tiles: readonly { row: number; col: number; letter: string }[]): string[] {
  return withSquares(board, tiles);
}

export function removeFromBoard(board: Board, squares: readonly { row: number; col: number }[]): string[] {
  return withSquares(
    board,
    squares.map(({ row, col }) => ({ row, col, letter: '.' })),
  );
}

export type Direction = 'across' | 'down';
export interface Coordinate {
  readonly row: number;
  readonly col: number;
  readonly direction: Direction;
}

const COLS = 'ABCDEFGHIJKLMNO';

/**
 * Parses a GCG/tournament coordinate: "8H" (row first) is across from row 8 column H; "H8"
 * (column first) is down. Case-insensitive. Returns null when malformed or off the board.
 */
export function parseCoordinate(s: string): Coordinate | null {
  const text = s.trim();
  const m1 = /^(\d{1,2})([A-Oa-o])$/.exec(text);
  if (m1) {
    const row = Number(m1[1]) - 1;
    const col = COLS.indexOf(m1[2].toUpperCase());
    return inBounds(row, col) ? { row, col, direction: 'across' } : null;
  }
  const m2 = /^([A-Oa-o])(\d{1,2})$/.exec(text);
  if (m2) {
    const row = Number(m2[2]) - 1;
    const col = COLS.indexOf(m2[1].toUpperCase());
    return inBounds(row, col) ? { row, col, direction: 'down' } : null;
  }
  return null;
}

export function formatCoordinate(c: Coordinate): string {
  return c.direction === 'across' ? `${c.row + 1}${COLS[c.col]}` : `${COLS[c.col]}${c.row + 1}`;
}

export function squareName(row: number, col: number): string {
  return `${row + 1}${COLS[col]}`;
}
