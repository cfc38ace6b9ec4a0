export * from './token-revocation.js';
