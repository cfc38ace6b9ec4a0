import { describe, expect, it } from '@jest/globals';
import { pair } from './index.js';
import { kingOfTheHill } from './king-of-the-hill.js';
import { field, player, request, SEED_EXAMPLE, withMeetings } from './pairing-fixtures.js';
import type { PairingResult } from './types.js';

const pairsOf = (r: PairingResult) => r.games.map((g) => [g.first, g.second].sort());

describe('King of the Hill (WESPA seed)', () => {
  it('WESPA seed example King-of-the-Hill: given #1 and #2 have met, then 1–2, 3–4, 5–6 (如使用King-of-the-Hill，則不會作出調整)', () => {
    const players = withMeetings(
      SEED_EXAMPLE.map((id, i) => player(id, i + 1)),
      [['Chan Hok Hei', 'Wong Siu Ki', 1]],
    );
    const res = pair('king-of-the-hill', request(players));
    expect(pairsOf(res)).toEqual([
      ['Chan Hok Hei', 'Wong Siu Ki'],
      ['Cheung Siu Kwan', 'Wong Wai Ho'],
      ['Ho Ka Wai', 'Lee Kwan Yee'],
    ]);
    expect(res.repeats).toEqual([{ a: 'Chan Hok Hei', b: 'Wong Siu Ki', why: 'rematch' }]);
    expect(res.explanation.join('\n')).toMatch(/kept as King of the Hill makes no adjustment/);
  });

  it('第1名將與第2名比賽，第3名會與第4名比賽: pairs by rank whatever the input order', () => {
    const players = field(6).reverse();
    expect(pairsOf(kingOfTheHill(request(players)))).toEqual([
      ['p1', 'p2'],
      ['p3', 'p4'],
      ['p5', 'p6'],
    ]);
  });

  it('a forbidden pairing swaps with the next pair down: a v c, b v d', () => {
    const res = kingOfTheHill(request(field(6), { forbidden: [{ a: 'p1', b: 'p2', reason: 'spouses' }] }));
    expect(pairsOf(res)).toEqual([
      ['p1', 'p3'],
      ['p2', 'p4'],
      ['p5', 'p6'],
    ]);
    expect(res.repeats).toEqual([]);
    expect(res.explanation.join('\n')).toMatch(/p1 \(#1\) v p2 \(#2\) is forbidden; swapped with the pair below/);
  });

  it('a forbidden last pair swaps with the pair above', () => {
    const res = kingOfTheHill(request(field(4), { forbidden: [{ a: 'p3', b: 'p4', reason: 'club' }] }));
    expect(pairsOf(res)).toEqual([
      ['p1', 'p3'],
      ['p2', 'p4'],
    ]);
  });

  it('a forbidden pairing no swap can clear is kept and listed as relaxed', () => {
    const res = kingOfTheHill(request(field(2), { forbidden: [{ a: 'p1', b: 'p2', reason: 'club' }] }));
    expect(res.repeats).toEqual([{ a: 'p1', b: 'p2', why: 'forbidden' }]);
    expect(res.explanation.join('\n')).toMatch(/RELAXED/);
  });

  it('bye: odd field gives the bye to the lowest-ranked player with the fewest byes', () => {
    const res = kingOfTheHill(request(field(5)));
    expect(res.bye).toBe('p5');
    expect(pairsOf(res)).toEqual([
      ['p1', 'p2'],
      ['p3', 'p4'],
    ]);
  });
});
