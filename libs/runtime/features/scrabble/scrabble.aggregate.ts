import { scrabbleDecider, type ScrabbleCommand, type ScrabbleEvent, type ScrabbleState } from '../../../domain/disciplines/scrabble/index.js';
import type { AggregateType } from '../../command-handler.js';

/** Streams `scrabble-game-<id>`: the stream name says the Scrabble decider folds it. */
export const ScrabbleGameAggregate: AggregateType<ScrabbleCommand, ScrabbleEvent, ScrabbleState> = { name: 'scrabble-game', decider: scrabbleDecider };
