import { describe, expect, it } from '@jest/globals';
import type { DomainError } from '../kernel/errors.js';
import { bracketOrder, knockout } from './knockout.js';
import { field, request } from './pairing-fixtures.js';

describe('knockout (seeded bracket)', () => {
  it('standard seeding: top seed v bottom seed, 1 and 2 in opposite halves', () => {
    expect(bracketOrder(8)).toEqual([1, 8, 4, 5, 2, 7, 3, 6]);
    const res = knockout(request(field(8), { round: 1 }));
    expect(res.games.map((g) => [g.first, g.second].sort())).toEqual([
      ['p1', 'p8'],
      ['p2', 'p7'],
      ['p3', 'p6'],
      ['p4', 'p5'],
    ]);
  });

  it('WMC 決出晉級決賽的十六名選手: options.cut takes the top N of the ranking', () => {
    const res = knockout(request(field(40), { round: 1, options: { cut: 16 } }));
    const entrants = new Set(res.games.flatMap((g) => [g.first, g.second]));
    expect(entrants.size).toBe(16);
    expect([...entrants].sort()).toEqual(field(16).map((p) => p.id));
    expect(res.explanation.join('\n')).toMatch(/the top 16 of 40 \(cut\)/);
  });

  it('a field that is not a power of two gives byes to the top seeds', () => {
    const res = knockout(request(field(6), { round: 1 }));
    expect(res.games.map((g) => [g.first, g.second].sort())).toEqual([
      ['p3', 'p6'],
      ['p4', 'p5'],
    ]);
    expect(res.bye).toBe('p1');
    expect(res.explanation.join('\n')).toMatch(/byes: p1 \(#1\), p2 \(#2\)/);
  });

  it('lists every bye-holder in byes (bye is the first of them)', () => {
    // given 5 players (a bracket of 8) when paired then seeds 1, 2 and 3 sit out with byes
    const res = knockout(request(field(5), { round: 1 }));
    expect(res.byes).toEqual(['p1', 'p2', 'p3']);
    expect(res.bye).toBe('p1');
    expect(knockout(request(field(8), { round: 1 })).byes).toEqual([]);
  });

  it('lists the players excluded by the cut in out (below-cut), after the players the request says are already out', () => {
    // given 6 players, a cut of 4 and a player already eliminated, when paired
    const res = knockout(request(field(6), { round: 1, options: { cut: 4 } }));
    expect(res.out).toEqual([
      { player: 'p5', why: 'below-cut' },
      { player: 'p6', why: 'below-cut' },
    ]);
    const later = knockout({ ...request(field(4), { round: 2 }), out: [{ player: 'x9', why: 'eliminated' }] });
    expect(later.out).toEqual([{ player: 'x9', why: 'eliminated' }]);
    expect(later.explanation.join('\n')).toMatch(/already out: x9 \(eliminated\)/);
  });

  it('refuses a cut larger than the field (pairing/cut-exceeds-field)', () => {
    try {
      knockout(request(field(8), { options: { cut: 16 } }));
      throw new Error('no refusal');
    } catch (e) {
      expect((e as DomainError).type).toBe('pairing/cut-exceeds-field');
    }
  });
});
