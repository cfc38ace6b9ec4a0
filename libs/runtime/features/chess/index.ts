import { gameFeatureModule } from '../../games/game-feature-module.js';
import { CHESS_GAME } from './chess.game-feature.js';

export { CHESS_GAME, chessTournamentResult, type ChessCommandBody } from './chess.game-feature.js';
export const CHESS_FEATURE = gameFeatureModule(CHESS_GAME);
