import { describe, expect, it } from '@jest/globals';
import { toKurrentPosition, toPortPosition, toSafeNumber } from './kurrentdb-position.js';

describe('KurrentDB position mapping', () => {
  it('uses the prepare position (the event record’s own log offset) as the port position', () => {
    expect(toPortPosition({ commit: 4096n, prepare: 4096n }, 'e')).toBe(4096);
    // Only events of explicit (TCP-era) transactions differ; the prepare position is still unique per event.
    expect(toPortPosition({ commit: 9000n, prepare: 8192n }, 'e')).toBe(8192);
  });

  it('round-trips a port position to the (commit, prepare) pair the server reports for it', () => {
    for (const n of [1, 1234, 268_435_456, Number.MAX_SAFE_INTEGER]) {
      const p = toKurrentPosition(n);
      expect(p).toEqual({ commit: BigInt(n), prepare: BigInt(n) });
      expect(toPortPosition(p as { commit: bigint; prepare: bigint }, 'e')).toBe(n);
    }
  });

  it('maps 0 (the port’s "from the beginning") to the start of $all', () => {
    expect(toKurrentPosition(0)).toBe('start');
  });

  it('is monotonic: a later log offset is a larger number', () => {
    const offsets = [130n, 131n, 4_000_000n, 2n ** 40n, 2n ** 52n];
    const numbers = offsets.map((o) => toPortPosition({ commit: o, prepare: o }, 'e'));
    expect([...numbers].sort((a, b) => a - b)).toEqual(numbers);
    expect(new Set(numbers).size).toBe(numbers.length);
  });

  it('refuses, rather than rounds, positions beyond 2^53 and non-positions', () => {
    expect(() => toPortPosition({ commit: 2n ** 53n, prepare: 2n ** 53n }, 'e')).toThrow(RangeError);
    expect(() => toSafeNumber(-1n, 'x')).toThrow(RangeError);
    expect(() => toKurrentPosition(-1)).toThrow(RangeError);
    expect(() => toKurrentPosition(1.5)).toThrow(RangeError);
    expect(() => toKurrentPosition(2 ** 53)).toThrow(RangeError);
  });

  it('explains a missing position (servers before 22.6 omit it on stream reads)', () => {
    expect(() => toPortPosition(undefined, '3@game-1')).toThrow(/22\.6/);
  });
});
