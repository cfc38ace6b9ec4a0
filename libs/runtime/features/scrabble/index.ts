export * from './scrabble.feature.js';
export * from './game-read-model.js';
export { SCRABBLE_GAME, type ScrabbleCommandBody } from './scrabble.game-feature.js';
export { tournamentResultOf, RESULT_POSTER } from './result-poster.js';
export { redactState, redactGame, redactEventData, hideMove } from './scrabble-redaction.js';
export { lexiconFor } from './lexicon-source.js';
export { FileLexicon } from './lexicon-file.js';
