import { describe, expect, it } from '@jest/globals';
import { DomainError } from '../../kernel/index.js';
import { exportRecord, parseRecord } from './notation.js';
import { xiguaqiDecider } from './xiguaqi.decider.js';
import { CAPTURE_LINE, cmd, history, moves, PLAYERS, START } from './testing/match-play.js';
import type { XiguaqiEvent, XiguaqiState, XiguaqiStep } from './xiguaqi.types.js';

const S = (step: XiguaqiStep, s: number) => [step, s] as const;
const bo5 = { ...START, bestOf: 5 } as XiguaqiStep;
/** A best-of-five match with every kind of line: moves, a capture, an escape, a grab, a clock reading, a pass, each way to end a game. */
const MATCH = [
  S(bo5, 0),
  ...moves(CAPTURE_LINE.slice(0, -1)).map((m, i) => S(m, i + 1)),
  S({ type: 'xiguaqi.move', seat: 0, from: 9, to: 5, captures: [2] }, 10),
  S({ type: 'xiguaqi.move', seat: 1, from: 17, to: 14, clockReading: { remainingMs: [500_000, 480_000] } }, 20),
  S({ type: 'xiguaqi.pass', seat: 0 }, 30),
  S({ type: 'xiguaqi.move', seat: 0, from: 7, to: 10 }, 200), // a grab: White had spent 170 s
  S({ type: 'xiguaqi.resign', seat: 1 }, 210),
  S({ type: 'xiguaqi.start-game' }, 300),
  ...moves(CAPTURE_LINE.slice(0, -1), 1).map((m, i) => S(m, 301 + i)),
  S({ type: 'xiguaqi.move', seat: 1, from: 9, to: 5 }, 310), // Black (seat 1) does not capture: White's piece on 2 escapes
  S({ type: 'xiguaqi.rule-game', winner: null, note: 'agreed ; "deadlock"' }, 320),
  S({ type: 'xiguaqi.start-game' }, 400),
  S({ type: 'xiguaqi.forfeit', seat: 0, scope: 'game' }, 410),
  S({ type: 'xiguaqi.start-game' }, 500),
  S({ type: 'xiguaqi.call-time', clockReading: { remainingMs: [0, 0] } }, 520),
  S({ type: 'xiguaqi.forfeit', seat: 1, scope: 'match' }, 600),
] as const;

function replay(text: string): XiguaqiEvent[] {
  let state: XiguaqiState = xiguaqiDecider.initialState();
  const events: XiguaqiEvent[] = [];
  for (const { step, offsetMs } of parseRecord(text).steps) {
    const full = (step.type === 'xiguaqi.start-match' ? { ...step, players: PLAYERS } : step) as XiguaqiStep;
    for (const e of xiguaqiDecider.decide(cmd(full, offsetMs! / 1000), state)) {
      events.push(e);
      state = xiguaqiDecider.evolve(state, e);
    }
  }
  return events;
}

describe('the xiguaqi match notation (one command a line, points as in docs/xiguaqi-board.svg)', () => {
  const { events, state } = history(MATCH);
  const text = exportRecord(events);

  it('exports each command as a line: headers, games with the first mover, moves with captures, grabs, clock readings, passes, ends', () => {
    expect(state.phase).toBe('finished');
    const lines = text.split('\n');
    expect(lines.slice(0, 5)).toEqual(['[BestOf "5"]', '[MinutesPerGame "20"]', '[Seat0 "Ann Lee"]', '[Seat1 "Bob Chan"]', '']);
    expect(lines).toContain('Game 1 black=0 @0');
    expect(lines).toContain('1. B 4-7 @1');
    expect(lines).toContain('7. B 9-5 x2 @10');
    expect(lines).toContain('8. W 17-14 @20 clock=500000/480000');
    expect(lines).toContain('9. B pass @30');
    expect(lines).toContain('10. B 7-10 ! @200');
    expect(lines).toContain('W resigns @210');
    expect(lines).toContain('Game 2 black=1 @300');
    expect(lines).toContain('7. B 9-5 @310 ; escaped 2');
    expect(lines).toContain('ruling draw @320 "agreed ; \\"deadlock\\""');
    expect(lines).toContain('B forfeits game @410');
    expect(lines).toContain('time @520 clock=0/0');
    expect(lines).toContain('seat 1 forfeits match @600');
    expect(lines).toContain('; match: seat 0 wins, games 1-1, captured 1-0');
  });

  it('round-trips: the record imported records the same events, and exports to the same text', () => {
    const again = replay(text);
    expect(again).toEqual(events);
    expect(exportRecord(again)).toBe(text);
  });

  it('refuses a line it cannot read, naming the field record and the line', () => {
    const bad = text.replace('1. B 4-7 @1', '1. B 4~7 @1');
    let caught: unknown;
    try {
      parseRecord(bad);
    } catch (e) {
      caught = e;
    }
    expect(caught).toBeInstanceOf(DomainError);
    expect(caught).toMatchObject({ type: 'xiguaqi/record', field: 'record', message: expect.stringContaining('line 7') });
    expect(() => parseRecord('1. B 4-7 @1')).toThrow(/before the first "Game" line/);
  });
});
