import { gameFeatureModule } from '../../games/game-feature-module.js';
import { gamesProjectionFor } from '../../games/game-read-model.js';
import { resultPosterFor } from '../../games/result-poster.js';
import { SCRABBLE_GAME } from './scrabble.game-feature.js';

export { ScrabbleGameAggregate } from './scrabble.aggregate.js';

/** Scrabble in the runtime: its aggregate, the generic game read model and result poster built from its GameFeature. */
export const SCRABBLE_FEATURE = gameFeatureModule(SCRABBLE_GAME);

export const scrabbleGamesProjection = gamesProjectionFor(SCRABBLE_GAME);
export const scrabbleResultPoster = resultPosterFor(SCRABBLE_GAME);
