/**
 * 棄權 → 自動淘汰出局 (WMC 行為守則, 罰則 棄權): a `game-forfeit` penalty recorded at a mahjong table linked to a
 * tournament withdraws that player from the tournament from the round after the table's, through the tournament's own
 * withdrawal (its event says why: the penalty and the rule). Results already recorded stand (棄權者可以獲得以前回合
 * 累積的獎金); the table plays on (the seat is filled by a substitute, 行為守則 缺席).
 *
 * Idempotent: the command id is derived from the penalty event, so a retried or replayed reaction withdraws once.
 * A player the tournament has already withdrawn (the director did, or a second forfeit of the same seat) is refused by
 * the tournament (`tournament/already-withdrawn`); the runner keeps that refusal once, under the reaction's command
 * id, at GET /v1/audit/refused-reactions, and moves on — no retry loop. Likewise a round already paired (only when
 * reacting late, e.g. to a log older than this manager): the refusal tells the director to withdraw by hand.
 */
import { forfeitWithdrawal, type PenaltyData, type SessionStart } from '../../../domain/disciplines/mahjong/index.js';
import type { CommandContext } from '../../../domain/kernel/index.js';
import type { TournamentCommand } from '../../../domain/tournament/index.js';
import { gameIdOf } from '../../games/game-read-model.js';
import type { ProcessManager, Reaction } from '../../process-manager.js';
import { TournamentAggregate } from '../tournament/index.js';
import { MAHJONG_GAME } from './mahjong.game-feature.js';

export const FORFEIT_WITHDRAWAL_PM = 'mahjong-forfeit-to-withdrawal';

export const mahjongForfeitWithdrawal: ProcessManager = {
  name: FORFEIT_WITHDRAWAL_PM,
  handles: (type) => type === 'mahjong.PenaltyRecorded',
  // Needs the session's start (its link and seats): see reactWith.
  react: () => [],
  async reactWith(event, reader): Promise<Reaction[]> {
    const penalty = event.data as PenaltyData;
    // Most penalties are not forfeits: decided before reading the stream's start.
    if (penalty.kind !== 'game-forfeit') return [];
    const start = await reader.firstEvent(event.stream);
    if (start?.type !== 'mahjong.SessionStarted') return [];
    const w = forfeitWithdrawal(penalty, start.data as SessionStart, gameIdOf(MAHJONG_GAME, event.stream));
    if (!w) return [];
    return [
      {
        aggregate: TournamentAggregate,
        id: w.tournamentId,
        command: (context: CommandContext): TournamentCommand => ({
          type: 'tournament.withdraw-player',
          context,
          data: { playerId: w.playerId, fromRound: w.fromRound, reason: w.reason },
        }),
      },
    ];
  },
};
