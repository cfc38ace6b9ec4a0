import type { Type } from '@nestjs/common';
import { AUDIT_CONTROLLERS } from '../../libs/api/audit/index.js';
import { APPEALS_CONTROLLERS } from '../../libs/api/appeals/index.js';
import { GAME_LIST_CONTROLLERS } from '../../libs/api/games/index.js';
import { SCRABBLE_CONTROLLERS } from '../../libs/api/scrabble/index.js';
import { CHESS_CONTROLLERS } from '../../libs/api/chess/index.js';
import { XIGUAQI_CONTROLLERS } from '../../libs/api/xiguaqi/index.js';
import { GO_CONTROLLERS } from '../../libs/api/go/index.js';
import { MAHJONG_CONTROLLERS } from '../../libs/api/mahjong/index.js';
import { EXCHANGE_CONTROLLERS } from '../../libs/api/exchange/index.js';
import { LIVE_CONTROLLERS } from '../../libs/api/live/index.js';
import { TOURNAMENT_CONTROLLERS } from '../../libs/api/tournaments/index.js';
import { PAGES_CONTROLLERS } from '../../libs/api/pages/index.js';
import { PENALTY_CONTROLLERS } from '../../libs/api/penalties/index.js';
import { RATINGS_CONTROLLERS } from '../../libs/api/ratings/index.js';
import { PenaltiesAggregate, PENALTIES_FEATURE } from '../../libs/runtime/features/penalties/index.js';
import type { Feature } from '../../libs/runtime/arbitra-core.js';
import { appealsFeature } from '../../libs/runtime/features/appeals/index.js';
import { AUTH_FEATURE } from '../../libs/runtime/features/auth/index.js';
import { CHESS_FEATURE } from '../../libs/runtime/features/chess/index.js';
import { XIGUAQI_FEATURE } from '../../libs/runtime/features/xiguaqi/index.js';
import { GO_FEATURE } from '../../libs/runtime/features/go/index.js';
import { MAHJONG_FEATURE } from '../../libs/runtime/features/mahjong/index.js';
import { SCRABBLE_FEATURE } from '../../libs/runtime/features/scrabble/index.js';
import { RATINGS_FEATURE } from '../../libs/runtime/features/ratings/index.js';
import { TOURNAMENT_FEATURE } from '../../libs/runtime/features/tournament/index.js';
import { WEBHOOKS_FEATURE } from '../../libs/runtime/features/webhooks/index.js';

/**
 * Everything the records app runs: one line per feature (its aggregates, projections and
 * process managers; a discipline's is built from its GameFeature) and its HTTP controllers.
 * Adding a discipline adds one line to each list.
 */
export const FEATURES: readonly Feature[] = [
  AUTH_FEATURE,
  TOURNAMENT_FEATURE,
  SCRABBLE_FEATURE,
  CHESS_FEATURE,
  XIGUAQI_FEATURE,
  GO_FEATURE,
  MAHJONG_FEATURE,
  PENALTIES_FEATURE,
  appealsFeature(PenaltiesAggregate),
  RATINGS_FEATURE,
  WEBHOOKS_FEATURE,
];

export const CONTROLLERS: readonly Type[] = [
  ...TOURNAMENT_CONTROLLERS,
  ...GAME_LIST_CONTROLLERS,
  ...SCRABBLE_CONTROLLERS,
  ...CHESS_CONTROLLERS,
  ...XIGUAQI_CONTROLLERS,
  ...GO_CONTROLLERS,
  ...MAHJONG_CONTROLLERS,
  ...PENALTY_CONTROLLERS,
  ...AUDIT_CONTROLLERS,
  ...APPEALS_CONTROLLERS,
  ...RATINGS_CONTROLLERS,
  ...EXCHANGE_CONTROLLERS,
  ...LIVE_CONTROLLERS,
  ...PAGES_CONTROLLERS,
];
