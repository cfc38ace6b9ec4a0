/** The players' commands in a game: moves with captures, passes, resignation, the end of the time; and game ends. */
import { invalid, refuse } from '../../kernel/index.js';
import { adjacent, isPoint } from './board.js';
import { clocksAt, mayMove } from './clock.js';
import { matchOutcome } from './match.js';
import { colourOf, onBoard, other, pieceAt, playMove, seatOf } from './position.js';
import { RULES } from './xiguaqi.rules.js';
import { evolve } from './xiguaqi.evolve.js';
import type { GameOutcome, Seat, XiguaqiCommand, XiguaqiEvent, XiguaqiGame, XiguaqiState } from './xiguaqi.types.js';

/** 第九条一: four captured pieces win the game. */
export const CAPTURES_TO_WIN = 4;

/** The game's end (and the match's, when the game decides it): pieces on the board and captured, per seat. */
export function gameEnded(state: XiguaqiState, g: XiguaqiGame, outcome: GameOutcome, at: string, note?: string): XiguaqiEvent[] {
  const onBoardBySeat: [number, number] = [onBoard(g.board, colourOf(g.black, 0)), onBoard(g.board, colourOf(g.black, 1))];
  const ended: XiguaqiEvent = {
    type: 'xiguaqi.GameEnded',
    data: { game: g.number, outcome, onBoard: onBoardBySeat, captured: [g.captured[0], g.captured[1]], at, ...(note && { note }) },
  };
  const after = evolve(state, ended);
  if (after.phase === 'none') return [ended];
  const match = matchOutcome(after.match);
  if (!match) return [ended];
  return [ended, { type: 'xiguaqi.MatchEnded', data: { outcome: match, players: after.match.players, link: after.match.link, at } }];
}

/** 第九条二、三: the pieces left on the board are counted; more wins, equal is a draw. */
export function countOutcome(g: XiguaqiGame): GameOutcome {
  const b = onBoard(g.board, 'B');
  const w = onBoard(g.board, 'W');
  const winner = b === w ? null : seatOf(g.black, b > w ? 'B' : 'W');
  return { winner, reason: 'count', rule: RULES.count };
}

function refuseTurn(seat: Seat, why: ReturnType<typeof mayMove>): void {
  if (why === 'own-time-used') refuse('xiguaqi/time-used', `seat ${seat}'s half of the time is used: it may not move`, RULES.timeUp, { field: 'seat' });
  if (why === 'not-your-turn')
    refuse('xiguaqi/not-your-turn', `seat ${seat} is not to move (no waiver by the opponent, no grab after two minutes)`, RULES.turn, { field: 'seat' });
}

export function decidePlay(command: XiguaqiCommand, state: XiguaqiState, g: XiguaqiGame, at: string): XiguaqiEvent[] {
  const ply = g.plies.length + 1;
  switch (command.type) {
    case 'xiguaqi.move': {
      const { seat, from, to, captures = [] } = command.data;
      if (!isPoint(from)) invalid('xiguaqi/point', `${String(from)} is not a point (1–21)`, RULES.adjacent, 'from');
      if (!isPoint(to)) invalid('xiguaqi/point', `${String(to)} is not a point (1–21)`, RULES.adjacent, 'to');
      const colour = colourOf(g.black, seat);
      const piece = pieceAt(g.board, from);
      if (piece?.colour !== colour)
        invalid('xiguaqi/not-own-piece', `point ${from} holds no ${colour === 'B' ? 'black' : 'white'} piece`, RULES.ownPiece, 'from');
      if (!adjacent(from, to)) invalid('xiguaqi/not-adjacent', `point ${to} is not adjacent to point ${from}`, RULES.adjacent, 'to');
      if (pieceAt(g.board, to)) invalid('xiguaqi/point-occupied', `point ${to} is occupied`, RULES.empty, 'to');
      const may = mayMove(g, seat, at);
      refuseTurn(seat, may);
      const run = g.runs[seat];
      if (run && run.piece === piece.n && run.count >= 4)
        invalid('xiguaqi/same-piece-run', `the piece on ${from} has moved four times in a row`, RULES.sameRun, 'from');
      const played = playMove(g.board, from, to, captures);
      if ('notCapturable' in played && played.escaped)
        invalid('xiguaqi/escaped', `the piece on ${played.notCapturable} escaped (逃棋): it was not captured at once`, RULES.escape, 'captures');
      if ('notCapturable' in played)
        invalid(
          'xiguaqi/not-capturable',
          `point ${played.notCapturable} holds no opponent piece without liberties that may be captured`,
          RULES.capture,
          'captures',
        );
      const moved: XiguaqiEvent = {
        type: 'xiguaqi.PieceMoved',
        data: {
          game: g.number,
          kind: 'move',
          ply,
          seat,
          colour,
          from,
          to,
          piece: piece.n,
          captured: played.captured,
          escaped: played.escaped,
          outOfTurn: may === 'turn' ? null : (may as 'grab' | 'opponent-time-used'),
          at,
        },
      };
      if (g.captured[seat] + played.captured.length < CAPTURES_TO_WIN) return [moved];
      const after = evolve(state, moved);
      if (after.phase === 'none') return [moved];
      const game = after.match.games[after.match.games.length - 1];
      return [moved, ...gameEnded(after, game, { winner: seat, reason: 'captures', rule: RULES.captureWin }, at)];
    }
    case 'xiguaqi.pass': {
      const { seat } = command.data;
      const may = mayMove(g, seat, at);
      refuseTurn(seat, may);
      // 第二条六 gives up the right to move when one has it: a pass is not a grab.
      if (may === 'grab') refuse('xiguaqi/not-your-turn', `seat ${seat} is not to move: a pass gives up one's own turn`, RULES.pass, { field: 'seat' });
      return [{ type: 'xiguaqi.Passed', data: { game: g.number, kind: 'pass', ply, seat, colour: colourOf(g.black, seat), at } }];
    }
    case 'xiguaqi.resign':
      return gameEnded(state, g, { winner: other(command.data.seat), reason: 'resignation', rule: RULES.resignation }, at);
    case 'xiguaqi.call-time': {
      const clocks = clocksAt(g, at);
      if (clocks[0] > 0 || clocks[1] > 0)
        refuse('xiguaqi/time-not-up', `time is left (${clocks[0]} ms and ${clocks[1]} ms): the game goes on`, RULES.timeUp, { field: 'seat' });
      return gameEnded(state, g, countOutcome(g), at);
    }
    default:
      return invalid('xiguaqi/unknown-command', `unknown command ${command.type}`, RULES.started);
  }
}
