/** Xiguaqi (watermelon chess) under 西瓜棋比赛的棋盘、棋子及规则: the board, the match decider, clocks, the text notation. */
export { xiguaqiDecider, decide, initialState } from './xiguaqi.decider.js';
export { evolve } from './xiguaqi.evolve.js';
export * from './xiguaqi.types.js';
export { RULES as XIGUAQI_RULES } from './xiguaqi.rules.js';
export { POINTS, EDGES, START_POINTS, COORDINATES, ARC_RADIUS, INNER_RADIUS, neighbours, adjacent, isPoint, type Point } from './board.js';
export { clocksAt, mayMove, MOVE_LIMIT_MS } from './clock.js';
export {
  boardAt,
  capturableGroups,
  colourOf,
  deadGroups,
  escapedCount,
  groupAt,
  initialBoard,
  liberties,
  movesFrom,
  onBoard,
  other,
  pieceAt,
  playMove,
  seatOf,
} from './position.js';
export { gameWins, capturedTotals, matchOutcome, winsNeeded } from './match.js';
export { exportRecord, parseRecord, type ParsedRecord, type RecordStep } from './notation.js';
