/** Mahjong scoring (Zung Jung, as the WMC uses it): tiles, the catalogue profile, claimed totals and the tile scorer. */
export { isTile, parseTiles, sortTiles, type Tile, type Wind } from './tiles.js';
export { ZUNG_JUNG_WMC, elementOf, isLimitElement, type CatalogueElement, type ScoringProfile } from './catalogue.js';
export { totalClaimed, totalOf, type ClaimedTotal, type ClaimRefusal, type CountedElement } from './claims.js';
export type { ExposedSet, HandInput, HandScore } from './hand-types.js';
export { scoreHand } from './score-hand.js';
