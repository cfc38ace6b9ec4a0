import type { Type } from '@nestjs/common';
import type { DisciplineBundle } from '../../libs/api/discipline-bundle.js';
import { AUDIT_CONTROLLERS } from '../../libs/api/audit/index.js';
import { APPEALS_CONTROLLERS } from '../../libs/api/appeals/index.js';
import { GAME_LIST_CONTROLLERS } from '../../libs/api/games/index.js';
import { LIVE_CONTROLLERS } from '../../libs/api/live/index.js';
import { TOURNAMENT_CONTROLLERS } from '../../libs/api/tournaments/index.js';
import { PAGES_CONTROLLERS } from '../../libs/api/pages/index.js';
import { PENALTY_CONTROLLERS } from '../../libs/api/penalties/index.js';
import { RATINGS_CONTROLLERS } from '../../libs/api/ratings/index.js';
import { PenaltiesAggregate, PENALTIES_FEATURE } from '../../libs/runtime/features/penalties/index.js';
import { SERVED } from '../../libs/domain/discipline-kit/registry.js';
import { SERVED_BUNDLES } from './discipline-bundles.generated.js';
import type { Feature } from '../../libs/runtime/arbitra-core.js';
import { appealsFeature } from '../../libs/runtime/features/appeals/index.js';
import { AUTH_FEATURE } from '../../libs/runtime/features/auth/index.js';
import { RATINGS_FEATURE } from '../../libs/runtime/features/ratings/index.js';
import { TOURNAMENT_FEATURE } from '../../libs/runtime/features/tournament/index.js';
import { WEBHOOKS_FEATURE } from '../../libs/runtime/features/webhooks/index.js';

/**
 * The served disciplines, in the registry's order: each one's bundle (descriptor, runtime feature, controllers) from
 * `libs/api/<folder>/discipline.ts`, so the descriptor's registry line (libs/domain/discipline-kit/registry.ts) is the
 * only line a discipline writes outside its folders. The bundles are imported statically by a file generated from the
 * registry (scripts/discipline-bundles.mjs), so dependency-cruiser sees them; a stale or mismatched one stops the app.
 */
export const DISCIPLINES: readonly DisciplineBundle[] = servedBundles();

function servedBundles(): DisciplineBundle[] {
  const stale = SERVED.findIndex((d, i) => SERVED_BUNDLES[i]?.descriptor !== d);
  if (stale < 0 && SERVED_BUNDLES.length === SERVED.length) return SERVED_BUNDLES as DisciplineBundle[];
  const which =
    stale < 0
      ? 'more bundles than served disciplines'
      : `no bundle of ${SERVED[stale].id} (libs/api/${SERVED[stale].folder}/discipline.ts) at place ${stale + 1}`;
  throw new Error(`apps/records/discipline-bundles.generated.ts is not the registry's list, ${which}: run node scripts/discipline-bundles.mjs`);
}

/**
 * Everything the records app runs: one line per feature (its aggregates, projections and process managers; a
 * discipline's is built from its GameFeature) and its HTTP controllers. Disciplines come from DISCIPLINES above.
 */
export const FEATURES: readonly Feature[] = [
  AUTH_FEATURE,
  TOURNAMENT_FEATURE,
  ...DISCIPLINES.map((d) => d.feature),
  PENALTIES_FEATURE,
  appealsFeature(PenaltiesAggregate),
  RATINGS_FEATURE,
  WEBHOOKS_FEATURE,
];

export const CONTROLLERS: readonly Type[] = [
  ...TOURNAMENT_CONTROLLERS,
  ...GAME_LIST_CONTROLLERS,
  ...DISCIPLINES.flatMap((d) => d.controllers),
  ...PENALTY_CONTROLLERS,
  ...AUDIT_CONTROLLERS,
  ...APPEALS_CONTROLLERS,
  ...RATINGS_CONTROLLERS,
  ...LIVE_CONTROLLERS,
  ...PAGES_CONTROLLERS,
];
