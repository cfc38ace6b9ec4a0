/** Scrabble as a GameFeature: two seats, officials observe time, the end racks kept for the score sheet. */
import {
  scrabbleCommand,
  type ScrabbleCommand,
  type ScrabbleEvent,
  type ScrabbleState,
  type ScrabbleStep,
} from '../../../domain/disciplines/scrabble/index.js';
import { OFFICIALS_OBSERVE, ownSeatOnly, type GameCommandBody, type GameFeature } from '../../games/game-feature.js';
import type { ScrabbleExtras } from './game-read-model.js';
import { RESULT_EVENTS, scrabbleTournamentResult } from './result-poster.js';
import { redactEventData, redactState } from './scrabble-redaction.js';
import { ScrabbleGameAggregate } from './scrabble.aggregate.js';

/** A Scrabble command as a controller builds it, flat (`{ type, ...fields }`): without its context and clock reading. */
export type ScrabbleCommandBody = GameCommandBody<ScrabbleStep>;

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
  // WESPA Rules v3 §1.4: the physical timer's reading is recorded as observed.
  clock: { periods: false },
  command: (body, context) => scrabbleCommand(body as ScrabbleStep, context),
  resultEvents: RESULT_EVENTS,
  toTournamentResult: scrabbleTournamentResult,
  redactState,
  redactEventData,
  readModel: {
    // 4: a game's document is persisted as a snapshot and a journal of its events (issue 34).
    version: 4,
    extras: (before, e) => ({
      endRacks: e.type === 'scrabble.EndRackScored' ? [...(before?.endRacks ?? []), { seat: e.data.seat, rack: e.data.rack }] : (before?.endRacks ?? []),
    }),
    summary: (state) => ({ phase: state.phase, scores: state.phase === 'none' ? [0, 0] : state.game.scores }),
  },
};
