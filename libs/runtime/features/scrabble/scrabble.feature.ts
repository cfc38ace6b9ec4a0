import { scrabbleDecider, type ScrabbleCommand, type ScrabbleEvent, type ScrabbleState } from '../../../domain/disciplines/scrabble/index.js';
import type { Feature } from '../../arbitra-core.js';
import type { AggregateType } from '../../command-handler.js';
import { scrabbleResultPoster } from './result-poster.js';
import { scrabbleGamesProjection } from './scrabble-game.projection.js';

/** Streams `scrabble-game-<id>`: the stream name says the Scrabble decider folds it. */
export const ScrabbleGameAggregate: AggregateType<ScrabbleCommand, ScrabbleEvent, ScrabbleState> = { name: 'scrabble-game', decider: scrabbleDecider };

export const SCRABBLE_FEATURE: Feature = {
  name: 'scrabble',
  aggregates: [ScrabbleGameAggregate],
  projections: [scrabbleGamesProjection],
  processManagers: [scrabbleResultPoster],
};
