import type { History } from './history.js';

/**
 * What a pairing costs the draw. Arbitra rule: WESPA summary, 組合對手原則 (參賽者不會與較早前之對手再次進行比賽)
 * says rematches are avoided, not which repeat is least bad when one cannot be.
 *
 * A pair that met k times before (counted meetings, after repeatsForgivenBefore), the last time
 * in round r, costs
 *
 *     k² × unit + r        where unit = ⌊n/2⌋ × lastRound + 1
 *
 * - How many times: k² grows faster than k, so a fourth meeting (k = 3, 9 units) is never chosen
 *   over a second (k = 1, 1 unit), nor over a third (k = 2, 4 units); it would take nine second
 *   meetings to outweigh one fourth meeting.
 * - How recently: the round of the last meeting, r, is added. All the r of one pairing (at most
 *   ⌊n/2⌋ pairs, each r ≤ lastRound, the latest round anyone met) add up to less than one unit,
 *   so recency only decides between pairings whose meeting counts weigh the same: then the
 *   older rematch is preferred to the more recent one.
 * - A forbidden pairing costs more than any set of repeats of one pairing can
 *   (⌊n/2⌋ × the dearest repeat + 1), so it is only allowed when no pairing avoids it.
 *
 * Costs stay exact integers: if a field were ever so large (or so long) that the largest total
 * (times `headroom`, the factor a caller scales the costs by: bye-matching.ts) could pass 2⁵¹, the
 * recency term is dropped (unit = 1) rather than lose exactness.
 */
export interface CostModel {
  /** Cost of one counted-meeting unit (k² of them per pair). */
  readonly unit: number;
  /** Cost of a forbidden pairing (added to any repeat cost of the same pair). */
  readonly forbidden: number;
  /** The cost of pairing again a pair that met in `rounds` (counted meetings); 0 when never. */
  rematch(rounds: readonly number[]): number;
}

const SAFE = 2 ** 51;

export function costModel(history: History, players: number, headroom = 1): CostModel {
  const pairs = Math.max(1, Math.floor(players / 2));
  let lastRound = 0;
  let most = 0;
  for (const rounds of history.metRounds.values()) {
    most = Math.max(most, rounds.length);
    for (const r of rounds) lastRound = Math.max(lastRound, r);
  }
  const build = (withRecency: boolean): CostModel => {
    const unit = withRecency ? pairs * lastRound + 1 : 1;
    const rematch = (rounds: readonly number[]) => (rounds.length === 0 ? 0 : rounds.length ** 2 * unit + (withRecency ? Math.max(...rounds) : 0));
    const dearest = most ** 2 * unit + (withRecency ? lastRound : 0);
    return { unit, forbidden: pairs * dearest + 1, rematch };
  };
  const model = build(true);
  // Largest possible total: every pair forbidden and at its dearest repeat.
  return pairs * (model.forbidden + most ** 2 * model.unit + lastRound) * headroom < SAFE ? model : build(false);
}
