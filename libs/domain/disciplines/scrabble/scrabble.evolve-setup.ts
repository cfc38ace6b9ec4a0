/** evolve for the start of a game, lateness, drawing tiles (incl. the overdraw), the clock's start. */
import { assertNever } from '../../kernel/decider.js';
import { newClock, runSeat } from './clock.js';
import { emptyBoard } from './board.js';
import { addToSet, takeFromSet } from './tile-set.js';
import { fullBag } from './tiles.js';
import type { Game, ScrabbleState } from './scrabble.state.js';
import { gameOf, setRack, withGame, withStatus } from './scrabble.game-updates.js';
import type { EventOf } from './scrabble.events.js';

export type SetupEvent = EventOf<
  | 'scrabble.GameCreated'
  | 'scrabble.AbsentClockStarted'
  | 'scrabble.LatePlayerArrived'
  | 'scrabble.GameForfeited'
  | 'scrabble.TilesDrawn'
  | 'scrabble.ExchangedTilesReturned'
  | 'scrabble.OverdrawResolved'
  | 'scrabble.ClockStarted'
>;

export function evolveSetup(state: ScrabbleState, event: SetupEvent): ScrabbleState {
  const at = event.data.at;
  switch (event.type) {
    case 'scrabble.GameCreated': {
      const d = event.data;
      const tiles = d.tracking ? fullBag() : null;
      const game: Game = {
        players: d.players,
        starter: d.starter,
        clockSide: d.clockSide,
        tracking: d.tracking,
        profile: d.profile,
        link: d.link ?? null,
        source: d.source ?? null,
        board: emptyBoard(),
        bag: { count: d.profile.tileCount, tiles },
        racks: [
          { count: 0, tiles: d.tracking ? [] : null },
          { count: 0, tiles: d.tracking ? [] : null },
        ],
        exchangeAside: null,
        faceDown: null,
        lastDraw: null,
        clock: newClock(),
        absent: null,
        turns: [],
        ledger: [],
        scores: [0, 0],
        zeroRun: 0,
        flags: [],
        incidents: [],
      };
      return { phase: 'setup', game };
    }
    case 'scrabble.AbsentClockStarted': {
      const g = gameOf(state);
      return withGame(state, { ...g, absent: event.data.seat, clock: runSeat(g.clock, event.data.seat, at) });
    }
    case 'scrabble.LatePlayerArrived': {
      const g = gameOf(state);
      return withGame(state, { ...g, absent: null, clock: runSeat(g.clock, null, at) });
    }
    case 'scrabble.GameForfeited': {
      const g = gameOf(state);
      return withGame(state, { ...g, clock: runSeat(g.clock, null, at) });
    }
    case 'scrabble.TilesDrawn': {
      const g = gameOf(state);
      const d = event.data;
      const bag = takeFromSet(g.bag, d.count, d.tiles);
      if (d.faceDown) {
        const fd = g.faceDown ?? { seat: d.seat, count: 0, tiles: g.tracking ? [] : null };
        return withGame(state, { ...g, bag, faceDown: { seat: d.seat, ...addToSet(fd, d.count, d.tiles) } });
      }
      const lastTurn = g.turns.length ? g.turns[g.turns.length - 1].n : 0;
      const lastDraw = { seat: d.seat, count: d.count, tiles: d.tiles, afterTurn: lastTurn };
      return withGame(state, { ...setRack({ ...g, bag }, d.seat, addToSet(g.racks[d.seat], d.count, d.tiles)), lastDraw });
    }
    case 'scrabble.ExchangedTilesReturned': {
      const g = gameOf(state);
      return withGame(state, { ...g, bag: addToSet(g.bag, event.data.count, event.data.tiles), exchangeAside: null });
    }
    case 'scrabble.OverdrawResolved': {
      const g = gameOf(state);
      const d = event.data;
      const bag = addToSet(takeFromSet(g.bag, d.drawnCount, d.drawn), d.returnedCount, d.returned);
      const rack = takeFromSet(addToSet(g.racks[d.seat], d.drawnCount, d.drawn), d.returnedCount, d.returned);
      return withGame(state, setRack({ ...g, bag }, d.seat, rack));
    }
    case 'scrabble.ClockStarted': {
      const g = gameOf(state);
      return withStatus(state, { ...g, clock: runSeat(g.clock, event.data.seat, at) }, { kind: 'to-move', seat: g.starter, tentative: null });
    }
    default:
      return assertNever(event, 'scrabble setup event');
  }
}
