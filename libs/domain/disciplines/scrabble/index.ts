/** Scrabble under the WESPA rules: the game decider, board and scoring, GCG, score sheet. */
export { scrabbleDecider, decide, initialState } from './scrabble.decider.js';
export { evolve } from './scrabble.evolve.js';
export type {
  ScrabbleCommand,
  ScrabbleCommandType,
  ScrabbleCommandData,
  ScrabbleStep,
  CommandOf,
  DataOf,
  ClockReading,
  MoveInput,
  PlayerInfo,
  IncidentKind,
  GameLink,
} from './scrabble.commands.js';
export { scrabbleCommand } from './scrabble.commands.js';
export type { ScrabbleEvent, ScrabbleEventType, EventOf, EventData, MoveRecord, GameResult, EndReason } from './scrabble.events.js';
export type { ScrabbleState, Game, TurnStatus, TurnRecord, LedgerEntry, EndInfo, Flag, TileSet } from './scrabble.state.js';
export { DEFAULT_PROFILE, makeProfile, overtimePenalty, type ScrabbleProfile, type ChallengePenalty, type OvertimeLimitOutcome } from './profile.js';
export { PAUSE_REASONS, type PauseReason, type Clock, usedAt, remainingAt, overtimeMs } from './clock.js';
export { analysePlay, placementsFromWord, wordsFormed, boardLetter, BINGO_BONUS, type Placement, type PlayAnalysis, type FormedWord } from './scoring.js';
export {
  emptyBoard,
  premiumAt,
  parseCoordinate,
  formatCoordinate,
  placeOnBoard,
  squareName,
  SIZE as BOARD_SIZE,
  type Board,
  type Premium,
  type Coordinate,
} from './board.js';
export { LETTER_VALUES, DISTRIBUTION, TILE_COUNT, RACK_SIZE, fullBag, rackValue, tileValue } from './tiles.js';
export { unseenTiles, tilesOffBoard, resultOf } from './scrabble.end.js';
export { proposeVerdicts, overriddenProposals, type Lexicon, type Proposal } from './lexicon.js';
export {
  importGcg,
  importGcgRecord,
  exportGcg,
  parseGcg,
  type ParsedGcg,
  type GcgLine,
  type GcgImportOptions,
  type GcgImport,
  type GcgNotKept,
} from './gcg.js';
export { scoreSheet, type ScoreSheetRow } from './scoresheet.js';
export { endRacksOf } from './game-log.js';
export { other as otherSeat, isSeat } from './seat.js';
export { RULES as SCRABBLE_RULES } from './scrabble.rules.js';
export type { Seat } from './seat.js';
