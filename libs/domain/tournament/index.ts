export * from './profiles.js';
export * from './rules.js';
export * from './tournament.commands.js';
export * from './tournament.events.js';
export * from './tournament.state.js';
export * from './tournament.decider.js';
export { LOCKED_ROUND_CORRECTORS } from './decide-results.js';
export { eliminatedBefore, isKnockoutRound, knockoutRoundsBefore, losersOf } from './knockout.js';
export { activePlayers } from './pairing-validation.js';
export { requireOpen } from './decide-setup.js';
export * from './pairing-request.js';
export { virtualPointsOf } from './dutch-record.js';
export * from './standings-input.js';
export * from './published-view.js';
export * from './division.js';
/** The pairing systems a tournament may name, and the options a round's pairing may pass: what the HTTP layer validates against. */
export { PAIRING_SYSTEMS, type PairingOptions, type PairingSystem } from '../pairing/types.js';
