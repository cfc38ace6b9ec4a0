export * from './appeals.aggregate.js';
export * from './appeals.feature.js';
export * from './contested.js';
export * from './event-index.projection.js';
export * from './remedies.process-manager.js';
export * from './timeline.js';
export * from './timeline-render.js';
