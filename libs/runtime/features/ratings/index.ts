export * from './ratings.aggregate.js';
export * from './ratings.documents.js';
export * from './ratings.projection.js';
export * from './ratings.feature.js';
export * from './ratings-service.js';
export * from './rating-chart.js';
export * from './rankings-view.js';
