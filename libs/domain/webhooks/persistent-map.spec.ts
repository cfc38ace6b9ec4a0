import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { emptyPersistentMap, persistentEntries, persistentGet, persistentSet, type PersistentMap } from './persistent-map.js';

const sorted = (m: PersistentMap<number>) => [...persistentEntries(m)].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));

describe('persistent map', () => {
  it('reads what a Map of the same sets reads, and every earlier version still reads as it did', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.string({ maxLength: 6 }), fc.integer()), { maxLength: 300 }), (sets) => {
        let map = emptyPersistentMap<number>();
        const reference = new Map<string, number>();
        const versions: Array<[PersistentMap<number>, Array<[string, number]>]> = [];
        for (const [k, v] of sets) {
          map = persistentSet(map, k, v);
          reference.set(k, v);
          versions.push([map, [...reference].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))]);
        }
        for (const [k, v] of reference) expect(persistentGet(map, k)).toBe(v);
        expect(persistentGet(map, 'absent-key-longer-than-six')).toBeUndefined();
        for (const [version, entries] of versions) {
          expect(version.size).toBe(entries.length);
          expect(sorted(version)).toEqual(entries);
        }
      }),
    );
  });

  it('keeps two keys of the same hash apart (w1:e162789 and w1:e379192 share their FNV-1a hash)', () => {
    const one = persistentSet(persistentSet(emptyPersistentMap<number>(), 'w1:e162789', 1), 'w1:e0', 0);
    const two = persistentSet(one, 'w1:e379192', 2);
    const replaced = persistentSet(two, 'w1:e162789', 3);
    expect([persistentGet(two, 'w1:e162789'), persistentGet(two, 'w1:e379192'), two.size]).toEqual([1, 2, 3]);
    expect([persistentGet(replaced, 'w1:e162789'), persistentGet(replaced, 'w1:e379192'), replaced.size]).toEqual([3, 2, 3]);
    expect(persistentGet(one, 'w1:e379192')).toBeUndefined();
  });

  it('holds 100,000 keys, and reads the same after a JSON round trip (a persisted snapshot)', () => {
    let map = emptyPersistentMap<number>();
    for (let i = 0; i < 100_000; i++) map = persistentSet(map, `w${i % 7}:e${i}`, i);
    const copy = JSON.parse(JSON.stringify(map)) as PersistentMap<number>;
    expect(map.size).toBe(100_000);
    for (let i = 0; i < 100_000; i += 97) {
      expect(persistentGet(map, `w${i % 7}:e${i}`)).toBe(i);
      expect(persistentGet(copy, `w${i % 7}:e${i}`)).toBe(i);
    }
    expect(persistentGet(copy, 'w0:e1')).toBeUndefined();
    expect(persistentGet(persistentSet(copy, 'w0:e1', -1), 'w0:e1')).toBe(-1);
  });
});
