import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { type DomainError } from '../kernel/errors.js';
import { createRng } from '../kernel/rng.js';
import { field, request } from './pairing-fixtures.js';
import { bergerRound, roundRobin } from './round-robin.js';
import type { PairingResult } from './types.js';

function cycle(n: number, double = false): PairingResult[] {
  const rounds = (n % 2 === 0 ? n - 1 : n) * (double ? 2 : 1);
  return Array.from({ length: rounds }, (_, i) => roundRobin(request(field(n), { round: i + 1, options: { double } })));
}

const typeOf = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    return (e as DomainError).type;
  }
  return 'no error';
};

describe('round robin (WESPA seed 循環賽, Berger tables)', () => {
  it('Berger tables for 6 match the FIDE tables', () => {
    expect(bergerRound(6, 1)).toEqual([
      [1, 6],
      [2, 5],
      [3, 4],
    ]);
    expect(bergerRound(6, 2)).toEqual([
      [1, 2],
      [5, 3],
      [6, 4],
    ]);
    expect(bergerRound(6, 5)).toEqual([
      [5, 1],
      [4, 2],
      [3, 6],
    ]);
  });

  it('參賽者將與同一組別之所有參賽者進行循環賽: everyone meets everyone exactly once per cycle, balanced first/second', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 16 }), (n) => {
        const meetings = new Map<string, number>();
        const firsts = new Map<string, number>();
        const byes = new Map<string, number>();
        for (const r of cycle(n)) {
          const seen = r.games.flatMap((g) => [g.first, g.second]).concat(r.bye ? [r.bye] : []);
          expect(new Set(seen).size).toBe(n);
          expect(seen).toHaveLength(n);
          for (const g of r.games) {
            const k = [g.first, g.second].sort().join('|');
            meetings.set(k, (meetings.get(k) ?? 0) + 1);
            firsts.set(g.first, (firsts.get(g.first) ?? 0) + 1);
          }
          if (r.bye) byes.set(r.bye, (byes.get(r.bye) ?? 0) + 1);
        }
        expect(meetings.size).toBe((n * (n - 1)) / 2);
        expect([...meetings.values()].every((v) => v === 1)).toBe(true);
        const games = n % 2 === 0 ? n - 1 : n - 1; // games per player per cycle
        for (const p of field(n)) {
          const f = firsts.get(p.id) ?? 0;
          expect(Math.abs(f - (games - f))).toBeLessThanOrEqual(1);
        }
        if (n % 2 === 1) expect([...byes.values()].every((v) => v === 1) && byes.size === n).toBe(true);
      }),
      { numRuns: 15 },
    );
  });

  it('fixed seed order (PairingPlayer.seed): with ranks reshuffled every round, everyone meets everyone exactly once and each player of an odd field has exactly one bye', () => {
    // The tournament layer sets `rank` from the standings after each round; the Berger tables
    // must follow the fixed `seed`, or opponents repeat (4 players: p1–p4 twice, p1–p3 never).
    for (let n = 3; n <= 8; n++) {
      const rng = createRng(`rr-fixed-seed/${n}`);
      const base = field(n).map((p, i) => ({ ...p, seed: i + 1 }));
      const rounds = n % 2 === 0 ? n - 1 : n;
      const meetings = new Map<string, number>();
      const byes = new Map<string, number>();
      const explained: string[] = [];
      for (let round = 1; round <= rounds; round++) {
        const ranks = rng.shuffle(base.map((_, i) => i + 1));
        const players = rng.shuffle(base.map((p, i) => ({ ...p, rank: ranks[i] })));
        const res = roundRobin(request(players, { round }));
        for (const g of res.games) {
          const k = [g.first, g.second].sort().join('|');
          meetings.set(k, (meetings.get(k) ?? 0) + 1);
        }
        if (res.bye) byes.set(res.bye, (byes.get(res.bye) ?? 0) + 1);
        explained.push(res.explanation[0]);
      }
      expect({ n, pairs: meetings.size }).toEqual({ n, pairs: (n * (n - 1)) / 2 });
      expect([...meetings.values()].every((v) => v === 1)).toBe(true);
      if (n % 2 === 1) expect({ n, byes: [...byes.entries()].sort() }).toEqual({ n, byes: base.map((p) => [p.id, 1]) });
      else expect(byes.size).toBe(0);
      for (const e of explained) expect(e).toMatch(/seed order = PairingPlayer\.seed/);
    }
  });

  it('fixed seed order: the seed, not the rank, decides the Berger position (seed 1 has the bye in round 1 of 5)', () => {
    const players = field(5).map((p, i) => ({ ...p, seed: 5 - i })); // p5 is seed 1, p1 is seed 5
    const res = roundRobin(request(players, { round: 1 }));
    expect(res.bye).toBe('p5');
  });

  it('fallback: when not every player has a seed, seed order = rank order, and the explanation says so', () => {
    const players = field(4).map((p, i) => (i === 0 ? { ...p, seed: 4 } : p));
    const res = roundRobin(request(players, { round: 1 }));
    expect(res.games.map((g) => [g.first, g.second].sort())).toEqual(roundRobin(request(field(4), { round: 1 })).games.map((g) => [g.first, g.second].sort()));
    expect(res.explanation[0]).toMatch(/seed order = rank order \(not every player has a seed/);
  });

  it('odd field: the bye rotates and the explanation names it', () => {
    const r = roundRobin(request(field(5), { round: 1 }));
    expect(r.bye).toBe('p1');
    expect(r.explanation.join('\n')).toMatch(/p1 \(#1\) has the bye/);
  });

  it('options.double: the second cycle repeats the first with first and second swapped', () => {
    const all = cycle(4, true);
    expect(all).toHaveLength(6);
    for (let r = 0; r < 3; r++) {
      expect(all[r + 3].games.map((g) => [g.second, g.first])).toEqual(all[r].games.map((g) => [g.first, g.second]));
    }
  });

  it('refuses a round beyond the cycle (pairing/round-beyond-round-robin)', () => {
    expect(typeOf(() => roundRobin(request(field(4), { round: 4 })))).toBe('pairing/round-beyond-round-robin');
    expect(typeOf(() => roundRobin(request(field(4), { round: 7, options: { double: true } })))).toBe('pairing/round-beyond-round-robin');
  });

  it('refuses a seed that is not a whole number from 1 (pairing/invalid-seed)', () => {
    expect(
      typeOf(() =>
        roundRobin(
          request(
            field(4).map((p, i) => ({ ...p, seed: i })),
            { round: 1 },
          ),
        ),
      ),
    ).toBe('pairing/invalid-seed');
    expect(
      typeOf(() =>
        roundRobin(
          request(
            field(4).map((p, i) => ({ ...p, seed: i + 1.5 })),
            { round: 1 },
          ),
        ),
      ),
    ).toBe('pairing/invalid-seed');
  });

  it('refuses a round robin of 1 player (pairing/field-too-small)', () => {
    expect(typeOf(() => roundRobin(request(field(1), { round: 1 })))).toBe('pairing/field-too-small');
  });
});
