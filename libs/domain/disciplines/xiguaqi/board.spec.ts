import { describe, expect, it } from '@jest/globals';
import { EDGES, neighbours, POINTS, START_POINTS } from './board.js';
import { groupAt, initialBoard, liberties } from './position.js';

/** 第一条一: 21 points on the outer circle, the inner circle, two diameters and four arcs. */
describe('the xiguaqi board (西瓜棋规则 第一条一)', () => {
  it('has 21 points and 36 lines, none doubled, none from a point to itself', () => {
    expect(POINTS).toHaveLength(21);
    expect(EDGES).toHaveLength(12 + 4 + 6 + 6 + 8);
    const keys = EDGES.map(([a, b]) => [Math.min(a, b), Math.max(a, b)].join('-'));
    expect(new Set(keys).size).toBe(EDGES.length);
    expect(EDGES.every(([a, b]) => a !== b)).toBe(true);
  });

  it('degrees: the centre, the inner circle and the arcs’ middles have 4 neighbours, the 12 outer-circle points 3', () => {
    const four = [4, 7, 9, 10, 11, 12, 13, 15, 18];
    for (const p of POINTS) expect([p, neighbours(p).length]).toEqual([p, four.includes(p) ? 4 : 3]);
    expect(POINTS.reduce((s, p) => s + neighbours(p).length, 0)).toBe(2 * EDGES.length);
  });

  it('adjacency is symmetric, connected, and the same under a half turn (p ↔ 22 − p) and the left–right mirror', () => {
    for (const a of POINTS) for (const b of neighbours(a)) expect(neighbours(b)).toContain(a);
    const seen = new Set([1]);
    const todo = [1];
    while (todo.length)
      for (const n of neighbours(todo.pop()!))
        if (!seen.has(n)) {
          seen.add(n);
          todo.push(n);
        }
    expect(seen.size).toBe(21);
    const mirror: Record<number, number> = { 2: 3, 3: 2, 5: 6, 6: 5, 8: 14, 14: 8, 9: 13, 13: 9, 10: 12, 12: 10, 16: 17, 17: 16, 19: 20, 20: 19 };
    for (const map of [(p: number) => 22 - p, (p: number) => mirror[p] ?? p]) for (const [a, b] of EDGES) expect(neighbours(map(a))).toContain(map(b));
  });

  it('第二条一: six pieces each on the six points nearest their edge, one whole group each, the nine points between empty', () => {
    expect(START_POINTS.B).toHaveLength(6);
    expect(START_POINTS.W).toHaveLength(6);
    expect(START_POINTS.W).toEqual(START_POINTS.B.map((p) => 22 - p).sort((a, b) => a - b));
    const board = initialBoard();
    expect(groupAt(board, 1)).toEqual([...START_POINTS.B]);
    expect(groupAt(board, 21)).toEqual([...START_POINTS.W]);
    expect(board.filter((p) => p === null)).toHaveLength(9);
    // Black's liberties are 7, 8, 9, 13, 14; White's 8, 9, 13, 14, 15.
    expect(liberties(board, groupAt(board, 1))).toBe(5);
    expect(liberties(board, groupAt(board, 21))).toBe(5);
  });
});
