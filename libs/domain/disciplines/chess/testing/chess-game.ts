/** Test helpers: commands with a context at a given second of the game, and a game's history from moves. */
import type { CommandContext } from '../../../kernel/index.js';
import { chessCommand, type ChessCommand, type ChessEvent, type ChessStep } from '../chess.types.js';
import { chessDecider } from '../chess.decider.js';

export const T0 = Date.parse('2026-12-01T09:00:00.000Z');
export const at = (s: number) => new Date(T0 + s * 1000).toISOString();
export const PLAYERS = [
  { id: 'ann', name: 'Ann Lee' },
  { id: 'bob', name: 'Bob Chan' },
] as const;

export function cmd(step: ChessStep, s = 0, role: 'player' | 'arbiter' = 'arbiter'): ChessCommand {
  const context: CommandContext = { at: at(s), actor: { id: role === 'arbiter' ? 'arb-1' : 'ann', role }, commandId: `c-${s}-${step.type}` };
  return chessCommand(step, context);
}

export const START: ChessStep = { type: 'chess.start-game', players: [PLAYERS[0], PLAYERS[1]], timeControl: { minutes: 30, incrementSeconds: 0 } };

/** The events of a game started at second 0 with `sans` played one a second (White's first at second 1). */
export function history(sans: readonly string[], start: ChessStep = START): ChessEvent[] {
  let state = chessDecider.initialState();
  const events: ChessEvent[] = [];
  const run = (c: ChessCommand) => {
    for (const e of chessDecider.decide(c, state)) {
      events.push(e);
      state = chessDecider.evolve(state, e);
    }
  };
  run(cmd(start, 0));
  sans.forEach((san, i) => run(cmd({ type: 'chess.make-move', seat: (i % 2) as 0 | 1, move: san }, i + 1)));
  return events;
}
