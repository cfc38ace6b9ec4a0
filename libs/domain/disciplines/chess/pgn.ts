/**
 * PGN export and import with clock comments (`{[%clk h:mm:ss]}`, the mover's time left after the
 * move), through chess.js. An import gives the commands that replay the game through the decider.
 */
import { Chess } from 'chess.js';
import { invalid } from '../../kernel/index.js';
import { clk, clkMs } from './clock.js';
import { automaticEnd } from './position.js';
import type { ChessGame, ChessPlayer, ChessStep, Seat, TimeControl } from './chess.types.js';

const PGN_RULE = 'PGN standard (Edwards 1994), 8.2 movetext in SAN; clock comments [%clk] as written by PGN tools';

/** The PGN result token of a game (`*` while it is being played). */
export function resultToken(game: ChessGame): string {
  if (!game.result) return '*';
  return game.result.winner === null ? '1/2-1/2' : game.result.winner === 0 ? '1-0' : '0-1';
}

/** The game as PGN: the seven-tag roster, the time control, each move with the mover's clock. */
export function exportPgn(game: ChessGame, opts: { event?: string; site?: string } = {}): string {
  const chess = game.startFen ? new Chess(game.startFen) : new Chess();
  chess.setHeader('Event', opts.event ?? (game.link ? game.link.tournamentId : 'Rapid game'));
  chess.setHeader('Site', opts.site ?? '?');
  chess.setHeader('Date', game.startedAt.slice(0, 10).replace(/-/g, '.'));
  chess.setHeader('Round', game.link ? String(game.link.round) : '-');
  chess.setHeader('White', game.players[0].name);
  chess.setHeader('Black', game.players[1].name);
  chess.setHeader('Result', resultToken(game));
  chess.setHeader('TimeControl', `${game.timeControl.minutes * 60}${game.timeControl.incrementSeconds ? `+${game.timeControl.incrementSeconds}` : ''}`);
  if (game.result) chess.setHeader('Termination', game.result.reason);
  if (game.startFen) {
    chess.setHeader('SetUp', '1');
    chess.setHeader('FEN', game.startFen);
  }
  for (const m of game.moves) {
    chess.move({ from: m.from, to: m.to, ...(m.promotion && { promotion: m.promotion }) });
    chess.setComment(`[%clk ${clk(m.remainingMs)}]`);
  }
  return chess.pgn();
}

export interface PgnRecord {
  readonly white: string;
  readonly black: string;
  readonly result: '1-0' | '0-1' | '1/2-1/2' | '*';
  readonly timeControl: TimeControl;
  /** The set-up position (PGN SetUp/FEN tags), if any. */
  readonly startFen?: string;
  /** The game's SAN moves with the mover's clock after each where a `[%clk]` comment gives it. */
  readonly moves: readonly { readonly san: string; readonly clockMs: number | null }[];
}

/** Reads a PGN game with chess.js (its moves checked legal); refusals name the `pgn` field. */
export function parsePgn(pgn: string): PgnRecord {
  const chess = new Chess();
  try {
    chess.loadPgn(pgn);
  } catch (e) {
    invalid('chess/pgn-unreadable', `the PGN cannot be read: ${(e as Error).message}`, PGN_RULE, 'pgn');
  }
  const h = chess.getHeaders();
  const comments = new Map(chess.getComments().map((c) => [c.fen, c.comment ?? '']));
  const replayer = h.FEN ? new Chess(h.FEN) : new Chess();
  const moves = chess.history().map((san) => {
    replayer.move(san);
    return { san, clockMs: clkMs(comments.get(replayer.fen()) ?? '') };
  });
  const result = (['1-0', '0-1', '1/2-1/2'].includes(h.Result) ? h.Result : '*') as PgnRecord['result'];
  // Rapid rules 1: 60 or 30 minutes a player. TimeControl "3600", "1800" or with an increment "1800+10" (seconds);
  // a game without one ("?", "-" or no tag) is read as a 60-minute rapid game; any other time control is refused.
  const written = h.TimeControl ?? '';
  const tc = /^(1800|3600)(?:\+(\d+))?$/.exec(written);
  if (!tc && !['', '?', '-'].includes(written))
    invalid(
      'chess/time-control',
      `the PGN's TimeControl "${written}" is not a rapid game of 60 or 30 minutes a player (3600 or 1800 seconds)`,
      'rapid rules 1',
      'pgn',
    );
  const minutes = tc && tc[1] === '1800' ? 30 : 60;
  return {
    white: h.White ?? 'White',
    black: h.Black ?? 'Black',
    result,
    ...(h.FEN && { startFen: h.FEN }),
    timeControl: { minutes, incrementSeconds: tc?.[2] ? Number(tc[2]) : 0 },
    moves,
  };
}

/**
 * The commands that replay a PGN game: start, each move (with the clock reading its `[%clk]`
 * gives, as an official records the clock), then the written result if the moves do not end the
 * game themselves: a decisive result as the loser's resignation, a draw as an offer accepted.
 */
export function pgnCommands(record: PgnRecord, players: readonly [ChessPlayer, ChessPlayer]): ChessStep[] {
  const board = record.startFen ? new Chess(record.startFen) : new Chess();
  const first = board.turn() === 'b' ? 1 : 0;
  const seatOf = (i: number) => ((first + i) % 2) as Seat;
  for (const m of record.moves) board.move(m.san);
  const end = record.moves.length > 0 ? automaticEnd(board, seatOf(record.moves.length - 1)) : null;
  const endedByMoves = end !== null;
  const played = end && (end.winner === null ? '1/2-1/2' : end.winner === 0 ? '1-0' : '0-1');
  // The moves ended the game (FIDE Laws 5: checkmate, stalemate, dead position); a written Result saying otherwise is refused.
  if (played && record.result !== '*' && record.result !== played)
    invalid(
      'chess/pgn-result-contradicts',
      `the PGN's Result ${record.result} contradicts its moves, which end the game by ${end.reason} (${played})`,
      `${PGN_RULE}; 8.2.6 game termination marker; FIDE Laws 5`,
      'pgn',
    );
  const full = record.timeControl.minutes * 60_000;
  // Each player's last written [%clk] (the time left after their move, increment included: rapid rules 21(4)).
  const written: [number, number] = [full, full];
  const steps: ChessStep[] = [{ type: 'chess.start-game', players, timeControl: record.timeControl, ...(record.startFen && { startFen: record.startFen }) }];
  record.moves.forEach((m, i) => {
    const seat = seatOf(i);
    if (m.clockMs !== null) written[seat] = m.clockMs;
    // The reading is taken before the move's increment is added: only the mover's clock has it subtracted.
    const reading = (s: Seat) => (s === seat ? Math.max(0, written[s] - record.timeControl.incrementSeconds * 1000) : written[s]);
    const clockReading = m.clockMs !== null ? { remainingMs: [reading(0), reading(1)] as const } : undefined;
    steps.push({ type: 'chess.make-move', seat, move: m.san, ...(clockReading && { clockReading }) });
  });
  if (endedByMoves || record.result === '*') return steps;
  if (record.result === '1/2-1/2') return [...steps, { type: 'chess.offer-draw', seat: 0 }, { type: 'chess.accept-draw', seat: 1 }];
  return [...steps, { type: 'chess.resign', seat: record.result === '1-0' ? 1 : 0 }];
}
