/** The Go game decider (Ing rules): decide a command on the recorded game, or refuse it naming the rule. */
import { clockReadFirst, refuse, type ClockReading, type Decider } from '../../kernel/index.js';
import { agreed, deadChains, sign } from './decide-end.js';
import { decideOfficial } from './decide-officials.js';
import { decidePlay, playAt } from './decide-play.js';
import { decideStart } from './decide-start.js';
import { evolve } from './go.evolve.js';
import { RULES } from './go.rules.js';
import type { GoCommand, GoEvent, GoState } from './go.types.js';

export const initialState = (): GoState => ({ phase: 'none' });

function decideOn(command: GoCommand, state: GoState, at: string): GoEvent[] {
  if (state.phase === 'none') return [];
  const g = state.game;
  const inPhase = (phase: string, field: string, rule: string = RULES.notCounting) => {
    if (state.phase !== phase) refuse(`go/not-${phase}`, `the game is ${state.phase}, not ${phase}`, rule, { field });
  };
  switch (command.type) {
    case 'go.play':
      inPhase('playing', 'point', RULES.pass);
      return playAt(state, g, command.data.seat, command.data.point, at, undefined, command.data.written);
    case 'go.pass':
    case 'go.claim-time':
      inPhase('playing', 'seat', RULES.pass);
      return decidePlay(state, g, command, at);
    case 'go.resign':
      return decidePlay(state, g, command, at);
    case 'go.propose-dead-stones':
      inPhase('counting', 'stones');
      return [{ type: 'go.DeadStonesProposed', data: { seat: command.data.seat, stones: deadChains(g, command.data.stones, 'stones') } }];
    case 'go.accept-dead-stones': {
      inPhase('counting', 'seat');
      const proposal = g.deadStones;
      if (!proposal || proposal.proposedBy === command.data.seat)
        refuse('go/no-proposal', 'no proposal of dead stones by the opponent stands', RULES.deadStones, { field: 'seat' });
      return agreed(g, proposal.stones, 'players');
    }
    case 'go.sign-result':
      inPhase('signing', 'seat', RULES.signature);
      return sign(g, command.data.seat, at);
    default:
      return decideOfficial(state, g, command, at);
  }
}

export function decide(command: GoCommand, state: GoState): GoEvent[] {
  if (command.type === 'go.start-game') return decideStart(command, state);
  if (state.phase === 'none') refuse('go/not-started', 'the game has not been started', RULES.started, { kind: 'not-found', field: 'id' });
  if (state.phase === 'finished') refuse('go/game-finished', 'the game has ended', RULES.finished, { field: 'id' });
  const at = command.context.at;
  // A clock reading sent by an official is recorded before the command, which is decided on it.
  if (command.data.clockReading && state.game.source)
    refuse('go/imported-untimed', 'an imported record was not timed here: its clock is only what the file writes', RULES.imported, { field: 'clockReading' });
  const check = { type: 'go/clock-reading', rule: RULES.clockReading, belowZero: true };
  const read = (r: ClockReading): GoEvent => ({ type: 'go.ClockRead', data: { ...r, at, rule: RULES.clockReading } });
  const { pre, now } = clockReadFirst(command.data.clockReading, check, read, state, evolve);
  return [...pre, ...decideOn(command, now, at)];
}

export const goDecider: Decider<GoCommand, GoEvent, GoState> = { initialState, decide, evolve };
