import { gameFeatureModule } from '../../games/game-feature-module.js';
import { MAHJONG_GAME } from './mahjong.game-feature.js';

export { MAHJONG_GAME, mahjongTournamentResult, type MahjongCommandBody } from './mahjong.game-feature.js';
export const MAHJONG_FEATURE = gameFeatureModule(MAHJONG_GAME);
