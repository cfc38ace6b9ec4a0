import { SCRABBLE_DESCRIPTOR } from '../../domain/disciplines/scrabble/descriptor.js';
import { SCRABBLE_FEATURE } from '../../runtime/features/scrabble/index.js';
import type { DisciplineBundle } from '../discipline-bundle.js';
import { SCRABBLE_CONTROLLERS } from './index.js';

/** Scrabble as the records app runs it (found from its registry line: apps/records/registry.ts). */
export const DISCIPLINE: DisciplineBundle = { descriptor: SCRABBLE_DESCRIPTOR, feature: SCRABBLE_FEATURE, controllers: SCRABBLE_CONTROLLERS };
