import { describe, expect, it } from '@jest/globals';
import { computeStandings } from '../standings/standings.js';
import { crosstable } from '../standings/crosstable.js';
import { standingsInputFor } from './standings-input.js';
import type { TournamentCommand } from './tournament.commands.js';
import {
  create,
  ctx,
  extend,
  fourPlayers,
  game,
  given,
  pairManual,
  publish,
  record,
  register,
  run,
  scrabble,
  stateOf,
  spec,
} from './testing/tournament.test-support.js';

const withdraw = (playerId: string, fromRound: number): TournamentCommand => ({
  type: 'tournament.withdraw-player',
  context: ctx(),
  data: { playerId, fromRound },
});
const absent = (playerId: string, round: number): TournamentCommand => ({ type: 'tournament.mark-absent', context: ctx(), data: { playerId, round } });
const forbid = (a: string, b: string, reason = 'same family'): TournamentCommand => ({
  type: 'tournament.forbid-pairing',
  context: ctx(),
  data: { a, b, reason },
});

describe('tournament: players', () => {
  it('registers a player into the only division with the optional details', () => {
    const events = given(run(create())).when(register('a', { rating: 1800, country: 'HK', club: 'HKSA', federationId: 'W-1', team: 'X' }));
    expect(events).toEqual([
      {
        type: 'tournament.PlayerRegistered',
        data: {
          player: { id: 'a', name: 'Player A', division: 'main', rating: 1800, country: 'HK', club: 'HKSA', federationId: 'W-1', team: 'X' },
          joinsAtRound: 1,
        },
      },
    ]);
  });

  it('refuses a player already registered', () => {
    const e = given(run(create(), register('a'))).refuses(register('a'));
    expect([e.type, e.kind]).toEqual(['tournament/player-already-registered', 'conflict']);
  });

  it('needs the division when there are several, and refuses an unknown one', () => {
    const h = run(create({ divisions: ['A', 'B'] }));
    spec.given(h).when(register('a')).thenRefuses('tournament/division-required');
    const e = given(h).refuses(register('a', { division: 'C' }));
    expect([e.type, e.kind]).toEqual(['tournament/unknown-division', 'not-found']);
  });

  describe('late entry: joins at round N, earlier rounds count as absent, not as byes', () => {
    const r1 = extend(fourPlayers(), pairManual(1, [game(1, 'a', 'b'), game(2, 'c', 'd')]));

    it('defaults a late entry to the next round not yet paired', () => {
      const [e] = given(r1).when(register('e'));
      expect(e).toMatchObject({ type: 'tournament.PlayerRegistered', data: { joinsAtRound: 2 } });
    });

    it('refuses a late entry into a round already paired', () => {
      const e = given(r1).refuses(register('e', {}, 1));
      expect(e.type).toBe('tournament/late-entry-round');
      expect(e.message).toBe('player e cannot join at round 1: round 1 of main is already paired');
    });

    it('counts the rounds before the entry as absent in standings and crosstable (no bye points)', () => {
      const h = extend(r1, register('e', {}, 2), register('f', {}, 2), publish(1), record(1, 1, scrabble(400, 300)), record(1, 2, scrabble(350, 360)));
      const state = stateOf(h);
      expect(state.players.find((p) => p.id === 'e')?.joinsAtRound).toBe(2);
      const rows = computeStandings(standingsInputFor(state, 'main'));
      expect(rows.find((r) => r.player === 'e')).toMatchObject({ score: 0, rounds: 0, spread: 0 });
      const cells = crosstable(standingsInputFor(state, 'main')).find((r) => r.player === 'e')?.cells;
      expect(cells).toEqual([expect.objectContaining({ round: 1, kind: 'absent', outcome: null, points: 0, running: 0 })]);
      // and round 2 must seat the late entries
      const e = given(h).refuses(pairManual(2, [game(1, 'a', 'c'), game(2, 'b', 'd')]));
      expect(e.type).toBe('tournament/pairing-missing-player');
      expect(e.message).toBe('round 2 leaves out 2 active player(s): e, f');
    });
  });

  it('withdraws a player from a round not yet paired, and refuses it twice', () => {
    const h = fourPlayers();
    spec
      .given(h)
      .when(withdraw('b', 3))
      .then([{ type: 'tournament.PlayerWithdrawn', data: { playerId: 'b', fromRound: 3, reason: null } }]);
    const e = given([...h, ...given(h).when(withdraw('b', 3))]).refuses(withdraw('b', 4));
    expect([e.type, e.message]).toEqual(['tournament/already-withdrawn', 'player b already withdrew from round 3']);
  });

  it('refuses a withdrawal from a round already paired (record a forfeit there)', () => {
    const h = extend(fourPlayers(), pairManual(1, [game(1, 'a', 'b'), game(2, 'c', 'd')]));
    const e = given(h).refuses(withdraw('a', 1));
    expect(e.type).toBe('tournament/withdrawal-round');
    expect(e.message).toMatch(/round 1 is already paired/);
  });

  it('refuses an unknown player with not-found', () => {
    const e = given(fourPlayers()).refuses(withdraw('zz', 2));
    expect([e.type, e.kind, e.field]).toEqual(['tournament/unknown-player', 'not-found', 'playerId']);
  });

  it('marks a player absent for one round, once, and not after a withdrawal', () => {
    const h = fourPlayers();
    spec
      .given(h)
      .when(absent('c', 2))
      .then([{ type: 'tournament.PlayerMarkedAbsent', data: { playerId: 'c', round: 2, reason: null } }]);
    const h2 = [...h, ...given(h).when(absent('c', 2))];
    spec.given(h2).when(absent('c', 2)).thenRefuses('tournament/already-absent');
    const h3 = [...h, ...given(h).when(withdraw('d', 2))];
    expect(given(h3).refuses(absent('d', 3)).message).toBe('player d withdrew from round 2');
  });

  it('forbids a pairing between two registered players, once', () => {
    const h = fourPlayers();
    spec
      .given(h)
      .when(forbid('a', 'b'))
      .then([{ type: 'tournament.PairingForbidden', data: { a: 'a', b: 'b', reason: 'same family' } }]);
    const h2 = [...h, ...given(h).when(forbid('a', 'b'))];
    spec.given(h2).when(forbid('b', 'a')).thenRefuses('tournament/forbidden-pairing-exists');
    spec.given(h).when(forbid('a', 'a')).thenRefuses('tournament/forbidden-pairing-self');
    expect(given(h).refuses(forbid('a', 'zz')).kind).toBe('not-found');
  });

  it('records results of a player who then withdraws, and leaves them out of later pairings', () => {
    const h = run(
      create(),
      register('a'),
      register('b'),
      register('c'),
      register('d'),
      pairManual(1, [game(1, 'a', 'b'), game(2, 'c', 'd')]),
      publish(1),
      record(1, 1, scrabble(400, 300)),
      record(1, 2, scrabble(350, 360)),
      withdraw('d', 2),
    );
    // given d withdrew from round 2, when round 2 seats d, then it is refused
    const e = given(h).refuses(pairManual(2, [game(1, 'a', 'd')], 'b'));
    expect(e.type).toBe('tournament/pairing-inactive-player');
    expect(e.message).toBe('round 2 cannot seat d: the player withdrew from round 2');
  });
});
