/** The generic game read model: one document per game (the folded state) and one list entry per game. */
import type { Actor, Command, DomainEvent } from '../../domain/kernel/index.js';
import { journalEvent, refold, type JournalCounts } from '../projections/journal.js';
import type { DocumentTx, Projection } from '../projections/projection.js';
import type { AnyGameFeature, GameFeature, SeatPlayer, TournamentLink } from './game-feature.js';

export const GAME_COLLECTIONS = {
  /**
   * One document per game: the folded decider state and what a view needs beside it. The durable store keeps it in
   * memory only (Projection.transient); what it persists is the game's journal below, from which it is folded again.
   */
  game: 'game',
  /** One small entry per game, for lists. */
  index: 'index',
  /** A game document as of some event (its journal's start): written with the game's first, then now and then, `<game>`. */
  snapshot: 'game-snapshot',
  /** The journal's head (GameJournal): how many events were folded since the snapshot, `<game>`. */
  journal: 'game-journal',
  /** The events folded since the snapshot, one document each (GameJournalEntry): `<game>/<n>`. */
  entry: 'game-journal-entry',
} as const;

/**
 * Issue 34: an event writes its journal entry (the event's type, data and meta, ~0.2 KB) instead of the whole game
 * document (a Scrabble game's ~2 KB, a Go game's growing with its moves). A new snapshot is written once the entries
 * since the last one outweigh it (projections/journal.ts), so an event costs about twice its entry to persist,
 * whatever the game's size, and folding a game again reads a bounded journal.
 */
type GameJournal = JournalCounts;

/** What folding an event into a game document reads of it. */
interface GameJournalEntry {
  readonly type: string;
  readonly data: unknown;
  readonly revision: number;
  readonly position: number;
  readonly at: string;
  readonly actor: Actor;
}

/**
 * A game's document as `docs` holds it: from memory, else its snapshot and journal folded again (and kept in `docs`);
 * undefined for an unknown game.
 */
function storedGame<C extends Command, E extends DomainEvent, S, B, X extends object>(
  feature: GameFeature<C, E, S, B, X>,
  docs: DocumentTx,
  id: string,
): GameDocument<S, X> | undefined {
  const kept = docs.get<GameDocument<S, X>>(GAME_COLLECTIONS.game, id);
  if (kept) return kept;
  const journal = docs.get<GameJournal>(GAME_COLLECTIONS.journal, id);
  if (!journal) return undefined;
  const fold = (doc: GameDocument<S, X>, entry: GameJournalEntry) => foldGameEvent(feature, doc, id, entry) ?? doc;
  const doc = refold(docs, GAME_COLLECTIONS, id, journal, fold, `game ${id}`);
  docs.put(GAME_COLLECTIONS.game, id, doc, { bytes: journal.snapshotBytes + journal.bytes });
  return doc;
}

/** One event folded into a game's document; undefined while the state says no game exists (the event is skipped, not journaled). */
function foldGameEvent<C extends Command, E extends DomainEvent, S, B, X extends object>(
  feature: GameFeature<C, E, S, B, X>,
  before: GameDocument<S, X> | undefined,
  id: string,
  entry: GameJournalEntry,
): GameDocument<S, X> | undefined {
  const e = { type: entry.type, data: entry.data } as E;
  const { decider } = feature.aggregate;
  const state = decider.evolve(before?.state ?? decider.initialState(), e);
  if (!feature.exists(state)) return undefined;
  return {
    id,
    discipline: feature.discipline,
    state,
    ...feature.readModel.extras(before, e),
    createdBy: before?.createdBy ?? entry.actor,
    createdAt: before?.createdAt ?? entry.at,
    asOf: { revision: entry.revision, position: entry.position, at: entry.at },
  } as GameDocument<S, X>;
}

/**
 * Persists what folds `doc` again: the event's journal entry, or a new snapshot (the game's first document, or once the
 * journal outgrows the last one). Returns the new head.
 */
function writeJournal(docs: DocumentTx, id: string, entry: GameJournalEntry, doc: GameDocument<unknown>): GameJournal {
  const head = docs.get<GameJournal>(GAME_COLLECTIONS.journal, id);
  const next = journalEvent(docs, GAME_COLLECTIONS, id, head, entry, doc);
  docs.put(GAME_COLLECTIONS.journal, id, next);
  return next;
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

/** A game's document as committed (a fresh copy, the caller's), from the discipline's read model; undefined if none. */
export function readGameDocument<S, X extends object = object>(
  readModels: { get<T>(projection: string, collection: string, key: string): T | undefined },
  feature: { discipline: string },
  id: string,
): GameDocument<S, X> | undefined {
  return readModels.get<GameDocument<S, X>>(gamesProjectionName(feature), GAME_COLLECTIONS.game, id);
}

/** A game id from its stream name (`<aggregate>-<id>`). */
export function gameIdOf(feature: AnyGameFeature, stream: string): string {
  const prefix = `${feature.aggregate.name}-`;
  return stream.startsWith(prefix) ? stream.slice(prefix.length) : stream;
}

/** Folds every game stream of the discipline into its document and list entry. */
export function gamesProjectionFor<C extends Command, E extends DomainEvent, S, B, X extends object>(feature: GameFeature<C, E, S, B, X>): Projection {
  const prefix = `${feature.aggregate.name}-`;
  return {
    name: gamesProjectionName(feature),
    version: feature.readModel.version,
    handles: (type) => type.startsWith(`${feature.discipline}.`),
    transient: [GAME_COLLECTIONS.game],
    recoveryOnly: [GAME_COLLECTIONS.snapshot, GAME_COLLECTIONS.entry],
    materialize: (collection, key, docs) => (collection === GAME_COLLECTIONS.game ? storedGame(feature, docs, key) : undefined),
    apply(event, docs) {
      if (!event.stream.startsWith(prefix)) return;
      const id = event.stream.slice(prefix.length);
      const { type, data, revision, position } = event;
      const entry: GameJournalEntry = { type, data, revision, position, at: event.meta.recordedAt, actor: event.meta.actor as Actor };
      const doc = foldGameEvent(feature, storedGame(feature, docs, id), id, entry);
      if (!doc) return;
      const head = writeJournal(docs, id, entry, doc);
      docs.put(GAME_COLLECTIONS.game, id, doc, { bytes: head.snapshotBytes + head.bytes });
      const { phase, scores } = feature.readModel.summary(doc.state);
      const item: GameListItem = {
        id,
        discipline: feature.discipline,
        players: feature.players(doc.state),
        phase,
        scores,
        link: feature.link(doc.state),
        asOf: doc.asOf,
      };
      docs.put(GAME_COLLECTIONS.index, id, item);
    },
  };
}
