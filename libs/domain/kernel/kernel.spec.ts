import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { canonicalJson } from './canonical-json.js';
import { createRng } from './rng.js';
import { DomainError, refuse } from './errors.js';

describe('canonical JSON', () => {
  it('sorts keys at every depth and drops undefined members', () => {
    expect(canonicalJson({ b: 1, a: { d: [1, { z: 1, y: 2 }], c: undefined } })).toBe('{"a":{"d":[1,{"y":2,"z":1}]},"b":1}');
  });
  it('gives the same string for equal values whatever the key order', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.jsonValue()), (obj) => {
        const reversed = Object.fromEntries(Object.entries(obj).reverse());
        expect(canonicalJson(reversed)).toBe(canonicalJson(obj));
        expect(JSON.parse(canonicalJson(obj))).toEqual(JSON.parse(JSON.stringify(obj)));
      }),
    );
  });
  it('refuses non-finite numbers', () => {
    expect(() => canonicalJson({ x: Number.NaN })).toThrow(/non-finite/);
  });
});

describe('seeded RNG', () => {
  it('replays the same sequence for the same seed and differs for another', () => {
    const a = createRng('round-3');
    const b = createRng('round-3');
    const c = createRng('round-4');
    const seqA = Array.from({ length: 20 }, () => a.int(0, 1000));
    expect(Array.from({ length: 20 }, () => b.int(0, 1000))).toEqual(seqA);
    expect(Array.from({ length: 20 }, () => c.int(0, 1000))).not.toEqual(seqA);
  });
  it('shuffles into a permutation of the input', () => {
    fc.assert(
      fc.property(fc.array(fc.integer()), fc.string(), (xs, seed) => {
        expect(createRng(seed).shuffle(xs).sort()).toEqual(xs.slice().sort());
      }),
    );
  });
});

describe('DomainError', () => {
  it('carries a stable type, the rule and the field', () => {
    try {
      refuse('scrabble/exchange-bag-too-small', 'there are 5 tiles in the bag', 'WESPA: exchange needs at least 7 tiles in the bag', {
        kind: 'conflict',
        field: 'tiles',
      });
    } catch (e) {
      expect(e).toBeInstanceOf(DomainError);
      expect((e as DomainError).rule).toMatch(/7 tiles/);
      expect((e as DomainError).field).toBe('tiles');
      return;
    }
    throw new Error('refuse did not throw');
  });
});
