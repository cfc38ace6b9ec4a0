import fc from 'fast-check';
import { australianDraw } from './australian-draw.js';
import { bruteForceMinCost } from './brute-force.fixture.js';
import { pairKey } from './field.js';
import { readHistory } from './history.js';
import { field, request, requestFromEdges, withMeetings } from './pairing-fixtures.js';
import { costModel } from './repeat-cost.js';
import type { PairingRequest } from './types.js';

/** 21 players p01..p21; p09..p19 met each other in an 11-player round robin (pair i, j in round (i + j) mod 11 + 1). */
function issue29Field(): PairingRequest {
  const base = field(21);
  const clique = base.slice(8, 19);
  const meetings: Array<[string, string, number]> = [];
  clique.forEach((a, i) => clique.forEach((b, j) => j > i && meetings.push([a.id, b.id, ((i + j) % 11) + 1])));
  return request(withMeetings(base, meetings), { round: 12 });
}

describe('Australian draw, odd field: the bye is chosen inside one exact matching (bye-matching.ts)', () => {
  it('issue 29 repro: p09..p19 all met, nobody had a bye → a group member takes the bye and the draw is rematch-free', () => {
    const res = australianDraw(issue29Field());
    expect(res.repeats).toEqual([]);
    // The lowest-ranked group member: every bye below it leaves 11 group members for 9 outsiders.
    expect(res.bye).toBe('p19');
    const text = res.explanation.join('\n');
    expect(text).toMatch(/with the bye to p21 \(#21\) the draw needs 1 repeat/);
    expect(text).toMatch(/p19 \(#19\) gets the bye instead \(also 0 byes so far\), its draw needs 0 repeats/);
    expect(text).toMatch(/the bye moved up the standings from #21 to #19 only to avoid a rematch/);
  });

  it('the repro stays exact when the draw search budget runs out at once (blossom-checked completion)', () => {
    const res = australianDraw(issue29Field(), 1);
    expect(res.repeats).toEqual([]);
    expect(res.bye).toBe('p19');
    expect(res.explanation.join('\n')).toMatch(/search budget of 1 steps ran out/);
  });

  it('the bye moved up only to make a rematch older: the explanation says so', () => {
    // p1 met everyone (p1–p4 in round 1, p1–p2 in round 3, p1–p3 in round 4, p1–p5 in round 5); p1 and p5 had a bye.
    // Every draw needs p1 to meet someone again: with the bye to p4 the oldest is p1–p2 (round 3); with the bye to p3
    // (or p2) it is p1–p4 (round 1). Same number of rematches, so the bye moves from #4 to #3 only to age the rematch.
    const players = withMeetings(
      field(5).map((p) => (p.id === 'p1' || p.id === 'p5' ? { ...p, byes: 1 } : p)),
      [
        ['p1', 'p4', 1],
        ['p1', 'p2', 3],
        ['p1', 'p3', 4],
        ['p1', 'p5', 5],
      ],
    );
    const res = australianDraw(request(players, { round: 6 }));
    expect(res.bye).toBe('p3');
    expect(res.repeats).toEqual([{ a: 'p1', b: 'p4', why: 'rematch' }]);
    const text = res.explanation.join('\n');
    expect(text).toMatch(/with the bye to p4 \(#4\) the draw needs 1 repeat \(p1–p2 rematch\)/);
    expect(text).toMatch(
      /the bye moved up the standings from #4 to #3 only to make the rematch older \(p1–p4 last met in round 1, instead of p1–p2 last met in round 3\); it avoids no rematch/,
    );
  });

  it('property: on small odd fields the bye and the draw equal the brute-force optimum (lowest repeat cost, then the lowest-ranked bye, then the Australian order)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 5 }).map((k) => 2 * k + 1),
        fc.array(fc.integer({ min: 0, max: 1 }), { minLength: 11, maxLength: 11 }),
        fc.array(fc.tuple(fc.nat(10), fc.nat(10), fc.integer({ min: 1, max: 6 }), fc.integer({ min: 0, max: 9 })), { maxLength: 40 }),
        (n, byes, edges) => {
          const base = field(n).map((p, i) => ({ ...p, byes: byes[i] }));
          const req = requestFromEdges(base, edges);
          const res = australianDraw(req);
          const h = readHistory(req);
          const model = costModel(h, n - 1);
          const cost = (a: string, b: string) => {
            const k = pairKey(a, b);
            const met = h.metRounds.get(k);
            return (met ? model.rematch(met) : 0) + (h.forbidden.has(k) ? model.forbidden : 0);
          };
          const fewest = Math.min(...base.map((p) => p.byes));
          const candidates = req.players.filter((p) => p.byes === fewest).reverse(); // lowest-ranked first
          const options = candidates.map((c) => {
            const rest = req.players.filter((p) => p.id !== c.id);
            return { bye: c.id, rest, ...bruteForceMinCost(rest.length, (i, j) => cost(rest[i].id, rest[j].id)) };
          });
          const best = options.reduce((x, y) => (y.cost < x.cost ? y : x));
          expect(res.bye).toBe(best.bye);
          const got = res.games.map((g) => [g.first, g.second].sort().join('|')).sort();
          expect(got).toEqual(best.pairs.map(([i, j]) => [best.rest[i].id, best.rest[j].id].sort().join('|')).sort());
        },
      ),
      { numRuns: 300 },
    );
  });
});
