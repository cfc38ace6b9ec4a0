/** The FIDE Dutch pairings checker as a chess service: the HTTP layer asks, the pairing domain computes (C.04.A). */
import { checkTrf } from '../../../domain/pairing/dutch/index.js';

export interface DutchRoundCheck {
  readonly round: number;
  readonly identical: boolean;
  readonly difference: 'pairs' | 'colours' | null;
  readonly details: readonly string[];
}

/** Each round of a TRF-16 text paired again by the Dutch rules from the rounds before it, and how it differs. */
export function dutchCheck(trf: string): DutchRoundCheck[] {
  return checkTrf(trf).map((c) => ({ round: c.round, identical: c.identical, difference: c.difference, details: c.details }));
}
