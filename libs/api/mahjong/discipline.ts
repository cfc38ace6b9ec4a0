import { MAHJONG_DESCRIPTOR } from '../../domain/disciplines/mahjong/descriptor.js';
import { MAHJONG_FEATURE } from '../../runtime/features/mahjong/index.js';
import type { DisciplineBundle } from '../discipline-bundle.js';
import { MAHJONG_CONTROLLERS } from './index.js';

/** Mahjong as the records app runs it (found from its registry line: apps/records/registry.ts). */
export const DISCIPLINE: DisciplineBundle = { descriptor: MAHJONG_DESCRIPTOR, feature: MAHJONG_FEATURE, controllers: MAHJONG_CONTROLLERS };
