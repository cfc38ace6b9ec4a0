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

  it('refuses a cut larger than the field (pairing/cut-exceeds-field)', () => {
    try {
      knockout(request(field(8), { options: { cut: 16 } }));
      throw new Error('no refusal');
    } catch (e) {
      expect((e as DomainError).type).toBe('pairing/cut-exceeds-field');
    }
  });
});
