/** Test support (pure): the events a sequence of commands records, each decided on the state before it. */
import { fold } from '../../../kernel/decider.js';
import type { ScrabbleCommand } from '../scrabble.commands.js';
import { scrabbleDecider } from '../scrabble.decider.js';
import type { ScrabbleEvent } from '../scrabble.events.js';

export function replay(commands: readonly ScrabbleCommand[]): ScrabbleEvent[] {
  let state = scrabbleDecider.initialState();
  const events: ScrabbleEvent[] = [];
  for (const c of commands) {
    const out = scrabbleDecider.decide(c, state);
    events.push(...out);
    state = fold(scrabbleDecider, out, state);
  }
  return events;
}
