/** Nest injection tokens for the framework-free runtime objects. */
export const ARBITRA_CORE = Symbol('ArbitraCore');
export const ARBITRA_CONFIG = Symbol('ArbitraConfig');
