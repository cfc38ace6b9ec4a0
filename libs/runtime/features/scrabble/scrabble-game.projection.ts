/** Folds every Scrabble game stream into one document per game (the decider state) plus a list entry. */
import { evolve, initialState, type ScrabbleEvent } from '../../../domain/disciplines/scrabble/index.js';
import type { Actor } from '../../../domain/kernel/index.js';
import type { Projection } from '../../projections/projection.js';
import { GAME_COLLECTIONS, GAME_STREAM_PREFIX, GAMES_PROJECTION, gameIdOf, type GameDocument, type GameListItem } from './game-read-model.js';

export const scrabbleGamesProjection: Projection = {
  name: GAMES_PROJECTION,
  version: 2,
  handles: (type) => type.startsWith('scrabble.'),
  apply(event, docs) {
    if (!event.stream.startsWith(GAME_STREAM_PREFIX)) return;
    const id = gameIdOf(event.stream);
    const e = { type: event.type, data: event.data } as ScrabbleEvent;
    const before = docs.get<GameDocument>(GAME_COLLECTIONS.game, id);
    const state = evolve(before?.state ?? initialState(), e);
    if (state.phase === 'none') return;
    const asOf = { revision: event.revision, position: event.position, at: event.meta.recordedAt };
    const endRacks = e.type === 'scrabble.EndRackScored' ? [...(before?.endRacks ?? []), { seat: e.data.seat, rack: e.data.rack }] : (before?.endRacks ?? []);
    const doc: GameDocument = {
      id,
      state,
      endRacks,
      createdBy: before?.createdBy ?? (event.meta.actor as Actor),
      createdAt: before?.createdAt ?? event.meta.recordedAt,
      asOf,
    };
    docs.put(GAME_COLLECTIONS.game, id, doc);
    const g = state.game;
    docs.put(GAME_COLLECTIONS.index, id, { id, players: g.players, phase: state.phase, scores: g.scores, link: g.link, asOf } satisfies GameListItem);
  },
};
