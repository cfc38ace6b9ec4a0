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

/** A withdrawal a table penalty calls for: the tournament, the player, the first round they no longer play, and why. */
export interface TableWithdrawal {
  readonly tournamentId: string;
  readonly playerId: string;
  readonly fromRound: number;
  readonly reason: string;
}

/** A withdrawal a forfeit calls for. */
export type ForfeitWithdrawal = TableWithdrawal;

/** The session as it started (its `mahjong.SessionStarted` data): the seats' players and the tournament link. */
export interface SessionStart {
  readonly players: readonly MahjongPlayer[];
  readonly link: MahjongLink | null;
}

/**
 * Whom a penalty at a linked table takes out of the tournament: the seat's player as paired, or nobody (null) — at an
 * unlinked table, or when the penalty names someone else who sat in the seat (行為守則, 缺席: a 代打者, or an eliminated
 * player, neither of them in the contest's draw). A penalty without `player` was recorded before penalties named who
 * sat in the seat: it is the seat's player's, as the session started.
 */
export function pairedOffender(penalty: PenaltyData, start: SessionStart): { player: MahjongPlayer; link: MahjongLink } | null {
  if (!start.link) return null;
  const player = start.players[penalty.seat];
  if (!player || (penalty.player !== undefined && penalty.player !== player.id)) return null;
  return { player, link: start.link };
}

/** Where the penalty was recorded, for a withdrawal's reason: the table, its round and number, the seat, and the penalty. */
export const penaltyAt = (penalty: PenaltyData, link: MahjongLink, gameId: string): string =>
  `mahjong table ${gameId} (round ${link.round}, table ${link.table}, seat ${penalty.seat}): ${penalty.offence} — ${penalty.reason} [${penalty.rule}]`;

/**
 * The withdrawal one recorded penalty calls for, or null: only a `game-forfeit` (打牌時限 7 嚴重逾時, 遲到 缺席棄權,
 * 暫停 over 150 points, 選手自願退出) at a linked table, by the seat's player as paired (`pairedOffender`: a substitute's
 * forfeit withdraws nobody). The round is the one after the table's, which cannot be paired before this table's result is in.
 */
export const forfeitWithdrawal = tableWithdrawal('game-forfeit', (at) => `forfeit (棄權) at ${at}; eliminated: ${RULES.forfeit}`);

/**
 * A penalty of `kind` at a linked table withdraws the seat's player as paired (`pairedOffender`) from the round after
 * the table's, with the reason `because` gives for where it was recorded (`penaltyAt`).
 */
export function tableWithdrawal(kind: PenaltyData['kind'], because: (at: string) => string) {
  return (penalty: PenaltyData, start: SessionStart, gameId: string): TableWithdrawal | null => {
    if (penalty.kind !== kind) return null;
    const offender = pairedOffender(penalty, start);
    if (!offender) return null;
    const { player, link } = offender;
    return { tournamentId: link.tournamentId, playerId: player.id, fromRound: link.round + 1, reason: because(penaltyAt(penalty, link, gameId)) };
  };
}
