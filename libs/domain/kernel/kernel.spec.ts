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
  it('writes exactly what the earlier version wrote, so every stored hash still verifies (undefined members and elements included)', () => {
    // The version the log's hashes were first computed with, kept here as the reference.
    const earlier = (v: unknown): string => {
      if (v === null) return 'null';
      if (typeof v === 'string' || typeof v === 'number') return JSON.stringify(v);
      if (typeof v === 'boolean') return v ? 'true' : 'false';
      if (Array.isArray(v)) return `[${v.map((x) => (x === undefined ? 'null' : earlier(x))).join(',')}]`;
      const obj = v as Record<string, unknown>;
      const keys = Object.keys(obj)
        .filter((k) => obj[k] !== undefined)
        .sort();
      return `{${keys.map((k) => `${JSON.stringify(k)}:${earlier(obj[k])}`).join(',')}}`;
    };
    const withUndefined = fc.letrec((tie) => ({
      value: fc.oneof(
        { depthSize: 'small' },
        fc.constant(undefined),
        fc.constant(null),
        fc.boolean(),
        fc.double({ noNaN: true, noDefaultInfinity: true }),
        fc.integer(),
        fc.string({ unit: 'binary' }),
        fc.array(tie('value')),
        fc.dictionary(fc.string({ unit: 'binary' }), tie('value')),
      ),
    })).value;
    fc.assert(
      fc.property(fc.dictionary(fc.string({ unit: 'binary' }), withUndefined), (obj) => {
        expect(canonicalJson(obj)).toBe(earlier(obj));
      }),
      { numRuns: 2000 },
    );
    expect(canonicalJson([1, , 3])).toBe(earlier([1, , 3])); // eslint-disable-line no-sparse-arrays
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
