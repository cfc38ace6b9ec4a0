import { refuse } from '../kernel/errors.js';
import { RULES } from './rules.js';

/**
 * Knockout is refused by the tournament record (RULES.knockoutNotRecordable): its rounds do not
 * seat the whole active field and the pairing request carries no match winners. The refusal says
 * what to do instead. Used by `tournament.create`, `tournament.pair-round` and provisional pairings.
 */
export const KNOCKOUT_NOT_RECORDABLE = {
  type: 'tournament/knockout-not-recordable',
  message:
    'knockout cannot be recorded as a tournament pairing system: a knockout round leaves out eliminated players, players below the cut and several bye-holders, ' +
    'while a recorded round seats every active player (or gives the one bye), and the pairing request carries no match winners. ' +
    'Pair knockout rounds manually (pairing kind "manual" with a reason), withdrawing eliminated players from the next round first, ' +
    'and list only the other pairing systems the tournament uses',
  rule: RULES.knockoutNotRecordable,
} as const;

export function refuseKnockout(field: string): never {
  return refuse(KNOCKOUT_NOT_RECORDABLE.type, KNOCKOUT_NOT_RECORDABLE.message, KNOCKOUT_NOT_RECORDABLE.rule, { kind: 'invalid', field });
}
