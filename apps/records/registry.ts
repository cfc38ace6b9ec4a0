import type { Type } from '@nestjs/common';
import type { Feature } from '../../libs/runtime/arbitra-core.js';

/**
 * Everything the records app runs: one line per feature (its aggregates, projections and
 * process managers) and its HTTP controllers. Adding a discipline adds one line to each list.
 */
export const FEATURES: readonly Feature[] = [];

export const CONTROLLERS: readonly Type[] = [];
