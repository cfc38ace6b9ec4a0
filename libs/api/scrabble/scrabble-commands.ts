/**
 * Scrabble's game commands, declared once (WESPA seed rules) by concept (moves, challenges, adjudication, result) and
 * served here by two controllers in this order: the turn (players for their own seat, arbiters anything) and the table
 * and result (mostly arbiters), under the operation ids and OpenAPI names the hand-written controllers had.
 */
import { SCRABBLE_GAME } from '../../runtime/features/scrabble/index.js';
import { GAME_COMMAND_EXAMPLE } from '../games/examples.js';
import { gameCommandsController, type DeclaredCommands } from '../games/game-commands.js';
import { ADJUDICATION } from './scrabble-adjudication.js';
import { CHALLENGES } from './scrabble-challenges.js';
import type { B } from './scrabble-command-parts.js';
import { MOVES } from './scrabble-moves.js';
import { RESULT } from './scrabble-result.js';

const CREATED = { description: 'The events recorded; ETag is the stream revision', example: GAME_COMMAND_EXAMPLE };

/** The turn: drawing, moves, pressing the clock, hold, acceptance, challenges and adjudication, overdraw, lateness. */
export const SCRABBLE_TURN_COMMANDS: DeclaredCommands<B> = {
  controller: 'GameTurnsController',
  tag: 'games',
  created: CREATED,
  commands: [
    MOVES.draw,
    MOVES.move,
    MOVES.press,
    CHALLENGES.hold,
    CHALLENGES.accept,
    CHALLENGES.challenge,
    CHALLENGES.withdraw,
    CHALLENGES.propose,
    CHALLENGES.verdicts,
    CHALLENGES.reannounce,
    ADJUDICATION.overdraw,
    ADJUDICATION.absent,
    ADJUDICATION.arrived,
  ],
};

/** The table and the result: clock pauses, TD calls and rulings, overtime, end racks, corrections, recount, the slip, incidents. */
export const SCRABBLE_TABLE_COMMANDS: DeclaredCommands<B> = {
  controller: 'GameTableController',
  tag: 'games',
  created: CREATED,
  commands: [
    ADJUDICATION.pause,
    ADJUDICATION.resume,
    ADJUDICATION.extraTime,
    ADJUDICATION.switchClock,
    ADJUDICATION.callTd,
    CHALLENGES.lateChallenge,
    ADJUDICATION.overtime,
    RESULT.endRacks,
    RESULT.timePenalty,
    RESULT.correct,
    RESULT.recount,
    RESULT.recountDone,
    RESULT.sign,
    RESULT.withdrawSignature,
    RESULT.reversed,
    ADJUDICATION.incident,
  ],
};

export const GameTurnsController = gameCommandsController(SCRABBLE_GAME, SCRABBLE_TURN_COMMANDS);
export const GameTableController = gameCommandsController(SCRABBLE_GAME, SCRABBLE_TABLE_COMMANDS);
