export * from './penalties.types.js';
export * from './penalty-profile.js';
export * from './penalties.decider.js';
export * from './standings-feed.js';
export { LEDGER_RULES } from './rules.js';
export * from './report.js';
