/**
 * 取消資格 (WMC 行為守則, 罰則 取消資格、列入黑名單; 「串通」與「生死章」: 串通…會被取消資格並列入黑名單): a player
 * disqualified at a table linked to a tournament plays no further round of it. Pure: what to withdraw, from which round
 * and why; the runtime sends it to the tournament as its own withdrawal, as for a forfeit (forfeit.ts).
 *
 * What else the text attaches to a disqualification is not a record Arbitra keeps, and nothing is invented for it:
 * 不得獲得獎金（包括以前回合累積的獎金）, 報名費恕不退還 and the redistribution of those prizes (按「獎金制度」, after any
 * 抗訴) are the organiser's money; 列入黑名單 (以後不能再參加本比賽) is a list for later contests, kept in the penalty
 * ledger as its own `blacklist` entry. The results already recorded stand: the text takes the prizes, not the table
 * points, and the other three's points at those tables were played. The table goes on as after a forfeit: the seat
 * cannot win (mahjong.evolve.ts) until a substitute fills it (行為守則, 缺席).
 */
import { RULES } from './mahjong.rules.js';
import { tableWithdrawal } from './forfeit.js';

/**
 * The withdrawal a recorded penalty calls for, or null: only a `disqualification` (collusion, decideConduct) at a linked
 * table, by the seat's player as paired. A substitute's disqualification withdraws nobody, as their forfeit does not
 * (`pairedOffender`): they are not in the contest's draw. The round is the one after the table's.
 */
export const disqualificationWithdrawal = tableWithdrawal('disqualification', (at) => `disqualified (取消比賽資格) at ${at}; ${RULES.disqualification}`);
