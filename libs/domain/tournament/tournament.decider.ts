import { assertNever, type Decider } from '../kernel/decider.js';
import { decideCorrect, decideRecord } from './decide-results.js';
import { decideLock, decidePairRound, decidePublish } from './decide-rounds.js';
import { decideAbsent, decideCreate, decideForbid, decidePenalty, decideRegister, decideWithdraw } from './decide-setup.js';
import type { TournamentCommand } from './tournament.commands.js';
import type { TournamentEvent } from './tournament.events.js';
import { evolveTournament, initialTournamentState, type TournamentState } from './tournament.state.js';

function decide(command: TournamentCommand, state: TournamentState): TournamentEvent[] {
  switch (command.type) {
    case 'tournament.create':
      return decideCreate(command.data, state);
    case 'tournament.register-player':
      return decideRegister(command.data, state);
    case 'tournament.withdraw-player':
      return decideWithdraw(command.data, state);
    case 'tournament.mark-absent':
      return decideAbsent(command.data, state);
    case 'tournament.forbid-pairing':
      return decideForbid(command.data, state);
    case 'tournament.pair-round':
      return decidePairRound(command.data, state);
    case 'tournament.publish-round':
      return decidePublish(command.data, state);
    case 'tournament.record-result':
      return decideRecord(command.data, state);
    case 'tournament.correct-result':
      return decideCorrect(command.data, state, command.context);
    case 'tournament.lock-round':
      return decideLock(command.data, state);
    case 'tournament.apply-penalty':
      return decidePenalty(command.data, state);
    default:
      return assertNever(command, 'tournament command');
  }
}

/**
 * The tournament aggregate. Pairing is injected through the command: the application layer calls
 * `pair(system, pairingRequestFor(state, division, round, seed, options, system))` and sends the result in
 * `tournament.pair-round`; the decider validates it and records it (and the bye) as events.
 */
export function createTournamentDecider(): Decider<TournamentCommand, TournamentEvent, TournamentState> {
  return { initialState: initialTournamentState, decide, evolve: evolveTournament };
}

export const tournamentDecider = createTournamentDecider();
