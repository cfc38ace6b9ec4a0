import { pairingDivisions } from './affected-divisions.js';
import { perDivisionProjection } from './per-division.projection.js';
import { provisionalPairings } from './provisional-pairings.js';
import { COLLECTIONS, PROVISIONAL_PROJECTION } from './tournament-read-model.js';

/**
 * Provisional pairings: as results arrive, the next round of each division paired under every
 * system the tournament allows (or the typed refusal). Keeps its own folded state so it never
 * reads another projection's documents; a rebuild gives the same documents. Version 2: the penalty ledger's deductions count (issue 10).
 * 3: the folded state is no longer stored whole after every event (a snapshot and a journal instead; same documents served).
 * 4: the pairings are computed when first read, not after every batch (per-division.projection.ts), and the folded state's
 * journal is one document per event (tournament-fold.ts); same documents served.
 */
export const provisionalPairingsProjection = perDivisionProjection(PROVISIONAL_PROJECTION, 4, pairingDivisions, {
  [COLLECTIONS.provisional]: provisionalPairings,
});
