/** Moves, passes, resignation and time claims; a disputed move the arbiter rules is played the same way, with the ruling kept. */
import { invalid, refuse } from '../../kernel/index.js';
import { applyMove, emptyBoard, gtpPoint, parsePoint, place, positionHash, sgfPoint, tryPlay } from './board.js';
import { afterMove, penaltyPoints, remainingAt, runningSeat, timeUp } from './clock.js';
import { RULES } from './go.rules.js';
import type { GoEvent, GoGame, GoResult, GoState, MoveRecord, Seat, WrittenTime } from './go.types.js';

export const other = (seat: Seat): Seat => (seat === 0 ? 1 : 0);
export const colour = (seat: Seat) => (seat === 0 ? 'B' : 'W');

export function ended(g: GoGame, result: GoResult, at: string): GoEvent {
  return { type: 'go.GameEnded', data: { result, players: g.players, link: g.link, at } };
}

/** Every whole-board position of the game so far, in order (to confirm a super-ko hash match exactly). */
function positionsOf(g: GoGame): string[][] {
  let board = emptyBoard(g.boardSize);
  for (const p of g.handicapStones) board = place(board, parsePoint(p, g.boardSize) as [number, number], 'x');
  const all = [board];
  for (const m of g.moves) {
    board = applyMove(board, m.seat, m.point, m.captured, g.boardSize);
    all.push(board);
  }
  return all;
}

function repeats(g: GoGame, board: string[]): 'ko' | 'superko' | null {
  const hash = positionHash(board);
  const same = (rows: readonly string[]) => rows.every((r, i) => r === board[i]);
  const hits: number[] = [];
  for (let i = g.positions.indexOf(hash); i >= 0; i = g.positions.indexOf(hash, i + 1)) hits.push(i);
  if (hits.length === 0) return null;
  const boards = positionsOf(g);
  const confirmed = hits.filter((i) => same(boards[i]));
  if (confirmed.length === 0) return null;
  // The position before the opponent's last move: the immediate retake of a ko.
  if (confirmed.includes(g.positions.length - 2)) return 'ko';
  return g.rules.ko === 'positional-superko' ? 'superko' : null;
}

/** The penalty points a move or pass brings (Ing rules 第七条 延时 (1)), as an event, if any. */
function penaltyEvent(g: GoGame, seat: Seat, remainingMs: number): GoEvent[] {
  const before = g.penaltyPoints[seat];
  const after = penaltyPoints(g.rules, remainingMs);
  if (after <= before) return [];
  return [{ type: 'go.PenaltyPointsIncurred', data: { seat, points: after, added: after - before, overtimeMs: -remainingMs, rule: RULES.penaltyPoints } }];
}

function mayMove(state: GoState, g: GoGame, seat: Seat, at: string): void {
  if (g.clock.paused) refuse('go/clock-paused', 'the clocks are stopped by the arbiter', RULES.paused, { field: 'seat' });
  if (g.toMove !== seat) refuse('go/not-your-turn', `seat ${seat} (${colour(seat)}) is not to move`, RULES.turn, { field: 'seat' });
  if (timeUp(state, seat, at)) refuse('go/time-exceeded', `seat ${seat} is beyond the time limit`, RULES.timeExceeded, { field: 'seat' });
}

/** The mover's clock after the move: none in an imported record (issue 30), only the time the file writes, as written. */
function clockAfter(g: GoGame, state: GoState, seat: Seat, at: string, written: WrittenTime | undefined) {
  if (g.source) return { clock: { ...(written && (written.leftMs !== undefined || written.periods !== undefined) && { written }) }, penalty: [] };
  const clock = afterMove(g, state, seat, at);
  return { clock, penalty: penaltyEvent(g, seat, clock.remainingMs) };
}

export function playAt(state: GoState, g: GoGame, seat: Seat, text: string, at: string, ruling?: MoveRecord['ruling'], written?: WrittenTime): GoEvent[] {
  mayMove(state, g, seat, at);
  const v = parsePoint(text, g.boardSize);
  if (!v) invalid('go/point', `${text} is not a point of a ${g.boardSize}×${g.boardSize} board (GTP "Q16" or SGF "pd")`, RULES.occupied, 'point');
  const verdict = tryPlay(g.board, seat, v, g.rules.suicide);
  if (!verdict.ok) {
    if (verdict.why === 'occupied') invalid('go/occupied', `${text} is occupied`, RULES.occupied, 'point');
    if (verdict.why === 'single-suicide') invalid('go/suicide', `${text} would be a single-stone suicide`, RULES.singleSuicide, 'point');
    invalid('go/suicide', `${text} would leave its own stones without liberties and captures nothing`, RULES.suicide, 'point');
  }
  const repeated = repeats(g, verdict.board);
  if (repeated === 'ko') invalid('go/ko', `${text} retakes the ko at once`, RULES.ko, 'point');
  if (repeated === 'superko') invalid('go/superko', `${text} recreates an earlier whole-board position`, RULES.superko, 'point');
  const { clock, penalty } = clockAfter(g, state, seat, at, written);
  const m: MoveRecord = {
    number: g.moves.length + 1,
    seat,
    point: sgfPoint(v),
    gtp: gtpPoint(v, g.boardSize),
    captured: verdict.captured,
    at,
    ...clock,
    ...(ruling && { ruling }),
  };
  return [{ type: 'go.MoveMade', data: m }, ...penalty];
}

export function decidePlay(state: GoState, g: GoGame, command: { type: string; data: { seat: Seat; written?: WrittenTime } }, at: string): GoEvent[] {
  const seat = command.data.seat;
  switch (command.type) {
    case 'go.pass': {
      mayMove(state, g, seat, at);
      const { clock, penalty } = clockAfter(g, state, seat, at, command.data.written);
      const m: MoveRecord = { number: g.moves.length + 1, seat, point: null, gtp: 'pass', captured: [], at, ...clock };
      return [{ type: 'go.Passed', data: m }, ...penalty];
    }
    case 'go.resign':
      return [ended(g, { winner: other(seat), reason: 'resignation', text: `${colour(other(seat))}+R`, rule: RULES.resignation }, at)];
    case 'go.claim-time': {
      if (g.source) refuse('go/imported-untimed', 'an imported record was not timed here: no time can be claimed on it', RULES.imported, { field: 'seat' });
      const opponent = other(seat);
      const mine = timeUp(state, seat, at);
      const theirs = timeUp(state, opponent, at);
      // Ing rules 第七条 (1): 延时最先到达3／6基时者裁定败: with both beyond, the one whose clock stopped first (not running) reached it first.
      const loser: Seat | null = mine && theirs ? (runningSeat(state) === seat ? opponent : seat) : theirs ? opponent : null;
      if (loser === null)
        refuse(
          'go/time-not-exceeded',
          `seat ${opponent} is within the time limit (${remainingAt(state, at)[opponent]} ms of basic time left)`,
          RULES.timeNotExceeded,
          {
            field: 'seat',
          },
        );
      return [ended(g, { winner: other(loser), reason: 'time', text: `${colour(other(loser))}+T`, rule: RULES.overtimeLoss }, at)];
    }
    default:
      return invalid('go/unknown-command', `unknown command ${command.type}`, RULES.started);
  }
}
