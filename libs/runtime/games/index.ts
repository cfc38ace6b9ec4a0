export * from './game-feature.js';
export * from './game-read-model.js';
export * from './result-poster.js';
export * from './game-feature-module.js';
export * from './linked-result.js';
