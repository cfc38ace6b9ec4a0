export * from './tournament.feature.js';
export * from './tournament-read-model.js';
export { defaultPairingSeed, provisionalPairings } from './provisional-pairings.js';
export { foldTournamentEvent, handlesTournamentEvent } from './tournament-fold.js';
export { crosstableOf, standingsOf, summaryOf, type Audience } from './tournament-documents.js';
export { pairRoundBySystem, systemPairingCommand, type SystemPairingRequest } from './pairing-service.js';
export { LINK_RULE, ONE_GAME_RULE, ReadModelBehindError, requireTableFree, tableAt, tableWithProfileAt, type PairedTableAt } from './table-at.js';
