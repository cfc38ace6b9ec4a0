export * from './tournament.feature.js';
export * from './tournament-read-model.js';
export { defaultPairingSeed, provisionalPairings } from './provisional-pairings.js';
export { crosstableOf, foldTournamentEvent, standingsOf, summaryOf, type Audience } from './tournament.projection.js';
export { pairRoundBySystem, systemPairingCommand, type SystemPairingRequest } from './pairing-service.js';
export { LINK_RULE, tableAt, tableWithProfileAt, type PairedTableAt } from './table-at.js';
