/** Property tests of the tile scorer on seeded random winning hands (fixtures.ts). */
import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { createRng } from '../../../kernel/rng.js';
import { sevenPairs, thirteenOrphans, type Meld } from './arrange.js';
import { ZUNG_JUNG_WMC, elementOf } from './catalogue.js';
import { totalClaimed, totalOf } from './claims.js';
import { regularElements, sevenPairsElements, thirteenOrphansElements } from './elements.js';
import { randomWinningHand } from './fixtures.js';
import type { HandInput, HandScore } from './hand-types.js';
import { handFacts, scoreHand } from './score-hand.js';
import { KINDS } from './tiles.js';

const P = ZUNG_JUNG_WMC;
const hands = fc.integer().map((seed) => randomWinningHand(createRng(seed)));
const scored = (hand: HandInput): HandScore => {
  const r = scoreHand(hand, P);
  if ('refused' in r) throw new Error(`a generated winning hand was refused: ${r.refused.field} ${r.refused.message}`);
  return r;
};
const sortedCodes = (s: HandScore) => s.elements.map((e) => e.code).sort();

/** Every candidate set (34 pungs, 21 chows) tried in any order with repetition: an enumeration independent of arrange.ts. */
const CANDIDATES: Meld[] = [
  ...Array.from({ length: KINDS }, (_, t): Meld => ({ kind: 'pung', tile: t, concealed: true })),
  ...Array.from({ length: 27 }, (_, t) => t)
    .filter((t) => t % 9 <= 6)
    .map((t): Meld => ({ kind: 'chow', tile: t, concealed: true })),
];
function bruteForceBest(hand: HandInput): number {
  const { concealedCounts, exposed, facts } = handFacts(hand);
  const totals: number[] = [];
  const total = (codes: string[]) =>
    totalOf(
      codes.map((c) => ({ element: elementOf(P, c)!, points: elementOf(P, c)!.points })),
      P,
    ).total;
  const left = concealedCounts.slice();
  const chosen: Meld[] = [];
  const take = (m: Meld, sign: number) => {
    const tiles = m.kind === 'chow' ? [m.tile, m.tile + 1, m.tile + 2] : [m.tile, m.tile, m.tile];
    for (const t of tiles) left[t] -= sign;
    return tiles.every((t) => left[t] >= 0);
  };
  const search = (from: number): void => {
    if (chosen.length === 4 - exposed.length) {
      const rest = left.flatMap((n, t) => (n > 0 ? [[n, t]] : []));
      if (rest.length === 1 && rest[0][0] === 2) totals.push(total(regularElements(exposed.concat(chosen), rest[0][1], facts)));
      return;
    }
    for (let i = from; i < CANDIDATES.length; i++) {
      if (take(CANDIDATES[i], 1)) {
        chosen.push(CANDIDATES[i]);
        search(i);
        chosen.pop();
      }
      take(CANDIDATES[i], -1);
    }
  };
  search(0);
  if (exposed.length === 0 && sevenPairs(concealedCounts)) totals.push(total(sevenPairsElements(facts)));
  if (exposed.length === 0 && thirteenOrphans(concealedCounts) >= 0) totals.push(total(thirteenOrphansElements(facts)));
  return Math.max(...totals);
}

describe('scoreHand properties (random winning hands, seeded)', () => {
  it('自由數和: the chosen arrangement scores at least as much as any other arrangement (brute force)', () => {
    fc.assert(
      fc.property(hands, (hand) => {
        expect(scored(hand).total).toBe(bruteForceBest(hand));
      }),
      { numRuns: 300 },
    );
  });

  it('the score does not depend on the order of the tiles or of the exposed sets', () => {
    fc.assert(
      fc.property(hands, fc.integer(), (hand, seed) => {
        const rng = createRng(seed);
        const shuffled: HandInput = {
          ...hand,
          concealed: rng.shuffle(hand.concealed),
          exposed: rng.shuffle(hand.exposed).map((s) => ({ ...s, tiles: rng.shuffle(s.tiles) })),
        };
        const a = scored(hand);
        const b = scored(shuffled);
        expect(b.total).toBe(a.total);
        expect(sortedCodes(b)).toEqual(sortedCodes(a));
      }),
      { numRuns: 300 },
    );
  });

  it('基本規則 6: the total is at most 320 unless one limit element counts alone', () => {
    fc.assert(
      fc.property(hands, (hand) => {
        const s = scored(hand);
        if (s.total > P.limitPoints) {
          expect(s.elements).toHaveLength(1);
          expect(elementOf(P, s.elements[0].code)?.limit).toBe(true);
        }
        if (s.elements.some((e) => elementOf(P, e.code)?.limit)) expect(s.elements).toHaveLength(1);
      }),
      { numRuns: 500 },
    );
  });

  it('基本規則 4: the scorer’s elements keep one per series (番牌 per set) — the referee’s check accepts them with the same total', () => {
    fc.assert(
      fc.property(hands, (hand) => {
        const s = scored(hand);
        const claimed = totalClaimed(
          s.elements.map((e) => e.code),
          P,
        );
        expect(claimed).toMatchObject({ total: s.total, falseWin: s.total < P.minimumPoints });
      }),
      { numRuns: 500 },
    );
  });
});
