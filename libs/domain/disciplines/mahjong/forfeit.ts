/**
 * 棄權 → 自動淘汰出局 (WMC 行為守則, 罰則 棄權): a forfeit at a table linked to a tournament takes the player out of the
 * tournament from the next round; the results already recorded stand (棄權者可以獲得以前回合累積的獎金). Pure: what to
 * withdraw, from which round and why; the runtime sends it to the tournament as its own withdrawal.
 *
 * The table itself is not ended here: the text has an empty seat filled (行為守則, 缺席: 代打者, or the highest eliminated
 * player) and the three others stay at the table (選手叫「暫停」: 三家對手應留在原台), so the session goes on.
 */
import { RULES } from './mahjong.rules.js';
import type { MahjongLink, MahjongPlayer, PenaltyData } from './mahjong.types.js';

/** A withdrawal a forfeit calls for: the tournament, the player, the first round they no longer play, and why. */
export interface ForfeitWithdrawal {
  readonly tournamentId: string;
  readonly playerId: string;
  readonly fromRound: number;
  readonly reason: string;
}

/** The session as it started (its `mahjong.SessionStarted` data): the seats' players and the tournament link. */
export interface SessionStart {
  readonly players: readonly MahjongPlayer[];
  readonly link: MahjongLink | null;
}

/**
 * The withdrawal one recorded penalty calls for, or null: only a `game-forfeit` (打牌時限 7 嚴重逾時, 遲到 缺席棄權,
 * 暫停 over 150 points, 選手自願退出) at a linked table, by the seat's player as paired. A substitute's forfeit
 * (行為守則, 缺席: a 代打者, or an eliminated player) withdraws nobody: they are not in the contest's draw. The round is
 * the one after the table's, which cannot be paired before this table's result is in.
 */
export function forfeitWithdrawal(penalty: PenaltyData, start: SessionStart, gameId: string): ForfeitWithdrawal | null {
  if (penalty.kind !== 'game-forfeit' || !start.link) return null;
  const player = start.players[penalty.seat];
  // `player` absent: recorded before penalties named who sat in the seat — the seat's player as started.
  if (!player || (penalty.player !== undefined && penalty.player !== player.id)) return null;
  const { tournamentId, round, table } = start.link;
  return {
    tournamentId,
    playerId: player.id,
    fromRound: round + 1,
    reason:
      `forfeit (棄權) at mahjong table ${gameId} (round ${round}, table ${table}, seat ${penalty.seat}): ${penalty.offence} — ${penalty.reason}` +
      ` [${penalty.rule}]; eliminated: ${RULES.forfeit}`,
  };
}
