/** evolve for a turn: the announced and completed move, hold and acceptance. */
import { assertNever } from '../../kernel/decider.js';
import { pauseClock, resumeClock, runSeat } from './clock.js';
import { placeOnBoard } from './board.js';
import { boardLetter } from './scoring.js';
import { other } from './seat.js';
import { takeFromSet } from './tile-set.js';
import { BLANK } from './tiles.js';
import type { Game, ScrabbleState, TurnRecord } from './scrabble.state.js';
import {
  faceDownToRack,
  gameOf,
  ledgerWith,
  racksWith,
  scorelessRun,
  setRack,
  withGame,
  withLedger,
  withRun,
  withStatus,
  type WritableGame,
} from './scrabble.game-updates.js';
import type { EventOf } from './scrabble.events.js';

export type TurnEvent = EventOf<
  | 'scrabble.MoveAnnounced'
  | 'scrabble.MoveCompleted'
  | 'scrabble.ScoreMismatchFlagged'
  | 'scrabble.HoldCalled'
  | 'scrabble.HoldFlagged'
  | 'scrabble.MoveAccepted'
>;

export function evolveTurn(state: ScrabbleState, event: TurnEvent): ScrabbleState {
  const at = event.data.at;
  switch (event.type) {
    case 'scrabble.MoveAnnounced': {
      if (state.phase !== 'playing' || state.status.kind !== 'to-move') return state;
      return {
        ...state,
        status: { ...state.status, tentative: { move: event.data.move, announcedScore: event.data.announcedScore, computed: event.data.computedScore } },
      };
    }
    case 'scrabble.MoveCompleted': {
      const g0 = gameOf(state);
      const d = event.data;
      const m = d.move;
      const rackBefore = g0.racks[d.seat].tiles;
      // A turn is `base` and then its kind and status: Object.assign, not a spread followed by new keys (slow on Node 20).
      const base: Omit<TurnRecord, 'kind' | 'status'> = {
        n: d.turn,
        seat: d.seat,
        at,
        move: m,
        announced: d.announcedScore,
        computed: d.computedScore,
        score: d.announcedScore,
        rackBefore,
        ...(d.remainingMs && { remainingMs: d.remainingMs }),
      };
      if (m.kind === 'play') {
        const rackTiles = m.placements.map((p) => (p.blank ? BLANK : p.letter));
        const { ledger, scores } = ledgerWith(g0, { seat: d.seat, kind: 'turn', points: d.announcedScore, turn: d.turn });
        // The game copied once, then each field the play changes set: a spread followed by keys for each in turn (V8's slow
        // path on Node 20) was most of this fold's time, and Object.assign can leave a copy this size in dictionary mode.
        const g: WritableGame = { ...g0 };
        g.lastDraw = null;
        g.racks = racksWith(g0, d.seat, takeFromSet(g0.racks[d.seat], m.placements.length, rackTiles));
        g.board = placeOnBoard(
          g0.board,
          m.placements.map((p) => ({ row: p.row, col: p.col, letter: boardLetter(p) })),
        );
        g.turns = [...g0.turns, Object.assign({}, base, { kind: 'play', status: 'pending' } as const)];
        g.ledger = ledger;
        g.scores = scores;
        g.clock = d.goingOut ? pauseClock(runSeat(g0.clock, null, at), 'end-of-game', at) : runSeat(g0.clock, other(d.seat), at);
        return withStatus(state, g, { kind: 'pending', seat: d.seat, turn: d.turn, goingOut: d.goingOut, hold: null });
      }
      let g: Game = { ...g0, lastDraw: null };
      if (m.kind === 'exchange') {
        g = { ...setRack(g, d.seat, takeFromSet(g.racks[d.seat], m.count, m.tiles)), exchangeAside: { seat: d.seat, count: m.count, tiles: m.tiles } };
      }
      g = withLedger(withRun({ ...g, turns: [...g.turns, Object.assign({}, base, { kind: m.kind, status: 'accepted' } as const)] }), {
        seat: d.seat,
        kind: 'turn',
        points: 0,
        turn: d.turn,
      });
      return withStatus(state, { ...g, clock: runSeat(g.clock, other(d.seat), at) }, { kind: 'to-move', seat: other(d.seat), tentative: null });
    }
    case 'scrabble.ScoreMismatchFlagged': {
      const g = gameOf(state);
      const d = event.data;
      return withGame(state, {
        ...g,
        flags: [...g.flags, { kind: 'score-mismatch', at, turn: d.turn, detail: `announced ${d.announced}, computed ${d.computed}` }],
      });
    }
    case 'scrabble.HoldCalled': {
      if (state.phase !== 'playing' || state.status.kind !== 'pending') return state;
      const g = state.game;
      // A hold on a going-out play restarts the clock on the holder (seed 完成遊戲: "計時器會在以下情況後恢復：「Hold」").
      const clock = state.status.goingOut ? resumeClock(g.clock, at, event.data.seat) : g.clock;
      return { ...state, game: { ...g, clock }, status: { ...state.status, hold: { seat: event.data.seat, since: at } } };
    }
    case 'scrabble.HoldFlagged': {
      const g = gameOf(state);
      return withGame(state, {
        ...g,
        flags: [
          ...g.flags,
          { kind: 'hold-too-long', at, turn: event.data.turn, detail: `hold of ${event.data.holdMs} ms exceeds ${event.data.thresholdMs} ms` },
        ],
      });
    }
    case 'scrabble.MoveAccepted': {
      const g0 = gameOf(state);
      const turns = g0.turns.map((t) => (t.n === event.data.turn ? { ...t, status: 'accepted' as const } : t));
      // Face-down tiles join the rack, and the turn is accepted: the game copied once for both (scorelessRun as withRun counts it).
      const g: WritableGame = { ...faceDownToRack(g0) };
      g.turns = turns;
      g.zeroRun = scorelessRun(turns);
      if (state.phase === 'playing' && state.status.kind === 'pending')
        return withStatus(state, g, { kind: 'to-move', seat: other(state.status.seat), tentative: null });
      return withGame(state, g);
    }
    default:
      return assertNever(event, 'scrabble turn event');
  }
}
