import type { Feature } from '../../arbitra-core.js';
import { PlayersAggregate, RatingsAggregate } from './ratings.aggregate.js';
import { ratingsProjection } from './ratings.projection.js';

export const RATINGS_FEATURE: Feature = {
  name: 'ratings',
  aggregates: [PlayersAggregate, RatingsAggregate],
  projections: [ratingsProjection],
};
