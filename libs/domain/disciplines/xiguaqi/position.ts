/** Pieces on the board: groups, liberties, dead and escaped pieces, and a move with its captures (pure). */
import { neighbours, START_POINTS, type Point } from './board.js';
import type { Board, Colour, Piece, PlyRecord, Seat } from './xiguaqi.types.js';

export const other = (s: Seat): Seat => (s === 0 ? 1 : 0);
export const opposite = (c: Colour): Colour => (c === 'B' ? 'W' : 'B');
/** Arbitra (第二条二, 第十一条 silent on colours): the seat that moves first plays Black. */
export const colourOf = (black: Seat, seat: Seat): Colour => (seat === black ? 'B' : 'W');
export const seatOf = (black: Seat, colour: Colour): Seat => (colour === 'B' ? black : other(black));

export const pieceAt = (board: Board, p: Point): Piece | null => board[p - 1] ?? null;

/** 第二条一: six pieces each on their starting points. */
export function initialBoard(): Board {
  const board: (Piece | null)[] = Array.from({ length: 21 }, () => null);
  for (const colour of ['B', 'W'] as const) START_POINTS[colour].forEach((p, i) => (board[p - 1] = { colour, n: i + 1, escaped: false }));
  return board;
}

/** 第三条: a piece and the same-colour pieces linked to it form one whole. */
export function groupAt(board: Board, p: Point): Point[] {
  const piece = pieceAt(board, p);
  if (!piece) return [];
  const seen = new Set<Point>([p]);
  const todo = [p];
  while (todo.length) {
    const q = todo.pop()!;
    for (const n of neighbours(q))
      if (!seen.has(n) && pieceAt(board, n)?.colour === piece.colour) {
        seen.add(n);
        todo.push(n);
      }
  }
  return [...seen].sort((a, b) => a - b);
}

/** 第三条: the group's liberties are the empty points next to any of its pieces. */
export function liberties(board: Board, group: readonly Point[]): number {
  const free = new Set<Point>();
  for (const p of group) for (const n of neighbours(p)) if (!pieceAt(board, n)) free.add(n);
  return free.size;
}

/** Every group of `colour`, each listed once. */
export function groups(board: Board, colour: Colour): Point[][] {
  const seen = new Set<Point>();
  const out: Point[][] = [];
  board.forEach((piece, i) => {
    if (piece?.colour !== colour || seen.has(i + 1)) return;
    const g = groupAt(board, i + 1);
    g.forEach((p) => seen.add(p));
    out.push(g);
  });
  return out;
}

/** 第四条: groups without liberties are dead. */
export const deadGroups = (board: Board, colour: Colour): Point[][] => groups(board, colour).filter((g) => liberties(board, g) === 0);

/** Dead groups that may be captured: not already escaped as a whole (第六条). */
export const capturableGroups = (board: Board, colour: Colour): Point[][] =>
  deadGroups(board, colour).filter((g) => !g.every((p) => pieceAt(board, p)!.escaped));

export interface PlayedMove {
  readonly board: Board;
  readonly captured: readonly Point[];
  readonly escaped: readonly Point[];
}

/**
 * The move from → to (checked by the caller), then the mover's captures (第五条): each named point takes its
 * whole dead group. Dead opponent groups not named escape (第六条). The mover's own dead pieces stay (第六条:
 * only the opponent captures them). Escaped pieces whose group has a liberty again are ordinary pieces.
 * Returns the first named point that is not capturable as `notCapturable` (`escaped`: it is dead but escaped).
 */
export function playMove(
  board: Board,
  from: Point,
  to: Point,
  captures: readonly Point[],
): PlayedMove | { readonly notCapturable: Point; readonly escaped: boolean } {
  const moved = [...board];
  const piece = moved[from - 1]!;
  moved[from - 1] = null;
  moved[to - 1] = piece;
  const capturable = capturableGroups(moved, opposite(piece.colour));
  const removed = new Set<Point>();
  for (const p of captures) {
    const group = capturable.find((g) => g.includes(p));
    if (!group) return { notCapturable: p, escaped: deadGroups(moved, opposite(piece.colour)).some((g) => g.includes(p)) };
    group.forEach((q) => removed.add(q));
  }
  removed.forEach((p) => (moved[p - 1] = null));
  const escaped = capturable.filter((g) => !g.some((p) => removed.has(p))).flat();
  escaped.forEach((p) => (moved[p - 1] = { ...moved[p - 1]!, escaped: true }));
  for (const colour of ['B', 'W'] as const)
    for (const g of groups(moved, colour))
      if (liberties(moved, g) > 0) g.forEach((p) => moved[p - 1]!.escaped && (moved[p - 1] = { ...moved[p - 1]!, escaped: false }));
  return { board: moved, captured: [...removed].sort((a, b) => a - b), escaped: escaped.sort((a, b) => a - b) };
}

/** Pieces of `colour` on the board (escaped ones included: 第六条, they stay on the board). */
export const onBoard = (board: Board, colour: Colour): number => board.filter((p) => p?.colour === colour).length;
export const escapedCount = (board: Board, colour: Colour): number => board.filter((p) => p?.colour === colour && p.escaped).length;

/** The empty neighbours of the piece at `p`: where it may move (第二条三). */
export const movesFrom = (board: Board, p: Point): Point[] => neighbours(p).filter((n) => !pieceAt(board, n));

/** The game's board after its first `ply` plies (all of them by default), replayed from the start (第二条一). */
export function boardAt(plies: readonly PlyRecord[], ply = plies.length): Board {
  let board = initialBoard();
  for (const p of plies.slice(0, ply)) {
    if (p.kind !== 'move') continue;
    const played = playMove(board, p.from, p.to, p.captured);
    if ('board' in played) board = played.board;
  }
  return board;
}
