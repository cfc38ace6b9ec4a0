/** Starting a rapid game: two players, a time control of the rule text, an optional tournament link. */
import { validateFen } from 'chess.js';
import { invalid, refuse } from '../../kernel/index.js';
import { RULES } from './chess.rules.js';
import type { ChessCommand, ChessEvent, ChessState } from './chess.types.js';

export function decideStart(command: Extract<ChessCommand, { type: 'chess.start-game' }>, state: ChessState): ChessEvent[] {
  if (state.phase !== 'none')
    refuse('chess/already-started', 'this game id names a game already started', 'Arbitra: a game id names one game', { field: 'id' });
  const { players, timeControl, link, startFen, source } = command.data;
  if (players[0].id === players[1].id) invalid('chess/same-player', 'a player cannot play themself', RULES.started, 'players');
  // Rapid rules 1: 60 or 30 minutes.
  if (timeControl.minutes !== 30 && timeControl.minutes !== 60)
    invalid('chess/time-control', 'a rapid game is 30 or 60 minutes', RULES.timeControl, 'timeControl.minutes');
  if (!Number.isInteger(timeControl.incrementSeconds) || timeControl.incrementSeconds < 0 || timeControl.incrementSeconds > 60)
    invalid('chess/time-control', 'an increment is 0–60 whole seconds a move', RULES.timeControl, 'timeControl.incrementSeconds');
  // FIDE Laws 2 and 3: a set-up position must be one chess.js accepts (both kings, side to move, castling, en passant).
  if (startFen !== undefined && !validateFen(startFen).ok) invalid('chess/start-fen', `${startFen} is not a valid position`, RULES.legalMove, 'startFen');
  return [
    {
      type: 'chess.GameStarted',
      data: {
        players: [players[0], players[1]],
        timeControl: { minutes: timeControl.minutes, incrementSeconds: timeControl.incrementSeconds },
        link: link ?? null,
        ...(startFen !== undefined && { startFen }),
        at: command.context.at,
        ...(source && { source }),
      },
    },
  ];
}
