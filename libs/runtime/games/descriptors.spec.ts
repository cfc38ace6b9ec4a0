import { describe, expect, it } from '@jest/globals';
import { DESCRIPTORS, gameStreamOf } from '../../domain/discipline-kit/registry.js';
import { contestableDecision } from '../../domain/appeals/index.js';
import { CHESS_GAME } from '../features/chess/chess.game-feature.js';
import { GO_GAME } from '../features/go/go.game-feature.js';
import { MAHJONG_GAME } from '../features/mahjong/mahjong.game-feature.js';
import { SCRABBLE_GAME } from '../features/scrabble/scrabble.game-feature.js';
import { XIGUAQI_GAME } from '../features/xiguaqi/xiguaqi.game-feature.js';

const GAMES = [SCRABBLE_GAME, CHESS_GAME, GO_GAME, MAHJONG_GAME, XIGUAQI_GAME];

describe('issue 28: every registered discipline’s descriptor agrees with its game feature', () => {
  it.each(DESCRIPTORS.map((d) => [d.id, d] as const))('%s: one game feature writes the streams its descriptor names', (id, d) => {
    const features = GAMES.filter((g) => g.tournamentDisciplines.includes(id));
    expect(features.map((g) => g.aggregate.name)).toEqual([d.game.aggregate]);
    expect(gameStreamOf(`${d.game.aggregate}-g1`)).toEqual({ descriptor: d, gameId: 'g1' });
    expect(d.game.startEvent.startsWith(`${features[0].discipline}.`)).toBe(true);
  });

  it.each(DESCRIPTORS.map((d) => [d.id, d] as const))(
    '%s: its decisions, session ends and in-game penalties are its own events, each listed once',
    (_id, d) => {
      const own = (type: string) => type.split('.')[0] === d.game.startEvent.split('.')[0];
      const types = d.appeals.decisions.map((x) => x.type);
      expect(new Set(types).size).toBe(types.length);
      expect([...types, ...d.game.sessionEnds, ...Object.keys(d.penalties.inGame)].filter((t) => !own(t))).toEqual([]);
      for (const t of types) expect(contestableDecision(t)).toBe(d.appeals.decisions.find((x) => x.type === t));
      // An in-game penalty that reaches the ledger can be appealed where it was recorded.
      for (const t of Object.keys(d.penalties.inGame)) expect(contestableDecision(t)).toBeDefined();
    },
  );
});
