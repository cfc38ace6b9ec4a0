import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { type DomainError } from '../kernel/errors.js';
import { pair } from './index.js';
import { mahjongSeating } from './mahjong-seating.js';
import { field, player, request, simulate, withMeetings } from './pairing-fixtures.js';
import type { PairingResult } from './types.js';

const seatsOf = (r: PairingResult) => r.tables.map((t) => t.seats.map((s) => s.player).sort());

/** Forbidden pairs sharing a table in a seating. */
function clashes(tables: ReadonlyArray<readonly string[]>, forbidden: ReadonlySet<string>): number {
  let c = 0;
  for (const t of tables) for (let i = 0; i < t.length; i++) for (let j = i + 1; j < t.length; j++) if (forbidden.has([t[i], t[j]].sort().join('|'))) c++;
  return c;
}

/** Brute force (fields of at most 12): the fewest forbidden clashes over every split into tables of 4. */
function bruteForceMinClashes(ids: readonly string[], forbidden: ReadonlySet<string>): number {
  let best = Infinity;
  const go = (left: readonly string[], tables: string[][]) => {
    if (left.length === 0) {
      best = Math.min(best, clashes(tables, forbidden));
      return;
    }
    const [head, ...rest] = left; // the first unseated player fixes the table: no table order duplicates
    for (let a = 0; a < rest.length; a++)
      for (let b = a + 1; b < rest.length; b++)
        for (let c = b + 1; c < rest.length; c++)
          go(
            rest.filter((_, i) => i !== a && i !== b && i !== c),
            [...tables, [head, rest[a], rest[b], rest[c]]],
          );
  };
  go(ids, []);
  return best;
}

function refusal(f: () => unknown): DomainError {
  try {
    f();
  } catch (e) {
    return e as DomainError;
  }
  throw new Error('expected a refusal');
}

describe('mahjong seating (WMC, tables of 4)', () => {
  it('mahjong-by-standing: ranks 1–4, 5–8, …', () => {
    const res = mahjongSeating('mahjong-by-standing', request(field(8).reverse()));
    expect(seatsOf(res)).toEqual([
      ['p1', 'p2', 'p3', 'p4'],
      ['p5', 'p6', 'p7', 'p8'],
    ]);
    expect(res.games).toEqual([]);
    expect(res.bye).toBeNull();
  });

  it('mahjong-by-standing: a forbidden pair at a table is split by a swap with the next table', () => {
    const res = mahjongSeating('mahjong-by-standing', request(field(8), { forbidden: [{ a: 'p1', b: 'p2', reason: 'same club' }] }));
    expect(seatsOf(res)).toEqual([
      ['p1', 'p3', 'p4', 'p5'],
      ['p2', 'p6', 'p7', 'p8'],
    ]);
    expect(res.repeats).toEqual([]);
  });

  it('mahjong-by-standing: two forbidden pairs at one table are both split by swaps that reduce the clashes (m0,m4,m2,m5 | m1,m3,m6,m7)', () => {
    const players = Array.from({ length: 8 }, (_, i) => player(`m${i}`, i + 1));
    const res = mahjongSeating(
      'mahjong-by-standing',
      request(players, {
        forbidden: [
          { a: 'm0', b: 'm1', reason: 'same family' },
          { a: 'm2', b: 'm3', reason: 'same club' },
        ],
      }),
    );
    expect(res.repeats).toEqual([]);
    expect(seatsOf(res)).toEqual([
      ['m0', 'm2', 'm4', 'm5'],
      ['m1', 'm3', 'm6', 'm7'],
    ]);
    const text = res.explanation.join('\n');
    expect(text).toMatch(/m1 \(#2\) swaps with m4 \(#5\)/);
    expect(text).toMatch(/m3 \(#4\) swaps with m5 \(#6\)/);
    expect(text).not.toMatch(/RELAXED/);
  });

  it('mahjong-by-standing: a forbidden clash no swap can remove is kept and declared as relaxed', () => {
    // 4 players, one table: nothing to swap with.
    const res = mahjongSeating('mahjong-by-standing', request(field(4), { forbidden: [{ a: 'p1', b: 'p2', reason: 'same club' }] }));
    expect(res.repeats).toEqual([{ a: 'p1', b: 'p2', why: 'forbidden' }]);
    expect(res.explanation.join('\n')).toMatch(/RELAXED: p1 \(#1\) and p2 \(#2\) share a table although forbidden$/m);
  });

  it('property: mahjong-by-standing never leaves more forbidden clashes than the brute-force minimum (8–12 players), and relaxes exactly those', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 3 }), fc.array(fc.tuple(fc.nat(11), fc.nat(11)), { maxLength: 30 }), (tables, edges) => {
        const players = field(tables * 4);
        const forbidden: Array<{ a: string; b: string; reason: string }> = [];
        const set = new Set<string>();
        for (const [i, j] of edges) {
          if (i >= players.length || j >= players.length || i === j) continue;
          const k = [players[i].id, players[j].id].sort().join('|');
          if (set.has(k)) continue;
          set.add(k);
          forbidden.push({ a: players[i].id, b: players[j].id, reason: 'test' });
        }
        const res = mahjongSeating('mahjong-by-standing', request(players, { forbidden }));
        const got = clashes(seatsOf(res), set);
        expect(got).toBeLessThanOrEqual(
          bruteForceMinClashes(
            players.map((p) => p.id),
            set,
          ),
        );
        expect(res.repeats.filter((r) => r.why === 'forbidden')).toHaveLength(got);
      }),
      { numRuns: 150 },
    );
  });

  it('WMC 一台的四人: a field not divisible by 4 is refused, saying how many substitutes are needed', () => {
    const e = refusal(() => pair('mahjong-swiss', request(field(22))));
    expect(e.type).toBe('pairing/field-not-divisible-by-4');
    expect(e.message).toBe('mahjong needs tables of 4: 22 players leaves 2 seats empty; add 2 substitutes or withdraw 2');
    expect(refusal(() => pair('mahjong-by-standing', request(field(21)))).message).toMatch(/leaves 3 seats empty; add 3 substitutes or withdraw 1/);
  });

  it('mahjong-swiss: avoids repeat table-mates when the standing order would repeat them', () => {
    // Standing order would seat p1–p4 together again; swiss seating must avoid every repeat.
    const players = withMeetings(field(16), [
      ['p01', 'p02', 1],
      ['p01', 'p03', 1],
      ['p01', 'p04', 1],
      ['p02', 'p03', 1],
      ['p02', 'p04', 1],
      ['p03', 'p04', 1],
    ]);
    const res = mahjongSeating('mahjong-swiss', request(players));
    expect(res.repeats).toEqual([]);
    for (const t of seatsOf(res)) expect(t.filter((p) => ['p01', 'p02', 'p03', 'p04'].includes(p))).toHaveLength(1);
  });

  it('mahjong-swiss: forbidden table-mates are avoided like repeats', () => {
    const res = mahjongSeating('mahjong-swiss', request(field(8), { forbidden: [{ a: 'p1', b: 'p2', reason: 'same club' }] }));
    expect(res.repeats).toEqual([]);
    expect(seatsOf(res)[0]).not.toContain('p2');
  });

  it('mahjong-swiss: seats fewer repeats than seating by standing after a real history', () => {
    const players = simulate(pair, 'mahjong-by-standing', 64, 6, 'history');
    const swiss = mahjongSeating('mahjong-swiss', request(players, { round: 7 }));
    const standing = mahjongSeating('mahjong-by-standing', request(players, { round: 7 }));
    expect(swiss.repeats.length).toBeLessThan(standing.repeats.length);
  });

  it('winds (WMC 輪莊 rotates the dealer; only East is balanced): the player East least often sits East', () => {
    const players = field(4).map((p, i) => ({ ...p, firsts: [3, 0, 2, 1][i] }));
    const res = mahjongSeating('mahjong-by-standing', request(players));
    expect(res.tables[0].seats).toEqual([
      { player: 'p2', wind: 'E' },
      { player: 'p4', wind: 'S' },
      { player: 'p3', wind: 'W' },
      { player: 'p1', wind: 'N' },
    ]);
  });

  it('property: every player is seated exactly once, with winds E, S, W, N at every table', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 0, max: 4 }), fc.string(), fc.boolean(), (tables, rounds, seed, swiss) => {
        const system = swiss ? 'mahjong-swiss' : 'mahjong-by-standing';
        const players = simulate(pair, system, tables * 4, rounds, seed);
        const res = pair(system, request(players, { round: rounds + 1, seed }));
        const seated = res.tables.flatMap((t) => t.seats.map((s) => s.player));
        expect(seated.slice().sort()).toEqual(players.map((p) => p.id).sort());
        for (const t of res.tables) expect(t.seats.map((s) => s.wind)).toEqual(['E', 'S', 'W', 'N']);
        expect(res.tables.map((t) => t.table)).toEqual(Array.from({ length: tables }, (_, i) => i + 1));
      }),
      { numRuns: 30 },
    );
  });

  it('bounded: 400 players with 20 rounds of history are seated', () => {
    const players = simulate(pair, 'mahjong-swiss', 400, 20, 'bound');
    const res = pair('mahjong-swiss', request(players, { round: 21 }));
    expect(res.tables).toHaveLength(100);
  });
});
