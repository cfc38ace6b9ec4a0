import { GO_DESCRIPTOR } from '../../domain/disciplines/go/descriptor.js';
import { GO_FEATURE } from '../../runtime/features/go/index.js';
import type { DisciplineBundle } from '../discipline-bundle.js';
import { GO_CONTROLLERS } from './index.js';

/** Go as the records app runs it (found from its registry line: apps/records/registry.ts). */
export const DISCIPLINE: DisciplineBundle = { descriptor: GO_DESCRIPTOR, feature: GO_FEATURE, controllers: GO_CONTROLLERS };
