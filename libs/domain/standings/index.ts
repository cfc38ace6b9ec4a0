export * from './results.js';
export * from './scoring-profile.js';
export * from './tie-breaks.js';
export * from './tally.js';
export * from './tie-break-values.js';
export * from './standings.js';
export * from './crosstable.js';
export * from './mcmahon.js';
