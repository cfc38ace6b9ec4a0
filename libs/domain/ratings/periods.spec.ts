import { describe, expect, it } from '@jest/globals';
import type { CommandContext } from '../kernel/command.js';
import { deciderSpec } from '../kernel/testing/decider-spec.js';
import { addToList, computeList, listFromTables, priorTable, type RatingList } from './list.js';
import { playersDecider, type PlayerEvent } from './players.js';
import { addToPeriod, DEFAULT_RATING_PROFILES, ratePeriod } from './profiles.js';
import { ratingsDecider, type RatingsEvent } from './ratings.decider.js';
import type { RatedTournament } from './types.js';

const context: CommandContext = { at: '2026-07-01T10:00:00Z', actor: { id: 'fed', role: 'admin' }, commandId: 'c1' };
const players = deciderSpec(playersDecider);
const ratings = deciderSpec(ratingsDecider);

const registered = (id: string, federationId: string): PlayerEvent => ({
  type: 'players.PlayerRegistered',
  data: { id, federationId, name: id.toUpperCase(), country: 'HKG' },
});

describe('player registry', () => {
  it('registers an identity; a federation id already held is refused naming the field', () => {
    players
      .given([])
      .when({ type: 'players.register-player', data: { id: 'ann', federationId: 'F1', name: 'Ann', country: 'HKG' }, context })
      .then([{ type: 'players.PlayerRegistered', data: { id: 'ann', federationId: 'F1' } }]);
    players
      .given([registered('ann', 'F1')])
      .when({ type: 'players.register-player', data: { id: 'ann2', federationId: 'F1', name: 'Ann', country: 'HKG' }, context })
      .thenRefuses('players/federation-id-taken', { field: 'federationId', kind: 'conflict' });
  });

  it('merges a duplicate into the identity kept, once, with a reason', () => {
    const history = [registered('ann', 'F1'), registered('ann-b', 'F2')];
    players
      .given(history)
      .when({ type: 'players.merge-players', data: { survivor: 'ann', duplicate: 'ann-b', reason: 'same person' }, context })
      .then([{ type: 'players.PlayersMerged', data: { survivor: 'ann', duplicate: 'ann-b', decidedBy: 'fed' } }]);
    const merged: PlayerEvent = { type: 'players.PlayersMerged', data: { survivor: 'ann', duplicate: 'ann-b', reason: 'same', decidedBy: 'fed' } };
    players
      .given([...history, merged])
      .when({ type: 'players.merge-players', data: { survivor: 'ann', duplicate: 'ann-b', reason: 'again' }, context })
      .thenRefuses('players/already-merged', { field: 'duplicate' });
    players
      .given([...history, merged])
      .when({ type: 'players.merge-players', data: { survivor: 'ann-b', duplicate: 'ann', reason: 'x' }, context })
      .thenRefuses('players/survivor-merged', { field: 'survivor' });
    players
      .given(history)
      .when({ type: 'players.merge-players', data: { survivor: 'ann', duplicate: 'zed', reason: 'x' }, context })
      .thenRefuses('players/unknown-player', {
        kind: 'not-found',
        field: 'duplicate',
      });
  });
});

const t1: RatedTournament = {
  id: 'open-1',
  endsOn: '2026-06-10',
  players: [{ id: 'ann' }, { id: 'bob' }],
  games: [
    { round: 1, a: 'ann', b: 'bob', score: 1 },
    { round: 2, a: 'bob', b: 'ann', score: 0 },
  ],
  sessions: 2,
  countries: 1,
};
const ids = { ann: { name: 'Ann', country: 'HKG' }, bob: { name: 'Bob', country: 'MAC' } };
const profile = DEFAULT_RATING_PROFILES.go;
const list = (ts: RatedTournament[]): RatingList => computeList([], { period: '2026-06', closesOn: '2026-06-30', tournaments: ts }, profile, ids);

const closed: RatingsEvent = {
  type: 'ratings.PeriodClosed',
  data: {
    discipline: 'go',
    period: '2026-06',
    closesOn: '2026-06-30',
    tournaments: ['open-1'],
    engine: { name: 'egd-gor', version: 2021 },
    profile,
    closedBy: 'fed',
  },
};
const close = (data: object) => ({
  type: 'ratings.close-period' as const,
  data: { discipline: 'go' as const, period: '2026-06', closesOn: '2026-06-30', tournaments: ['open-1'], engine: { name: 'egd-gor', version: 2021 }, ...data },
  context,
});

describe('rating periods and lists', () => {
  it('a period closes naming its tournaments and engine version, and records the resolved profile', () => {
    const [e] = ratings
      .given([])
      .when(close({ ranked: { minGames: 5 } }))
      .then([{ type: 'ratings.PeriodClosed', data: { period: '2026-06', tournaments: ['open-1'] } }]);
    expect((e.data as { profile: { ranked: { minGames: number } } }).profile.ranked.minGames).toBe(5);
  });

  it('refuses an engine version Arbitra does not run, and one that does not rate the discipline', () => {
    ratings
      .given([])
      .when(close({ engine: { name: 'egd-gor', version: 2020 } }))
      .thenRefuses('ratings/unknown-engine-version', { field: 'engine.version' });
    ratings
      .given([])
      .when(close({ engine: { name: 'fide-rapid', version: 2024 } }))
      .thenRefuses('ratings/engine-discipline', { field: 'engine.name' });
    ratings
      .given([])
      .when(close({ parameters: { floor: 'low' } }))
      .thenRefuses('ratings/bad-parameter', { field: 'parameters.floor' });
  });

  it('a tournament is rated in one period only, and the next period waits for the previous list', () => {
    ratings
      .given([closed])
      .when(close({ period: '2026-07', closesOn: '2026-07-31' }))
      .thenRefuses('ratings/previous-unpublished');
    const published: RatingsEvent = {
      type: 'ratings.ListPublished',
      data: { ...list([t1]), discipline: 'go', period: '2026-06', closesOn: '2026-06-30', version: 1, publishedBy: 'fed' },
    };
    ratings
      .given([closed, published])
      .when(close({ period: '2026-07', closesOn: '2026-07-31' }))
      .thenRefuses('ratings/tournament-rated', { field: 'tournaments[0]' });
    ratings
      .given([closed, published])
      .when(close({ period: '2026-07', closesOn: '2026-06-15', tournaments: ['t2'] }))
      .thenRefuses('ratings/period-order', { field: 'closesOn' });
  });

  it('a published list never changes: publishing again is refused; a correction is version 2 naming what changed and why', () => {
    const v1 = list([t1]);
    const published: RatingsEvent = {
      type: 'ratings.ListPublished',
      data: { ...v1, discipline: 'go', period: '2026-06', closesOn: '2026-06-30', version: 1, publishedBy: 'fed' },
    };
    ratings
      .given([closed, published])
      .when({ type: 'ratings.publish-list', data: { period: '2026-06', list: v1 }, context })
      .thenRefuses('ratings/list-published', { rule: 'never changes' });
    // An appeal turned round 2 into a draw.
    const corrected = list([{ ...t1, games: [t1.games[0], { round: 2, a: 'bob', b: 'ann', score: 0.5 }] }]);
    const [e] = ratings
      .given([closed, published])
      .when({
        type: 'ratings.correct-list',
        data: { period: '2026-06', reason: 'appeal upheld: round 2 drawn', cause: { kind: 'appeal-decision', ref: 'ap-7' }, list: corrected },
        context,
      })
      .then([{ type: 'ratings.ListCorrected', data: { version: 2, corrects: 1, cause: { kind: 'appeal-decision', ref: 'ap-7' } } }]);
    const changes = (e.data as { changes: ReadonlyArray<{ player: string }> }).changes;
    expect(changes.map((c) => c.player)).toEqual(['ann', 'bob']);
    ratings
      .given([closed, published])
      .when({ type: 'ratings.correct-list', data: { period: '2026-06', reason: 'recheck', cause: { kind: 'data-error' }, list: v1 }, context })
      .thenRefuses('ratings/no-change');
  });
});

describe('lists', () => {
  it('ranks active rated players by rating, shares ranks on ties, and gives each player’s change from the previous list', () => {
    const first = list([t1]);
    expect(first.entries.map((e) => [e.player, e.rank])).toEqual([
      ['ann', 1],
      ['bob', 2],
    ]);
    expect(first.entries[0].change).toBeNull();
    const next = computeList(
      first.entries,
      { period: '2026-07', closesOn: '2026-07-31', tournaments: [{ ...t1, id: 'open-2', endsOn: '2026-07-10' }] },
      profile,
      ids,
    );
    expect(next.entries[0].change).toBeCloseTo((next.entries[0].rating as number) - (first.entries[0].rating as number), 9);
    expect(next.entries[0].played).toEqual([{ tournament: 'open-2', on: '2026-07-10', games: 2, score: 2 }]);
  });

  it('a merged duplicate’s record is folded into the survivor in the next period', () => {
    const first = computeList([], { period: 'p1', closesOn: '2026-06-30', tournaments: [t1] }, profile, ids);
    const next = computeList(first.entries, { period: 'p2', closesOn: '2026-07-31', tournaments: [] }, profile, ids, { bob: 'ann' });
    expect(next.entries.map((e) => e.player)).toEqual(['ann']);
    expect(next.entries[0].games).toBe(4);
  });

  it('players without enough games in the ranked window are listed unranked', () => {
    const strict = { ...profile, ranked: { minGames: 3, windowDays: 365 } };
    const l = computeList([], { period: 'p1', closesOn: '2026-06-30', tournaments: [t1] }, strict, ids);
    expect(l.entries.every((e) => !e.active && e.rank === null)).toBe(true);
  });
});

describe('adding a tournament to a period', () => {
  it.each(['go', 'scrabble', 'chess-rapid', 'xiguaqi'] as const)('%s: the list with one more tournament equals the period rebuilt with it', (discipline) => {
    const p = { ...DEFAULT_RATING_PROFILES[discipline], ranked: { minGames: 1, windowDays: 365 } };
    const people = ['ann', 'bob', 'cat', 'dan', 'eve'];
    const who = Object.fromEntries(people.map((id) => [id, { name: id, country: 'HKG' }]));
    const first = computeList([], { period: 'p1', closesOn: '2026-05-31', tournaments: [t1] }, p, who);
    const t2: RatedTournament = {
      ...t1,
      id: 'open-2',
      endsOn: '2026-06-12',
      players: [],
      games: [
        { round: 1, a: 'cat', b: 'dan', score: 1 },
        { round: 2, a: 'eve', b: 'cat', score: 0.5 },
      ],
    };
    const t3: RatedTournament = {
      ...t1,
      id: 'open-3',
      endsOn: '2026-06-20',
      players: [],
      games: [
        { round: 1, a: 'ann', b: 'eve', score: 0 },
        { round: 2, a: 'bob', b: 'dan', score: 1 },
      ],
    };
    const before = priorTable(first.entries, {});
    const input = { period: 'p2', closesOn: '2026-06-30', tournaments: [t2] };
    const table = ratePeriod(before, input, p);
    const listed = listFromTables(before, table, input, p, who);
    const withT3 = addToPeriod(before, table, { ...input, tournaments: [t2, t3] }, t3, p);
    const added = addToList(listed, before, withT3, t3, input.closesOn, p, who);
    const rebuilt = listFromTables(before, ratePeriod(before, { ...input, tournaments: [t2, t3] }, p), { ...input, tournaments: [t2, t3] }, p, who);
    expect(added).toEqual(rebuilt);
  });
});

describe('WESPA ranked window', () => {
  it('WESPA statement (in force 1 September 2020): ranked with 30 rated games in the last 12 months', () => {
    const scrabble = DEFAULT_RATING_PROFILES.scrabble;
    expect(scrabble.ranked).toEqual({ minGames: 30, windowDays: 365 });
    const rec = (on: string) => ({ rating: 1800, games: 200, provisional: false, lastPlayed: on, recent: [{ on, games: 30 }] });
    const after = new Map([
      ['inside', rec('2025-12-01')],
      ['outside', rec('2025-11-30')],
    ]);
    const l = listFromTables(new Map(), after, { period: 'p', closesOn: '2026-11-30', tournaments: [] }, scrabble, {});
    expect(l.entries.map((e) => [e.player, e.active])).toEqual([
      ['inside', true],
      ['outside', false],
    ]);
  });
});
