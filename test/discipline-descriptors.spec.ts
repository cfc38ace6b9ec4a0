import { describe, expect, it } from '@jest/globals';
import { FEATURES } from '../apps/records/registry.js';
import { contestableDecision } from '../libs/domain/appeals/index.js';
import { DESCRIPTORS, gameStreamOf } from '../libs/domain/discipline-kit/registry.js';
import { create, given } from '../libs/domain/tournament/testing/tournament.test-support.js';
import { gameFeaturesOf } from '../libs/runtime/games/game-feature-module.js';
import { TEST_DISCIPLINES, withTestDisciplines } from './support/test-disciplines.js';

const testDisciplines = withTestDisciplines();
/** The records server's game features and the test build's (the fixture discipline). */
const GAMES = gameFeaturesOf([...FEATURES, ...testDisciplines.features]);

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

  // The rule a refusal cites is read from the registry when cited: a discipline added later is named in it too.
  it('a tournament of an unknown discipline is refused on `discipline`, citing every registered discipline, the test build’s too', () => {
    const e = given([]).refuses(create({ discipline: 'bridge' as never }));
    expect([e.type, e.kind, e.field]).toEqual(['tournament/unknown-discipline', 'invalid', 'discipline']);
    expect(e.rule).toBe(`Arbitra: a tournament plays one of ${DESCRIPTORS.map((d) => d.id).join(', ')}`);
    for (const t of TEST_DISCIPLINES) expect(e.rule).toContain(t.descriptor.id);
  });
});
