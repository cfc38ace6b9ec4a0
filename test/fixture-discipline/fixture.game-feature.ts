import { OFFICIALS_OBSERVE, OPEN_INFORMATION, ownSeatOnly, type GameFeature } from '../../libs/runtime/games/game-feature.js';
import { gameFeatureModule } from '../../libs/runtime/games/game-feature-module.js';
import { recordedResult, sideOf } from '../../libs/runtime/games/linked-result.js';
import type { RecordedEvent } from '../../libs/store/event-store.port.js';
import {
  fixtureCommand,
  fixtureDecider,
  type FixtureCommand,
  type FixtureEvent,
  type FixtureLink,
  type FixtureSeat,
  type FixtureState,
  type FixtureStep,
} from './fixture.decider.js';

/** A linked game's end in the tournament's terms (seat `link.firstSeat` is the pairing's first). */
function toTournamentResult(event: RecordedEvent, gameId: string) {
  if (event.type !== 'fixture.GameEnded') return null;
  const { winner, link } = event.data as { winner: FixtureSeat | null; link: FixtureLink | null };
  if (!link) return null;
  // The default profile counts wins, draws and losses, no game score (`scores: 'none'`).
  return recordedResult(link, gameId, { kind: 'played', outcome: winner === null ? 'draw' : sideOf(link.firstSeat, winner) });
}

export const FIXTURE_GAME: GameFeature<FixtureCommand, FixtureEvent, FixtureState, FixtureStep, Record<string, never>> = {
  discipline: 'fixture',
  tournamentDisciplines: ['fixture'],
  aggregate: { name: 'fixture-game', decider: fixtureDecider },
  seats: 2,
  // No table clock: an official's clock reading is refused naming clockReading.
  clock: null,
  exists: (s) => s.phase !== 'none',
  players: (s) => (s.phase === 'none' ? [] : s.players),
  link: (s) => (s.phase === 'none' ? null : s.link),
  playerActsFor: ownSeatOnly,
  observedTime: OFFICIALS_OBSERVE,
  command: (body, context) => fixtureCommand(body, context),
  ...OPEN_INFORMATION,
  resultEvents: ['fixture.GameEnded'],
  toTournamentResult,
  readModel: { version: 1, extras: () => ({}), summary: (s) => ({ phase: s.phase, scores: s.phase === 'none' ? [0, 0] : s.scores }) },
};

export const FIXTURE_FEATURE = gameFeatureModule(FIXTURE_GAME);
