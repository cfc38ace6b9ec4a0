export * from './tournament.feature.js';
export * from './tournament-read-model.js';
export { defaultPairingSeed, provisionalPairings } from './provisional-pairings.js';
export { crosstableOf, standingsOf, summaryOf, type Audience } from './tournament.projection.js';
