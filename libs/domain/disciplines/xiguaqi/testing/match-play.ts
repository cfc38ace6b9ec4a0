/** Test helpers: commands at a given second of the match, a match's history from steps, and known lines of play. */
import type { CommandContext } from '../../../kernel/index.js';
import { xiguaqiDecider } from '../xiguaqi.decider.js';
import { xiguaqiCommand, type XiguaqiCommand, type XiguaqiEvent, type XiguaqiState, type XiguaqiStep } from '../xiguaqi.types.js';

export const T0 = Date.parse('2026-12-01T10:00:00.000Z');
export const at = (s: number) => new Date(T0 + s * 1000).toISOString();
export const PLAYERS = [
  { id: 'ann', name: 'Ann Lee' },
  { id: 'bob', name: 'Bob Chan' },
] as const;

export function cmd(step: XiguaqiStep, s = 0): XiguaqiCommand {
  const context: CommandContext = { at: at(s), actor: { id: 'arb-1', role: 'arbiter' }, commandId: `c-${s}-${step.type}` };
  return xiguaqiCommand(step, context);
}

export const START: Extract<XiguaqiStep, { type: 'xiguaqi.start-match' }> = {
  type: 'xiguaqi.start-match',
  players: [PLAYERS[0], PLAYERS[1]],
  bestOf: 3,
  minutesPerGame: 20,
  first: 0,
};

/** A move step for the seat alternating from the first mover: [from, to, captures?]. */
export type Line = readonly (readonly [number, number, (readonly number[])?])[];
export const moves = (line: Line, first: 0 | 1 = 0): XiguaqiStep[] =>
  line.map(([from, to, captures], i) => ({
    type: 'xiguaqi.move',
    seat: ((first + i) % 2) as 0 | 1,
    from,
    to,
    ...(captures?.length && { captures: [...captures] }),
  }));

/** Steps run in order, one a second from second 0 (or at the second given beside a step). */
export function history(steps: readonly (XiguaqiStep | readonly [XiguaqiStep, number])[]): { events: XiguaqiEvent[]; state: XiguaqiState } {
  let state = xiguaqiDecider.initialState();
  const events: XiguaqiEvent[] = [];
  steps.forEach((s, i) => {
    const [step, sec] = Array.isArray(s) ? (s as [XiguaqiStep, number]) : [s as XiguaqiStep, i];
    for (const e of xiguaqiDecider.decide(cmd(step, sec), state)) {
      events.push(e);
      state = xiguaqiDecider.evolve(state, e);
    }
  });
  return { events, state };
}

/** Black (seat 0) surrounds the white piece that came to point 2: after the last move it has no liberty (1, 4, 5 black). */
export const CAPTURE_LINE: Line = [
  [4, 7],
  [16, 8],
  [5, 9],
  [8, 5],
  [2, 4],
  [5, 2],
  [9, 5],
];

/** Black's 12th move (12→15) takes the white group on 15's far side (18–21): four captured, the game won (第九条一). */
export const WIN_LINE: Line = [
  [6, 13],
  [16, 9],
  [4, 7],
  [17, 14],
  [7, 4],
  [9, 16],
  [13, 6],
  [14, 13],
  [6, 14],
  [13, 12],
  [14, 17],
  [12, 7],
  [5, 8],
  [18, 15],
  [3, 6],
  [19, 18],
  [6, 13],
  [16, 19],
  [8, 16],
  [15, 10],
  [13, 12],
  [7, 11],
  [12, 15, [18]],
];
