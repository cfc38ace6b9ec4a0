/** The generic game read model: one document per game (the folded state) and one list entry per game. */
import type { Actor, Command, DomainEvent } from '../../domain/kernel/index.js';
import type { DocumentTx, Projection } from '../projections/projection.js';
import type { AnyGameFeature, GameFeature, SeatPlayer, TournamentLink } from './game-feature.js';

export const GAME_COLLECTIONS = {
  /** One document per game: the folded decider state and what a view needs beside it. */
  game: 'game',
  /** One small entry per game, for lists. */
  index: 'index',
  /** A game's growing lists (GameFeature.readModel.logs), LOG_CHUNK items a document: `<game>/<list>/<chunk>`. */
  log: 'log',
} as const;

/** Items per stored chunk of a game's growing list: an event rewrites at most this many. */
export const LOG_CHUNK = 32;
const chunkKey = (id: string, name: string, k: number) => `${id}/${name}/${k}`;

/** The game document as stored: the state without its growing lists, and how long each is. */
type StoredGameDocument<S, X extends object> = GameDocument<S, X> & { readonly logs?: Readonly<Record<string, number>> };

/**
 * A game's document as readers see it (the whole folded state), from the stored document and its lists' chunks;
 * `get` reads the discipline's read model (ReadModelStore.get or a DocumentTx's).
 */
export function readGameDocument<S, X extends object = object>(
  get: (collection: string, key: string) => unknown,
  feature: { readonly readModel: { readonly logs?: { join(rest: S, logs: Readonly<Record<string, readonly unknown[]>>): S } } },
  id: string,
): GameDocument<S, X> | undefined {
  const stored = get(GAME_COLLECTIONS.game, id) as StoredGameDocument<S, X> | undefined;
  if (!stored?.logs || !feature.readModel.logs) return stored;
  const { logs: lengths, ...doc } = stored;
  const logs: Record<string, unknown[]> = {};
  for (const [name, length] of Object.entries(lengths)) {
    const items: unknown[] = [];
    for (let k = 0; k * LOG_CHUNK < length; k++) items.push(...(get(GAME_COLLECTIONS.log, chunkKey(id, name, k)) as unknown[]));
    logs[name] = items;
  }
  return { ...doc, state: feature.readModel.logs.join(doc.state, logs) } as GameDocument<S, X>;
}

/**
 * Writes a game's growing lists: only the chunks from the first item that is not the one stored before (an append
 * keeps the items it was folded from, so that is the last chunk), and drops chunks past a shorter list's end.
 */
function writeLogs(docs: DocumentTx, id: string, before: Readonly<Record<string, readonly unknown[]>>, after: Readonly<Record<string, readonly unknown[]>>) {
  const lengths: Record<string, number> = {};
  for (const [name, items] of Object.entries(after)) {
    const old = before[name] ?? [];
    let same = 0;
    while (same < items.length && same < old.length && items[same] === old[same]) same++;
    const chunks = Math.ceil(items.length / LOG_CHUNK);
    const from = same === items.length && items.length === old.length ? chunks : Math.floor(same / LOG_CHUNK);
    for (let k = from; k < chunks; k++) docs.put(GAME_COLLECTIONS.log, chunkKey(id, name, k), items.slice(k * LOG_CHUNK, (k + 1) * LOG_CHUNK));
    for (let k = chunks; k * LOG_CHUNK < old.length; k++) docs.delete(GAME_COLLECTIONS.log, chunkKey(id, name, k));
    lengths[name] = items.length;
  }
  return lengths;
}

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
      const before = readGameDocument<S, X>((c, k) => docs.get(c, k), feature, id);
      const state = decider.evolve(before?.state ?? decider.initialState(), e);
      if (!feature.exists(state)) return;
      const asOf = { revision: event.revision, position: event.position, at: event.meta.recordedAt };
      const split = feature.readModel.logs?.split(state);
      const doc = {
        id,
        discipline: feature.discipline,
        state: split ? split.rest : state,
        ...feature.readModel.extras(before, e),
        createdBy: before?.createdBy ?? (event.meta.actor as Actor),
        createdAt: before?.createdAt ?? event.meta.recordedAt,
        asOf,
        ...(split && { logs: writeLogs(docs, id, before ? feature.readModel.logs!.split(before.state).logs : {}, split.logs) }),
      };
      docs.put(GAME_COLLECTIONS.game, id, doc);
      const { phase, scores } = feature.readModel.summary(state);
      const item: GameListItem = { id, discipline: feature.discipline, players: feature.players(state), phase, scores, link: feature.link(state), asOf };
      docs.put(GAME_COLLECTIONS.index, id, item);
    },
  };
}
