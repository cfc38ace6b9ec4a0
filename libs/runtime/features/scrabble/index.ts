export * from './scrabble.feature.js';
export * from './game-read-model.js';
export { scrabbleGamesProjection } from './scrabble-game.projection.js';
export { scrabbleResultPoster, tournamentResultOf, RESULT_POSTER } from './result-poster.js';
export { lexiconFor } from './lexicon-source.js';
export { FileLexicon } from './lexicon-file.js';
