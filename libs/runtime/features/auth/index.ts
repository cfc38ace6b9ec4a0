export * from './auth.feature.js';
