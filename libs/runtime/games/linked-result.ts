/**
 * A linked game's result in the tournament's terms, shared by every discipline's `toTournamentResult`:
 * the pairing its link names, which side a seat is, and the two commands a game can send there.
 */
import type { CommandContext } from '../../domain/kernel/index.js';
import type { ResultInput, TournamentCommand } from '../../domain/tournament/index.js';
import type { RecordedEvent } from '../../store/event-store.port.js';
import type { TournamentLink, TournamentResult } from './game-feature.js';

/** The pairing a link names (division, round, table), as a result command addresses it. */
export function pairingOf(link: TournamentLink) {
  return { ...(link.division !== undefined && { division: link.division }), round: link.round, table: link.table };
}

/** The pairing's side of a seat: the link's `firstSeat` is the pairing's "first". */
export function sideOf(firstSeat: number, seat: number): 'first' | 'second' {
  return seat === firstSeat ? 'first' : 'second';
}

/** A finished linked game's result recorded on its pairing (`tournament.record-result`, source: the game). */
export function recordedResult(link: TournamentLink, gameId: string, result: ResultInput): TournamentResult {
  return {
    tournamentId: link.tournamentId,
    command: (context: CommandContext): TournamentCommand => ({
      type: 'tournament.record-result',
      context,
      data: { ...pairingOf(link), result, source: { kind: 'game', gameId } },
    }),
  };
}

/**
 * A result corrected on its pairing after a decision recorded in the game (`tournament.correct-result`), sent as
 * the official who recorded `decision`, not as the process manager that carries it: the tournament records them as
 * who decided and applies its locked-round rule to them (a locked round is corrected by an appeals-committee or
 * chief-arbiter decision; any other is refused there and kept at /v1/audit/refused-reactions).
 */
export function correctedResult(link: TournamentLink, result: ResultInput, reason: string, decision: RecordedEvent): TournamentResult {
  const decidedBy = { id: decision.meta.actor.id, role: decision.meta.actor.role };
  return {
    tournamentId: link.tournamentId,
    command: (context: CommandContext): TournamentCommand => ({
      type: 'tournament.correct-result',
      context: { ...context, actor: decidedBy },
      data: { ...pairingOf(link), result, reason },
    }),
  };
}
