/**
 * A process manager that withdraws a player from their tournament when a mahjong table records a penalty of one kind
 * against them (棄權: forfeit-withdrawal.process-manager.ts; 取消資格: disqualification-withdrawal.process-manager.ts).
 * The pure domain function decides whom, from which round and why; this sends it as the tournament's own withdrawal.
 *
 * Idempotent: the command id is derived from the penalty event, so a retried or replayed reaction withdraws once.
 * A player the tournament has already withdrawn (the director did, or an earlier forfeit or disqualification) is refused
 * by the tournament (`tournament/already-withdrawn`); the runner keeps that refusal once, under the reaction's command
 * id, at GET /v1/audit/refused-reactions, and moves on — no retry loop. Likewise a round already paired (only when
 * reacting late, e.g. to a log older than the manager): the refusal tells the director to withdraw by hand.
 */
import type { PenaltyData, PenaltyKind, SessionStart, TableWithdrawal } from '../../../domain/disciplines/mahjong/index.js';
import type { CommandContext } from '../../../domain/kernel/index.js';
import type { TournamentCommand } from '../../../domain/tournament/index.js';
import { gameIdOf } from '../../games/game-read-model.js';
import type { ProcessManager, Reaction } from '../../process-manager.js';
import { TournamentAggregate } from '../tournament/index.js';
import { MAHJONG_GAME } from './mahjong.game-feature.js';

export function penaltyWithdrawalManager(
  name: string,
  kind: PenaltyKind,
  withdrawalOf: (penalty: PenaltyData, start: SessionStart, gameId: string) => TableWithdrawal | null,
): ProcessManager {
  return {
    name,
    handles: (type) => type === 'mahjong.PenaltyRecorded',
    // Needs the session's start (its link and seats): see reactWith.
    react: () => [],
    async reactWith(event, reader): Promise<Reaction[]> {
      const penalty = event.data as PenaltyData;
      // Most penalties are of another kind: decided before reading the stream's start.
      if (penalty.kind !== kind) return [];
      const start = await reader.firstEvent(event.stream);
      if (start?.type !== 'mahjong.SessionStarted') return [];
      const w = withdrawalOf(penalty, start.data as SessionStart, gameIdOf(MAHJONG_GAME, event.stream));
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
}
