export * from './decider.js';
export * from './command.js';
export * from './errors.js';
export * from './canonical-json.js';
export * from './rng.js';
export * from './emitter.js';
export * from './record-source.js';
export * from './clock-reading.js';
