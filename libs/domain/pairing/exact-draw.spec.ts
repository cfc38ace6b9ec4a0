import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { australianDraw } from './australian-draw.js';
import { bruteForceMinCost } from './brute-force.fixture.js';
import { pairKey } from './field.js';
import { readHistory } from './history.js';
import { field, request, requestFromEdges, withMeetings } from './pairing-fixtures.js';
import { randomDraw } from './random-draw.js';
import { costModel } from './repeat-cost.js';
import type { PairingRequest, PairingResult } from './types.js';

const pairsOf = (r: PairingResult) => r.games.map((g) => [g.first, g.second].sort());
const byNumber = (r: PairingResult) =>
  r.games.map((g) => [g.first, g.second].map((id) => Number(id.slice(1))).sort((a, b) => a - b)).sort((a, b) => a[0] - b[0]);

/** Players p1…pn (rank = number) where every pair among `clique` met, one round each, in rounds 1… (round robin). */
function cliqueMeetings(clique: number[]): Array<[string, string, number]> {
  const m: Array<[string, string, number]> = [];
  // Circle method: k players (k even) meet in k-1 rounds.
  const k = clique.length;
  const ids = clique.map((i) => `p${i}`);
  const slots = k % 2 === 0 ? ids : [...ids, ''];
  for (let r = 0; r < slots.length - 1; r++) {
    for (let i = 0; i < slots.length / 2; i++) {
      const a = slots[i];
      const b = slots[slots.length - 1 - i];
      if (a && b) m.push([a, b, r + 1]);
    }
    slots.splice(1, 0, slots.pop() as string);
  }
  return m;
}

describe('exact Australian draw in polynomial time (issue 7 item 17)', () => {
  it('9–16 met in a round robin, 8 met 15 and 16: round 10 is rematch-free, 1–9 … 5–13, 6–15, 7–16, 8–14', () => {
    const meetings = [
      ...cliqueMeetings([9, 10, 11, 12, 13, 14, 15, 16]),
      ['p8', 'p15', 8] as [string, string, number],
      ['p8', 'p16', 9] as [string, string, number],
    ];
    const players = withMeetings(
      field(16).map((p, i) => ({ ...p, id: `p${i + 1}` })),
      meetings,
    );
    const res = australianDraw(request(players, { round: 10 }));
    expect(res.repeats).toEqual([]);
    expect(byNumber(res)).toEqual([
      [1, 9],
      [2, 10],
      [3, 11],
      [4, 12],
      [5, 13],
      [6, 15],
      [7, 16],
      [8, 14],
    ]);
    const text = res.explanation.join('\n');
    expect(text).not.toMatch(/RELAXED/);
    expect(text).toMatch(
      /p6 \(#6\) meets p15 \(#15\), passing over p7 \(#7\): kept for a later pairing: with the pairs above, taking them would leave the rest no pairing at the lowest repeat cost/,
    );
  });

  it('18 players, the bottom 9 all met: the true draw 1–10, 2–11, …, 9–18, and no false "kept for a later pairing"', () => {
    const players = withMeetings(
      field(18).map((p, i) => ({ ...p, id: `p${i + 1}` })),
      cliqueMeetings([10, 11, 12, 13, 14, 15, 16, 17, 18]),
    );
    const res = australianDraw(request(players, { round: 10 }));
    expect(res.repeats).toEqual([]);
    expect(byNumber(res)).toEqual(Array.from({ length: 9 }, (_, i) => [i + 1, i + 10]));
    // Each top player passes over the players above 10 only because taking one would leave the bottom nine short of partners: true.
    expect(res.explanation.join('\n')).toMatch(/p1 \(#1\) meets p10 \(#10\), passing over p2 \(#2\): kept for a later pairing/);
  });

  it('budget run out: the draw is finished exactly and says how; the same pairing as with an ample budget', () => {
    const meetings = [
      ...cliqueMeetings([9, 10, 11, 12, 13, 14, 15, 16]),
      ['p8', 'p15', 8] as [string, string, number],
      ['p8', 'p16', 9] as [string, string, number],
    ];
    const players = withMeetings(
      field(16).map((p, i) => ({ ...p, id: `p${i + 1}` })),
      meetings,
    );
    const tiny = australianDraw(request(players, { round: 10 }), 10);
    expect(tiny.games).toEqual(australianDraw(request(players, { round: 10 }), 10_000_000).games);
    expect(tiny.explanation.join('\n')).toMatch(/search budget of 10 steps ran out \(\d+ tries\); the draw was finished exactly instead/);
  });
});

describe('repeats weighted by how often and how recently (issue 7 item 18)', () => {
  it('a fourth meeting is never chosen over a second: p1 takes p3 (met once, in round 4) rather than p2 (met three times, long ago)', () => {
    // (p1–p2, p3–p4): a fourth meeting; (p1–p3, p2–p4): a second meeting; (p1–p4, p2–p3): two second meetings.
    const players = withMeetings(field(4), [
      ['p1', 'p2', 1],
      ['p1', 'p2', 2],
      ['p1', 'p2', 3],
      ['p1', 'p3', 4],
      ['p1', 'p4', 1],
      ['p2', 'p3', 1],
    ]);
    const res = australianDraw(request(players, { round: 5 }));
    expect(pairsOf(res)).toEqual([
      ['p1', 'p3'],
      ['p2', 'p4'],
    ]);
    expect(res.repeats).toEqual([{ a: 'p1', b: 'p3', why: 'rematch' }]);
    expect(res.explanation.join('\n')).toMatch(/p1 \(#1\) meets p3 \(#3\), passing over p2 \(#2\): already met in round 1, 2, 3/);
    // The same holds for the random draw, which shares the search.
    expect(randomDraw(request(players, { round: 5 })).repeats).toEqual([{ a: 'p1', b: 'p3', why: 'rematch' }]);
  });

  it('an older rematch is preferred to a more recent one when all else is equal', () => {
    // Every pairing of these four repeats exactly one meeting, once each: p1–p2 (round 5), p1–p3 (round 1), p1–p4 (round 3).
    const players = withMeetings(field(4), [
      ['p1', 'p2', 5],
      ['p1', 'p3', 1],
      ['p1', 'p4', 3],
    ]);
    const res = australianDraw(request(players, { round: 6 }));
    expect(res.repeats).toEqual([{ a: 'p1', b: 'p3', why: 'rematch' }]);
    expect(res.explanation.join('\n')).toMatch(/RELAXED: p1 \(#1\) meets p3 \(#3\) again \(met in round 1; this is meeting 2\)/);
  });

  it("the weights: a pair's k-th repeat grows with k², recency only breaks ties, forbidden outweighs every repeat", () => {
    const players = withMeetings(field(8), [
      ['p1', 'p2', 9],
      ['p3', 'p4', 1],
      ['p3', 'p4', 2],
    ]);
    const h = readHistory(request(players, { round: 10 }));
    const m = costModel(h, 8);
    const once = m.rematch([9]);
    const twice = m.rematch([1, 2]);
    expect(twice).toBeGreaterThan(once * 3); // 4 units v 1 unit, whatever the rounds
    expect(m.rematch([9]) * 3).toBeLessThan(m.rematch([1, 2])); // three (even recent) second meetings cost less than one third meeting
    expect(m.rematch([1, 2, 3])).toBeGreaterThan(4 * m.rematch([9])); // a fourth meeting outweighs a second at every table of the field (4 pairs)
    expect(m.rematch([9]) - m.rematch([1])).toBeLessThan(m.unit); // recency never outweighs a unit
    expect(m.forbidden).toBeGreaterThan(4 * m.rematch([1, 2])); // every table of the field at its dearest repeat
  });
});

/** The brute-force minimum of the same weighted cost the draw uses, over the players the draw paired. */
function check(req: PairingRequest, res: PairingResult) {
  const rest = req.players.filter((p) => p.id !== res.bye).sort((a, b) => a.rank - b.rank);
  const h = readHistory(req);
  const model = costModel(h, rest.length);
  const cost = (a: string, b: string) => {
    const k = pairKey(a, b);
    const met = h.metRounds.get(k);
    return (met ? model.rematch(met) : 0) + (h.forbidden.has(k) ? model.forbidden : 0);
  };
  const brute = bruteForceMinCost(rest.length, (i, j) => cost(rest[i].id, rest[j].id));
  expect(res.games.reduce((s, g) => s + cost(g.first, g.second), 0)).toBe(brute.cost);
  // Australian order: the lexicographically first pairing of that cost, as the brute force finds it.
  expect(pairsOf(res).sort()).toEqual(brute.pairs.map(([i, j]) => [rest[i].id, rest[j].id].sort()).sort());
}

describe('property: the draw is exact', () => {
  const history = fc.tuple(
    fc.integer({ min: 2, max: 10 }),
    fc.array(fc.tuple(fc.nat(9), fc.nat(9), fc.integer({ min: 1, max: 6 }), fc.integer({ min: 0, max: 9 })), { maxLength: 40 }),
  );
  // rating-adjacent: with no meetings at all, round-1 seeding applies; ratings follow rank here.
  const build = ([n, edges]: [number, Array<[number, number, number, number]>]) => requestFromEdges(field(n), edges);

  it('for random small fields (≤ 10 players) and random histories (repeated meetings, rounds 1–6, forbidden pairs), the repeat cost equals the brute-force minimum', () => {
    fc.assert(
      fc.property(history, (hx) => {
        const req = build(hx);
        check(req, australianDraw(req));
      }),
      { numRuns: 300 },
    );
  });

  it('the same when the search budget runs out at once (the blossom-checked completion alone)', () => {
    fc.assert(
      fc.property(history, (hx) => {
        const req = build(hx);
        const res = australianDraw(req, 1);
        check(req, res);
        if (res.games.length > 1 && !readHistory(req).noMeetingsYet) expect(res.explanation.join('\n')).toMatch(/finished exactly instead|no rematch/);
      }),
      { numRuns: 300 },
    );
  });
});
