/** Scrabble games from HTTP: the runner bound to Scrabble's GameFeature. */
import type { ArbitraCore } from '../../runtime/arbitra-core.js';
import { SCRABBLE_GAME } from '../../runtime/features/scrabble/index.js';
import { GameRunner, loadGame, unknownGame } from '../games/game-runner.js';

export { unknownGame };

/** The generic runner for Scrabble. */
export const scrabbleRunner = (core: ArbitraCore) => new GameRunner(core, SCRABBLE_GAME);
export type ScrabbleRunner = ReturnType<typeof scrabbleRunner>;

/** A Scrabble game as the command path sees it now, or 404. */
export const loadScrabbleGame = (core: ArbitraCore, id: string) => loadGame(core, SCRABBLE_GAME, id);
