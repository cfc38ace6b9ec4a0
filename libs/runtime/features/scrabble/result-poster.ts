/**
 * Scrabble's results in the tournament's terms (the generic poster, libs/runtime/games/result-poster.ts,
 * sends them): a finished Scrabble game linked to a tournament pairing posts its result there
 * (`tournament.record-result`, source = the game); reversed scores corrected on a signed slip by a
 * TD decision post `tournament.correct-result`, sent as the TD who decided it. Pure: everything comes from the event.
 */
import type { GameLink, GameResult, Seat } from '../../../domain/disciplines/scrabble/index.js';
import type { ResultInput } from '../../../domain/tournament/index.js';
import type { RecordedEvent } from '../../../store/event-store.port.js';
import type { TournamentResult } from '../../games/game-feature.js';
import { correctedResult, recordedResult, sideOf } from '../../games/linked-result.js';

export const RESULT_POSTER = 'scrabble-result-to-tournament';
export const RESULT_EVENTS = ['scrabble.GameFinished', 'scrabble.SignedResultCorrected'] as const;

/** The game's result in the tournament's terms: seat `link.firstSeat` is the pairing's "first". */
export function tournamentResultOf(result: GameResult, firstSeat: Seat): ResultInput {
  const side = (seat: Seat) => sideOf(firstSeat, seat);
  if (result.forfeit) {
    // Seed 缺席: the forfeiting player (the loser) is the absent side; the tournament applies its forfeit spread.
    const loser = (result.winner === 0 ? 1 : 0) as Seat;
    return { kind: 'forfeit', absent: side(loser) };
  }
  const second = (firstSeat === 0 ? 1 : 0) as Seat;
  return {
    kind: 'played',
    outcome: result.winner === null ? 'draw' : side(result.winner),
    score: { first: result.scores[firstSeat], second: result.scores[second] },
  };
}

/** For a recorded Scrabble event: the tournament command it calls for, or none (an unlinked game, another event). */
export function scrabbleTournamentResult(event: RecordedEvent, gameId: string): TournamentResult | null {
  if (!(RESULT_EVENTS as readonly string[]).includes(event.type)) return null;
  const data = event.data as { result: GameResult; link?: GameLink | null; tdDecision?: string };
  const link = data.link;
  if (!link) return null;
  const result = tournamentResultOf(data.result, link.firstSeat ?? 0);
  if (event.type === 'scrabble.GameFinished') return recordedResult(link, gameId, result);
  // The TD who decided the reversal is who corrects the tournament result (a plain arbiter's reversal of a locked
  // round is refused there and kept at /v1/audit/refused-reactions).
  const reason = `game ${gameId}: reversed scores on the signed slip corrected by TD decision: ${data.tdDecision ?? ''}`.trim();
  return correctedResult(link, result, reason, event);
}
