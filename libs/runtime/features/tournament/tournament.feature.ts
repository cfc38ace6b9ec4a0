import { tournamentDecider, type TournamentCommand, type TournamentEvent, type TournamentState } from '../../../domain/tournament/index.js';
import type { Feature } from '../../arbitra-core.js';
import type { AggregateType } from '../../command-handler.js';
import { RETIRED_TOURNAMENT_PROJECTIONS, tournamentsProjection } from './tournament.projection.js';

/** Streams `tournament-<id>`. */
export const TournamentAggregate: AggregateType<TournamentCommand, TournamentEvent, TournamentState> = {
  name: 'tournament',
  decider: tournamentDecider,
  // Snapshot version: bump when the decider's evolve or TournamentState changes (snapshots are then rebuilt).
  version: 1,
};

export const TOURNAMENT_FEATURE: Feature = {
  name: 'tournament',
  aggregates: [TournamentAggregate],
  projections: [tournamentsProjection],
  retiredProjections: RETIRED_TOURNAMENT_PROJECTIONS,
};
