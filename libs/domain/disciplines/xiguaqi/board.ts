/**
 * The board as data (西瓜棋比赛的棋盘、棋子及规则, 第一条一 棋盘): a round board, two perpendicular
 * diameters and five arcs (the inner circle and four arcs, one at each end of a diameter), 21 points.
 * The text's figure (附件1 西瓜棋盘图示) is missing from the seed: the layout below is the usual one,
 * numbered top to bottom, left to right as drawn in docs/xiguaqi-board.svg.
 *
 *   1 top of the outer circle          2, 3 the top arc's ends on the outer circle     4 the top arc's middle
 *   5, 6 the side arcs' upper ends     7 inner circle (top)    8 9 10 11 12 13 14 the horizontal diameter
 *   (8, 14 outer circle; 9, 13 side arcs' middles; 10, 12 inner circle; 11 the centre)
 *   15 inner circle (bottom)           16, 17 the side arcs' lower ends                18 the bottom arc's middle
 *   19, 20 the bottom arc's ends       21 bottom of the outer circle
 */
export type Point = number;

export const POINTS: readonly Point[] = Array.from({ length: 21 }, (_, i) => i + 1);

/** The lines between neighbouring points (第二条三: a move goes to an adjacent point along a line). */
// prettier-ignore
export const EDGES: readonly (readonly [Point, Point])[] = [
  // the outer circle, clockwise from the top
  [1, 3], [3, 6], [6, 14], [14, 17], [17, 20], [20, 21], [21, 19], [19, 16], [16, 8], [8, 5], [5, 2], [2, 1],
  // the inner circle
  [7, 12], [12, 15], [15, 10], [10, 7],
  // the vertical diameter, then the horizontal one
  [1, 4], [4, 7], [7, 11], [11, 15], [15, 18], [18, 21],
  [8, 9], [9, 10], [10, 11], [11, 12], [12, 13], [13, 14],
  // the four arcs, each through its middle point
  [2, 4], [4, 3], [5, 9], [9, 16], [6, 13], [13, 17], [19, 18], [18, 20],
];

const adjacency: readonly (readonly Point[])[] = (() => {
  const adj: Point[][] = Array.from({ length: 22 }, () => []);
  for (const [a, b] of EDGES) {
    adj[a].push(b);
    adj[b].push(a);
  }
  return adj.map((list) => list.sort((x, y) => x - y));
})();

/** The points adjacent to `p` (第三条: the points 直线紧邻 a piece are its neighbours). */
export const neighbours = (p: Point): readonly Point[] => adjacency[p] ?? [];
export const isPoint = (p: unknown): p is Point => typeof p === 'number' && Number.isInteger(p) && p >= 1 && p <= 21;
export const adjacent = (a: Point, b: Point): boolean => neighbours(a).includes(b);

/**
 * 第二条一: six pieces each, set out as the figure shows (missing from the seed): each side on the six points
 * nearest its edge, five on the outer circle and its arc's middle. Black sits at the top, White at the bottom.
 */
export const START_POINTS = { B: [1, 2, 3, 4, 5, 6], W: [16, 17, 18, 19, 20, 21] } as const;

/** Where each point is drawn, on a unit circle (y up), for the published diagram and position SVGs. */
export const ARC_RADIUS = 0.45;
export const INNER_RADIUS = 0.3;
const END_Y = 1 - (ARC_RADIUS * ARC_RADIUS) / 2;
const END_X = Math.sqrt(1 - END_Y * END_Y);
const MID = 1 - ARC_RADIUS;
// prettier-ignore
export const COORDINATES: Readonly<Record<Point, readonly [number, number]>> = {
  1: [0, 1], 2: [-END_X, END_Y], 3: [END_X, END_Y], 4: [0, MID], 5: [-END_Y, END_X], 6: [END_Y, END_X], 7: [0, INNER_RADIUS],
  8: [-1, 0], 9: [-MID, 0], 10: [-INNER_RADIUS, 0], 11: [0, 0], 12: [INNER_RADIUS, 0], 13: [MID, 0], 14: [1, 0],
  15: [0, -INNER_RADIUS], 16: [-END_Y, -END_X], 17: [END_Y, -END_X], 18: [0, -MID], 19: [-END_X, -END_Y], 20: [END_X, -END_Y], 21: [0, -1],
};
