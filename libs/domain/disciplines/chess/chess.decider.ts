/** The rapid-chess game decider: decide a command on the recorded game, or refuse it naming the rule. */
import { clockReadFirst, refuse, type ClockReading, type Decider } from '../../kernel/index.js';
import { RULES } from './chess.rules.js';
import { decideStart } from './decide-start.js';
import { decidePlay } from './decide-play.js';
import { decideRuling } from './decide-ruling.js';
import { evolve } from './chess.evolve.js';
import type { ChessCommand, ChessEvent, ChessState } from './chess.types.js';

export const initialState = (): ChessState => ({ phase: 'none' });

export function decide(command: ChessCommand, state: ChessState): ChessEvent[] {
  if (command.type === 'chess.start-game') return decideStart(command, state);
  if (state.phase === 'none') refuse('chess/not-started', 'the game has not been started', RULES.started, { kind: 'not-found', field: 'id' });
  if (state.phase === 'finished') refuse('chess/game-finished', 'the game has ended', RULES.finished, { field: 'id' });
  const at = command.context.at;
  // A clock reading sent by an official is recorded before the command, which is decided on it.
  if (command.data.clockReading && state.game.source)
    refuse('chess/imported-untimed', 'an imported record was not timed here: its clock is only what the file writes', RULES.imported, {
      field: 'clockReading',
    });
  const check = { type: 'chess/clock-reading', rule: RULES.clockReading, belowZero: true };
  const read = (r: ClockReading): ChessEvent => ({ type: 'chess.ClockRead', data: { remainingMs: r.remainingMs, at, rule: RULES.clockReading } });
  const { pre, now } = clockReadFirst(command.data.clockReading, check, read, state, evolve);
  if (now.phase !== 'playing') return pre;
  const rest =
    command.type.startsWith('chess.rule-') || command.type === 'chess.penalize' ? decideRuling(command, now.game, at) : decidePlay(command, now.game, at);
  return [...pre, ...rest];
}

export const chessDecider: Decider<ChessCommand, ChessEvent, ChessState> = { initialState, decide, evolve };
