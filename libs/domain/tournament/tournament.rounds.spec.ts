import { describe, expect, it } from '@jest/globals';
import { pair } from '../pairing/index.js';
import { pairingRequestFor } from './pairing-request.js';
import type { TournamentCommand } from './tournament.commands.js';
import type { TournamentEvent } from './tournament.events.js';
import {
  create,
  ctx,
  extend,
  fourPlayers,
  game,
  given,
  mjTable,
  pairManual,
  pairSystem,
  publish,
  record,
  register,
  run,
  scrabble,
  stateOf,
  systemResult,
  spec,
} from './testing/tournament.test-support.js';

const forbid = (a: string, b: string): TournamentCommand => ({ type: 'tournament.forbid-pairing', context: ctx(), data: { a, b, reason: 'same club' } });
const absent = (playerId: string, round: number): TournamentCommand => ({ type: 'tournament.mark-absent', context: ctx(), data: { playerId, round } });
const sixPlayers = () => run(create(), ...['a', 'b', 'c', 'd', 'e', 'f'].map((id) => register(id)));
const r1Six = [game(1, 'a', 'b'), game(2, 'c', 'd'), game(3, 'e', 'f')];

describe('tournament: pairing a round (pairing injected as a PairingResult)', () => {
  it('records a system pairing with its seed and explanation', () => {
    const result = systemResult(1, [game(1, 'a', 'c'), game(2, 'b', 'd')]);
    const events = given(fourPlayers()).when(pairSystem(1, result));
    expect(events).toEqual([
      {
        type: 'tournament.RoundPaired',
        data: {
          division: 'main',
          round: 1,
          method: { kind: 'system', system: 'random', seed: 'seed-1' },
          games: result.games,
          tables: [],
          bye: null,
          repeats: [],
          explanation: ['seeded shuffle'],
        },
      },
    ]);
  });

  it('records the bye as a result automatically when the round is paired (value from the profile at standings time)', () => {
    const h = extend(fourPlayers(), register('e'));
    const events = given(h).when(pairSystem(1, systemResult(1, [game(1, 'a', 'b'), game(2, 'c', 'd')], 'e')));
    expect(events[1]).toEqual({
      type: 'tournament.ResultRecorded',
      data: { division: 'main', round: 1, table: null, result: { kind: 'bye', round: 1, player: 'e' }, source: { kind: 'pairing' } },
    });
  });

  it('Arbitra: a round is paired only after the previous round is complete', () => {
    const h = extend(sixPlayers(), pairManual(1, r1Six), publish(1));
    const e = given(h).refuses(pairManual(2, [game(1, 'a', 'c'), game(2, 'b', 'e'), game(3, 'd', 'f')]));
    expect(e.type).toBe('tournament/round-incomplete');
    expect(e.kind).toBe('conflict');
    expect(e.message).toBe('round 2 cannot be paired: round 1 has 3 results missing');
    expect(e.rule).toBe('Arbitra: a round is paired only after the previous round is complete');
    expect(e.field).toBe('round');
    expect(e.details).toEqual({ tables: [1, 2, 3] });
    const h2 = extend(h, record(1, 1, scrabble(400, 300)), record(1, 2, scrabble(400, 300)));
    expect(given(h2).refuses(pairManual(2, [game(1, 'a', 'c')])).message).toBe('round 2 cannot be paired: round 1 has 1 result missing');
  });

  it('refuses rounds out of order', () => {
    const e = given(fourPlayers()).refuses(pairManual(2, [game(1, 'a', 'b'), game(2, 'c', 'd')]));
    expect([e.type, e.message]).toEqual(['tournament/round-out-of-order', 'round 2 cannot be paired: the next round of main is 1']);
  });

  it('refuses a round past the planned number', () => {
    const h = run(create({ roundsPlanned: 1 }), register('a'), register('b'), pairManual(1, [game(1, 'a', 'b')]), publish(1), record(1, 1, scrabble(1, 0)));
    spec
      .given(h)
      .when(pairManual(2, [game(1, 'b', 'a')]))
      .thenRefuses('tournament/rounds-planned-exceeded');
  });

  it('byesAsRecorded: a manual pairing may give several byes (a file’s round as played); a system pairing may not', () => {
    const events = given(fourPlayers()).when(pairManual(1, [game(1, 'a', 'b')], 'c', [], undefined, ['c', 'd']));
    expect(events.filter((e) => e.type === 'tournament.ResultRecorded').map((e) => (e.data as { result: { player?: string } }).result.player)).toEqual([
      'c',
      'd',
    ]);
    const e = given(fourPlayers()).refuses(pairSystem(1, systemResult(1, [game(1, 'a', 'b')], 'c', { byes: ['c', 'd'] })));
    expect([e.type, e.message]).toEqual(['tournament/pairing-bye', '2 byes: only a knockout or a manual pairing gives more than one bye']);
  });

  it('refuses a pairing system the tournament does not allow', () => {
    const h = run(create({ pairingSystems: ['round-robin'] }), register('a'), register('b'));
    const e = given(h).refuses(pairSystem(1, systemResult(1, [game(1, 'a', 'b')])));
    expect([e.type, e.kind]).toEqual(['tournament/pairing-system-not-allowed', 'conflict']);
  });

  it('refuses a pairing result for another round or from another system', () => {
    spec
      .given(fourPlayers())
      .when(pairSystem(1, systemResult(2, [game(1, 'a', 'b'), game(2, 'c', 'd')])))
      .thenRefuses('tournament/pairing-round-mismatch');
    spec
      .given(fourPlayers())
      .when(pairSystem(1, systemResult(1, [game(1, 'a', 'b'), game(2, 'c', 'd')]), 'australian-draw'))
      .thenRefuses('tournament/pairing-system-mismatch');
  });

  it('refuses a pairing that leaves out an active player', () => {
    const e = given(fourPlayers()).refuses(pairManual(1, [game(1, 'a', 'b')]));
    expect([e.type, e.kind, e.message]).toEqual(['tournament/pairing-missing-player', 'invalid', 'round 1 leaves out 2 active player(s): c, d']);
  });

  it('refuses a player seated twice, a player paired with themself, an unknown player', () => {
    spec
      .given(fourPlayers())
      .when(pairManual(1, [game(1, 'a', 'b'), game(2, 'c', 'a')]))
      .thenRefuses('tournament/pairing-duplicate-player');
    spec
      .given(fourPlayers())
      .when(pairManual(1, [game(1, 'a', 'a'), game(2, 'c', 'd')]))
      .thenRefuses('tournament/pairing-self');
    expect(given(fourPlayers()).refuses(pairManual(1, [game(1, 'a', 'b'), game(2, 'c', 'zz')])).kind).toBe('not-found');
  });

  it('refuses an absent player at the board', () => {
    const h = extend(fourPlayers(), register('e'), absent('e', 1));
    const e = given(h).refuses(pairManual(1, [game(1, 'a', 'b'), game(2, 'c', 'd')], 'e'));
    expect([e.type, e.message]).toEqual(['tournament/pairing-inactive-player', 'round 1 cannot seat e: the player is absent in round 1']);
    expect(given(h).when(pairManual(1, [game(1, 'a', 'b'), game(2, 'c', 'd')]))).toHaveLength(1);
  });

  it('gives a bye only to make an odd field even (a wrong bye always leaves an active player out)', () => {
    const h = extend(fourPlayers(), register('e'));
    spec
      .given(h)
      .when(pairManual(1, [game(1, 'a', 'b'), game(2, 'c', 'd')]))
      .thenRefuses('tournament/pairing-missing-player');
    const e = given(fourPlayers()).refuses(pairManual(1, [game(1, 'a', 'b')], 'c'));
    expect(e.type).toBe('tournament/pairing-missing-player');
    const six = extend(fourPlayers(), register('e'), register('f'));
    spec
      .given(six)
      .when(pairManual(1, [game(1, 'a', 'b'), game(2, 'c', 'd')], 'e'))
      .thenRefuses('tournament/pairing-missing-player');
  });

  it('refuses a forbidden pairing, unless the pairing system declares it as a relaxation', () => {
    const h = extend(fourPlayers(), forbid('a', 'b'));
    const e = given(h).refuses(pairManual(1, [game(1, 'a', 'b'), game(2, 'c', 'd')]));
    expect([e.type, e.message]).toEqual(['tournament/forbidden-pairing', 'table 1 pairs a with b, which is forbidden (same club)']);
    const relaxed = systemResult(1, [game(1, 'a', 'b'), game(2, 'c', 'd')], null, { repeats: [{ a: 'b', b: 'a', why: 'forbidden' }] });
    expect(given(h).when(pairSystem(1, relaxed))[0]).toMatchObject({ data: { repeats: [{ a: 'b', b: 'a', why: 'forbidden' }] } });
  });

  it('refuses a manual pairing without a reason', () => {
    const c: TournamentCommand = {
      type: 'tournament.pair-round',
      context: ctx(),
      data: { round: 1, pairing: { kind: 'manual', reason: ' ', games: [], tables: [], bye: null } },
    };
    spec.given(fourPlayers()).when(c).thenRefuses('tournament/reason-required');
  });

  it('WMC: mahjong is paired four to a table, seats in wind order E S W N', () => {
    const h = fourPlayers('mahjong');
    expect(given(h).when(pairManual(1, [], null, [mjTable(1, ['a', 'b', 'c', 'd'])]))).toHaveLength(1);
    const bad = {
      table: 1,
      seats: [
        { player: 'a', wind: 'E' as const },
        { player: 'b', wind: 'W' as const },
        { player: 'c', wind: 'S' as const },
        { player: 'd', wind: 'N' as const },
      ],
    };
    spec
      .given(h)
      .when(pairManual(1, [], null, [bad]))
      .thenRefuses('tournament/mahjong-table-seats');
    spec
      .given(h)
      .when(pairManual(1, [game(1, 'a', 'b'), game(2, 'c', 'd')]))
      .thenRefuses('tournament/pairing-format');
  });

  it('pairs each division on its own', () => {
    const h = run(
      create({ divisions: ['A', 'B'] }),
      register('a', { division: 'A' }),
      register('b', { division: 'A' }),
      register('c', { division: 'B' }),
      register('d', { division: 'B' }),
    );
    const h2 = extend(h, pairManual(1, [game(1, 'a', 'b')], null, [], 'A'));
    expect(Object.keys(stateOf(h2).rounds)).toEqual(['A/1']);
    spec
      .given(h2)
      .when(pairManual(1, [game(1, 'a', 'c')], null, [], 'B'))
      .thenRefuses('tournament/pairing-wrong-division');
  });

  it('publishes a paired round once', () => {
    const h = extend(fourPlayers(), pairManual(1, [game(1, 'a', 'b'), game(2, 'c', 'd')]));
    spec
      .given(h)
      .when(publish(1))
      .then([{ type: 'tournament.RoundPublished', data: { division: 'main', round: 1 } }]);
    spec
      .given(extend(h, publish(1)))
      .when(publish(1))
      .thenRefuses('tournament/round-already-published');
    expect(given(h).refuses(publish(2)).kind).toBe('not-found');
  });

  it('Arbitra (RULES.knockoutField): records a knockout pairing, also for a tournament created when knockout was still refused', () => {
    const [created] = run(create()) as [Extract<TournamentEvent, { type: 'tournament.TournamentCreated' }>];
    const h = extend(
      [{ ...created, data: { ...created.data, pairingSystems: ['knockout', 'random'] } }],
      ...['a', 'b', 'c', 'd', 'e'].map((id) => register(id)),
    );
    const result = pair('knockout', pairingRequestFor(stateOf(h), 'main', 1, 's', undefined, 'knockout'));
    const events = given(h).when({
      type: 'tournament.pair-round',
      context: ctx(),
      data: { round: 1, pairing: { kind: 'system', system: 'knockout', seed: 's', result } },
    });
    expect(events[0]).toMatchObject({ type: 'tournament.RoundPaired', data: { bye: 'a', byes: ['a', 'b', 'c'], games: [expect.objectContaining({})] } });
  });

  it('Arbitra: a knockout may still be paired manually with a reason, eliminated players withdrawn from the next round', () => {
    const withdraw = (playerId: string, fromRound: number): TournamentCommand => ({
      type: 'tournament.withdraw-player',
      context: ctx(),
      data: { playerId, fromRound, reason: 'eliminated' },
    });
    let h = extend(
      fourPlayers(),
      pairManual(1, [game(1, 'a', 'd'), game(2, 'b', 'c')]),
      publish(1),
      record(1, 1, scrabble(400, 300)),
      record(1, 2, scrabble(410, 390)),
    );
    h = extend(h, withdraw('d', 2), withdraw('c', 2), pairManual(2, [game(1, 'a', 'b')]));
    expect(stateOf(h).rounds['main/2'].games).toEqual([game(1, 'a', 'b')]);
  });
});
