import type { CommandContext, Role } from '../../kernel/command.js';
import { fold } from '../../kernel/decider.js';
import { DomainError } from '../../kernel/errors.js';
import { deciderSpec } from '../../kernel/testing/decider-spec.js';
import type { PairedGame, PairedTable, PairingResult, PairingSystem } from '../../pairing/types.js';
import type { Discipline } from '../../standings/results.js';
import type { PlayerDetails, ResultInput, TournamentCommand, TournamentCommandData } from '../tournament.commands.js';
import { tournamentDecider } from '../tournament.decider.js';
import type { TournamentEvent } from '../tournament.events.js';
import type { OpenTournament, TournamentState } from '../tournament.state.js';

/** Test support for given/when/then decider specs (not a spec itself). */
let n = 0;
export const ctx = (role: Role = 'arbiter', id = 'arb-1'): CommandContext => ({ at: '2026-11-29T10:00:00Z', actor: { id, role }, commandId: `cmd-${++n}` });

type Body<T extends keyof TournamentCommandData> = TournamentCommandData[T];

export const create = (over: Partial<Body<'tournament.create'>> = {}): TournamentCommand => ({
  type: 'tournament.create',
  context: ctx('admin'),
  data: {
    id: 't1',
    name: 'Open',
    discipline: 'scrabble' as Discipline,
    pairingSystems: ['random', 'australian-draw', 'round-robin', 'king-of-the-hill', 'mahjong-swiss'] as PairingSystem[],
    ...over,
  },
});
export const register = (id: string, over: Partial<PlayerDetails> = {}, joinsAtRound?: number): TournamentCommand => ({
  type: 'tournament.register-player',
  context: ctx(),
  data: {
    player: { id, name: `Player ${id.toUpperCase()}`, ...over },
    ...(joinsAtRound !== undefined && { joinsAtRound }),
  },
});
export const game = (table: number, first: string, second: string): PairedGame => ({ table, first, second });
export const mjTable = (table: number, players: [string, string, string, string]): PairedTable => ({
  table,
  seats: players.map((player, i) => ({ player, wind: (['E', 'S', 'W', 'N'] as const)[i] })),
});
export const pairManual = (
  round: number,
  games: PairedGame[],
  bye: string | null = null,
  tables: PairedTable[] = [],
  division?: string,
  byes?: string[],
): TournamentCommand => ({
  type: 'tournament.pair-round',
  context: ctx(),
  data: {
    round,
    ...(division !== undefined && { division }),
    pairing: { kind: 'manual', reason: 'arbiter pairing for the test', games, tables, bye, ...(byes !== undefined && { byes }) },
  },
});
export const systemResult = (round: number, games: PairedGame[], bye: string | null = null, over: Partial<PairingResult> = {}): PairingResult => ({
  system: 'random',
  round,
  games,
  tables: [],
  bye,
  repeats: [],
  explanation: ['seeded shuffle'],
  ...over,
});
export const pairSystem = (round: number, result: PairingResult, system: PairingSystem = result.system): TournamentCommand => ({
  type: 'tournament.pair-round',
  context: ctx(),
  data: {
    round,
    pairing: { kind: 'system', system, seed: `seed-${round}`, result },
  },
});
export const publish = (round: number): TournamentCommand => ({ type: 'tournament.publish-round', context: ctx(), data: { round } });
export const lock = (round: number): TournamentCommand => ({ type: 'tournament.lock-round', context: ctx('chief-arbiter'), data: { round } });
export const record = (round: number, table: number, result: ResultInput, gameId?: string): TournamentCommand => ({
  type: 'tournament.record-result',
  context: ctx(),
  data: {
    round,
    table,
    result,
    source: gameId ? { kind: 'game', gameId } : { kind: 'arbiter' },
  },
});
export const correct = (
  round: number,
  table: number,
  result: ResultInput,
  role: Role = 'arbiter',
  reason = 'scores were swapped on the slip',
): TournamentCommand => ({
  type: 'tournament.correct-result',
  context: ctx(role, `${role}-1`),
  data: {
    round,
    table,
    result,
    reason,
  },
});
export const scrabble = (first: number, second: number): ResultInput => ({
  kind: 'played',
  outcome: first > second ? 'first' : first < second ? 'second' : 'draw',
  score: { first, second },
});
export const won = (outcome: 'first' | 'second' | 'draw'): ResultInput => ({ kind: 'played', outcome });

/** Runs commands one after the other; returns every event. */
export function run(...commands: TournamentCommand[]): TournamentEvent[] {
  return extend([], ...commands);
}

/** The history followed by the events of the commands, run one after the other on it. */
export function extend(history: TournamentEvent[], ...commands: TournamentCommand[]): TournamentEvent[] {
  const events: TournamentEvent[] = [...history];
  let state: TournamentState = fold(tournamentDecider, history);
  for (const c of commands) {
    const out = tournamentDecider.decide(c, state);
    events.push(...out);
    state = fold(tournamentDecider, out, state);
  }
  return events;
}

export function stateOf(history: TournamentEvent[]): OpenTournament {
  const s = fold(tournamentDecider, history);
  if (s.status !== 'open') throw new Error('tournament not created');
  return s;
}

/** given(history).when(command) → events */
export function given(history: TournamentEvent[]) {
  const state = fold(tournamentDecider, history);
  return {
    when: (command: TournamentCommand) => tournamentDecider.decide(command, state),
    /** The refusal `command` meets; fails the test when it is accepted. */
    refuses: (command: TournamentCommand): DomainError => {
      try {
        tournamentDecider.decide(command, state);
      } catch (e) {
        if (e instanceof DomainError) return e;
        throw e;
      }
      throw new Error(`expected ${command.type} to be refused`);
    },
  };
}

/** Four players a..d registered in a scrabble tournament (or the given discipline). */
export function fourPlayers(discipline: Discipline = 'scrabble', extra: Partial<Body<'tournament.create'>> = {}): TournamentEvent[] {
  return run(
    create({ discipline, ...extra }),
    register('a', { rating: 1800 }),
    register('b', { rating: 1700 }),
    register('c', { rating: 1600 }),
    register('d', { rating: 1500 }),
  );
}

/** The kernel's given/when/then over the tournament decider: `spec.given(events).when(command).then(events)`. */
export const spec = deciderSpec(tournamentDecider);
