import { pairingDivisions } from './affected-divisions.js';
import { provisionalPairings } from './provisional-pairings.js';
import { perDivisionProjection } from './tournament.projection.js';
import { COLLECTIONS, PROVISIONAL_PROJECTION } from './tournament-read-model.js';

/**
 * Provisional pairings: as results arrive, the next round of each division paired under every
 * system the tournament allows (or the typed refusal). Keeps its own folded state so it never
 * reads another projection's documents; a rebuild gives the same documents. Version 2: the penalty ledger's deductions count (issue 10).
 */
export const provisionalPairingsProjection = perDivisionProjection(PROVISIONAL_PROJECTION, 2, pairingDivisions, (docs, key, t, division, asOf) =>
  docs.put(COLLECTIONS.provisional, key, provisionalPairings(t, division, asOf)),
);
