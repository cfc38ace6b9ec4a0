import { byDiscipline } from '../discipline-kit/registry.js';
import type { Discipline } from './results.js';

/**
 * Tie-break codes. Chess codes follow the acronyms of the FIDE Play-off and Tie-Break Regulations effective
 * 1 Sept 2023 (art. 5 table);
 * Go's are the usual McMahon/ING-tournament names; the others are Arbitra names.
 *
 * - SPREAD: cumulative score difference (Scrabble; the WESPA seed's example ranks by wins, then 總分數差異).
 * - BH, BH-C1, SB, DE, WON, WIN, PS: FIDE Play-off and Tie-Break Regulations effective 1 Sept 2023, arts. 8.1, 14.1, 9.1,
 *   6, 7.2, 7.1, 7.5; what was checked and what differs: tie-break-values.ts.
 * - SOS, SODOS, SOSOS: sum of opponents' scores, of defeated opponents' scores, of opponents' SOS.
 * - GAME-WINS, CAPTURED-DIFF: Xiguaqi, games won inside matches, then captured-pieces difference.
 */
export type TieBreakCode = 'SPREAD' | 'BH' | 'BH-C1' | 'SB' | 'DE' | 'WON' | 'WIN' | 'PS' | 'SOS' | 'SODOS' | 'SOSOS' | 'GAME-WINS' | 'CAPTURED-DIFF';

/** The tie-breaks a tournament of each discipline may choose from (its profile picks an ordered list), from its descriptor. */
export const TIE_BREAK_CATALOGUE = byDiscipline((d) => d.tieBreaks);

/** The first code not allowed for the discipline, or a duplicate, or null when the list is valid. */
export function tieBreakProblem(discipline: Discipline, list: readonly string[]): string | null {
  const allowed = TIE_BREAK_CATALOGUE[discipline] as readonly string[];
  const seen = new Set<string>();
  for (const code of list) {
    if (!allowed.includes(code)) return `${code} is not in the ${discipline} tie-break catalogue (${allowed.join(', ') || 'none'})`;
    if (seen.has(code)) return `${code} is listed twice`;
    seen.add(code);
  }
  return null;
}
