import { pairingDivisions } from './affected-divisions.js';
import { perDivisionDocuments } from './per-division-documents.js';
import { provisionalPairings } from './provisional-pairings.js';
import { COLLECTIONS } from './tournament-read-model.js';

/**
 * Provisional pairings: as results arrive, the next round of each division paired under every system the tournament
 * allows (or the typed refusal). Kept by the tournaments projection (tournament.projection.ts) from the state it folds.
 */
export const provisionalDocuments = perDivisionDocuments('provisional', pairingDivisions, {
  [COLLECTIONS.provisional]: provisionalPairings,
});
