import { createRng } from '../../kernel/rng.js';
import type { McMahonBand } from '../../standings/mcmahon.js';
import { label } from '../field.js';
import type { PairedGame } from '../types.js';
import type { McMahonEntry } from './mcmahon-costs.js';

/**
 * Handicap and colours of one McMahon game (`hi` has the higher or equal McMahon score). Go: `first` is Black,
 * who moves first (Ing rules, 记谱: 黑方先着).
 * - Handicap policy (profile mcmahon.handicap; EGF/OpenGotha "handicap = McMahon difference − correction, at
 *   most the ceiling"): handicap = min(max, whole McMahon difference − lowerBy), never below 0. From 1 the weaker
 *   player (lower McMahon score) takes Black; 1 = Black without komi, 2–9 = stones.
 *   With `noHandicapFromRating`, a McMahon score above that rank's counts as that rank's (OpenGotha help, Handicap
 *   settings › "No handicap when both players' MMS above").
 * - An even game (no policy, or handicap 0): colour balance — the player who has had Black more often
 *   (blacks − whites) takes White; on a tie, nigiri, drawn from the pairing's seed (replayable).
 */
/** The whole McMahon difference the handicap is computed from (capped at the no-handicap rank when set). */
export function handicapDifference(hi: McMahonEntry, lo: McMahonEntry, band: McMahonBand): number {
  const from = band.handicap?.noHandicapFromRating;
  // A McMahon score is in ranks above the floor (100 rating points a rank): the rank's score, not capped at the bar.
  const cap = from === undefined ? Infinity : (from - band.floor) / 100;
  return Math.floor(Math.min(hi.mms, cap) - Math.min(lo.mms, cap));
}

export function colourAndHandicap(hi: McMahonEntry, lo: McMahonEntry, table: number, band: McMahonBand, seed: string): { game: PairedGame; why: string } {
  const policy = band.handicap;
  if (policy !== undefined) {
    const diff = handicapDifference(hi, lo, band);
    const handicap = Math.min(policy.max, Math.max(0, diff - policy.lowerBy));
    if (handicap > 0) {
      const kind = handicap === 1 ? 'Black without komi' : `${handicap} stones`;
      return {
        game: { table, first: lo.p.id, second: hi.p.id, handicap },
        why: `handicap ${handicap} (${kind}): McMahon difference ${diff} lowered by ${policy.lowerBy}, at most ${policy.max}; ${label(lo.p)}, the weaker, takes Black`,
      };
    }
  }
  const lean = (e: McMahonEntry) => e.p.firsts - e.p.seconds;
  const even = policy !== undefined ? 'even game (handicap 0)' : 'even game';
  if (lean(hi) !== lean(lo)) {
    const [black, white] = lean(hi) < lean(lo) ? [hi, lo] : [lo, hi];
    return {
      game: { table, first: black.p.id, second: white.p.id },
      why: `${even}: ${label(black.p)} takes Black, ${label(white.p)} has had Black more often (blacks − whites ${lean(white)} v ${lean(black)})`,
    };
  }
  const hiBlack = createRng(`${seed}/mcmahon/nigiri/${table}`).int(0, 1) === 0;
  const [black, white] = hiBlack ? [hi, lo] : [lo, hi];
  return { game: { table, first: black.p.id, second: white.p.id }, why: `${even}: equal colour history, nigiri (seeded): ${label(black.p)} takes Black` };
}
