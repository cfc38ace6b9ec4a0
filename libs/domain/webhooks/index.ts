export * from './webhooks.js';
export * from './tournament-public.js';
