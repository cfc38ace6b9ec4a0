import { standingsDivisions } from './affected-divisions.js';
import { perDivisionDocuments } from './per-division-documents.js';
import { crosstableOf, standingsOf } from './tournament-documents.js';
import { COLLECTIONS } from './tournament-read-model.js';

/**
 * Standings and crosstable per division (`<id>/<division>`), from the domain's `computeStandings` / `crosstable`: the
 * public documents, of published rounds only (officials' views are derived per request). Kept by the tournaments
 * projection (tournament.projection.ts), which folds each event once for all its documents.
 */
export const standingsDocuments = perDivisionDocuments('standings', standingsDivisions, {
  [COLLECTIONS.standings]: standingsOf,
  [COLLECTIONS.crosstable]: crosstableOf,
});
