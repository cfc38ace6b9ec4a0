/** Test helpers: commands with a context at a given second of the game, and a game's history from moves. */
import type { CommandContext } from '../../../kernel/index.js';
import { goCommand, type GoCommand, type GoEvent, type GoState, type GoStep, type Seat } from '../go.types.js';
import { goDecider } from '../go.decider.js';

export const T0 = Date.parse('2026-12-01T09:00:00.000Z');
export const at = (s: number) => new Date(T0 + s * 1000).toISOString();
export const MIN = 60;
export const PLAYERS = [
  { id: 'ann', name: 'Ann Lee' },
  { id: 'bob', name: 'Bob Chan' },
] as const;

export function cmd(step: GoStep, s = 0, role: 'player' | 'arbiter' = 'arbiter'): GoCommand {
  const context: CommandContext = { at: at(s), actor: { id: role === 'arbiter' ? 'arb-1' : 'ann', role }, commandId: `c-${s}-${step.type}` };
  return goCommand(step, context);
}

export const START: GoStep = { type: 'go.start-game', players: [PLAYERS[0], PLAYERS[1]] };
export const start = (extra: Partial<Extract<GoStep, { type: 'go.start-game' }>> = {}): GoStep => ({ ...START, ...extra }) as GoStep;

/** A move given as a point (or 'pass'), optionally with the second it is made at (default: one second after the last). */
export type Play = string | readonly [string, number];

/** The events of a game started at second 0 with `plays` made alternately by the side to move. */
export function history(plays: readonly Play[], first: GoStep = START): GoEvent[] {
  let state: GoState = goDecider.initialState();
  const events: GoEvent[] = [];
  const run = (c: GoCommand) => {
    for (const e of goDecider.decide(c, state)) {
      events.push(e);
      state = goDecider.evolve(state, e);
    }
  };
  run(cmd(first, 0));
  let s = 0;
  for (const p of plays) {
    const [point, when] = typeof p === 'string' ? [p, s + 1] : p;
    s = when;
    if (state.phase === 'none') break;
    const seat: Seat = state.game.toMove;
    run(cmd(point === 'pass' ? { type: 'go.pass', seat } : { type: 'go.play', seat, point }, s));
  }
  return events;
}

export const fold = (events: readonly GoEvent[]): GoState => events.reduce(goDecider.evolve, goDecider.initialState());
