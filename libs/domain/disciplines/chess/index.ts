/** Rapid chess under the 60- and 30-minute rapid rules (附錄二): the game decider, clocks, PGN. */
export { chessDecider, decide, initialState } from './chess.decider.js';
export { evolve } from './chess.evolve.js';
export * from './chess.types.js';
export { RULES as CHESS_RULES } from './chess.rules.js';
export { remainingAt, runningSeat, flagDown, clk, clkMs } from './clock.js';
export { cannotMate, replay, automaticEnd } from './position.js';
export { exportPgn, parsePgn, pgnCommands, pgnStatesTimeControl, resultToken, type PgnRecord } from './pgn.js';
export { exportTrf, playerRecord, type TrfTournament, type TrfPlayer, type TrfRound, type TrfResult } from '../../pairing/dutch/trf-write.js';
