import { describe, expect, it } from '@jest/globals';
import { deciderSpec } from '../kernel/testing/decider-spec.js';
import { create, given, register, run } from '../tournament/testing/tournament.test-support.js';
import { disciplineDomain } from './profiles.js';
import { egdChange } from './egd.js';
import { computeList, type RatingList } from './list.js';
import { DEFAULT_RATING_PROFILES, resolveProfile } from './profiles.js';
import { ratingsDecider, type RatingsEvent } from './ratings.decider.js';
import type { RatedTournament } from './types.js';

const ids = { a: { name: 'A', country: 'HKG' }, b: { name: 'B', country: 'HKG' } };
const game = (declared: { a?: number; b?: number }, extra: Partial<RatedTournament> = {}): RatedTournament => ({
  id: 'open',
  endsOn: '2026-06-10',
  players: [
    { id: 'a', ...(declared.a !== undefined && { declaredRating: declared.a }) },
    { id: 'b', ...(declared.b !== undefined && { declaredRating: declared.b }) },
  ],
  games: [{ round: 1, a: 'a', b: 'b', score: 1 }],
  sessions: 1,
  countries: 1,
  ...extra,
});
const listOf = (t: RatedTournament, discipline: 'go' | 'chess-rapid' | 'scrabble' | 'xiguaqi'): RatingList =>
  computeList([], { period: '2026-06', closesOn: '2026-06-30', tournaments: [t] }, DEFAULT_RATING_PROFILES[discipline], ids);
const rating = (l: RatingList, id: string) => l.entries.find((e) => e.player === id)?.rating;

describe('engine input domains (issue 31)', () => {
  it('each discipline takes the ratings every engine that may rate it accepts: GoR from −900 to below 3300, FIDE from its floor', () => {
    expect(disciplineDomain('go')).toMatchObject({ min: -900, below: 3300 });
    expect(disciplineDomain('chess-rapid')).toMatchObject({ min: 1400, below: Infinity });
    expect(disciplineDomain('scrabble')).toMatchObject({ min: -Infinity, below: Infinity });
  });

  it('registration refuses a Go rating of 3400 (GoR is below 3300) naming player.rating, and takes 3299', () => {
    const go = run(create({ discipline: 'go' }));
    const e = given(go).refuses(register('a', { rating: 3400 }));
    expect(e).toMatchObject({ type: 'tournament/player-rating', kind: 'invalid', field: 'player.rating' });
    expect(e.rule).toMatch(/3300/);
    expect(given(go).when(register('a', { rating: 3299 }))).toHaveLength(1);
    expect(given(run(create({ discipline: 'chess-rapid' }))).refuses(register('a', { rating: 1200 }))).toMatchObject({ field: 'player.rating' });
    expect(given(run(create())).refuses(register('a', { rating: Number.NaN }))).toMatchObject({ field: 'player.rating' });
  });

  it('a Go rating of 3400 recorded before the check is not used: the list is finite and publishes', () => {
    const l = listOf(game({ a: 3400, b: 2100 }), 'go');
    // The 3400 is not used: a plays as an EGD newcomer (100), so b's loss is a 2100 losing to a 100.
    expect(rating(l, 'b')).toBeCloseTo(2100 + egdChange(2100, 100, 0), 9);
    expect(rating(l, 'a')).toBeCloseTo(100 + egdChange(100, 2100, 1), 9);
    for (const e of l.entries) expect(Number.isFinite(e.rating)).toBe(true);
    const closed: RatingsEvent = {
      type: 'ratings.PeriodClosed',
      data: {
        discipline: 'go',
        period: '2026-06',
        closesOn: '2026-06-30',
        tournaments: ['open'],
        engine: { name: 'egd-gor', version: 2021 },
        profile: DEFAULT_RATING_PROFILES.go,
        closedBy: 'fed',
      },
    };
    const context = { at: '2026-07-01T10:00:00Z', actor: { id: 'fed', role: 'admin' as const }, commandId: 'c1' };
    deciderSpec(ratingsDecider)
      .given([closed])
      .when({ type: 'ratings.publish-list', context, data: { period: '2026-06', list: l } })
      .then([{ type: 'ratings.ListPublished', data: { version: 1 } }]);
  });

  it('publishing refuses a list holding a non-finite number, naming the entry and the player; the period stays publishable', () => {
    const l = listOf(game({ a: 2100, b: 2100 }), 'go');
    const bad: RatingList = { ...l, entries: l.entries.map((e, i) => (i === 1 ? { ...e, rating: Number.NaN } : e)) };
    const closed: RatingsEvent = {
      type: 'ratings.PeriodClosed',
      data: {
        discipline: 'go',
        period: '2026-06',
        closesOn: '2026-06-30',
        tournaments: ['open'],
        engine: { name: 'egd-gor', version: 2021 },
        profile: DEFAULT_RATING_PROFILES.go,
        closedBy: 'fed',
      },
    };
    const context = { at: '2026-07-01T10:00:00Z', actor: { id: 'fed', role: 'admin' as const }, commandId: 'c1' };
    const spec = deciderSpec(ratingsDecider);
    spec
      .given([closed])
      .when({ type: 'ratings.publish-list', context, data: { period: '2026-06', list: bad } })
      .thenRefuses('ratings/non-finite', { field: 'entries[1].rating', kind: 'invalid' });
    spec
      .given([closed])
      .when({ type: 'ratings.publish-list', context, data: { period: '2026-06', list: l } })
      .then([{ type: 'ratings.ListPublished' }]);
  });
});

describe('players the list lacks start from the rating declared at registration (issue 31)', () => {
  it('FIDE: two players registered at 2830 and 2700 are rated from those ratings (newcomer K 40), not left null', () => {
    const l = listOf(game({ a: 2700, b: 2830 }), 'chess-rapid');
    // 2700 vs 2830: difference 130 → expected 0.32 (table 8.1b); a wins: 2700 + 40 × 0.68 = 2727.2 → 2727.
    expect(rating(l, 'a')).toBe(2727);
    expect(rating(l, 'b')).toBe(2803);
    expect(l.entries.every((e) => e.change === null && e.provisional)).toBe(true);
  });

  it('FIDE: a profile recorded before issue 31 (no seedDeclared) rates the period as it was published (unrated players wait)', () => {
    const old = resolveProfile('chess-rapid', { name: 'fide-rapid', version: 2024 });
    const { seedDeclared: _drop, ...before } = old.engine as typeof old.engine & { seedDeclared?: boolean };
    const l = computeList([], { period: '2026-06', closesOn: '2026-06-30', tournaments: [game({ a: 2700, b: 2830 })] }, { ...old, engine: before }, ids);
    expect(rating(l, 'a')).toBeNull();
  });

  it('WESPA: opponents see a newcomer’s declared rating, and the newcomer is rated at their performance', () => {
    const seeded = listOf(game({ a: 1500, b: 2000 }), 'scrabble');
    const bare = listOf(game({}), 'scrabble');
    // Without declared ratings both newcomers start from 1500 each side; with them the winner beat a 2000 player.
    expect(rating(seeded, 'a')).toBeCloseTo(2400, 6);
    expect(rating(bare, 'a')).toBeCloseTo(1900, 6);
  });

  it('Glicko-2: a declared rating replaces the initial 1500 (the deviation stays the initial 350)', () => {
    const l = listOf(game({ a: 1800, b: 1800 }), 'xiguaqi');
    expect(rating(l, 'a')).toBeGreaterThan(1800);
    expect(rating(l, 'a')).toBeCloseTo(1800 + (1662.31 - 1500), 0);
  });
});
