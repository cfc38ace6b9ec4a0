import { type Actor, type Command, type CommandUnion } from '../../libs/domain/kernel/command.js';
import type { Decider, DomainEvent } from '../../libs/domain/kernel/decider.js';
import { refuse } from '../../libs/domain/kernel/errors.js';

/**
 * The fixture discipline (issue 28): a two-seat game that exists only in the test build, to prove that adding a
 * discipline is its folders plus one registry line. The arbiter records a point for a seat, may penalise a seat (points
 * off its score), and ends the game; the higher score wins. Its "rules" are this comment: FIXTURE §1 points, §2
 * penalties, §3 the end.
 */
export type FixtureSeat = 0 | 1;
export interface FixturePlayer {
  readonly id: string;
  readonly name: string;
}
export interface FixtureLink {
  readonly tournamentId: string;
  readonly round: number;
  readonly table: number;
  readonly division?: string;
  readonly firstSeat: FixtureSeat;
}

export interface FixtureCommandData {
  readonly 'fixture.start': { readonly players: readonly [FixturePlayer, FixturePlayer]; readonly link?: FixtureLink };
  readonly 'fixture.score': { readonly seat: FixtureSeat };
  readonly 'fixture.penalise': { readonly seat: FixtureSeat; readonly points: number; readonly reason: string };
  readonly 'fixture.end': object;
}
export type FixtureCommand = CommandUnion<FixtureCommandData>;
export type FixtureStep = { [K in keyof FixtureCommandData]: { readonly type: K } & FixtureCommandData[K] }[keyof FixtureCommandData];

export type FixtureEvent =
  | DomainEvent<'fixture.GameStarted', { players: readonly [FixturePlayer, FixturePlayer]; link: FixtureLink | null; at: string }>
  | DomainEvent<'fixture.PointScored', { seat: FixtureSeat }>
  | DomainEvent<'fixture.PenaltyRecorded', { seat: FixtureSeat; points: number; reason: string; rule: string; by: Actor }>
  | DomainEvent<'fixture.GameEnded', { scores: readonly [number, number]; winner: FixtureSeat | null; link: FixtureLink | null; at: string }>;

export type FixtureState =
  | { readonly phase: 'none' }
  | {
      readonly phase: 'playing' | 'ended';
      readonly players: readonly [FixturePlayer, FixturePlayer];
      readonly link: FixtureLink | null;
      readonly scores: readonly [number, number];
    };

const R = { points: 'FIXTURE §1: the arbiter records a point', penalties: 'FIXTURE §2: points off the seat’s score', end: 'FIXTURE §3: the higher score wins' };

/** A command from a controller's step and the request's context. */
export function fixtureCommand(step: FixtureStep, context: Command['context']): FixtureCommand {
  const { type, ...data } = step;
  return { type, data, context } as FixtureCommand;
}

function decide(c: FixtureCommand, s: FixtureState): FixtureEvent[] {
  if (c.type === 'fixture.start') {
    if (s.phase !== 'none') refuse('fixture/started', 'the game is already started', R.points);
    return [{ type: 'fixture.GameStarted', data: { players: c.data.players, link: c.data.link ?? null, at: c.context.at } }];
  }
  if (s.phase !== 'playing') refuse('fixture/not-playing', 'the game is not being played', R.end);
  switch (c.type) {
    case 'fixture.score':
      return [{ type: 'fixture.PointScored', data: { seat: c.data.seat } }];
    case 'fixture.penalise':
      return [{ type: 'fixture.PenaltyRecorded', data: { ...c.data, rule: R.penalties, by: c.context.actor } }];
    case 'fixture.end': {
      const [a, b] = s.scores;
      return [{ type: 'fixture.GameEnded', data: { scores: s.scores, winner: a === b ? null : a > b ? 0 : 1, link: s.link, at: c.context.at } }];
    }
  }
}

function evolve(s: FixtureState, e: FixtureEvent): FixtureState {
  if (e.type === 'fixture.GameStarted') return { phase: 'playing', players: e.data.players, link: e.data.link, scores: [0, 0] };
  if (s.phase === 'none') return s;
  const add = (seat: FixtureSeat, n: number): [number, number] => (seat === 0 ? [s.scores[0] + n, s.scores[1]] : [s.scores[0], s.scores[1] + n]);
  if (e.type === 'fixture.PointScored') return { ...s, scores: add(e.data.seat, 1) };
  if (e.type === 'fixture.PenaltyRecorded') return { ...s, scores: add(e.data.seat, -e.data.points) };
  return { ...s, phase: 'ended' };
}

export const fixtureDecider: Decider<FixtureCommand, FixtureEvent, FixtureState> = { initialState: () => ({ phase: 'none' }), decide, evolve };
