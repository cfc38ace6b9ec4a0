/**
 * 棄權 → 自動淘汰出局 (WMC 行為守則, 罰則 棄權): a `game-forfeit` penalty recorded at a mahjong table linked to a
 * tournament withdraws that player from the tournament from the round after the table's, through the tournament's own
 * withdrawal (its event says why: the penalty and the rule). Results already recorded stand (棄權者可以獲得以前回合
 * 累積的獎金); the table plays on (the seat is filled by a substitute, 行為守則 缺席). Idempotency and refusals:
 * penalty-withdrawal.ts.
 */
import { forfeitWithdrawal } from '../../../domain/disciplines/mahjong/index.js';
import type { ProcessManager } from '../../process-manager.js';
import { penaltyWithdrawalManager } from './penalty-withdrawal.js';

export const FORFEIT_WITHDRAWAL_PM = 'mahjong-forfeit-to-withdrawal';

export const mahjongForfeitWithdrawal: ProcessManager = penaltyWithdrawalManager(FORFEIT_WITHDRAWAL_PM, 'game-forfeit', forfeitWithdrawal);
