import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { RecordsHarness } from './support/records-harness.js';

/**
 * Every game command reaches the core through one runner (GameRunner): the same access, observed-time
 * and clock-reading checks for every endpoint, so a new endpoint cannot forget them (issue 7, items 1–2).
 */
const PLAYERS = [
  { id: 'ann', name: 'Ann Lee' },
  { id: 'bob', name: 'Bob Chan' },
];
const START = { players: PLAYERS, starter: 0, clockSide: 'right', clockSideChosenBy: 1, tilesCounted: 100 };
const HOUR_AGO = () => new Date(Date.now() - 3_600_000).toISOString();

/** Each self-recording endpoint (players may call it for their own seat) with a body the DTO accepts. */
const SELF_ENDPOINTS: [string, object][] = [
  ['draws', { seat: 0, count: 7 }],
  ['moves', { seat: 0, move: { kind: 'pass' } }],
  ['clock/presses', { seat: 0 }],
  ['holds', { seat: 0 }],
  ['acceptances', { seat: 0 }],
  ['challenges', { seat: 0, words: ['QI'] }],
  ['challenges/withdrawal', { seat: 0 }],
  ['reannouncements', { seat: 0, score: 10 }],
  ['td-calls', { reason: 'noise at the next table' }],
  ['recount', { seat: 0 }],
  ['signatures', { seat: 0 }],
];

describe('game commands go through one runner', () => {
  let h: RecordsHarness;
  let arbiter: string, ann: string, bob: string;

  beforeAll(async () => {
    h = await RecordsHarness.start();
    arbiter = h.token('arbiter', [], 'arb-1');
    ann = h.token('player', [], 'ann');
    bob = h.token('player', [], 'bob');
    await h.post('/v1/scrabble/games', { id: 'g1', ...START }, arbiter);
  });
  afterAll(async () => {
    await h.stop();
  });

  const revision = async (id: string) => (await h.get(`/v1/scrabble/games/${id}/events`, arbiter).expect(200)).body.revision as number;

  it.each(SELF_ENDPOINTS)('a player may not backdate or set the clocks through POST …/%s (403, nothing recorded)', async (path, body) => {
    const before = await revision('g1');
    const backdated = await h.post(`/v1/scrabble/games/g1/${path}`, { ...body, at: HOUR_AGO() }, ann, 403);
    expect(backdated.body).toMatchObject({ type: 'urn:arbitra:problem:games/players-may-not-time', field: 'at' });
    const clocks = await h.post(`/v1/scrabble/games/g1/${path}`, { ...body, clockReading: { remainingMs: [1, 99_999_999] } }, ann, 403);
    expect(clocks.body).toMatchObject({ type: 'urn:arbitra:problem:games/players-may-not-time', field: 'clockReading' });
    expect(await revision('g1')).toBe(before);
  });

  // Issue 28: who acts for a seat is the runner's rule alone (game-access.ts); the Scrabble decider no longer checks it again.
  it.each(SELF_ENDPOINTS.filter(([, body]) => 'seat' in body))(
    'a player may not record for the other seat through POST …/%s (403, nothing recorded)',
    async (path, body) => {
      const before = await revision('g1');
      const other = await h.post(`/v1/scrabble/games/g1/${path}`, body, bob, 403); // bob sits at seat 1; the body names seat 0
      expect(other.body).toMatchObject({ type: 'urn:arbitra:problem:games/not-your-seat', field: 'seat' });
      expect(await revision('g1')).toBe(before);
    },
  );

  it('the arbiter may record a clock reading with a challenge (the same path, an official)', async () => {
    await h.post('/v1/scrabble/games/g1/draws', { seat: 0, count: 7 }, arbiter);
    await h.post('/v1/scrabble/games/g1/draws', { seat: 1, count: 7 }, arbiter);
    await h.post('/v1/scrabble/games/g1/moves', { seat: 0, move: { kind: 'play', coordinate: '8G', word: 'QI' }, announcedScore: 22 }, arbiter);
    const r = await h.post('/v1/scrabble/games/g1/challenges', { seat: 1, words: ['QI'], clockReading: { remainingMs: [1_400_000, 1_500_000] } }, arbiter);
    expect(r.body.events.map((e: { type: string }) => e.type)).toEqual(['scrabble.ClockReadingRecorded', 'scrabble.ChallengeMade']);
  });

  it('Scrabble games live under /v1/scrabble/games; GET /v1/games lists the games of every discipline, each naming it (issue 8)', async () => {
    const list = await h.get('/v1/games').expect(200);
    expect(list.body.games.find((g: { id: string }) => g.id === 'g1')).toMatchObject({ id: 'g1', discipline: 'scrabble', players: PLAYERS, link: null });
    expect((await h.get('/v1/scrabble/games/g1').expect(200)).body).toMatchObject({ id: 'g1', players: PLAYERS });
    const before = await revision('g1');
    await h.post('/v1/games/g1/td-calls', { reason: 'old route' }, arbiter, 404);
    await h.get('/v1/games/g1').expect(404);
    expect(await revision('g1')).toBe(before);
  });

  it("a refusal names the field sent: a play by placements answers move.placements, not the command's move.tiles", async () => {
    await h.post('/v1/scrabble/games', { id: 'g2', ...START }, arbiter);
    await h.post('/v1/scrabble/games/g2/draws', { seat: 0, count: 7 }, arbiter);
    await h.post('/v1/scrabble/games/g2/draws', { seat: 1, count: 7 }, arbiter);
    const scattered = [
      { row: 8, col: 8, letter: 'Q' },
      { row: 9, col: 10, letter: 'I' },
    ];
    const r = await h.post('/v1/scrabble/games/g2/moves', { seat: 0, move: { kind: 'play', placements: scattered }, announcedScore: 22 }, arbiter, 409);
    expect(r.body.field).toBe('move.placements');
  });

  it('a player token scoped to one tournament cannot record in a game linked to another (403)', async () => {
    const admin = h.token('admin');
    for (const t of ['ta', 'tb']) {
      await h.post('/v1/tournaments', { id: t, name: `Open ${t}`, discipline: 'scrabble', pairingSystems: ['australian-draw'] }, admin);
      for (const p of PLAYERS) await h.post(`/v1/tournaments/${t}/players`, p, admin);
      await h.post(`/v1/tournaments/${t}/rounds/1/pairings`, { system: 'australian-draw' }, admin);
      await h.post(`/v1/tournaments/${t}/rounds/1/publish`, {}, admin);
    }
    const tbArbiter = h.token('arbiter', ['tb'], 'arb-b');
    await h.post('/v1/scrabble/games', { id: 'linked-b', ...START, link: { tournamentId: 'tb', round: 1, table: 1 } }, tbArbiter);
    const firstSeat = (await h.get('/v1/scrabble/games/linked-b', tbArbiter).expect(200)).body;
    expect(firstSeat.link).toMatchObject({ tournamentId: 'tb' });
    const before = await revision('linked-b');

    const annForA = h.token('player', ['ta'], 'ann');
    const refused = await h.post('/v1/scrabble/games/linked-b/draws', { seat: 0, count: 7 }, annForA, 403);
    expect(refused.body).toMatchObject({ type: 'urn:arbitra:problem:auth/tournament-not-granted' });
    const unscoped = await h.post('/v1/scrabble/games/linked-b/draws', { seat: 0, count: 7 }, ann, 403);
    expect(unscoped.body.type).toBe('urn:arbitra:problem:auth/tournament-not-granted');
    expect(await revision('linked-b')).toBe(before);

    const annForB = h.token('player', ['tb'], 'ann');
    await h.post('/v1/scrabble/games/linked-b/draws', { seat: 0, count: 7 }, annForB);
    expect(await revision('linked-b')).toBeGreaterThan(before);
  });
});
