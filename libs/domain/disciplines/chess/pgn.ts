/**
 * PGN export and import with clock comments (`{[%clk h:mm:ss]}`, the mover's time left after the
 * move), through chess.js. An import gives the commands that replay the game through the decider.
 */
import { Chess } from 'chess.js';
import { invalid, type RecordSource } from '../../kernel/index.js';
import { clk, clkMs } from './clock.js';
import { automaticEnd } from './position.js';
import type { ChessGame, ChessPlayer, ChessStep, Seat, TimeControl } from './chess.types.js';

const PGN_RULE = 'PGN standard (Edwards 1994), 8.2 movetext in SAN; clock comments [%clk] as written by PGN tools';

/** The PGN result token of a game (`*` while it is being played). */
export function resultToken(game: ChessGame): string {
  if (!game.result) return '*';
  return game.result.winner === null ? '1/2-1/2' : game.result.winner === 0 ? '1-0' : '0-1';
}

/**
 * The game as PGN: the seven-tag roster, the time control, each move with the mover's clock. An imported record
 * (issue 30) writes its file's tag pairs as written and only the [%clk] the file wrote: PGN's "?" stands for what it lacks.
 */
export function exportPgn(game: ChessGame, opts: { event?: string; site?: string } = {}): string {
  if (game.source) return exportImported(game);
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
    if (m.remainingMs !== undefined) chess.setComment(`[%clk ${clk(m.remainingMs)}]`);
  }
  return chess.pgn();
}

function exportImported(game: ChessGame): string {
  const chess = game.startFen ? new Chess(game.startFen) : new Chess();
  for (const [k, v] of game.source?.headers ?? []) chess.setHeader(k, v);
  for (const m of game.moves) {
    chess.move({ from: m.from, to: m.to, ...(m.promotion && { promotion: m.promotion }) });
    if (m.writtenClockMs !== undefined) chess.setComment(`[%clk ${clk(m.writtenClockMs)}]`);
  }
  return chess.pgn();
}

/** The tag pairs as the file writes them, in its order (PGN 8.1.1: [Name "value"], backslash escapes). */
function tagPairs(pgn: string): [string, string][] {
  const out: [string, string][] = [];
  for (const m of pgn.matchAll(/^\s*\[([A-Za-z0-9_]+)\s+"((?:[^"\\]|\\.)*)"\s*\]\s*$/gm)) out.push([m[1], m[2].replace(/\\(.)/g, '$1')]);
  return out;
}

/** What of the movetext is not recorded (a comment's words beyond [%clk], a variation, a NAG), each naming its line (1-based). */
function movetextNotKept(pgn: string): { line: number; text: string; why: string }[] {
  const out: { line: number; text: string; why: string }[] = [];
  pgn.split(/\r?\n/).forEach((raw, i) => {
    if (/^\s*\[/.test(raw)) return;
    for (const c of raw.matchAll(/\{([^}]*)\}/g)) {
      const rest = c[1].replace(/\[%clk[^\]]*\]/g, '').trim();
      if (rest) out.push({ line: i + 1, text: `{${c[1]}}`, why: 'a comment is not recorded (only a [%clk] in it is)' });
    }
    const bare = raw.replace(/\{[^}]*\}/g, '').replace(/;.*$/, '');
    if (bare.includes('(')) out.push({ line: i + 1, text: bare.trim(), why: 'a variation is not recorded (only the main line is)' });
    for (const n of bare.matchAll(/\$\d+/g)) out.push({ line: i + 1, text: n[0], why: 'an annotation glyph (NAG) is not recorded' });
  });
  return out;
}

/** The 1-based line of the tag pair `name`, if the file writes it. */
function tagLine(pgn: string, name: string): number | null {
  const i = pgn.split(/\r?\n/).findIndex((l) => new RegExp(`^\\s*\\[${name}\\s`).test(l));
  return i < 0 ? null : i + 1;
}

/**
 * The 1-based movetext line holding `token` (a move chess.js refused) when the movetext writes it once; when the same
 * move was also played legally elsewhere, which occurrence was refused is not known here, so no line is named.
 */
function movetextLine(pgn: string, token: string): number | null {
  const escaped = token.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const word = new RegExp(`(^|[\\s.])${escaped}(?=$|[\\s!?+#])`, 'g');
  const hits = pgn.split(/\r?\n/).flatMap((l, i) => (/^\s*\[/.test(l) ? [] : [...l.matchAll(word)].map(() => i + 1)));
  return hits.length === 1 ? hits[0] : null;
}

/** Issue 30: every refusal of a file names its line, when the file has one to name. */
const atLine = (line: number | null, message: string): string => (line === null ? message : `line ${line}: ${message}`);

export interface PgnRecord {
  /** The names as the file writes them (White, Black tags), if it does. */
  readonly white?: string;
  readonly black?: string;
  /** The tag pairs as written, in file order. */
  readonly headers: readonly (readonly [string, string])[];
  /** What the file says that is not recorded, each naming its line. */
  readonly notKept: readonly { readonly line: number; readonly text: string; readonly why: string }[];
  readonly result: '1-0' | '0-1' | '1/2-1/2' | '*';
  /** The line of the Result tag, for a refusal that names it. */
  readonly resultLine?: number;
  readonly timeControl: TimeControl;
  /** Whether the file states the time control (else `timeControl` is the 60-minute reading, not the file's). */
  readonly timeControlWritten: boolean;
  /** The set-up position (PGN SetUp/FEN tags), if any. */
  readonly startFen?: string;
  /** The game's SAN moves with the mover's clock after each where a `[%clk]` comment gives it. */
  readonly moves: readonly { readonly san: string; readonly clockMs: number | null }[];
}

/** Whether a TimeControl tag's value states one: PGN writes "?" for unknown and "-" for none (no tag says nothing). */
export function pgnStatesTimeControl(value: string | undefined): boolean {
  return value !== undefined && !['', '?', '-'].includes(value.trim());
}

/** Reads a PGN game with chess.js (its moves checked legal); refusals name the `pgn` field. */
export function parsePgn(sent: string): PgnRecord {
  // A UTF-8 byte order mark is how the file was saved, not part of its first tag pair.
  const pgn = sent.replace(/^\uFEFF/, '');
  const chess = new Chess();
  try {
    chess.loadPgn(pgn);
  } catch (e) {
    // chess.js names where its grammar fails (location) or the move it refused ("Invalid move in PGN: Ke3").
    const err = e as Error & { location?: { start?: { line?: number } } };
    const refused = /^Invalid move in PGN: (\S+)/.exec(err.message)?.[1];
    const line = err.location?.start?.line ?? (refused ? movetextLine(pgn, refused) : null);
    invalid('chess/pgn-unreadable', atLine(line, `the PGN cannot be read: ${err.message}`), PGN_RULE, 'pgn');
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
  // a game without one ("?", "-" or no tag) is read as a 60-minute rapid game, neither shown as the file's nor checked
  // against a linked tournament's minutes; any other time control is refused.
  const written = h.TimeControl ?? '';
  const tc = /^(1800|3600)(?:\+(\d+))?$/.exec(written);
  if (!tc && pgnStatesTimeControl(written))
    invalid(
      'chess/time-control',
      atLine(tagLine(pgn, 'TimeControl'), `the PGN's TimeControl "${written}" is not a rapid game of 60 or 30 minutes a player (3600 or 1800 seconds)`),
      'rapid rules 1',
      'pgn',
    );
  const minutes = tc && tc[1] === '1800' ? 30 : 60;
  const headers = tagPairs(pgn);
  const tag = (name: string) => headers.find(([k]) => k === name)?.[1];
  const named = (v: string | undefined) => (v !== undefined && v.trim() !== '' && v !== '?' ? v : undefined);
  const white = named(tag('White'));
  const black = named(tag('Black'));
  return {
    ...(white !== undefined && { white }),
    ...(black !== undefined && { black }),
    headers,
    notKept: movetextNotKept(pgn),
    result,
    ...(tagLine(pgn, 'Result') !== null && { resultLine: tagLine(pgn, 'Result') as number }),
    ...(h.FEN && { startFen: h.FEN }),
    timeControl: { minutes, incrementSeconds: tc?.[2] ? Number(tc[2]) : 0 },
    timeControlWritten: tc !== null,
    moves,
  };
}

/**
 * The commands that record a PGN game (issue 30): start (the file's White and Black names mapped to the players'
 * ids, its source), each move with only the [%clk] the file writes (kept as written, not as a clock reading), then
 * the written Result, if the moves do not end the game themselves, as the result the file records (no invented
 * resignation or draw offer).
 */
export function pgnCommands(record: PgnRecord, players: readonly [ChessPlayer, ChessPlayer], source: RecordSource): ChessStep[] {
  const board = record.startFen ? new Chess(record.startFen) : new Chess();
  const first = board.turn() === 'b' ? 1 : 0;
  const seatOf = (i: number) => ((first + i) % 2) as Seat;
  for (const m of record.moves) board.move(m.san);
  const end = record.moves.length > 0 ? automaticEnd(board, seatOf(record.moves.length - 1)) : null;
  const played = end && (end.winner === null ? '1/2-1/2' : end.winner === 0 ? '1-0' : '0-1');
  // The moves ended the game (FIDE Laws 5: checkmate, stalemate, dead position); a written Result saying otherwise is refused.
  if (played && record.result !== '*' && record.result !== played)
    invalid(
      'chess/pgn-result-contradicts',
      atLine(record.resultLine ?? null, `the PGN's Result ${record.result} contradicts its moves, which end the game by ${end.reason} (${played})`),
      `${PGN_RULE}; 8.2.6 game termination marker; FIDE Laws 5`,
      'pgn',
    );
  const named: readonly [ChessPlayer, ChessPlayer] = [
    { id: players[0].id, name: record.white ?? players[0].name },
    { id: players[1].id, name: record.black ?? players[1].name },
  ];
  const steps: ChessStep[] = [
    { type: 'chess.start-game', players: named, timeControl: record.timeControl, ...(record.startFen && { startFen: record.startFen }), source },
  ];
  record.moves.forEach((m, i) => {
    steps.push({ type: 'chess.make-move', seat: seatOf(i), move: m.san, ...(m.clockMs !== null && { writtenClockMs: m.clockMs }) });
  });
  if (end !== null || record.result === '*') return steps;
  return [...steps, { type: 'chess.record-result', winner: record.result === '1/2-1/2' ? null : record.result === '1-0' ? 0 : 1 }];
}
