import { CHESS_RAPID_DESCRIPTOR } from '../../domain/disciplines/chess/descriptor.js';
import { CHESS_FEATURE } from '../../runtime/features/chess/index.js';
import type { DisciplineBundle } from '../discipline-bundle.js';
import { CHESS_CONTROLLERS } from './index.js';

/** Rapid chess as the records app runs it (found from its registry line: apps/records/registry.ts). */
export const DISCIPLINE: DisciplineBundle = { descriptor: CHESS_RAPID_DESCRIPTOR, feature: CHESS_FEATURE, controllers: CHESS_CONTROLLERS };
