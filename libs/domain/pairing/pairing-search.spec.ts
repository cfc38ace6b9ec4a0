import { describe, expect, it } from '@jest/globals';
import { australianDraw } from './australian-draw.js';
import { field, request, withMeetings } from './pairing-fixtures.js';
import { searchPairing } from './pairing-search.js';

describe('bounded pairing search', () => {
  it('pairs an empty set and refuses an odd one', () => {
    expect(searchPairing({ n: 0, penalties: [] })).toMatchObject({ pairs: [], cost: 0, method: 'exact' });
    expect(() => searchPairing({ n: 3, penalties: [new Map(), new Map(), new Map()] })).toThrow(RangeError);
  });

  it('relax the fewest repeats: three top players who met everyone else cost exactly one repeat (exact, no budget fallback)', () => {
    const base = field(200);
    const m: Array<[string, string, number]> = [];
    for (const t of [0, 1, 2]) for (let j = 3; j < 200; j++) m.push([base[t].id, base[j].id, 1]);
    const res = australianDraw(request(withMeetings(base, m)));
    expect(res.repeats).toHaveLength(1);
    expect(res.explanation.join('\n')).not.toMatch(/budget/);
  });

  it('budget fallback: the draw is finished exactly by blossom-checked matching, clearing the repeats a bottom clique would force', () => {
    // The bottom 21 have all met each other; everyone above is fresh. Strict rank order needs deep
    // backtracking (more than the budget), but a rematch-free pairing exists: #1–#2 … #257–#258,
    // then the 21 players just above the clique each take one of it, top-down (#259–#280 … #279–#300).
    const base = field(300);
    const m: Array<[string, string, number]> = [];
    for (let i = 279; i < 300; i++) for (let j = i + 1; j < 300; j++) m.push([base[i].id, base[j].id, 1]);
    const res = australianDraw(request(withMeetings(base, m)), 5_000);
    expect(res.games).toHaveLength(150);
    expect(res.repeats).toEqual([]);
    const expected = [
      ...Array.from({ length: 129 }, (_, i) => [base[2 * i].id, base[2 * i + 1].id]),
      ...Array.from({ length: 21 }, (_, i) => [base[258 + i].id, base[279 + i].id]),
    ];
    expect(res.games.map((g) => [g.first, g.second].sort()).sort()).toEqual(expected.sort());
    expect(res.explanation.join('\n')).toMatch(/search budget of 5000 steps ran out \(\d+ tries\); the draw was finished exactly instead/);
  });
});
