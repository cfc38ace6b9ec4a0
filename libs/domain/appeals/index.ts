export * from './appeal-profile.js';
export * from './appeals.decider.js';
export * from './appeals.types.js';
export { APPEAL_RULES } from './rules.js';
export * from './contestable.js';
