import { invalid, refuse } from '../kernel/errors.js';
import { RULES } from './rules.js';

/** The refusal type of a missing division in a tournament with several (the HTTP layer answers a read's missing division with 400). */
export const DIVISION_REQUIRED = 'tournament/division-required';

/**
 * The division a command, a read or a game link means: the one given, or the only one. The one
 * resolver of the project. Refuses, naming `field` (the client's name for it): a missing division
 * when the tournament has several (DIVISION_REQUIRED, "say which"), and a division the tournament
 * does not have (not found, 'tournament/unknown-division').
 */
export function resolveDivision(t: { readonly id: string; readonly divisions: readonly string[] }, division: string | undefined, field = 'division'): string {
  if (division === undefined) {
    if (t.divisions.length === 1) return t.divisions[0];
    invalid(DIVISION_REQUIRED, `tournament ${t.id} has divisions ${t.divisions.join(', ')}: say which`, RULES.division, field);
  }
  if (!t.divisions.includes(division))
    refuse('tournament/unknown-division', `division ${division} does not exist in tournament ${t.id}`, RULES.division, { kind: 'not-found', field });
  return division;
}
