/** The generic game read model: one document per game (the folded state) and one list entry per game. */
import type { Actor, Command, DomainEvent } from '../../domain/kernel/index.js';
import type { Projection } from '../projections/projection.js';
import type { AnyGameFeature, GameFeature, SeatPlayer, TournamentLink } from './game-feature.js';

export const GAME_COLLECTIONS = {
  /** One document per game: the folded decider state and what a view needs beside it. */
  game: 'game',
  /** One small entry per game, for lists. */
  index: 'index',
} as const;

export interface AsOf {
  readonly revision: number;
  /** The log's position (`?waitFor=`) for the game's officials; for anyone else the game's revision (`publicGameAsOf`). */
  readonly position: number;
  readonly at: string;
}

/**
 * A game's asOf as anyone but its officials reads it (issue 32): the game's revision in place of the log's position,
 * which counts every event recorded on the server (an unpublished pairing included). Every event of a game is shown
 * (redacted while it hides tiles), so its revision tells nothing more.
 */
export function publicGameAsOf(asOf: AsOf): AsOf {
  return { revision: asOf.revision, position: asOf.revision, at: asOf.at };
}

/** A game's document; X are the discipline's extras (Scrabble: `endRacks`), kept beside the state. */
export type GameDocument<S, X extends object = object> = {
  readonly id: string;
  readonly discipline: string;
  /** The decider's own state, folded with its `evolve` (plain JSON). */
  readonly state: S;
  readonly createdBy: Actor;
  readonly createdAt: string;
  readonly asOf: AsOf;
} & X;

export interface GameListItem {
  readonly id: string;
  readonly discipline: string;
  readonly players: readonly SeatPlayer[];
  readonly phase: string;
  readonly scores: readonly number[];
  readonly link: TournamentLink | null;
  readonly asOf: AsOf;
}

/**
 * The games of a discipline's read model (`projection`) linked to a tournament's division, and to one of its rounds
 * when `round` is given (a link without a division is the tournament's only one).
 */
export function linkedGames(
  readModels: { list<T>(projection: string, collection: string): Array<{ value: T }> },
  projection: string,
  at: { readonly tournamentId: string; readonly division: string; readonly round?: number },
): GameListItem[] {
  return readModels
    .list<GameListItem>(projection, GAME_COLLECTIONS.index)
    .map((r) => r.value)
    .filter(
      (g) =>
        g.link?.tournamentId === at.tournamentId && (g.link.division ?? at.division) === at.division && (at.round === undefined || g.link.round === at.round),
    );
}

/** The read model's name: `<discipline>-games`. */
export function gamesProjectionName(feature: { discipline: string }): string {
  return `${feature.discipline}-games`;
}

/** A game id from its stream name (`<aggregate>-<id>`). */
export function gameIdOf(feature: AnyGameFeature, stream: string): string {
  const prefix = `${feature.aggregate.name}-`;
  return stream.startsWith(prefix) ? stream.slice(prefix.length) : stream;
}

/** Folds every game stream of the discipline into its document and list entry. */
export function gamesProjectionFor<C extends Command, E extends DomainEvent, S, B, X extends object>(feature: GameFeature<C, E, S, B, X>): Projection {
  const prefix = `${feature.aggregate.name}-`;
  const { decider } = feature.aggregate;
  return {
    name: gamesProjectionName(feature),
    version: feature.readModel.version,
    handles: (type) => type.startsWith(`${feature.discipline}.`),
    apply(event, docs) {
      if (!event.stream.startsWith(prefix)) return;
      const id = event.stream.slice(prefix.length);
      const e = { type: event.type, data: event.data } as E;
      const before = docs.get<GameDocument<S, X>>(GAME_COLLECTIONS.game, id);
      const state = decider.evolve(before?.state ?? decider.initialState(), e);
      if (!feature.exists(state)) return;
      const asOf = { revision: event.revision, position: event.position, at: event.meta.recordedAt };
      const doc = {
        id,
        discipline: feature.discipline,
        state,
        ...feature.readModel.extras(before, e),
        createdBy: before?.createdBy ?? (event.meta.actor as Actor),
        createdAt: before?.createdAt ?? event.meta.recordedAt,
        asOf,
      };
      docs.put(GAME_COLLECTIONS.game, id, doc);
      const { phase, scores } = feature.readModel.summary(state);
      const item: GameListItem = { id, discipline: feature.discipline, players: feature.players(state), phase, scores, link: feature.link(state), asOf };
      docs.put(GAME_COLLECTIONS.index, id, item);
    },
  };
}
