/** Folds the Go events into the game state (the board from the recorded stones and captures, the clocks from recorded times). */
import { applyMove, emptyBoard, parsePoint, place, positionHash } from './board.js';
import { remainingAt } from './clock.js';
import { basicMs } from './go.profile.js';
import type { GoEvent, GoGame, GoPhase, GoState, MoveRecord, Seat } from './go.types.js';

const other = (seat: Seat): Seat => (seat === 0 ? 1 : 0);
type Writable<T> = { -readonly [K in keyof T]: T[K] };

function started(e: Extract<GoEvent, { type: 'go.GameStarted' }>['data']): GoGame {
  let board = emptyBoard(e.boardSize);
  for (const p of e.handicapStones) board = place(board, parsePoint(p, e.boardSize) as [number, number], 'x');
  const ms = basicMs(e.rules);
  const periods = e.rules.overtime.kind === 'byo-yomi' ? e.rules.overtime.periods : 0;
  return {
    players: e.players,
    link: e.link,
    rules: e.rules,
    compensation: e.compensation,
    boardSize: e.boardSize,
    handicapStones: e.handicapStones,
    startedAt: e.at,
    source: e.source ?? null,
    moves: [],
    board,
    positions: [positionHash(board)],
    // Ing rules 第十条 记谱: Black first; after handicap stones, White.
    toMove: e.handicapStones.length > 0 ? 1 : 0,
    captures: [0, 0],
    penaltyPoints: [0, 0],
    // An imported record was not timed here: its clocks never run (issue 30: no invented readings).
    clock: { remainingMs: [ms, ms], periodsLeft: [periods, periods], since: e.source ? null : e.at, paused: false },
    arrived: [false, false],
    deadStones: null,
    count: null,
    signatures: [false, false],
    result: null,
  };
}

function moved(state: GoState & { game: GoGame }, m: MoveRecord): GoState {
  const g = state.game;
  const board = applyMove(g.board, m.seat, m.point, m.captured, g.boardSize);
  const remainingMs: [number, number] = [g.clock.remainingMs[0], g.clock.remainingMs[1]];
  if (m.remainingMs !== undefined) remainingMs[m.seat] = m.remainingMs;
  const periodsLeft: [number, number] = [g.clock.periodsLeft[0], g.clock.periodsLeft[1]];
  if (m.periodsLeft !== undefined) periodsLeft[m.seat] = m.periodsLeft;
  const captures: [number, number] = [g.captures[0], g.captures[1]];
  // Stones taken off are the captor's prisoners; a suicide's own stones are the opponent's.
  const own = m.seat === 0 ? 'x' : 'o';
  for (const c of m.captured) {
    const [x, y] = parsePoint(c, g.boardSize) as [number, number];
    captures[c === m.point || g.board[y][x] === own ? other(m.seat) : m.seat] += 1;
  }
  const last = g.moves[g.moves.length - 1];
  // Arbitra: two passes in a row end play and the clocks stop for the count (Ing rules 第九条 示虚 (2) only says how a pass is shown).
  const bothPassed = m.point === null && last !== undefined && last.point === null;
  const phase: GoPhase = bothPassed ? 'counting' : 'playing';
  // A copy, then its fields set: a spread followed by keys takes V8's slow path on Node 20 (most of this fold's time), and
  // Object.assign leaves an object this size in dictionary mode. concat sizes each list's copy once.
  const clock: Writable<GoGame['clock']> = { ...g.clock };
  clock.remainingMs = remainingMs;
  clock.periodsLeft = periodsLeft;
  clock.since = bothPassed || g.source ? null : m.at;
  const game: Writable<GoGame> = { ...g };
  game.moves = g.moves.concat([m]);
  game.board = board;
  game.positions = g.positions.concat([positionHash(board)]);
  game.toMove = other(m.seat);
  game.captures = captures;
  game.arrived = m.seat === 0 ? [true, g.arrived[1]] : [g.arrived[0], true];
  game.clock = clock;
  return { phase, game };
}

export function evolve(state: GoState, event: GoEvent): GoState {
  if (event.type === 'go.GameStarted') return { phase: 'playing', game: started(event.data) };
  if (state.phase === 'none') return state;
  const g = state.game;
  const withGame = (game: GoGame, phase: GoPhase = state.phase as GoPhase): GoState => ({ phase, game });
  switch (event.type) {
    case 'go.ClockRead': {
      const d = event.data;
      return withGame({
        ...g,
        clock: { ...g.clock, remainingMs: d.remainingMs, periodsLeft: d.periodsLeft ?? g.clock.periodsLeft, since: g.clock.since === null ? null : d.at },
      });
    }
    case 'go.MoveMade':
    case 'go.Passed':
      return moved(state, event.data);
    case 'go.LatenessRecorded': {
      const { seat, deductedMs, at } = event.data;
      // The waiting time of a late player whose clock was running is replaced by the deduction (Ing rules 第八条 扣时).
      const running = g.toMove === seat && g.clock.since !== null && !g.clock.paused && state.phase === 'playing';
      const remainingMs = remainingAt(state, at);
      remainingMs[seat] = (running ? g.clock.remainingMs[seat] : remainingMs[seat]) - deductedMs;
      const arrived: [boolean, boolean] = seat === 0 ? [true, g.arrived[1]] : [g.arrived[0], true];
      return withGame({ ...g, arrived, clock: { ...g.clock, remainingMs, since: g.clock.since === null ? null : at } });
    }
    case 'go.ClockPaused':
      return withGame({ ...g, clock: { ...g.clock, remainingMs: remainingAt(state, event.data.at), since: null, paused: true } });
    case 'go.ClockResumed':
      return withGame({ ...g, clock: { ...g.clock, since: event.data.at, paused: false } });
    case 'go.DeadStonesProposed':
      return withGame({ ...g, deadStones: { proposedBy: event.data.seat, stones: event.data.stones } });
    case 'go.DeadStonesAgreed':
      return withGame({ ...g, deadStones: { proposedBy: g.deadStones?.proposedBy ?? 0, stones: event.data.stones } });
    case 'go.Counted':
      return withGame({ ...g, count: event.data }, 'signing');
    case 'go.ResultSigned':
      return withGame({ ...g, signatures: event.data.seat === 0 ? [true, g.signatures[1]] : [g.signatures[0], true] });
    case 'go.GameEnded':
      return {
        phase: 'finished',
        game: { ...g, result: event.data.result, clock: { ...g.clock, remainingMs: remainingAt(state, event.data.at), since: null } },
      };
    case 'go.PenaltyPointsIncurred': {
      const pp: [number, number] = [g.penaltyPoints[0], g.penaltyPoints[1]];
      pp[event.data.seat] = event.data.points;
      return withGame({ ...g, penaltyPoints: pp });
    }
  }
}
