import { describe, expect, it } from '@jest/globals';
import { RULES } from './rules.js';
import type { TournamentCommand } from './tournament.commands.js';
import {
  correct,
  ctx,
  extend,
  fourPlayers,
  game,
  given,
  lock,
  mjTable,
  pairManual,
  publish,
  record,
  scrabble,
  stateOf,
  won,
  spec,
} from './testing/tournament.test-support.js';

const paired = (discipline: Parameters<typeof fourPlayers>[0] = 'scrabble') =>
  extend(fourPlayers(discipline), pairManual(1, [game(1, 'a', 'b'), game(2, 'c', 'd')]), publish(1));
const complete = () => extend(paired(), record(1, 1, scrabble(420, 380)), record(1, 2, scrabble(300, 450)));
const penalty = (player: string, points: number, round?: number, ref = 'penalty-7'): TournamentCommand => ({
  type: 'tournament.apply-penalty',
  context: ctx('chief-arbiter'),
  data: {
    player,
    points,
    reason: 'mobile phone rang',
    ref,
    ...(round !== undefined && { round }),
  },
});

describe('tournament: results', () => {
  it('records a result from a finished game with its source', () => {
    const events = given(paired()).when(record(1, 1, scrabble(420, 380), 'game-42'));
    expect(events).toEqual([
      {
        type: 'tournament.ResultRecorded',
        data: {
          division: 'main',
          round: 1,
          table: 1,
          result: { kind: 'played', round: 1, table: 1, first: 'a', second: 'b', outcome: 'first', score: { first: 420, second: 380 } },
          source: { kind: 'game', gameId: 'game-42' },
        },
      },
    ]);
  });

  it('records an arbiter entry, a forfeit and a double forfeit', () => {
    expect(given(paired()).when(record(1, 1, { kind: 'forfeit', absent: 'second' }))[0]).toMatchObject({
      data: { result: { kind: 'forfeit', first: 'a', second: 'b', absent: 'second' }, source: { kind: 'arbiter' } },
    });
    expect(given(paired()).when(record(1, 2, { kind: 'double-forfeit' }))[0]).toMatchObject({
      data: { result: { kind: 'double-forfeit', first: 'c', second: 'd' } },
    });
  });

  it('refuses results before the round is published', () => {
    const h = extend(fourPlayers(), pairManual(1, [game(1, 'a', 'b'), game(2, 'c', 'd')]));
    spec
      .given(h)
      .when(record(1, 1, scrabble(400, 300)))
      .thenRefuses('tournament/round-not-published');
  });

  it('refuses a result for a game not in the pairing', () => {
    const e = given(paired()).refuses(record(1, 9, scrabble(400, 300)));
    expect([e.type, e.kind, e.message]).toEqual(['tournament/unknown-table', 'not-found', 'round 1 of main has no game at table 9']);
    spec
      .given(paired())
      .when(record(2, 1, scrabble(400, 300)))
      .thenRefuses('tournament/unknown-round');
  });

  it('refuses a second result for the same game (a change is a correction)', () => {
    const h = extend(paired(), record(1, 1, scrabble(420, 380)));
    spec
      .given(h)
      .when(record(1, 1, scrabble(380, 420)))
      .thenRefuses('tournament/result-already-recorded');
  });

  it('WESPA: a Scrabble result records both scores, and the outcome agrees with them', () => {
    spec
      .given(paired())
      .when(record(1, 1, won('first')))
      .thenRefuses('tournament/result-score-required');
    const e = given(paired()).refuses(record(1, 1, { kind: 'played', outcome: 'second', score: { first: 420, second: 380 } }));
    expect([e.type, e.kind, e.message]).toEqual(['tournament/result-inconsistent', 'invalid', 'scores 420–380 do not give outcome "second"']);
    expect(given(paired()).when(record(1, 1, scrabble(400, 400)))[0]).toMatchObject({ data: { result: { outcome: 'draw' } } });
  });

  it('chess records outcomes without game scores', () => {
    expect(given(paired('chess-rapid')).when(record(1, 1, won('draw')))).toHaveLength(1);
    spec
      .given(paired('chess-rapid'))
      .when(record(1, 1, scrabble(1, 0)))
      .thenRefuses('tournament/result-score-not-recorded');
  });

  it('西瓜棋 第十条: the match winner won more games (三局两胜 / 五局三胜); captures are counts', () => {
    const ok = { kind: 'played' as const, outcome: 'first' as const, games: { first: 2, second: 1 }, captured: { first: 7, second: 4 } };
    expect(given(paired('xiguaqi')).when(record(1, 1, ok))[0]).toMatchObject({
      data: { result: { games: { first: 2, second: 1 }, captured: { first: 7, second: 4 } } },
    });
    spec
      .given(paired('xiguaqi'))
      .when(record(1, 1, { ...ok, games: { first: 1, second: 2 } }))
      .thenRefuses('tournament/result-inconsistent');
    spec
      .given(paired('xiguaqi'))
      .when(record(1, 1, { ...ok, captured: { first: -1, second: 2 } }))
      .thenRefuses('tournament/result-value');
    spec
      .given(paired('chess-rapid'))
      .when(record(1, 1, { kind: 'played', outcome: 'first', games: { first: 2, second: 0 } }))
      .thenRefuses('tournament/result-value');
  });

  describe('mahjong tables', () => {
    const mj = () => extend(fourPlayers('mahjong'), pairManual(1, [], null, [mjTable(1, ['a', 'b', 'c', 'd'])]), publish(1));
    const seats = (pa: number, pb: number, pc: number, pd: number) => ({
      kind: 'mahjong-table' as const,
      seats: [
        { player: 'a', points: pa },
        { player: 'b', points: pb },
        { player: 'c', points: pc },
        { player: 'd', points: pd },
      ],
    });

    it('records table points with the wind and the rank at the table (equal points share a rank)', () => {
      expect(given(mj()).when(record(1, 1, seats(40, -20, 0, -20)))[0]).toMatchObject({
        data: {
          result: {
            kind: 'mahjong-table',
            seats: [
              { player: 'a', wind: 'E', points: 40, rank: 1 },
              { player: 'b', wind: 'S', points: -20, rank: 3 },
              { player: 'c', wind: 'W', points: 0, rank: 2 },
              { player: 'd', wind: 'N', points: -20, rank: 3 },
            ],
          },
        },
      });
    });

    it('WMC 和牌者從三家對手支取得分: table points sum to zero', () => {
      const e = given(mj()).refuses(record(1, 1, seats(40, -20, 0, -10)));
      expect([e.type, e.message]).toEqual(['tournament/mahjong-table-not-zero-sum', 'table 1 points sum to 10, not 0']);
    });

    it('WMC: a table result names exactly the four seated players', () => {
      const bad = {
        kind: 'mahjong-table' as const,
        seats: [
          { player: 'a', points: 0 },
          { player: 'b', points: 0 },
          { player: 'c', points: 0 },
        ],
      };
      spec
        .given(mj())
        .when(record(1, 1, bad))
        .thenRefuses('tournament/mahjong-seats');
      spec
        .given(mj())
        .when(record(1, 1, won('first')))
        .thenRefuses('tournament/result-format');
    });
  });

  describe('corrections and locking', () => {
    it('corrects a result with a reason, recording what it corrects and who decided', () => {
      const events = given(complete()).when(correct(1, 1, scrabble(380, 420)));
      expect(events).toEqual([
        {
          type: 'tournament.ResultCorrected',
          data: {
            division: 'main',
            round: 1,
            table: 1,
            corrects: { kind: 'played', round: 1, table: 1, first: 'a', second: 'b', outcome: 'first', score: { first: 420, second: 380 } },
            result: { kind: 'played', round: 1, table: 1, first: 'a', second: 'b', outcome: 'second', score: { first: 380, second: 420 } },
            reason: 'scores were swapped on the slip',
            decidedBy: { id: 'arbiter-1', role: 'arbiter' },
          },
        },
      ]);
      expect(stateOf([...complete(), ...events]).rounds['main/1'].results.t1).toMatchObject({ outcome: 'second' });
    });

    it('refuses a correction without a reason or without a result to correct', () => {
      spec
        .given(complete())
        .when(correct(1, 1, scrabble(1, 0), 'arbiter', ''))
        .thenRefuses('tournament/reason-required');
      spec
        .given(paired())
        .when(correct(1, 1, scrabble(1, 0)))
        .thenRefuses('tournament/no-result-to-correct');
    });

    it('locks a complete round once; refuses to lock an incomplete one', () => {
      spec
        .given(complete())
        .when(lock(1))
        .then([{ type: 'tournament.RoundLocked', data: { division: 'main', round: 1 } }]);
      spec
        .given(extend(complete(), lock(1)))
        .when(lock(1))
        .thenRefuses('tournament/round-already-locked');
      const e = given(extend(paired(), record(1, 1, scrabble(1, 0)))).refuses(lock(1));
      expect([e.type, e.message]).toEqual(['tournament/round-incomplete', 'round 1 cannot be locked: 1 result missing']);
    });

    it('Arbitra policy: a locked round takes no more results', () => {
      const h = extend(complete(), lock(1));
      const e = given(h).refuses(record(1, 1, scrabble(1, 0)));
      expect([e.type, e.kind]).toEqual(['tournament/round-locked', 'conflict']);
      expect(e.rule).toMatch(/appeals-committee or chief-arbiter/);
    });

    it('Arbitra policy: a locked round is corrected only by an appeals-committee or chief-arbiter decision', () => {
      const h = extend(complete(), lock(1));
      const e = given(h).refuses(correct(1, 2, scrabble(450, 300), 'arbiter'));
      expect([e.type, e.message]).toEqual([
        'tournament/round-locked',
        'round 1 of main is locked: only the appeals committee or the chief arbiter may correct it (the actor is arbiter)',
      ]);
      expect(given(h).when(correct(1, 2, scrabble(450, 300), 'appeals-committee'))[0]).toMatchObject({ data: { decidedBy: { role: 'appeals-committee' } } });
      expect(given(h).when(correct(1, 2, scrabble(450, 300), 'chief-arbiter'))[0]).toMatchObject({ data: { decidedBy: { role: 'chief-arbiter' } } });
    });
  });

  describe('penalties (tournament.PenaltyApplied flows into standings)', () => {
    it('applies a penalty to a registered player, in the current round by default', () => {
      spec
        .given(complete())
        .when(penalty('a', 10))
        .then([{ type: 'tournament.PenaltyApplied', data: { player: 'a', points: 10, round: 1, reason: 'mobile phone rang', ref: 'penalty-7' } }]);
    });

    it('refuses a non-positive penalty or an unknown player', () => {
      spec.given(complete()).when(penalty('a', 0)).thenRefuses('tournament/penalty-points');
      expect(given(complete()).refuses(penalty('zz', 5)).kind).toBe('not-found');
    });

    it('RULES.penaltyRefUnique: refuses a second penalty with the same ledger ref, naming the first (the points are not counted twice)', () => {
      // given a penalty with ref penalty-7 applied to a in round 1
      const h = extend(complete(), penalty('a', 10));
      // when the same ref is applied again, to anyone, with any points
      const e = given(h).refuses(penalty('b', 25, undefined, ' penalty-7 '));
      // then it is refused as a conflict on `ref`, naming the first penalty's event, player and round
      expect([e.type, e.kind, e.field, e.rule]).toEqual(['tournament/penalty-ref-taken', 'conflict', 'ref', RULES.penaltyRefUnique]);
      expect(e.message).toBe('penalty ref "penalty-7" is already recorded (tournament.PenaltyApplied: 10 points to player a in round 1, "mobile phone rang")');
      expect(e.details).toEqual({ first: { ref: 'penalty-7', player: 'a', round: 1, points: 10, reason: 'mobile phone rang' } });
      // and another ref is still accepted
      expect(given(h).when(penalty('a', 10, undefined, 'penalty-8'))).toHaveLength(1);
    });
  });

  describe('an unpublished round (RULES.notPublished): results are entered after publishing', () => {
    const unpublished = () => extend(fourPlayers(), pairManual(1, [game(1, 'a', 'b'), game(2, 'c', 'd')]));

    it('refuses a result and a correction in a round paired but not published, naming the round', () => {
      // given round 1 paired, not published
      // when a result or a correction is sent for it
      const result = given(unpublished()).refuses(record(1, 1, scrabble(400, 300)));
      const correction = given(unpublished()).refuses(correct(1, 1, scrabble(400, 300)));
      // then both are refused as not published, on `round`
      expect([result.type, result.kind, result.field, result.rule]).toEqual(['tournament/round-not-published', 'conflict', 'round', RULES.notPublished]);
      expect([correction.type, correction.kind, correction.field, correction.rule]).toEqual([
        'tournament/round-not-published',
        'conflict',
        'round',
        RULES.notPublishedCorrection,
      ]);
      // and once published, the result is taken
      expect(given(extend(unpublished(), publish(1))).when(record(1, 1, scrabble(400, 300)))[0].type).toBe('tournament.ResultRecorded');
    });
  });
});
