/**
 * The generic result poster: a process manager built from a GameFeature. A recorded game event the
 * feature maps to a tournament command (a finished linked game → record its result; a corrected
 * signed result → correct it) is sent to the tournament. Pure: everything comes from the event.
 */
import type { ProcessManager, Reaction } from '../process-manager.js';
import { TournamentAggregate } from '../features/tournament/index.js';
import type { AnyGameFeature } from './game-feature.js';
import { gameIdOf } from './game-read-model.js';

export function resultPosterName(feature: { discipline: string }): string {
  return `${feature.discipline}-result-to-tournament`;
}

export function resultPosterFor(feature: AnyGameFeature): ProcessManager {
  return {
    name: resultPosterName(feature),
    handles: (type) => feature.resultEvents.includes(type),
    react(event): Reaction[] {
      const posted = feature.toTournamentResult(event, gameIdOf(feature, event.stream));
      return posted ? [{ aggregate: TournamentAggregate, id: posted.tournamentId, command: posted.command }] : [];
    },
  };
}
