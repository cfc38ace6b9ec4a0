import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { XMLParser } from 'fast-xml-parser';
import { CAPTURE_LINE, WIN_LINE } from '../libs/domain/disciplines/xiguaqi/testing/match-play.js';
import { RecordsHarness } from './support/records-harness.js';

/**
 * A xiguaqi match of three games over HTTP (issue 14), linked to a tournament's pairing: players record their own
 * moves and captures, the arbiter starts the next games and reads the clock, the match result reaches the standings;
 * a position is drawn as SVG (checked by parsing it) and the match record round-trips through export and import.
 */
const TID = 'xg-open';
const PLAYERS = [
  { id: 'ann', name: 'Ann Lee' },
  { id: 'bob', name: 'Bob Chan' },
];
type Line = readonly (readonly [number, number, (readonly number[])?])[];
type Piece = { point: number; colour: 'B' | 'W'; escaped?: boolean };
const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' });

describe('records server: a xiguaqi match over HTTP', () => {
  let h: RecordsHarness;
  let arbiter: string, ann: string, bob: string;
  const post = (path: string, body: object, token: string | null, status = 201) => h.post(path, body, token, status);
  const view = async (id: string) => (await h.get(`/v1/xiguaqi/games/${id}`).expect(200)).body;
  const seatToken = (seat: number) => (seat === 0 ? ann : bob);
  /** The line played by the seats from `black` (who moves first), each by their own token. */
  const play = async (id: string, line: Line, black: 0 | 1) => {
    for (const [i, [from, to, captures]] of line.entries()) {
      const seat = (black + i) % 2;
      await post(`/v1/xiguaqi/games/${id}/moves`, { seat, from, to, ...(captures && { captures }) }, seatToken(seat));
    }
  };
  const svgPieces = async (path: string) => {
    const r = await h.get(path).expect(200);
    expect(r.headers['content-type']).toMatch(/^image\/svg\+xml/);
    const text = r.text || Buffer.from(r.body as Buffer).toString('utf8');
    const svg = parser.parse(text).svg as { circle: Record<string, string>[] };
    return svg.circle
      .filter((c) => c.class === 'piece')
      .map((c) => ({ point: Number(c['data-point']), colour: c['data-colour'], ...(c['data-escaped'] === 'true' && { escaped: true }) }))
      .sort((a, b) => a.point - b.point);
  };

  beforeAll(async () => {
    h = await RecordsHarness.start();
    arbiter = h.token('arbiter', [TID], 'arb-1');
    const chief = h.token('chief-arbiter', [TID], 'td-1');
    ann = h.token('player', [TID], 'ann');
    bob = h.token('player', [TID], 'bob');
    // Round 1 pairs bob (first) against ann: seat 1 is the pairing's first.
    await h.publishedRound1({ id: TID, name: 'Xiguaqi Open', discipline: 'xiguaqi' }, PLAYERS, ['bob', 'ann'], chief, arbiter);
  });
  afterAll(async () => {
    await h.stop();
  });

  it('第十条, 第十一条: an official starts a linked best-of-three match; game 1 starts with six pieces each, seat 0 drawn to play Black', async () => {
    await post('/v1/xiguaqi/games', { id: 'm1', players: PLAYERS, bestOf: 3, first: 0, link: { tournamentId: TID, round: 1, table: 1 } }, ann, 403);
    const bad = await post('/v1/xiguaqi/games', { id: 'm1', players: PLAYERS, bestOf: 4, first: 0 }, arbiter, 400);
    expect(bad.body.field).toBe('bestOf');
    const r = await post('/v1/xiguaqi/games', { id: 'm1', players: PLAYERS, bestOf: 3, first: 0, link: { tournamentId: TID, round: 1, table: 1 } }, arbiter);
    expect(r.body.events.map((e: { type: string }) => e.type)).toEqual(['xiguaqi.MatchStarted', 'xiguaqi.GameStarted']);
    expect(r.body.events[0].data.link).toMatchObject({ tournamentId: TID, firstSeat: 1 });
    const v = await view('m1');
    expect(v.games[0].pieces.filter((p: Piece) => p.colour === 'B').map((p: Piece) => p.point)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(v.games[0].toMove).toBe(0);
  });

  it('第二条三, 第十六条二: a player moves their own seat only (403); a jump (422 naming to) or a second move in a row (409) records nothing', async () => {
    await post('/v1/xiguaqi/games/m1/moves', { seat: 0, from: 4, to: 7 }, bob, 403);
    const jump = await post('/v1/xiguaqi/games/m1/moves', { seat: 0, from: 4, to: 11 }, ann, 422);
    expect(jump.body).toMatchObject({ type: 'urn:arbitra:problem:xiguaqi/not-adjacent', field: 'to', rule: expect.stringContaining('第二条三') });
    const before = (await h.get('/v1/xiguaqi/games/m1/events').expect(200)).body.revision;
    await play('m1', WIN_LINE.slice(0, 1), 0);
    const twice = await post('/v1/xiguaqi/games/m1/moves', { seat: 0, from: 4, to: 7 }, ann, 409);
    expect(twice.body).toMatchObject({ field: 'seat', rule: expect.stringContaining('第十六条二') });
    expect((await h.get('/v1/xiguaqi/games/m1/events').expect(200)).body.revision).toBe(before + 1);
  });

  it('第五条, 第九条一: game 1 — Black captures a group of four and wins; the SVG of the position shows the pieces the view lists', async () => {
    await play('m1', WIN_LINE.slice(1), 1);
    const v = await view('m1');
    expect(v.phase).toBe('between-games');
    expect(v.games[0].outcome).toMatchObject({ winner: 0, reason: 'captures' });
    expect(v.games[0].captured).toEqual([4, 0]);
    expect(await svgPieces('/v1/xiguaqi/games/m1/board.svg?game=1')).toEqual(v.games[0].pieces);
    // An earlier position: after 12 plies the white pieces are still six.
    const early = await svgPieces('/v1/xiguaqi/games/m1/board.svg?game=1&ply=12');
    expect(early.filter((p) => p.colour === 'W')).toHaveLength(6);
    const missing = await h.get('/v1/xiguaqi/games/m1/board.svg?game=3').expect(404);
    expect(missing.body.field).toBe('game');
  });

  it('第十一条, 第八条二: game 2 — the first move alternates (seat 1 plays Black); seat 0 resigns', async () => {
    await post('/v1/xiguaqi/games/m1/next-games', {}, ann, 403);
    const g2 = await post('/v1/xiguaqi/games/m1/next-games', {}, arbiter);
    expect(g2.body.events[0].data).toMatchObject({ game: 2, black: 1, decidedBy: 'alternation' });
    await post('/v1/xiguaqi/games/m1/moves', { seat: 1, from: 4, to: 7 }, bob);
    await post('/v1/xiguaqi/games/m1/resignation', { seat: 0 }, ann);
    expect((await view('m1')).gameWins).toEqual([1, 1]);
  });

  it('第十一条, 第六条, 第八条一, 第九条二: game 3 decides — its first mover guessed again; an escaped piece; time read by the arbiter, counted', async () => {
    const unguessed = await post('/v1/xiguaqi/games/m1/next-games', {}, arbiter, 422);
    expect(unguessed.body).toMatchObject({ field: 'first', rule: expect.stringContaining('第十一条') });
    await post('/v1/xiguaqi/games/m1/next-games', { first: 1 }, arbiter);
    // Bob (Black) surrounds White's piece on 2 but does not capture it at once: it escapes and stays on the board.
    await play('m1', CAPTURE_LINE, 1);
    const v = await view('m1');
    expect(v.games[2].pieces).toContainEqual({ point: 2, colour: 'W', escaped: true });
    expect(await svgPieces('/v1/xiguaqi/games/m1/board.svg')).toContainEqual({ point: 2, colour: 'W', escaped: true });
    await post('/v1/xiguaqi/games/m1/passes', { seat: 0 }, ann);
    const refused = await post('/v1/xiguaqi/games/m1/moves', { seat: 1, from: 7, to: 10, captures: [2] }, bob, 422);
    expect(refused.body).toMatchObject({ type: 'urn:arbitra:problem:xiguaqi/escaped', field: 'captures' });
    await post('/v1/xiguaqi/games/m1/time-calls', { seat: 1 }, bob, 409);
    // The arbiter reads both halves used on the clock (players may not send readings: 403); the board is counted: 6 against 6.
    await post('/v1/xiguaqi/games/m1/time-calls', { clockReading: { remainingMs: [0, 0] } }, bob, 403);
    const end = await post('/v1/xiguaqi/games/m1/time-calls', { clockReading: { remainingMs: [0, 0] } }, arbiter);
    expect(end.body.events.map((e: { type: string }) => e.type)).toEqual(['xiguaqi.ClockRead', 'xiguaqi.GameEnded', 'xiguaqi.MatchEnded']);
    expect(end.body.events[1].data.outcome).toMatchObject({ winner: null, reason: 'count' });
    expect(end.body.events[2].data.outcome).toMatchObject({ winner: null, games: [1, 1], captured: [4, 0] });
  });

  it('第十条: the match result reaches the tournament with games and captured pieces, from the pairing’s first (bob)', async () => {
    await h.core.settle();
    h.position = await h.core.store.headPosition();
    const recorded = (await h.core.store.readStream(`tournament-${TID}`)).filter((e) => e.type === 'tournament.ResultRecorded');
    expect(recorded.map((e) => e.data)).toMatchObject([
      {
        round: 1,
        table: 1,
        source: { gameId: 'm1' },
        result: { kind: 'played', first: 'bob', second: 'ann', outcome: 'draw', games: { first: 1, second: 1 }, captured: { first: 0, second: 4 } },
      },
    ]);
    const standings = await h.get(`/v1/tournaments/${TID}/standings`).expect(200);
    expect(standings.body.divisions[0].rows[0]).toMatchObject({ player: 'ann' });
    const list = await h.get('/v1/games').expect(200);
    expect(JSON.stringify(list.body)).toContain('"discipline":"xiguaqi"');
  });

  it('the record (one command a line) exports, imports through the command path, and exports again the same', async () => {
    const exported = await h.get('/v1/xiguaqi/games/m1/record').expect(200);
    expect(exported.headers['content-type']).toMatch(/^text\/plain/);
    const text = exported.text;
    expect(text).toContain('Game 3 black=1');
    expect(text).toContain('; escaped 2');
    const imported = await post('/v1/xiguaqi/games/import', { id: 'm1-copy', record: text, players: PLAYERS }, arbiter);
    // 1 start, 23 + 1 + 7 moves, 2 next games, a resignation, a pass, the time call.
    expect(imported.body.commands).toBe(37);
    expect((await h.get('/v1/xiguaqi/games/m1-copy/record').expect(200)).text).toBe(text);
    const [a, b] = [await view('m1'), await view('m1-copy')];
    expect(b.games.map((g: { pieces: unknown }) => g.pieces)).toEqual(a.games.map((g: { pieces: unknown }) => g.pieces));
    expect(b.outcome).toEqual(a.outcome);
    const bad = await post('/v1/xiguaqi/games/import', { id: 'm1-bad', record: text.replace('1. B 6-13', '1. B 6-12'), players: PLAYERS }, arbiter, 422);
    expect(bad.body.field).toBe('to');
    await h.get('/v1/xiguaqi/games/m1-bad').expect(404);
  });
});
