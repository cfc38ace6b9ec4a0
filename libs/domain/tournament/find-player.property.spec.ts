import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { create, register, run, stateOf, ctx } from './testing/tournament.test-support.js';
import type { TournamentEvent } from './tournament.events.js';
import { evolveTournament, findPlayer, type OpenTournament, type TournamentState } from './tournament.state.js';

const [registeredA] = run(create(), register('a')).slice(1);
const registered = (id: string): TournamentEvent => {
  const e = registeredA as Extract<TournamentEvent, { type: 'tournament.PlayerRegistered' }>;
  return { ...e, data: { ...e.data, player: { ...e.data.player, id, name: `Player ${id}` } } };
};
const [withdrawnA] = run(create(), register('a'), { type: 'tournament.withdraw-player', context: ctx(), data: { playerId: 'a', fromRound: 2 } }).slice(2);
const withdrawn = (id: string): TournamentEvent => {
  const e = withdrawnA as Extract<TournamentEvent, { type: 'tournament.PlayerWithdrawn' }>;
  return { ...e, data: { ...e.data, playerId: id } };
};

const IDS = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'];

/** One step: evolve a state chosen among those made so far (an older one: a state decided on and dropped, a branch). */
const step = fc.record({ from: fc.nat(), kind: fc.constantFrom('register', 'withdraw', 'find'), id: fc.constantFrom(...IDS) });

describe('tournament state: findPlayer', () => {
  it('answers what a scan of the players answers, in every state, also after branches from older states (states decided on and dropped)', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 60 }), (steps) => {
        const states: OpenTournament[] = [stateOf(run(create()))];
        for (const s of steps) {
          const base = states[s.from % states.length];
          const known = base.players.some((p) => p.id === s.id);
          let next: TournamentState | undefined;
          if (s.kind === 'register' && !known) next = evolveTournament(base, registered(s.id));
          if (s.kind === 'withdraw' && known) next = evolveTournament(base, withdrawn(s.id));
          if (s.kind === 'find') findPlayer(base, s.id); // a lookup builds the positions of that array
          if (next) states.push(next as OpenTournament);
          for (const state of states) for (const id of IDS) expect(findPlayer(state, id)).toBe(state.players.find((p) => p.id === id));
        }
      }),
      { numRuns: 300 },
    );
  });
});
