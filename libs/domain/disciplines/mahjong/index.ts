/** Mahjong tables under the World Mahjong Contest rules (世界麻將大賽): the table decider, payments, claim priority, time, the card. */
export { mahjongDecider, decide, initialState } from './mahjong.decider.js';
export { evolve } from './mahjong.evolve.js';
export * from './mahjong.types.js';
export { RULES as MAHJONG_RULES, WMC_TABLE, type MahjongTableProfile } from './mahjong.rules.js';
export { WINDS, SEATS, countDice, windsInHand, dealerInHand, positionsOf, relation, type Relation } from './seating.js';
export { handPayments, followDiscardLiability, followDiscardFromFacts, sumOf, type Payments, type Discard, type Liability } from './payments.js';
export { resolveClaims, type Claim, type ClaimKind, type ClaimResolution } from './claim-priority.js';
export { timePenalty, timeOutPoints, countedMs, type TimedTurn, type TimePenalty } from './time.js';
export { totalsOf, totalHands, roundOf, handWinds, occupant, isConfirmed } from './table-state.js';
export { forfeitWithdrawal, type ForfeitWithdrawal, type SessionStart, type TableWithdrawal } from './forfeit.js';
export { disqualificationWithdrawal } from './disqualification.js';
