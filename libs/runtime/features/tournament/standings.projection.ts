import { standingsDivisions } from './affected-divisions.js';
import { perDivisionProjection } from './per-division.projection.js';
import { crosstableOf, standingsOf } from './tournament.projection.js';
import { COLLECTIONS, STANDINGS_PROJECTION } from './tournament-read-model.js';

/**
 * Standings and crosstable per division (`<id>/<division>`), from the domain's `computeStandings` /
 * `crosstable`: the public documents, of published rounds only (officials' views are derived per request).
 * Version 2: unpublished rounds left out, withdrawn players marked. 3: the penalty ledger's points deductions count (issue 10).
 * 4: the folded state is no longer stored whole after every event (a snapshot and a journal instead; same documents served).
 * 5: the documents are computed when first read, not after every batch (per-division.projection.ts), and the folded state's
 * journal is one document per event (tournament-fold.ts); same documents served.
 */
export const standingsProjection = perDivisionProjection(STANDINGS_PROJECTION, 5, standingsDivisions, {
  [COLLECTIONS.standings]: standingsOf,
  [COLLECTIONS.crosstable]: crosstableOf,
});
