/** evolve for table matters: clock readings, pauses, the TD, extra time, switching the clock, incidents. */
import { assertNever } from '../../kernel/decider.js';
import { applyReading, pauseClock, resumeClock, runSeat } from './clock.js';
import type { ScrabbleState } from './scrabble.state.js';
import { gameOf, withGame, withLedger } from './scrabble.game-updates.js';
import type { EventOf } from './scrabble.events.js';

export type TableEvent = EventOf<
  | 'scrabble.ClockReadingRecorded'
  | 'scrabble.ClockPaused'
  | 'scrabble.ClockResumed'
  | 'scrabble.TdCalled'
  | 'scrabble.ExtraTimeGranted'
  | 'scrabble.ClockSwitched'
  | 'scrabble.IncidentRecorded'
>;

export function evolveTable(state: ScrabbleState, event: TableEvent): ScrabbleState {
  const at = event.data.at;
  switch (event.type) {
    case 'scrabble.ClockReadingRecorded': {
      const g = gameOf(state);
      return withGame(state, { ...g, clock: applyReading(g.clock, event.data.remainingMs, g.profile.timePerSideMs, at) });
    }
    case 'scrabble.ClockPaused': {
      const g = gameOf(state);
      return withGame(state, { ...g, clock: pauseClock(g.clock, event.data.reason, at) });
    }
    case 'scrabble.ClockResumed': {
      const g = gameOf(state);
      return withGame(state, { ...g, clock: resumeClock(g.clock, at, event.data.seat) });
    }
    case 'scrabble.TdCalled':
      return state;
    case 'scrabble.ExtraTimeGranted': {
      const g = gameOf(state);
      const used: [number, number] = [g.clock.usedMs[0], g.clock.usedMs[1]];
      used[event.data.seat] -= event.data.ms;
      return withGame(state, { ...g, clock: { ...g.clock, usedMs: used } });
    }
    case 'scrabble.ClockSwitched': {
      const g = gameOf(state);
      return withGame(state, { ...g, clock: runSeat(g.clock, event.data.to, at) });
    }
    case 'scrabble.IncidentRecorded': {
      const d = event.data;
      let g = gameOf(state);
      g = { ...g, incidents: [...g.incidents, { at, kind: d.kind, seat: d.seat, description: d.description, rule: d.rule }] };
      // Seed 分數: 「簽署後不可更改分數，除非雙方因分數顛倒而獲比賽總監同意更改」 — once the slip is signed (phase
      // 'finished') the incident is recorded but its points never reach the ledger, so the game's scores stay
      // equal to the posted result (decideRecordIncident refuses such points; this guards older streams).
      if (d.points !== 0 && d.seat !== null && state.phase !== 'finished')
        g = withLedger(g, { seat: d.seat, kind: 'td-penalty', points: -d.points, turn: null });
      return withGame(state, g);
    }
    default:
      return assertNever(event, 'scrabble table event');
  }
}
