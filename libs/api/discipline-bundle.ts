import type { Type } from '@nestjs/common';
import type { DisciplineDescriptor } from '../domain/discipline-kit/descriptor.js';
import type { Feature } from '../runtime/arbitra-core.js';

/**
 * One discipline as the records app runs it: its descriptor, its runtime feature (aggregate, read model, processes) and
 * its HTTP controllers. A served discipline exports it as `DISCIPLINE` from `libs/api/<folder>/discipline.ts`, where
 * the app finds it from the descriptor's registry line (apps/records/registry.ts).
 */
export interface DisciplineBundle {
  readonly descriptor: DisciplineDescriptor;
  readonly feature: Feature;
  readonly controllers: readonly Type[];
}
