import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Chess } from 'chess.js';
import { readFileSync } from 'node:fs';
import { RecordsHarness } from './support/records-harness.js';

/**
 * Rapid chess through the discipline kit over HTTP (issue 13): players record their own moves, the
 * arbiter rules with the rule cited, clocks change as the rapid rules say, results reach the
 * tournament, and a real public game (the Opera Game, 1858) replays from PGN with its moves and result.
 */
const T0 = Date.now() - 600_000;
const at = (s: number) => new Date(T0 + s * 1000).toISOString();
const PLAYERS = [
  { id: 'ann', name: 'Ann Lee' },
  { id: 'bob', name: 'Bob Chan' },
];
const START = { players: PLAYERS, timeControl: { minutes: 30 } };
const OPERA = readFileSync(new URL('./fixtures/chess/opera-game-1858.pgn', import.meta.url), 'utf8');

describe('records server: a rapid chess game over HTTP', () => {
  let h: RecordsHarness;
  let arbiter: string, ann: string, bob: string;
  const post = (path: string, body: object, token: string | null, status = 201) => h.post(path, body, token, status);
  const get = (path: string, token: string | null = null) => h.get(path, token);
  const view = async (id: string) => (await get(`/v1/chess/games/${id}`).expect(200)).body;

  beforeAll(async () => {
    h = await RecordsHarness.start();
    arbiter = h.token('arbiter', [], 'arb-1');
    ann = h.token('player', [], 'ann');
    bob = h.token('player', [], 'bob');
  });
  afterAll(async () => {
    await h.stop();
  });

  it('starts a game (an official); 30 or 60 minutes only (400 naming the field); a player may not start one', async () => {
    const r = await post('/v1/chess/games', { id: 'g1', ...START, at: at(0) }, arbiter);
    expect(r.body.events[0]).toMatchObject({ type: 'chess.GameStarted', data: { players: PLAYERS, timeControl: { minutes: 30, incrementSeconds: 0 } } });
    const bad = await post('/v1/chess/games', { id: 'g2', ...START, timeControl: { minutes: 45 } }, arbiter, 400);
    expect(bad.body.field).toBe('timeControl.minutes');
    await post('/v1/chess/games', { id: 'g2', ...START }, ann, 403);
  });

  it('a player moves for their own seat; never for the other seat (403); an illegal move is refused (422 naming move) and nothing is recorded', async () => {
    const made = await post('/v1/chess/games/g1/moves', { seat: 0, move: 'e4' }, ann);
    expect(made.body.events[0]).toMatchObject({ type: 'chess.MoveMade', data: { san: 'e4', seat: 0 } });
    const other = await post('/v1/chess/games/g1/moves', { seat: 1, move: 'e5' }, ann, 403);
    expect(other.body.type).toBe('urn:arbitra:problem:games/not-your-seat');
    const before = (await get('/v1/chess/games/g1/events').expect(200)).body.revision;
    const illegal = await post('/v1/chess/games/g1/moves', { seat: 1, move: 'Ke7' }, bob, 422);
    expect(illegal.body).toMatchObject({
      type: 'urn:arbitra:problem:chess/illegal-move',
      field: 'move',
      rule: expect.stringContaining('FIDE Laws of Chess 3'),
    });
    expect((await get('/v1/chess/games/g1/events').expect(200)).body.revision).toBe(before);
  });

  it('rapid rules 21(2): an illegal move claimed by the opponent restores the position and adds 2 minutes to the claimant’s clock', async () => {
    const before = await view('g1');
    expect(before.toMove).toBe(1);
    const r = await post('/v1/chess/games/g1/rulings/illegal-moves', { offender: 1, move: 'Ke7' }, arbiter);
    expect(r.body.events.map((e: { type: string }) => e.type)).toEqual(['chess.IllegalMoveRuled', 'chess.TimeAdded']);
    const after = await view('g1');
    expect(after.fen).toBe(before.fen);
    expect(after.toMove).toBe(1);
    // White's clock is stopped while Black is to move: exactly two minutes more.
    expect(after.clocks.remainingMs[0]).toBe(before.clocks.remainingMs[0] + 120_000);
    const player = await post('/v1/chess/games/g1/rulings/illegal-moves', { offender: 1, move: 'Ke7' }, ann, 403);
    expect(player.body.type).toBe('urn:arbitra:problem:auth/role-not-allowed');
  });

  it('rapid rules 12(1): a repetition claim that is not a threefold goes to the arbiter; only the arbiter’s “untrue” adds 2 minutes to the opponent’s clock', async () => {
    const before = await view('g1');
    const claim = await post('/v1/chess/games/g1/draw-claims', { seat: 1, reason: 'repetition' }, bob, 409);
    expect(claim.body).toMatchObject({
      type: 'urn:arbitra:problem:chess/repetition-not-shown',
      field: 'reason',
      rule: expect.stringContaining('rapid rules 12(1)'),
    });
    // Black is to move: White's clock is stopped, and the refused claim added nothing to it.
    expect((await view('g1')).clocks.remainingMs[0]).toBe(before.clocks.remainingMs[0]);
    const r = await post('/v1/chess/games/g1/rulings/draw-claims', { claimant: 1, ground: 'perpetual', upheld: false }, arbiter);
    expect(r.body.events[1]).toMatchObject({ type: 'chess.TimeAdded', data: { seat: 0, ms: 120_000, rule: expect.stringContaining('rapid rules 12(1)') } });
    expect((await view('g1')).clocks.remainingMs[0]).toBe(before.clocks.remainingMs[0] + 120_000);
    expect((await view('g1')).phase).toBe('playing');
  });

  it('rapid rules 9(3): a flag claim on an official’s clock reading showing the opponent’s flag down wins', async () => {
    await post('/v1/chess/games', { id: 'g3', ...START }, arbiter);
    const refused = await post('/v1/chess/games/g3/flag-claims', { seat: 1 }, bob, 409);
    expect(refused.body).toMatchObject({ type: 'urn:arbitra:problem:chess/flag-not-down', rule: expect.stringContaining('rapid rules 10') });
    const timed = await post('/v1/chess/games/g3/flag-claims', { seat: 1, clockReading: { remainingMs: [0, 1_700_000] } }, bob, 403);
    expect(timed.body.field).toBe('clockReading');
    const r = await post('/v1/chess/games/g3/flag-claims', { seat: 1, clockReading: { remainingMs: [0, 1_700_000] } }, arbiter);
    expect(r.body.events.at(-1).data.result).toMatchObject({ winner: 1, reason: 'flag' });
  });

  it('the game list names the discipline; the PGN export carries [%clk] comments', async () => {
    const list = await get('/v1/games').expect(200);
    const items = (list.body.items ?? list.body.games ?? list.body) as { id: string; discipline: string }[];
    expect(items.find((g) => g.id === 'g1')).toMatchObject({ discipline: 'chess' });
    const pgn = await get('/v1/chess/games/g1/pgn').expect(200);
    expect(pgn.text).toMatch(/\[White "Ann Lee"\][\s\S]*1\. e4 \{\[%clk 0:\d\d:\d\d\]\} \*/);
  });

  it('a real public game (the Opera Game, Morphy 1858) replays from PGN through the API with its moves and result', async () => {
    const players = [
      { id: 'morphy', name: 'Paul Morphy' },
      { id: 'allies', name: 'Duke Karl / Count Isouard' },
    ];
    const r = await post('/v1/chess/games/import', { id: 'opera-1858', pgn: OPERA, players }, arbiter);
    expect(r.body).toMatchObject({ moves: 33, result: '1-0' });
    const game = await view('opera-1858');
    expect(game.result).toMatchObject({ winner: 0, reason: 'checkmate' });
    const written = new Chess();
    written.loadPgn(OPERA);
    expect(game.moves.map((m: { san: string }) => m.san)).toEqual(written.history());
    const exported = new Chess();
    exported.loadPgn((await get('/v1/chess/games/opera-1858/pgn').expect(200)).text);
    expect(exported.history()).toEqual(written.history());
    expect(exported.getHeaders()).toMatchObject({ White: 'Paul Morphy', Result: '1-0', Event: 'Paris Opera', Date: '1858.??.??' });
    // Issue 30: the record and every view say it was imported, from which file; nothing it lacks is made up.
    const sha256 = createHash('sha256').update(OPERA, 'utf8').digest('hex');
    expect(r.body.source).toMatchObject({ format: 'pgn', sha256 });
    expect(game).toMatchObject({ imported: { format: 'pgn', sha256 }, clocks: null, timeControl: null });
    expect(game.moves.every((m: object) => !('remainingMs' in m))).toBe(true);
    const text = (await get('/v1/chess/games/opera-1858/pgn').expect(200)).text;
    expect(text).not.toMatch(/%clk|TimeControl|Rapid game/);
    // A written Result with no mate on the board is the result, not an invented resignation.
    const drawn = await post('/v1/chess/games/import', { id: 'drawn-pgn', pgn: '[White "Ann X"]\n[Result "1/2-1/2"]\n\n1. e4 e5 1/2-1/2\n', players }, arbiter);
    expect(drawn.body.events).toBeUndefined();
    expect(await view('drawn-pgn')).toMatchObject({
      phase: 'finished',
      result: { winner: null, reason: 'recorded' },
      players: [{ id: 'morphy', name: 'Ann X' }, { id: 'allies' }],
    });
    await post('/v1/chess/games/import', { id: 'opera-1858', pgn: OPERA, players }, arbiter, 409);
  });

  it('a linked game must match the pairing; its result reaches the tournament', async () => {
    const TID = 'rapid-open';
    const chief = h.token('chief-arbiter', [TID], 'td-1');
    const td = h.token('arbiter', [TID], 'arb-3');
    await h.publishedRound1({ id: TID, name: 'Rapid Open', discipline: 'chess-rapid', roundsPlanned: 1 }, PLAYERS, ['bob', 'ann'], chief, td);
    const link = { tournamentId: TID, round: 1, table: 1 };
    await post('/v1/chess/games', { id: 'linked', ...START, link }, arbiter, 403);
    const started = await post('/v1/chess/games', { id: 'linked', ...START, link }, td);
    expect(started.body.events[0].data.link).toEqual({ ...link, division: 'main', firstSeat: 1 });
    const annT = h.token('player', [TID], 'ann');
    const bobT = h.token('player', [TID], 'bob');
    for (const [i, san] of ['f3', 'e5', 'g4', 'Qh4#'].entries()) await post('/v1/chess/games/linked/moves', { seat: i % 2, move: san }, i % 2 ? bobT : annT);
    await h.core.settle();
    h.position = await h.core.store.headPosition();
    const recorded = (await h.core.store.readStream(`tournament-${TID}`)).filter((e) => e.type === 'tournament.ResultRecorded');
    expect(recorded.map((e) => e.data)).toMatchObject([
      { round: 1, table: 1, source: { gameId: 'linked' }, result: { kind: 'played', first: 'bob', second: 'ann', outcome: 'first' } },
    ]);
    const standings = await get(`/v1/tournaments/${TID}/standings`).expect(200);
    expect(standings.body.divisions[0].rows[0]).toMatchObject({ player: 'bob' });
  });
  it('rapid rules 23: a fifth round of 60-minute games on one day is refused naming day and the rule; the next day it is paired', async () => {
    const TID = 'rapid-day';
    const chief = h.token('chief-arbiter', [TID], 'td-1');
    const body = { id: TID, name: 'Rapid Day', discipline: 'chess-rapid', roundsPlanned: 6, pairingSystems: ['round-robin'], profile: { rapidMinutes: 60 } };
    await post('/v1/tournaments', body, chief);
    for (const p of PLAYERS) await post(`/v1/tournaments/${TID}/players`, p, chief);
    const pairing = (day: string) => ({ kind: 'manual', reason: 'test', games: [{ table: 1, first: 'ann', second: 'bob' }], tables: [], bye: null, day });
    for (let r = 1; r <= 4; r++) {
      await post(`/v1/tournaments/${TID}/rounds/${r}/pairings`, pairing('2026-12-05'), chief);
      await post(`/v1/tournaments/${TID}/rounds/${r}/publish`, {}, chief);
      await post(`/v1/tournaments/${TID}/rounds/${r}/results`, { table: 1, result: { kind: 'played', outcome: 'draw' } }, chief);
    }
    const refused = await post(`/v1/tournaments/${TID}/rounds/5/pairings`, pairing('2026-12-05'), chief, 409);
    expect(refused.body).toMatchObject({
      type: 'urn:arbitra:problem:tournament/rounds-per-day-exceeded',
      field: 'day',
      rule: expect.stringContaining('rapid rules 23'),
    });
    await post(`/v1/tournaments/${TID}/rounds/5/pairings`, pairing('2026-12-06'), chief);
  });
  it('rapid rules 23: a linked game of other minutes than the tournament’s rapidMinutes is refused naming timeControl.minutes (pgn on import)', async () => {
    const TID = 'rapid-sixty';
    const chief = h.token('chief-arbiter', [TID], 'td-1');
    const tournament = { id: TID, name: 'Rapid Sixty', discipline: 'chess-rapid', roundsPlanned: 1, profile: { rapidMinutes: 60 } };
    await h.publishedRound1(tournament, PLAYERS, ['ann', 'bob'], chief, chief);
    const link = { tournamentId: TID, round: 1, table: 1 };
    const refused = await post('/v1/chess/games', { id: 'sixty-30', ...START, link }, chief, 422);
    expect(refused.body).toMatchObject({ field: 'timeControl.minutes', rule: expect.stringContaining('rapid rules 1') });
    await get('/v1/chess/games/sixty-30').expect(404);
    const pgn = '[TimeControl "1800"]\n\n1. e4 e5 *\n';
    expect((await post('/v1/chess/games/import', { id: 'sixty-pgn', pgn, players: PLAYERS, link }, chief, 422)).body.field).toBe('pgn');
    await post('/v1/chess/games', { id: 'sixty-60', ...START, timeControl: { minutes: 60 }, link }, chief);
  });
  it('a chess game cannot be linked to a tournament of another discipline (422 naming link.tournamentId); a Scrabble game not to a chess one', async () => {
    const admin = h.token('admin');
    await h.publishedRound1({ id: 'scrabble-link', name: 'Cup', discipline: 'scrabble' }, PLAYERS, ['ann', 'bob'], admin, admin);
    const link = { tournamentId: 'scrabble-link', round: 1, table: 1 };
    const refused = await post('/v1/chess/games', { id: 'cross-linked', ...START, link }, admin, 422);
    expect(refused.body).toMatchObject({ type: 'urn:arbitra:problem:games/link-discipline-mismatch', field: 'link.tournamentId' });
    await get('/v1/chess/games/cross-linked').expect(404);
    const scrabbleInChess = await post(
      '/v1/scrabble/games',
      {
        id: 'cross-linked-s',
        players: PLAYERS,
        starter: 0,
        clockSide: 'right',
        clockSideChosenBy: 1,
        tilesCounted: 100,
        link: { tournamentId: 'rapid-open', round: 1, table: 1 },
      },
      admin,
      422,
    );
    expect(scrabbleInChess.body).toMatchObject({ type: 'urn:arbitra:problem:games/link-discipline-mismatch', field: 'link.tournamentId' });
  });
  it('FIDE TRF-16: a chess tournament exports its players and published rounds in the fixed columns; another discipline is refused', async () => {
    const trf = (await get('/v1/chess/tournaments/rapid-open/trf').expect(200)).text.split('\n');
    expect(trf[0]).toBe('012 Rapid Open');
    const records = trf.filter((l) => l.startsWith('001'));
    const bobLine = records.find((l) => l.slice(14, 47).trim() === 'Bob Chan') as string;
    // Bob (start rank 2) had White (the pairing's first) against Ann (1) and won: 1.0 point, rank 1.
    expect([bobLine.slice(4, 8), bobLine.slice(80, 84), bobLine.slice(85, 89), bobLine.slice(91, 99)]).toEqual(['   2', ' 1.0', '   1', '   1 w 1']);
    const days = (await get('/v1/chess/tournaments/rapid-day/trf').expect(200)).text.split('\n');
    expect(days.find((l) => l.startsWith('132'))?.slice(91, 129)).toBe('26/12/05  26/12/05  26/12/05  26/12/05');
    await post('/v1/tournaments', { id: 'scrabble-cup', name: 'Cup', discipline: 'scrabble', pairingSystems: ['round-robin'] }, h.token('admin'));
    const refused = await get('/v1/chess/tournaments/scrabble-cup/trf').expect(422);
    expect(refused.body).toMatchObject({ type: 'urn:arbitra:problem:chess/not-a-chess-tournament', field: 'id' });
  });
});
