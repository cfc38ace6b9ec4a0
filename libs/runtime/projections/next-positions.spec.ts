import { describe, expect, it } from '@jest/globals';
import type { RecordedEvent } from '../../store/event-store.port.js';
import { nextRunLength } from './next-positions.js';
import { recordedEvent } from './testing/recorded-events.js';

/** Events at the given log positions. */
const at = (...positions: number[]): RecordedEvent[] => positions.map((p) => recordedEvent({ type: 'tally.Added', data: { n: p } }, p - 1, 's'));

describe('nextRunLength (are these the log positions right after a checkpoint?)', () => {
  it('counts every event when they are exactly the next positions', () => {
    expect(nextRunLength(at(5, 6, 7), 4)).toBe(3);
    expect(nextRunLength(at(1), 0)).toBe(1);
  });

  it('is 0 with no events, or when the first is not the next position (behind or ahead of it)', () => {
    expect(nextRunLength([], 4)).toBe(0);
    expect(nextRunLength(at(6, 7), 4)).toBe(0);
    expect(nextRunLength(at(4, 5), 4)).toBe(0);
  });

  it('stops at a gap', () => {
    expect(nextRunLength(at(5, 6, 8, 9), 4)).toBe(2);
  });

  it('stops at a repeated position', () => {
    expect(nextRunLength(at(5, 5, 6), 4)).toBe(1);
    expect(nextRunLength(at(5, 6, 6, 7), 4)).toBe(2);
  });

  it('stops where the order steps back', () => {
    expect(nextRunLength(at(6, 5), 4)).toBe(0);
    expect(nextRunLength(at(5, 7, 6), 4)).toBe(1);
  });

  it('counts no more than the limit', () => {
    expect(nextRunLength(at(5, 6, 7, 8), 4, 2)).toBe(2);
    expect(nextRunLength(at(5, 6), 4, 5)).toBe(2);
    expect(nextRunLength(at(5, 6), 4, 0)).toBe(0);
  });
});
