import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { WMC_TABLE } from './mahjong.rules.js';
import { followDiscardFromFacts, followDiscardLiability, handPayments, sumOf } from './payments.js';
import type { Seat } from './seating.js';

const seat = fc.constantFrom<Seat>(0, 1, 2, 3);

describe('WMC 計分系統, 得分授受法: the winner always receives 3× the hand; who pays what', () => {
  it('the 70-point example: the two non-discarders pay 30 each, the discarder 150, the winner receives 210', () => {
    expect(handPayments(70, 0, 2, WMC_TABLE)).toEqual([210, -30, -150, -30]);
  });

  it('自摸各家分付: a self-drawn hand is paid 1× by each of the three', () => {
    expect(handPayments(70, 1, null, WMC_TABLE)).toEqual([-70, 210, -70, -70]);
  });

  it('a discard win of 30 or less is paid 1× by each, the discarder included (30 is par)', () => {
    expect(handPayments(30, 3, 0, WMC_TABLE)).toEqual([-30, -30, -30, 90]);
    expect(handPayments(5, 3, 0, WMC_TABLE)).toEqual([-5, -5, -5, 15]);
    expect(handPayments(31, 3, 0, WMC_TABLE)).toEqual([-33, -30, -30, 93]);
  });

  it('property: in every hand the four payments sum to zero, and the winner receives 3× the points', () => {
    fc.assert(
      fc.property(fc.integer({ min: 5, max: 320 }), seat, fc.option(seat, { nil: null }), (points, winner, liable) => {
        const p = handPayments(points, winner, liable === winner ? null : liable, WMC_TABLE);
        expect(sumOf(p)).toBe(0);
        expect(p[winner]).toBe(3 * points);
        expect(p.filter((x, i) => i !== winner).every((x) => x < 0)).toBe(true);
      }),
    );
  });
});

describe('WMC 計分系統, 得分授受法 4: 跟張免責規條 (follow-discard exemption)', () => {
  it('derived from the discards: the first who discarded the winning tile since the winner’s last discard pays as discarder', () => {
    // Seat 0 wins; since seat 0's last discard (5p), seat 1 discarded 3s, then seat 3 discards 3s into the win.
    const discards = [
      { seat: 0 as Seat, tile: '5p' },
      { seat: 1 as Seat, tile: '3s' },
      { seat: 2 as Seat, tile: 'E' },
      { seat: 3 as Seat, tile: '3s' },
    ];
    expect(followDiscardLiability(discards, 0)).toEqual({ liable: 1, reason: 'follow-discard', firstDiscardIndex: 1 });
  });

  it('derived: when the winner discarded that tile first, there is no discarder (all three pay 1×)', () => {
    const discards = [
      { seat: 0 as Seat, tile: '3s' },
      { seat: 1 as Seat, tile: '3s' },
      { seat: 2 as Seat, tile: '3s' },
    ];
    expect(followDiscardLiability(discards, 0)).toEqual({ liable: null, reason: 'follow-discard-by-winner', firstDiscardIndex: 0 });
    expect(handPayments(70, 0, null, WMC_TABLE)).toEqual([210, -70, -70, -70]);
  });

  it('derived: a discard before the winner’s last discard does not count (a new go-around)', () => {
    const discards = [
      { seat: 1 as Seat, tile: '3s' },
      { seat: 0 as Seat, tile: '9m' },
      { seat: 3 as Seat, tile: '3s' },
    ];
    expect(followDiscardLiability(discards, 0)).toEqual({ liable: 3, reason: 'discard' });
  });

  it('from the referee’s facts: the first discarder pays as discarder, or nobody when it was the winner', () => {
    expect(followDiscardFromFacts(3, 1, 0)).toEqual({ liable: 1, reason: 'follow-discard' });
    expect(followDiscardFromFacts(3, 0, 0)).toEqual({ liable: null, reason: 'follow-discard-by-winner' });
    expect(followDiscardFromFacts(3, 3, 0)).toEqual({ liable: 3, reason: 'discard' });
  });
});
