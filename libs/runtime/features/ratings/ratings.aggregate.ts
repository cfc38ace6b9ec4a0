import {
  playersDecider,
  ratingsDecider,
  type PlayerCommand,
  type PlayerEvent,
  type RatingsCommand,
  type RatingsEvent,
  type RatingsState,
  type RegistryState,
} from '../../../domain/ratings/index.js';
import type { AggregateType } from '../../command-handler.js';

/** The federation's player registry: one stream, `players-registry` (federation ids are unique across it). */
export const PlayersAggregate: AggregateType<PlayerCommand, PlayerEvent, RegistryState> = { name: 'players', decider: playersDecider, version: 1 };
export const REGISTRY_ID = 'registry';

/** Rating periods and lists of one discipline: aggregate id = the discipline, stream `ratings-<discipline>`. */
export const RatingsAggregate: AggregateType<RatingsCommand, RatingsEvent, RatingsState> = { name: 'ratings', decider: ratingsDecider, version: 1 };
