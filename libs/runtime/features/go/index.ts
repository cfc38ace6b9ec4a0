import { gameFeatureModule } from '../../games/game-feature-module.js';
import { GO_GAME } from './go.game-feature.js';

export { GO_GAME, goTournamentResult, type GoCommandBody } from './go.game-feature.js';
export const GO_FEATURE = gameFeatureModule(GO_GAME);
export { exportSgf, parseSgf, sgfCommands, type SgfRecord } from './sgf.js';
