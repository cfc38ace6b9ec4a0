import type { Feature } from '../../arbitra-core.js';
import { AppealAggregate } from './appeals.aggregate.js';
import { eventIndexProjection } from './event-index.projection.js';
import { remediesProcessManager, type PenaltiesAggregate } from './remedies.process-manager.js';

/** Appeals: the appeal aggregate, the index of appealable decisions, and the process manager that applies remedies. */
export function appealsFeature(penalties: PenaltiesAggregate | null = null): Feature {
  return {
    name: 'appeals',
    aggregates: [AppealAggregate],
    projections: [eventIndexProjection],
    processManagers: [remediesProcessManager(penalties)],
  };
}

export const APPEALS_FEATURE: Feature = appealsFeature();
