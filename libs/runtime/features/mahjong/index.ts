import { gameFeatureModule, type GameFeatureModule } from '../../games/game-feature-module.js';
import { mahjongDisqualificationWithdrawal } from './disqualification-withdrawal.process-manager.js';
import { mahjongForfeitWithdrawal } from './forfeit-withdrawal.process-manager.js';
import { MAHJONG_GAME } from './mahjong.game-feature.js';

export { MAHJONG_GAME, mahjongTournamentResult, type MahjongCommandBody } from './mahjong.game-feature.js';
export { FORFEIT_WITHDRAWAL_PM, mahjongForfeitWithdrawal } from './forfeit-withdrawal.process-manager.js';
export { DISQUALIFICATION_WITHDRAWAL_PM, mahjongDisqualificationWithdrawal } from './disqualification-withdrawal.process-manager.js';

const module = gameFeatureModule(MAHJONG_GAME);
/**
 * The forfeit's and the disqualification's withdrawals run before the result poster: in every pass of the runner a
 * table's forfeit or disqualification (recorded before its card is locked) reaches the tournament before that table's
 * result, so before the next round can be paired.
 */
export const MAHJONG_FEATURE: GameFeatureModule = {
  ...module,
  processManagers: [mahjongForfeitWithdrawal, mahjongDisqualificationWithdrawal, ...(module.processManagers ?? [])],
};
