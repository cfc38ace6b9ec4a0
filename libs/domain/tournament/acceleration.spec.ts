import { describe, expect, it } from '@jest/globals';
import { type DomainError } from '../kernel/errors.js';
import { bakuGroupSize, bakuVirtualPoints } from '../pairing/dutch/baku.js';
import { pair } from '../pairing/index.js';
import { computeStandings } from '../standings/standings.js';
import { pairingRequestFor } from './pairing-request.js';
import { standingsInputFor } from './standings-input.js';
import { create, extend, pairSystem, publish, record, register, run, stateOf, won } from './testing/tournament.test-support.js';

/** FIDE Handbook C.04.5.1, the Baku Acceleration Method, as a chess profile option (`profile.acceleration: 'baku'`). */
const field = (over: Record<string, unknown> = {}) =>
  run(
    create({ discipline: 'chess-rapid', pairingSystems: ['fide-dutch'], roundsPlanned: 5, profile: { acceleration: 'baku' }, ...over }),
    ...Array.from({ length: 8 }, (_, i) => register(`p${i + 1}`, { rating: 2400 - 50 * i })),
  );

describe('Baku acceleration (C.04.5.1)', () => {
  it('C.04.5.1 Initial Groups Division: GA is the first half rounded up to an even number (161 players → 82)', () => {
    expect(bakuGroupSize(161)).toBe(82);
    expect(bakuGroupSize(8)).toBe(4);
    expect(bakuGroupSize(10)).toBe(6);
  });

  it('C.04.5.1 Virtual points: a nine-round event accelerates five rounds, 1 point in the first three, ½ in the next two', () => {
    expect(Array.from({ length: 9 }, (_, i) => bakuVirtualPoints(i + 1, 9))).toEqual([1, 1, 1, 0.5, 0.5, 0, 0, 0, 0]);
    expect(Array.from({ length: 5 }, (_, i) => bakuVirtualPoints(i + 1, 5))).toEqual([1, 1, 0.5, 0, 0]);
  });

  it('worked example, 8 players: round 1 pairs GA (1–4, one virtual point) and GB (5–8) apart; the standings never count it', () => {
    const events = field();
    const t = stateOf(events);
    const request = pairingRequestFor(t, 'main', 1, 's', undefined, 'fide-dutch');
    expect(request.record?.virtualPoints).toEqual({ p1: [1, 1, 0.5, 0, 0], p2: [1, 1, 0.5, 0, 0], p3: [1, 1, 0.5, 0, 0], p4: [1, 1, 0.5, 0, 0] });
    const accelerated = pair('fide-dutch', request);
    // Score bracket 1 (GA): S1 {1, 2} against S2 {3, 4}; bracket 0 (GB): {5, 6} against {7, 8}; colours by E.5.
    expect(accelerated.games.map((g) => [g.first, g.second])).toEqual([
      ['p1', 'p3'],
      ['p4', 'p2'],
      ['p5', 'p7'],
      ['p8', 'p6'],
    ]);
    expect(accelerated.explanation[0]).toMatch(/^4 players paired with virtual points added \(accelerated pairings, C\.04\.5/);
    // Without acceleration the same field pairs top half against bottom half (C.04.3).
    const plain = stateOf(field({ profile: {} }));
    expect(pair('fide-dutch', pairingRequestFor(plain, 'main', 1, 's', undefined, 'fide-dutch')).games.map((g) => [g.first, g.second])).toEqual([
      ['p1', 'p5'],
      ['p6', 'p2'],
      ['p3', 'p7'],
      ['p8', 'p4'],
    ]);
    const after = stateOf(extend(events, pairSystem(1, accelerated, 'fide-dutch'), publish(1), ...[1, 2, 3, 4].map((table) => record(1, table, won('first')))));
    const scores = Object.fromEntries(computeStandings(standingsInputFor(after, 'main')).map((r) => [r.player, r.score]));
    expect(scores).toEqual({ p1: 1, p4: 1, p5: 1, p8: 1, p2: 0, p3: 0, p6: 0, p7: 0 });
  });

  it('C.04.5.1 Premise: refused without the standard scoring, without the rounds planned, or for another discipline', () => {
    const refused = (over: Record<string, unknown>) => {
      try {
        run(create({ discipline: 'chess-rapid', pairingSystems: ['fide-dutch'], roundsPlanned: 5, profile: { acceleration: 'baku' }, ...over }));
      } catch (e) {
        return e as DomainError;
      }
      throw new Error('accepted');
    };
    expect(refused({ roundsPlanned: undefined }).field).toBe('profile.acceleration');
    expect(refused({ profile: { acceleration: 'baku', points: { win: 3, draw: 1, loss: 0 } } }).message).toMatch(/standard scoring/);
    expect(refused({ discipline: 'scrabble', pairingSystems: ['australian-draw'] }).rule).toBe('FIDE Handbook C.04.5.1 (Baku Acceleration Method)');
  });
});
