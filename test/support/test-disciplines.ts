import type { Type } from '@nestjs/common';
import type { DisciplineBundle } from '../../libs/api/discipline-bundle.js';
import { DESCRIPTORS, registerDiscipline } from '../../libs/domain/discipline-kit/registry.js';
import type { Feature } from '../../libs/runtime/arbitra-core.js';
import type { Driver } from '../contract/driver.js';
import { FIXTURE_DISCIPLINE } from '../fixture-discipline/index.js';

/** A discipline that exists only in the test build: its bundle (descriptor, runtime feature, controllers) and contract driver. */
export interface TestDiscipline extends DisciplineBundle {
  /** How the contract suite plays one of its games (test/contract/driver.ts). */
  readonly driver: Driver;
}

/** The test build's own disciplines: one line each (issue 28: adding a discipline is its folders plus one registry line). */
export const TEST_DISCIPLINES: readonly TestDiscipline[] = [FIXTURE_DISCIPLINE];

/** Registers the test disciplines' descriptors (once per test file's module registry) and returns what the server adds. */
export function withTestDisciplines(): { features: readonly Feature[]; controllers: readonly Type[] } {
  for (const t of TEST_DISCIPLINES) if (!DESCRIPTORS.includes(t.descriptor)) registerDiscipline(t.descriptor);
  return { features: TEST_DISCIPLINES.map((t) => t.feature), controllers: TEST_DISCIPLINES.flatMap((t) => t.controllers) };
}
