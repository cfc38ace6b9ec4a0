/** Go under the Ing rules (应氏计点制围棋规则): the game decider, the Ing clocks and penalty points, the area count. */
export { goDecider, decide, initialState } from './go.decider.js';
export { evolve } from './go.evolve.js';
export * from './go.types.js';
export * from './go.profile.js';
export { RULES as GO_RULES } from './go.rules.js';
export { remainingAt, runningSeat, penaltyPoints, beyondLimit, timeUp } from './clock.js';
export { parsePoint, sgfPoint, gtpPoint, areaCount, handicapPoints, applyMove, emptyBoard, place } from './board.js';
export { exportEgd, egdName, egdFieldProblem, gradeOfRating, EGD_CLASSES, type EgdTournament, type EgdPlayer, type EgdRound, type EgdClass } from './egd.js';
export { readEgd, type EgdRead } from './egd-read.js';
