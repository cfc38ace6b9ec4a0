export * from './penalties.feature.js';
export * from './ledger.projection.js';
export * from './ledger-views.js';
