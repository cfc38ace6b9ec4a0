import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { RecordsHarness } from './support/records-harness.js';

/**
 * Go under the Ing rules through the discipline kit over HTTP (issue 12): players record their own stones,
 * officials record observed times, lateness and rulings; a game linked to a tournament runs from its start
 * to a result signed by both players, its penalty points counted against the score, and reaches the
 * standings and the EGD-style export; a real public SGF record replays through the command path.
 */
const MIN = 60_000;
const T0 = Date.now() - 75 * MIN;
const at = (ms: number) => new Date(T0 + ms).toISOString();
const PLAYERS = [
  { id: 'ann', name: 'Ann Lee', rank: '2d' },
  { id: 'bob', name: 'Bob Chan', rank: '1k' },
];
const KISEI = readFileSync(new URL('./fixtures/sgf/maruyama-ito-kisei-1976.sgf', import.meta.url), 'utf8');

describe('records server: a Go game (Ing rules) over HTTP', () => {
  let h: RecordsHarness;
  let arbiter: string, ann: string, bob: string;
  const post = (path: string, body: object, token: string | null, status = 201) => h.post(path, body, token, status);
  const get = (path: string, token: string | null = null) => h.get(path, token);
  const view = async (id: string) => (await get(`/v1/go/games/${id}`).expect(200)).body;

  beforeAll(async () => {
    h = await RecordsHarness.start();
    arbiter = h.token('arbiter', [], 'arb-1');
    ann = h.token('player', [], 'ann');
    bob = h.token('player', [], 'bob');
  });
  afterAll(async () => {
    await h.stop();
  });

  it('an official starts a game with the Ing profile (8 points, 60 min, penalty points); 19, 13 or 9 lines only; a player may not start one', async () => {
    const r = await post('/v1/go/games', { id: 'g1', players: PLAYERS, boardSize: 9 }, arbiter);
    expect(r.body.events[0]).toMatchObject({
      type: 'go.GameStarted',
      data: { boardSize: 9, compensation: 8, rules: { name: 'ing', tieWinner: 'black', basicTimeMinutes: 60, overtime: { kind: 'penalty-points' } } },
    });
    const bad = await post('/v1/go/games', { id: 'g2', players: PLAYERS, boardSize: 15 }, arbiter, 400);
    expect(bad.body.errors?.[0]?.field ?? bad.body.field).toBe('boardSize');
    await post('/v1/go/games', { id: 'g2', players: PLAYERS }, ann, 403);
  });

  it('a player plays for their own seat only (403 otherwise); an occupied point is refused (422 naming point and rule), nothing recorded', async () => {
    const made = await post('/v1/go/games/g1/moves', { seat: 0, point: 'E5' }, ann);
    expect(made.body.events[0]).toMatchObject({ type: 'go.MoveMade', data: { point: 'ee', gtp: 'E5', seat: 0 } });
    const other = await post('/v1/go/games/g1/moves', { seat: 1, point: 'C3' }, ann, 403);
    expect(other.body.type).toBe('urn:arbitra:problem:games/not-your-seat');
    const before = (await get('/v1/go/games/g1/events').expect(200)).body.revision;
    const occupied = await post('/v1/go/games/g1/moves', { seat: 1, point: 'E5' }, bob, 422);
    expect(occupied.body).toMatchObject({ type: 'urn:arbitra:problem:go/occupied', field: 'point', rule: expect.stringContaining('empty intersection') });
    expect((await get('/v1/go/games/g1/events').expect(200)).body.revision).toBe(before);
    const timed = await post('/v1/go/games/g1/moves', { seat: 1, point: 'C3', at: new Date().toISOString() }, bob, 403);
    expect(timed.body.field).toBe('at');
  });

  it('Go McMahon (profile value): a tournament takes a McMahon bar and floor; a floor above the bar is refused (422 naming the field)', async () => {
    const chief = h.token('chief-arbiter', ['mm-open'], 'td-2');
    const body = { id: 'mm-open', name: 'McMahon Open', discipline: 'go', roundsPlanned: 1, pairingSystems: ['round-robin'] };
    const bad = await post('/v1/tournaments', { ...body, profile: { mcmahon: { bar: 1800, floor: 2100 } } }, chief, 422);
    expect(bad.body).toMatchObject({ field: 'profile.mcmahon.floor', rule: expect.stringContaining('McMahon') });
    const made = await post('/v1/tournaments', { ...body, profile: { mcmahon: { bar: 2100, floor: 1800 } } }, chief);
    expect(made.body.events[0].data.profile.mcmahon).toEqual({ bar: 2100, floor: 1800 });
  });

  it('Ing rules 第七条 基时 (fixed in advance for the event): a tournament’s goBasicMinutes goes to its linked games; other minutes are refused naming the field', async () => {
    const TID = 'ing-ninety';
    const chief = h.token('chief-arbiter', [TID, 'chess-ninety'], 'td-9');
    const td = h.token('arbiter', [TID], 'arb-9');
    const bad = await post(
      '/v1/tournaments',
      { id: 'chess-ninety', name: 'Chess', discipline: 'chess-rapid', roundsPlanned: 1, pairingSystems: ['round-robin'], profile: { goBasicMinutes: 90 } },
      chief,
      422,
    );
    expect(bad.body).toMatchObject({ field: 'profile.goBasicMinutes', rule: expect.stringContaining('第七条 基时') });
    await h.publishedRound1(
      { id: TID, name: 'Ing Ninety', discipline: 'go', roundsPlanned: 1, profile: { goBasicMinutes: 90 } },
      PLAYERS.map(({ id, name }) => ({ id, name })),
      ['ann', 'bob'],
      chief,
      td,
    );
    const link = { tournamentId: TID, round: 1, table: 1 };
    const other = await post('/v1/go/games', { id: 'ninety-60', players: PLAYERS, boardSize: 9, link, rules: { basicTimeMinutes: 60 } }, td, 422);
    expect(other.body).toMatchObject({
      type: 'urn:arbitra:problem:go/basic-time-not-tournament',
      field: 'rules.basicTimeMinutes',
      rule: expect.stringContaining('基时'),
    });
    await get('/v1/go/games/ninety-60').expect(404);
    const sgf = await post('/v1/go/games/import', { id: 'ninety-sgf', sgf: '(;GM[1]SZ[9]TM[3600];B[ee];W[ec])', players: PLAYERS, link }, td, 422);
    expect(sgf.body).toMatchObject({ field: 'sgf', rule: expect.stringContaining('基时') });
    await post('/v1/go/games', { id: 'ninety', players: PLAYERS, boardSize: 9, link }, td);
    expect((await view('ninety')).rules).toMatchObject({ basicTimeMinutes: 90 });
  });

  it('a linked game from start to a result signed by both: Black 11 min into overtime (4 penalty points) turns B+1 into W+3; the standings and EGD export show it', async () => {
    const TID = 'ing-open';
    const chief = h.token('chief-arbiter', [TID], 'td-1');
    const td = h.token('arbiter', [TID], 'arb-3');
    await h.publishedRound1(
      { id: TID, name: 'Ing Open', discipline: 'go', roundsPlanned: 1 },
      PLAYERS.map(({ id, name }) => ({ id, name })),
      ['ann', 'bob'],
      chief,
      td,
    );
    const link = { tournamentId: TID, round: 1, table: 1 };
    const started = await post('/v1/go/games', { id: 'linked', players: PLAYERS, boardSize: 9, link, at: at(0) }, td);
    expect(started.body.events[0].data.link).toEqual({ ...link, division: 'main', firstSeat: 0 });
    const annT = h.token('player', [TID], 'ann');
    const bobT = h.token('player', [TID], 'bob');
    // The timekeeper records Black's first stone at 71 minutes: 11 minutes beyond 60 minutes of basic time (Ing rules 第七条 延时 (1)).
    const first = await post('/v1/go/games/linked/moves', { seat: 0, point: 'E9', at: at(71 * MIN) }, td);
    expect(first.body.events[1]).toMatchObject({ type: 'go.PenaltyPointsIncurred', data: { seat: 0, points: 4, rule: expect.stringContaining('第七条') } });
    // Walls on columns E (Black) and F (White): Black 45 points, White 36.
    await post('/v1/go/games/linked/moves', { seat: 1, point: 'F9' }, bobT);
    for (let row = 8; row >= 1; row--) {
      await post('/v1/go/games/linked/moves', { seat: 0, point: `E${row}` }, annT);
      await post('/v1/go/games/linked/moves', { seat: 1, point: `F${row}` }, bobT);
    }
    await post('/v1/go/games/linked/passes', { seat: 0 }, annT);
    const passed = await post('/v1/go/games/linked/passes', { seat: 1 }, bobT);
    expect(passed.body.events[0]).toMatchObject({ type: 'go.Passed' });
    expect((await view('linked')).phase).toBe('counting');
    await post('/v1/go/games/linked/dead-stones', { seat: 0, stones: [] }, annT);
    const counted = await post('/v1/go/games/linked/dead-stones/acceptance', { seat: 1 }, bobT);
    expect(counted.body.events[1]).toMatchObject({
      type: 'go.Counted',
      data: { area: [45, 36], compensation: 8, penaltyPoints: [4, 0], netPenaltyPoints: [4, 0], margin: -3, winner: 1, text: 'W+3' },
    });
    await post('/v1/go/games/linked/signatures', { seat: 1 }, annT, 403);
    await post('/v1/go/games/linked/signatures', { seat: 1 }, bobT);
    const signed = await post('/v1/go/games/linked/signatures', { seat: 0 }, annT);
    expect(signed.body.events[1]).toMatchObject({ type: 'go.GameEnded', data: { result: { winner: 1, reason: 'count', text: 'W+3' } } });
    await h.core.settle();
    h.position = await h.core.store.headPosition();
    const recorded = (await h.core.store.readStream(`tournament-${TID}`)).filter((e) => e.type === 'tournament.ResultRecorded');
    expect(recorded.map((e) => e.data)).toMatchObject([
      { round: 1, table: 1, source: { gameId: 'linked' }, result: { kind: 'played', first: 'ann', second: 'bob', outcome: 'second' } },
    ]);
    const standings = await get(`/v1/tournaments/${TID}/standings`).expect(200);
    expect(standings.body.divisions[0].rows[0]).toMatchObject({ player: 'bob', score: 1 });
    const sgf = (await get('/v1/go/games/linked/sgf').expect(200)).text;
    expect(sgf).toMatch(/PB\[Ann Lee\][\s\S]*BR\[2d\][\s\S]*KM\[8\][\s\S]*RE\[W\+3\]/);
    expect(sgf).toContain('BL[-660]');
    const egd = (await get(`/v1/go/tournaments/${TID}/egd`).expect(200)).text.split('\n');
    expect(egd[0]).toBe('; EV[Ing Open]');
    // Names registered without "Family, Given" are not split (issue 30): the whole name, first name "-".
    expect(egd.find((l) => l.includes('Bob_Chan'))).toMatch(/^\s+1 Bob_Chan\s+-\s+1k\s.*\s2\+\/w0$/);
    expect(egd.find((l) => l.includes('Ann_Lee'))).toMatch(/^\s+2 Ann_Lee\s+-\s+2d\s.*\s1-\/b0$/);
  });

  it('the arbiter stops the clocks (no move meanwhile, 409 naming the rule), restarts them and records a disputed move with the ruling', async () => {
    await post('/v1/go/games', { id: 'ruled', players: PLAYERS, boardSize: 13 }, arbiter);
    await post('/v1/go/games/ruled/clock/pauses', { reason: 'arbiter-call', note: 'dispute at the board' }, arbiter);
    const paused = await post('/v1/go/games/ruled/moves', { seat: 0, point: 'D4' }, ann, 409);
    expect(paused.body).toMatchObject({ type: 'urn:arbitra:problem:go/clock-paused', field: 'seat', rule: expect.stringContaining('第十条') });
    await post('/v1/go/games/ruled/clock/pauses', { reason: 'arbiter-call' }, ann, 403);
    await post('/v1/go/games/ruled/clock/resumptions', {}, arbiter);
    const ruled = await post('/v1/go/games/ruled/rulings/disputed-moves', { seat: 0, point: 'D4', note: 'the stone moved from D4 to D5; ruled D4' }, arbiter);
    expect(ruled.body.events[0]).toMatchObject({ type: 'go.MoveMade', data: { gtp: 'D4', ruling: { note: expect.stringContaining('ruled D4') } } });
    expect((await view('ruled')).toMove).toBe(1);
  });

  it('lateness (第八条 扣时) and absence (缺席) recorded by officials with the observed time', async () => {
    const t = Date.now() - 31 * MIN;
    await post('/v1/go/games', { id: 'late', players: PLAYERS, at: new Date(t).toISOString() }, arbiter);
    const late = await post('/v1/go/games/late/arrivals', { seat: 1, at: new Date(t + 5 * MIN).toISOString() }, arbiter);
    expect(late.body.events[0]).toMatchObject({ type: 'go.LatenessRecorded', data: { seat: 1, lateMs: 5 * MIN, deductedMs: 10 * MIN } });
    const early = await post('/v1/go/games/late/absences', { seat: 0, at: new Date(t + 29 * MIN).toISOString() }, arbiter, 409);
    expect(early.body).toMatchObject({ field: 'seat', rule: expect.stringContaining('缺席') });
    const absent = await post('/v1/go/games/late/absences', { seat: 0, at: new Date(t + 31 * MIN).toISOString() }, arbiter);
    expect(absent.body.events[0]).toMatchObject({ type: 'go.GameEnded', data: { result: { winner: 1, reason: 'absence', text: 'W+F' } } });
  });

  it('a real public record (Maruyama v Ito, 1st Kisei 1976) replays from SGF through the API; its export reads back with the same moves and result', async () => {
    const players = [
      { id: 'maruyama', name: 'Maruyama Toyoji' },
      { id: 'ito', name: 'Ito Yoji' },
    ];
    const r = await post('/v1/go/games/import', { id: 'kisei-1976', sgf: KISEI, players }, arbiter);
    const sha256 = createHash('sha256').update(KISEI, 'utf8').digest('hex');
    expect(r.body).toMatchObject({ result: 'W+6.5', source: { format: 'sgf', sha256, importedBy: expect.any(String) }, notKept: [] });
    const game = await view('kisei-1976');
    expect(game.result).toMatchObject({ winner: 1, text: 'W+6.5' });
    // Issue 30: the view says the game was imported, from which file, and shows no clock the file never had.
    expect(game.imported).toMatchObject({ format: 'sgf', sha256, importedAt: expect.any(String) });
    expect(game.clocks).toBeNull();
    expect(game.moves.every((m: object) => !('remainingMs' in m))).toBe(true);
    expect(game.moves.filter((m: { point: string | null }) => m.point !== null)).toHaveLength(r.body.moves);
    const exported = (await get('/v1/go/games/kisei-1976/sgf').expect(200)).text;
    expect(exported).toContain('DT[1976-01-28]');
    expect(exported).not.toMatch(/\b(TM|OT|BL|WL)\[/);
    const again = await post('/v1/go/games/import', { id: 'kisei-again', sgf: exported, players }, arbiter);
    expect(again.body.moves).toBe(r.body.moves);
    expect((await get('/v1/go/games/kisei-again/sgf').expect(200)).text).toBe(exported);
    const copy = await view('kisei-again');
    expect(copy.moves.map((m: { point: string | null }) => m.point)).toEqual(game.moves.map((m: { point: string | null }) => m.point));
    expect(copy.result.text).toBe('W+6.5');
    await post('/v1/go/games/import', { id: 'kisei-1976', sgf: KISEI, players }, arbiter, 409);
    const illegal = await post('/v1/go/games/import', { id: 'illegal-sgf', sgf: '(;GM[1]SZ[9];B[ee];W[ee])', players }, arbiter, 422);
    expect(illegal.body).toMatchObject({ type: 'urn:arbitra:problem:go/occupied', field: 'sgf', rule: expect.stringContaining('empty intersection') });
    await get('/v1/go/games/illegal-sgf').expect(404);
    // A localised RE is the result: the game ends with it (it no longer stays playing with a running clock).
    const zh = await post('/v1/go/games/import', { id: 'zh-re', sgf: '(;GM[1]SZ[9]RE[白胜黑];B[ee];W[cc])', players }, arbiter);
    expect(zh.body).toMatchObject({ result: '白胜黑' });
    expect(await view('zh-re')).toMatchObject({ phase: 'finished', result: { winner: 1, text: 'W+' } });
    const list = await get('/v1/games').expect(200);
    const items = (list.body.items ?? list.body.games ?? list.body) as { id: string; discipline: string }[];
    expect(items.find((g) => g.id === 'kisei-1976')).toMatchObject({ discipline: 'go' });
  });
});
