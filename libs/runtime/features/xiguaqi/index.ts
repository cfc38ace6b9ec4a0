import { gameFeatureModule } from '../../games/game-feature-module.js';
import { XIGUAQI_GAME } from './xiguaqi.game-feature.js';

export { XIGUAQI_GAME, xiguaqiTournamentResult, type XiguaqiCommandBody } from './xiguaqi.game-feature.js';
export const XIGUAQI_FEATURE = gameFeatureModule(XIGUAQI_GAME);
