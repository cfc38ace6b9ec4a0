/**
 * 取消資格 (WMC 行為守則, 罰則 取消資格、列入黑名單; 「串通」與「生死章」): a `disqualification` penalty recorded at a
 * mahjong table linked to a tournament withdraws that player from the tournament from the round after the table's,
 * through the tournament's own withdrawal (its event names the disqualification, the penalty and the rule). Prizes
 * (不得獲得獎金), the entry fee and the blacklist are not the tournament's record: see domain disqualification.ts.
 * Idempotency and refusals: penalty-withdrawal.ts. Its own process manager (not the forfeit's): a refusal kept at
 * GET /v1/audit/refused-reactions names a disqualification, not a forfeit.
 */
import { disqualificationWithdrawal } from '../../../domain/disciplines/mahjong/index.js';
import type { ProcessManager } from '../../process-manager.js';
import { penaltyWithdrawalManager } from './penalty-withdrawal.js';

export const DISQUALIFICATION_WITHDRAWAL_PM = 'mahjong-disqualification-to-withdrawal';

export const mahjongDisqualificationWithdrawal: ProcessManager = penaltyWithdrawalManager(
  DISQUALIFICATION_WITHDRAWAL_PM,
  'disqualification',
  disqualificationWithdrawal,
);
