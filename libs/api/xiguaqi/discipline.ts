import { XIGUAQI_DESCRIPTOR } from '../../domain/disciplines/xiguaqi/descriptor.js';
import { XIGUAQI_FEATURE } from '../../runtime/features/xiguaqi/index.js';
import type { DisciplineBundle } from '../discipline-bundle.js';
import { XIGUAQI_CONTROLLERS } from './index.js';

/** Xiguaqi as the records app runs it (found from its registry line: apps/records/registry.ts). */
export const DISCIPLINE: DisciplineBundle = { descriptor: XIGUAQI_DESCRIPTOR, feature: XIGUAQI_FEATURE, controllers: XIGUAQI_CONTROLLERS };
