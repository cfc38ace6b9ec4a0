/** Scrabble as a GameFeature: two seats, officials observe time, the end racks kept for the score sheet. */
import {
  scrabbleCommand,
  type ScrabbleCommand,
  type ScrabbleEvent,
  type ScrabbleState,
  type ScrabbleStep,
} from '../../../domain/disciplines/scrabble/index.js';
import { OFFICIALS_OBSERVE, ownSeatOnly, type GameFeature, type SentTime } from '../../games/game-feature.js';
import type { ScrabbleExtras } from './game-read-model.js';
import { RESULT_EVENTS, scrabbleTournamentResult } from './result-poster.js';
import { redactEventData, redactState } from './scrabble-redaction.js';
import { ScrabbleGameAggregate } from './scrabble.aggregate.js';

type Without<C> = C extends unknown ? Omit<C, 'clockReading'> : never;
/** A Scrabble command as a controller builds it, flat (`{ type, ...fields }`): without its context and clock reading. */
export type ScrabbleCommandBody = Without<ScrabbleStep>;

/** A table-clock reading as sent: the time left on each side's clock. */
function clockReadingOf(sent: SentTime): { remainingMs: readonly [number, number] } | undefined {
  const r = (sent.clockReading as { remainingMs?: readonly number[] } | undefined)?.remainingMs;
  return r ? { remainingMs: [r[0], r[1]] } : undefined;
}

export const SCRABBLE_GAME: GameFeature<ScrabbleCommand, ScrabbleEvent, ScrabbleState, ScrabbleCommandBody, ScrabbleExtras> = {
  discipline: 'scrabble',
  tournamentDisciplines: ['scrabble'],
  aggregate: ScrabbleGameAggregate,
  seats: 2,
  exists: (state) => state.phase !== 'none',
  players: (state) => (state.phase === 'none' ? [] : state.game.players),
  link: (state) => (state.phase === 'none' ? null : state.game.link),
  playerActsFor: ownSeatOnly,
  observedTime: OFFICIALS_OBSERVE,
  // A game in progress (setup or playing) hides racks; once it has ended they are laid open.
  hidesInformation: (state) => state.phase === 'setup' || state.phase === 'playing',
  command(body, context, sent) {
    // The table clock reading, when one was sent, is part of the command's data (recorded before the command).
    const clockReading = clockReadingOf(sent);
    return scrabbleCommand({ ...body, ...(clockReading && { clockReading }) } as ScrabbleStep, context);
  },
  resultEvents: RESULT_EVENTS,
  toTournamentResult: scrabbleTournamentResult,
  redactState,
  redactEventData,
  readModel: {
    // 3: documents and list entries name their discipline.
    version: 3,
    extras: (before, e) => ({
      endRacks: e.type === 'scrabble.EndRackScored' ? [...(before?.endRacks ?? []), { seat: e.data.seat, rack: e.data.rack }] : (before?.endRacks ?? []),
    }),
    summary: (state) => ({ phase: state.phase, scores: state.phase === 'none' ? [0, 0] : state.game.scores }),
  },
};
