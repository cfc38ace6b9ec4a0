/**
 * The board through @sabaki/go-board (occupied points, captures, suicide); written here only what it
 * does not do: whole-board repetition (super-ko) over the game's positions, and the area count.
 */
import sabaki, { type Sign, type Vertex } from '@sabaki/go-board';

// @sabaki/go-board is CommonJS (module.exports = GoBoard) while its types declare a default export: take whichever the loader gives.
const GoBoard = ((sabaki as unknown as { default?: typeof sabaki.default }).default ?? sabaki) as typeof sabaki.default;
type GoBoard = InstanceType<typeof GoBoard>;
import type { BoardSize, Seat } from './go.types.js';

const GTP_LETTERS = 'ABCDEFGHJKLMNOPQRSTUVWXYZ';
const SGF_LETTERS = 'abcdefghijklmnopqrstuvwxyz';
const STONE = ['x', 'o'] as const;

export const signOf = (seat: Seat): Sign => (seat === 0 ? 1 : -1);
export const emptyBoard = (size: number): string[] => Array.from({ length: size }, () => '.'.repeat(size));
export const sgfPoint = ([x, y]: Vertex) => `${SGF_LETTERS[x]}${SGF_LETTERS[y]}`;
export const gtpPoint = ([x, y]: Vertex, size: number) => `${GTP_LETTERS[x]}${size - y}`;

/** A point as GTP ("Q16", rows counted from the bottom) or SGF letters ("pd"), or null if it names no point of the board. */
export function parsePoint(text: string, size: number): Vertex | null {
  const t = text.trim();
  const gtp = /^([A-HJ-Za-hj-z])(\d{1,2})$/.exec(t);
  const v: Vertex | null = gtp
    ? [GTP_LETTERS.indexOf(gtp[1].toUpperCase()), size - Number(gtp[2])]
    : /^[a-z]{2}$/.test(t)
      ? [SGF_LETTERS.indexOf(t[0]), SGF_LETTERS.indexOf(t[1])]
      : null;
  return v && v[0] >= 0 && v[0] < size && v[1] >= 0 && v[1] < size ? v : null;
}

/**
 * @sabaki/go-board with its chain search's membership test kept in a set: the library checks each point found against
 * every point found so far, quadratic in the chain's size (issue 34: a move beside a 150-stone chain cost 300 µs). The
 * same depth-first search in the same order, so every chain, liberty, capture and verdict is the library's.
 */
class Board extends GoBoard {
  override getConnectedComponent(vertex: Vertex, predicate: (v: Vertex) => boolean): Vertex[] {
    if (!this.has(vertex)) return [];
    const result: Vertex[] = [vertex];
    const seen = new Set<number>([vertex[1] * this.width + vertex[0]]);
    const visit = (from: Vertex) => {
      for (const v of this.getNeighbors(from)) {
        if (!predicate(v)) continue;
        const key = v[1] * this.width + v[0];
        if (seen.has(key)) continue;
        seen.add(key);
        result.push(v);
        visit(v);
      }
    };
    visit(vertex);
    return result;
  }

  /**
   * The library's liberty walks, with the points already seen kept in a set: the library keys them by the point as a
   * string ("x,y"), made again at every look-up. Same walk, same order (a move's ko check lists its chain's liberties).
   */
  override getLiberties(vertex: Vertex): Vertex[] {
    if (!this.has(vertex) || this.get(vertex) === 0) return [];
    const liberties: Vertex[] = [];
    const added = new Set<number>();
    for (const c of this.getChain(vertex))
      for (const n of this.getNeighbors(c)) {
        const key = n[1] * this.width + n[0];
        if (this.get(n) !== 0 || added.has(key)) continue;
        added.add(key);
        liberties.push(n);
      }
    return liberties;
  }

  override hasLiberties(vertex: Vertex, visited = new Set<number>()): boolean {
    const sign = this.get(vertex);
    if (!this.has(vertex) || sign === 0) return false;
    const key = vertex[1] * this.width + vertex[0];
    if (visited.has(key)) return false;
    const neighbors = this.getNeighbors(vertex);
    for (const n of neighbors) if (this.get(n) === 0) return true;
    visited.add(key);
    for (const n of neighbors) if (this.get(n) === sign && this.hasLiberties(n, visited)) return true;
    return false;
  }

  /** The library's neighbours (left, right, up, down, those on the board), without its four trial points and filter. */
  override getNeighbors(vertex: Vertex): Vertex[] {
    if (!this.has(vertex)) return [];
    const [x, y] = vertex;
    const out: Vertex[] = [];
    if (x > 0) out.push([x - 1, y]);
    if (x + 1 < this.width) out.push([x + 1, y]);
    if (y > 0) out.push([x, y - 1]);
    if (y + 1 < this.height) out.push([x, y + 1]);
    return out;
  }

  /** The library's clone makes a plain GoBoard (a move is played on a clone): this one stays a Board. */
  override clone(): Board {
    const copy = new Board(this.signMap.map((row) => row.slice()));
    copy.setCaptures(1, this.getCaptures(1)).setCaptures(-1, this.getCaptures(-1));
    (copy as unknown as { _koInfo: unknown })._koInfo = (this as unknown as { _koInfo: unknown })._koInfo;
    return copy;
  }
}

/** The library's board for a position (exported for the test that holds Board to it). */
export function sabakiBoard(rows: readonly string[], exact = false): GoBoard {
  const signs = rows.map((row) => {
    const out = new Array<Sign>(row.length);
    for (let i = 0; i < row.length; i++) out[i] = row[i] === 'x' ? 1 : row[i] === 'o' ? -1 : 0;
    return out;
  });
  return exact ? new GoBoard(signs) : new Board(signs);
}
const toGoBoard = (rows: readonly string[]): GoBoard => sabakiBoard(rows);

export function place(rows: readonly string[], v: Vertex, stone: 'x' | 'o' | '.'): string[] {
  return rows.map((row, y) => (y === v[1] ? row.slice(0, v[0]) + stone + row.slice(v[0] + 1) : row));
}

/** Applies a recorded move: the stone, then the stones it captured off (the fold needs no library). */
export function applyMove(rows: readonly string[], seat: Seat, point: string | null, captured: readonly string[], size: number): string[] {
  let next = [...rows];
  if (point !== null) next = place(next, parsePoint(point, size) as Vertex, STONE[seat]);
  for (const c of captured) next = place(next, parsePoint(c, size) as Vertex, '.');
  return next;
}

export type MoveVerdict =
  | { readonly ok: true; readonly board: string[]; readonly captured: string[] }
  | { readonly ok: false; readonly why: 'occupied' | 'suicide' | 'single-suicide' };

/** Plays `seat` at `v` with @sabaki/go-board: refuses an occupied point and (as the profile says) suicide; lists the captures. */
export function tryPlay(rows: readonly string[], seat: Seat, v: Vertex, suicide: 'forbidden' | 'multi-stone'): MoveVerdict {
  const board = toGoBoard(rows);
  const sign = signOf(seat);
  const analysis = board.analyzeMove(sign, v);
  if (analysis.overwrite) return { ok: false, why: 'occupied' };
  if (analysis.suicide && suicide === 'forbidden') return { ok: false, why: 'suicide' };
  if (analysis.suicide && board.getNeighbors(v).every((n) => board.get(n) !== sign)) return { ok: false, why: 'single-suicide' };
  // What the library's makeMove takes off, without its copy of the board and its walk of the stone's whole chain for a
  // ko it does not decide here: the opponent's chains next to the stone left without liberties, else (a suicide) its own.
  const captured = new Set<string>();
  if (analysis.capturing) {
    board.set(v, sign);
    for (const n of board.getNeighbors(v)) if (board.get(n) === -sign && !board.hasLiberties(n)) for (const c of board.getChain(n)) captured.add(sgfPoint(c));
  } else if (analysis.suicide) {
    captured.add(sgfPoint(v));
    for (const n of board.getNeighbors(v)) if (board.get(n) === sign) for (const c of board.getChain(n)) captured.add(sgfPoint(c));
  }
  const taken = [...captured].sort();
  // The library's board after the move, made as the fold makes it from the recorded move: the rows it leaves alone are shared.
  return { ok: true, board: applyMove(rows, seat, sgfPoint(v), taken, rows.length), captured: taken };
}

/** Handicap stones on the star points, as @sabaki/go-board places them (null if the board has no such placement). */
export function handicapPoints(size: BoardSize, stones: number): string[] | null {
  const placed = GoBoard.fromDimensions(size).getHandicapPlacement(stones);
  return placed.length === stones ? placed.map(sgfPoint) : null;
}

const HEX = '0123456789abcdef';

/**
 * A whole-board position's key: 64 bits of two FNV-1a hashes over its rows, as 16 lowercase hex digits (a match is
 * confirmed on the boards). Made in one piece: a key joined from two halves stays a rope that every later super-ko scan
 * walks again (issue 34: at move 300 the server's scan took about 110 µs a move).
 */
export function positionHash(rows: readonly string[]): string {
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ 0x5bd1e995;
  for (const row of rows)
    for (let i = 0; i < row.length; i++) {
      const c = row.charCodeAt(i);
      a = Math.imul(a ^ c, 0x01000193) >>> 0;
      b = Math.imul(b ^ (c + 131), 0x01000193) >>> 0;
    }
  const digits: number[] = [];
  for (let shift = 28; shift >= 0; shift -= 4) digits.push(HEX.charCodeAt((a >>> shift) & 15));
  for (let shift = 28; shift >= 0; shift -= 4) digits.push(HEX.charCodeAt((b >>> shift) & 15));
  return String.fromCharCode(...digits);
}

/** The chain of stones at `v` (for dead stones, a whole group is named by one of its stones). */
export function chainAt(rows: readonly string[], v: Vertex): string[] {
  const board = toGoBoard(rows);
  return board.get(v) ? board.getChain(v).map(sgfPoint) : [];
}

/** Area (计点制): stones plus empty regions bordered by one colour only; regions touching both are neutral and shared. */
export function areaCount(rows: readonly string[]): { black: number; white: number; neutral: number } {
  const size = rows.length;
  const seen = new Set<number>();
  let black = 0;
  let white = 0;
  let neutral = 0;
  for (let y = 0; y < size; y++)
    for (let x = 0; x < size; x++) {
      const c = rows[y][x];
      if (c === 'x') black++;
      else if (c === 'o') white++;
      else if (!seen.has(y * size + x)) {
        const stack: Vertex[] = [[x, y]];
        seen.add(y * size + x);
        let points = 0;
        const borders = new Set<string>();
        while (stack.length) {
          const [px, py] = stack.pop() as Vertex;
          points++;
          for (const [nx, ny] of [
            [px - 1, py],
            [px + 1, py],
            [px, py - 1],
            [px, py + 1],
          ] as Vertex[]) {
            if (nx < 0 || ny < 0 || nx >= size || ny >= size) continue;
            const n = rows[ny][nx];
            if (n !== '.') borders.add(n);
            else if (!seen.has(ny * size + nx)) {
              seen.add(ny * size + nx);
              stack.push([nx, ny]);
            }
          }
        }
        if (borders.size === 1 && borders.has('x')) black += points;
        else if (borders.size === 1 && borders.has('o')) white += points;
        else neutral += points;
      }
    }
  return { black, white, neutral };
}
