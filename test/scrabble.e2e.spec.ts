import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import request from 'supertest';
import { startRecords } from '../apps/records/bootstrap.js';
import { loadConfig } from '../libs/runtime/config.js';
import { RecordsHarness } from './support/records-harness.js';

/**
 * Observed table times are recorded by officials (players' commands are stamped by the server), never
 * in the future nor before the record: the session starts ten minutes before the suite. Only the
 * differences between observed times matter to the assertions, so no test depends on the wall clock.
 */
const T0 = Date.now() - 600_000;
/** The observed table time `s` seconds into the session. */
const at = (s: number) => new Date(T0 + s * 1000).toISOString();
const PLAYERS = [
  { id: 'ann', name: 'Ann Lee' },
  { id: 'bob', name: 'Bob Chan' },
];
const START = { players: PLAYERS, starter: 0, clockSide: 'right', clockSideChosenBy: 1, tilesCounted: 100 };

describe('records server: a Scrabble game over HTTP', () => {
  let h: RecordsHarness;
  let arbiter: string, ann: string, bob: string, eve: string;
  const post = (path: string, body: object, token: string | null, status = 201) => h.post(path, body, token, status);
  const get = (path: string, token: string | null = null) => h.get(path, token);
  const revision = async (id: string) => (await get(`/v1/scrabble/games/${id}/events`, arbiter).expect(200)).body.revision as number;
  const types = (r: { body: { events: { type: string }[] } }) => r.body.events.map((e) => e.type);

  beforeAll(async () => {
    h = await RecordsHarness.start();
    arbiter = h.token('arbiter', [], 'arb-1');
    ann = h.token('player', [], 'ann');
    bob = h.token('player', [], 'bob');
    eve = h.token('player', [], 'eve');
  });
  afterAll(async () => {
    await h.stop();
  });

  it('starts a game (arbiter); validation 400 names the field; a player may not start one', async () => {
    const r = await post('/v1/scrabble/games', { id: 'g1', ...START, tracking: true, at: at(0) }, arbiter);
    expect(r.headers.etag).toBe('"0"');
    expect(r.body.events[0]).toMatchObject({ type: 'scrabble.GameCreated', data: { players: PLAYERS, starter: 0, tracking: true, link: null } });
    const bad = await post('/v1/scrabble/games', { id: 'g2', ...START, starter: 2 }, arbiter, 400);
    expect(bad.body).toMatchObject({ type: 'urn:arbitra:problem:validation/failed', field: 'starter' });
    const nested = await post('/v1/scrabble/games', { id: 'g2', ...START, players: [PLAYERS[0], { id: 'x' }] }, arbiter, 400);
    expect(nested.body.field).toBe('players[1].name');
    const extra = await post('/v1/scrabble/games', { id: 'g2', ...START, colour: 'blue' }, arbiter, 400);
    expect(extra.body.errors[0]).toMatchObject({ field: 'colour', rule: 'whitelistValidation' });
    const wrongCount = await post('/v1/scrabble/games', { id: 'g2', ...START, tilesCounted: 99 }, arbiter, 422);
    expect(wrongCount.body).toMatchObject({
      type: 'urn:arbitra:problem:scrabble/tile-count-wrong',
      field: 'tilesCounted',
      rule: expect.stringContaining('100枚棋子'),
    });
    await post('/v1/scrabble/games', { id: 'g2', ...START }, ann, 403);
    await post('/v1/scrabble/games', { id: 'g1', ...START }, arbiter, 409);
  });

  it('the arbiter records draws from the table; a player cannot record for the opponent, nor a stranger, nor another official (403)', async () => {
    await post('/v1/scrabble/games/g1/draws', { seat: 0, tiles: 'QIAERST'.split(''), at: at(1) }, arbiter); // the arbiter records from the table
    const forOpponent = await post('/v1/scrabble/games/g1/draws', { seat: 1, tiles: 'ZAOXENR'.split(''), at: at(2) }, ann, 403);
    expect(forOpponent.body).toMatchObject({ type: 'urn:arbitra:problem:games/not-your-seat', field: 'seat' });
    const stranger = await post('/v1/scrabble/games/g1/draws', { seat: 1, tiles: 'ZAOXENR'.split(''), at: at(2) }, eve, 403);
    expect(stranger.body.type).toBe('urn:arbitra:problem:games/not-a-player');
    const otherOfficial = await post('/v1/scrabble/games/g1/clock/pauses', { reason: 'td-call', at: at(2) }, h.token('arbiter', ['t9'], 'arb-2'), 403);
    expect(otherOfficial.body.type).toBe('urn:arbitra:problem:games/not-your-game');
    const playerPauses = await post('/v1/scrabble/games/g1/clock/pauses', { reason: 'td-call', at: at(2) }, ann, 403);
    expect(playerPauses.body.type).toBe('urn:arbitra:problem:auth/role-not-allowed');
    await post('/v1/scrabble/games/g1/draws', { seat: 1, tiles: 'ZAOXENR'.split(''), at: at(2) }, arbiter); // the arbiter records from the table
    expect(await revision('g1')).toBe(3); // created, drawn, clock started, drawn
  });

  it('never shows racks, the bag or unseen tiles of a game in progress to the public; a player sees only their own rack', async () => {
    const pub = await get('/v1/scrabble/games/g1').expect(200);
    expect(pub.body).toMatchObject({
      phase: 'playing',
      tilesVisible: 'public',
      bag: { count: 86, tiles: null },
      racks: [
        { count: 7, tiles: null },
        { count: 7, tiles: null },
      ],
      unseen: [null, null],
    });
    expect(pub.body.toAct).toEqual({ seat: 0, action: 'move' });
    const mine = await get('/v1/scrabble/games/g1', ann).expect(200);
    expect(mine.body.racks[0].tiles).toEqual('AEIQRST'.split(''));
    expect(mine.body.racks[1].tiles).toBeNull();
    expect(mine.body.unseen[0]).toHaveLength(93);
    const td = await get('/v1/scrabble/games/g1', arbiter).expect(200);
    expect(td.body.racks[1].tiles).toEqual('AENORXZ'.split(''));
    expect(td.body.bag.tiles).toHaveLength(86);
    const events = await get('/v1/scrabble/games/g1/events').expect(200);
    const drawn = events.body.events.filter((e: { type: string }) => e.type === 'scrabble.TilesDrawn');
    expect(drawn.map((e: { data: { tiles: unknown; count: number } }) => [e.data.tiles, e.data.count])).toEqual([
      [null, 7],
      [null, 7],
    ]);
    const annEvents = await get('/v1/scrabble/games/g1/events', ann).expect(200);
    expect(annEvents.body.events.find((e: { type: string }) => e.type === 'scrabble.TilesDrawn').data.tiles).toHaveLength(7);
    // No hash that commits to the hidden tiles reaches a reader who does not see them (a guess could be checked
    // against it), nor the global chain's hash of another stream's event; the officials get their game's chain.
    for (const e of [...events.body.events, ...annEvents.body.events]) {
      expect(e.meta).toMatchObject({ actor: expect.any(Object), recordedAt: expect.any(String) });
      for (const chained of ['hash', 'prevHash', 'globalPrevHash', 'commandFingerprint']) expect(e.meta).not.toHaveProperty(chained);
    }
    const tdEvents = (await get('/v1/scrabble/games/g1/events', arbiter).expect(200)).body.events;
    expect(tdEvents[1].meta).toMatchObject({ hash: expect.stringMatching(/^[0-9a-f]{64}$/), prevHash: tdEvents[0].meta.hash });
    expect(tdEvents[1].meta).not.toHaveProperty('globalPrevHash');
    expect(JSON.stringify((await get('/v1/scrabble/games/g1/gcg').expect(200)).text)).not.toContain('QIAERST');
  });

  it('a play with its announced score; a hold keeps the player from drawing for 30 s (refused, nothing stored); acceptance', async () => {
    const play = await post(
      '/v1/scrabble/games/g1/moves',
      { seat: 0, move: { kind: 'play', coordinate: '8G', word: 'QI' }, announcedScore: 22, at: at(10) },
      arbiter,
    ); // the arbiter records from the table
    expect(play.body.events[0]).toMatchObject({
      type: 'scrabble.MoveCompleted',
      data: { turn: 1, announcedScore: 22, computedScore: 22, completedBy: 'clock' },
    });
    expect(play.headers.etag).toBe(`"${play.body.revision}"`);
    await post('/v1/scrabble/games/g1/holds', { seat: 1, at: at(12) }, arbiter); // the arbiter records from the table
    const held = await get('/v1/scrabble/games/g1').expect(200);
    expect(held.body.hold).toMatchObject({ seat: 1, turn: 1 });
    const before = await revision('g1');
    const early = await post('/v1/scrabble/games/g1/draws', { seat: 0, tiles: ['D', 'O'], at: at(20) }, arbiter, 409);
    expect(early.headers['content-type']).toMatch(/application\/problem\+json/);
    expect(early.body).toMatchObject({ type: 'urn:arbitra:problem:scrabble/draw-during-hold', rule: expect.stringContaining('30秒') });
    expect(await revision('g1')).toBe(before);
    await post('/v1/scrabble/games/g1/acceptances', { seat: 1, at: at(45) }, arbiter); // the arbiter records from the table
    await post('/v1/scrabble/games/g1/draws', { seat: 0, tiles: ['D', 'O'], at: at(46) }, arbiter); // the arbiter records from the table
  });

  it('a challenge before the clock is pressed is refused (nothing stored); a failed challenge costs the challenger 5 and the score is re-announced', async () => {
    const badMove = await post('/v1/scrabble/games/g1/moves', { seat: 1, move: { kind: 'jump' } }, bob, 400);
    expect(badMove.body.field).toBe('move.kind');
    await post(
      '/v1/scrabble/games/g1/moves',
      { seat: 1, move: { kind: 'play', coordinate: 'H7', word: 'X.' }, announcedScore: 9, pressClock: false, at: at(60) },
      arbiter,
    ); // the arbiter records from the table
    const before = await revision('g1');
    const early = await post('/v1/scrabble/games/g1/challenges', { seat: 0, words: ['XI'], at: at(61) }, arbiter, 409);
    expect(early.body).toMatchObject({ type: 'urn:arbitra:problem:scrabble/challenge-before-clock', rule: expect.stringContaining('Challenge') });
    expect(await revision('g1')).toBe(before);
    await post('/v1/scrabble/games/g1/clock/presses', { seat: 1, at: at(62) }, arbiter); // the arbiter records from the table
    const ch = await post('/v1/scrabble/games/g1/challenges', { seat: 0, words: ['xi'], at: at(63) }, arbiter); // the arbiter records from the table
    expect(ch.body.events[0]).toMatchObject({ type: 'scrabble.ChallengeMade', data: { words: ['XI'] } });
    expect((await get('/v1/scrabble/games/g1').expect(200)).body.challenge).toMatchObject({ challenger: 0, words: ['XI'] });
    await post('/v1/scrabble/games/g1/challenges/verdicts', { verdicts: [{ word: 'XI', valid: true }], at: at(70) }, ann, 403);
    const v = await post('/v1/scrabble/games/g1/challenges/verdicts', { verdicts: [{ word: 'XI', valid: true }], at: at(70) }, arbiter);
    expect(v.body.events[0].data).toMatchObject({ outcome: 'play-stands', penalty: { kind: 'points', seat: 0, points: -5 } });
    await post('/v1/scrabble/games/g1/reannouncements', { seat: 1, score: 9, at: at(72) }, arbiter); // the arbiter records from the table
    await post('/v1/scrabble/games/g1/draws', { seat: 1, tiles: ['U'], at: at(73) }, arbiter); // the arbiter records from the table
    expect((await get('/v1/scrabble/games/g1').expect(200)).body.scores).toEqual([17, 9]);
  });

  it('an invalid challenge withdraws the play; six scoreless turns end the game; both players sign the slip', async () => {
    await post('/v1/scrabble/games/g1/moves', { seat: 0, move: { kind: 'play', coordinate: '8I', word: 'T' }, announcedScore: 12, at: at(80) }, arbiter); // the arbiter records from the table
    await post('/v1/scrabble/games/g1/challenges', { seat: 1, words: ['QIT'], at: at(81) }, arbiter); // the arbiter records from the table
    const v = await post('/v1/scrabble/games/g1/challenges/verdicts', { verdicts: [{ word: 'QIT', valid: false }], at: at(85) }, arbiter);
    expect(v.body.events[0].data).toMatchObject({ outcome: 'play-withdrawn', penalty: null });
    const seats = [1, 0, 1, 0, 1];
    let last;
    for (const [i, seat] of seats.entries()) last = await post('/v1/scrabble/games/g1/moves', { seat, move: { kind: 'pass' }, at: at(90 + i) }, arbiter);
    expect(types(last!)).toEqual(expect.arrayContaining(['scrabble.GameEnded', 'scrabble.EndRackScored']));
    const ended = await get('/v1/scrabble/games/g1').expect(200);
    expect(ended.body).toMatchObject({
      phase: 'ended',
      scores: [9, -7],
      end: { reason: 'six-zeros', racksSettled: true },
      toAct: { action: 'sign-result-slip' },
    });
    // Once ended the racks are laid open (seed 完成遊戲): the public sees them.
    expect(ended.body.racks[1].tiles).toEqual('AENORUZ'.split(''));
    await post('/v1/scrabble/games/g1/signatures', { seat: 1, at: at(100) }, ann, 403);
    await post('/v1/scrabble/games/g1/signatures', { seat: 0, at: at(100) }, arbiter); // the arbiter records from the table
    const fin = await post('/v1/scrabble/games/g1/signatures', { seat: 1, at: at(101) }, arbiter); // the arbiter records from the table
    expect(fin.body.events.at(-1)).toMatchObject({
      type: 'scrabble.GameFinished',
      data: { result: { scores: [9, -7], spread: 16, winner: 0, forfeit: false }, link: null },
    });
  });

  it('shows the finished game and its score sheet (each turn, score, cumulative, clock)', async () => {
    const view = await get('/v1/scrabble/games/g1').expect(200);
    expect(view.body).toMatchObject({ phase: 'finished', scores: [9, -7], result: { winner: 0 }, toAct: null, flags: [] });
    const sheet = await get('/v1/scrabble/games/g1/scoresheet').expect(200);
    const rows = sheet.body.rows as {
      turn: number | null;
      seat: number;
      entry: string;
      score: number;
      cumulative: number[];
      clockRemainingMs: number[] | null;
    }[];
    expect(rows.map((r) => [r.entry, r.score])).toEqual([
      ['QI 8G', 22],
      ['X. H7', 9],
      ['challenge penalty', -5],
      ['..T 8G', 12],
      ['phoney withdrawn', -12],
      ['pass', 0],
      ['pass', 0],
      ['pass', 0],
      ['pass', 0],
      ['pass', 0],
      ['end rack ADEORST', -8],
      ['end rack AENORUZ', -16],
    ]);
    expect(rows.at(-1)!.cumulative).toEqual([9, -7]);
    expect(rows[0].clockRemainingMs).toEqual([1_491_000, 1_500_000]);
  });

  it('exports GCG (text/plain) that re-imports through the command path to the same final scores', async () => {
    const gcg = await get('/v1/scrabble/games/g1/gcg').expect(200);
    expect(gcg.headers['content-type']).toMatch(/text\/plain/);
    expect(gcg.text).toContain('#player1 ann Ann Lee');
    const imported = await post('/v1/scrabble/games/import', { id: 'g1-copy', gcg: gcg.text }, arbiter);
    expect(imported.body).toMatchObject({ id: 'g1-copy', phase: 'finished', scores: [9, -7] });
    const sheet = await get('/v1/scrabble/games/g1-copy/scoresheet').expect(200);
    expect(sheet.body.rows.at(-1).cumulative).toEqual([9, -7]);
    await post('/v1/scrabble/games/import', { id: 'g1-copy', gcg: gcg.text }, arbiter, 409);
    const broken = await post('/v1/scrabble/games/import', { id: 'g-bad', gcg: '#player1 a A\n>a: 8G QI\n' }, arbiter, 422);
    expect(broken.body).toMatchObject({ type: 'urn:arbitra:problem:scrabble/gcg-bad-line', field: 'gcg' }); // the field sent, not the parser's "text"
    await get('/v1/scrabble/games/g-bad').expect(404);
  });

  it('refuses by rule with problem+json and stores nothing: exchange with too few tiles in the bag, a pause for another reason; honours If-Match and Idempotency-Key', async () => {
    await post('/v1/scrabble/games', { id: 'g3', ...START, profile: { exchangeMinBag: 90 }, at: at(0) }, arbiter);
    await post('/v1/scrabble/games/g3/draws', { seat: 0, count: 7, at: at(1) }, arbiter); // the arbiter records from the table
    const drawn = await post('/v1/scrabble/games/g3/draws', { seat: 1, count: 7, at: at(2) }, arbiter); // the arbiter records from the table
    const exchange = await post('/v1/scrabble/games/g3/moves', { seat: 0, move: { kind: 'exchange', count: 3 }, at: at(5) }, arbiter, 409);
    expect(exchange.body).toMatchObject({
      type: 'urn:arbitra:problem:scrabble/exchange-bag-too-small',
      rule: 'WESPA seed 更換棋子: 棋袋裡需至少有7枚棋子',
      detail: expect.stringContaining('86'),
    });
    expect(exchange.body.field).toBe('move.count'); // the field the request sent, not "tiles"
    const pause = await post('/v1/scrabble/games/g3/clock/pauses', { reason: 'coffee', at: at(6) }, arbiter, 422);
    expect(pause.body).toMatchObject({
      type: 'urn:arbitra:problem:scrabble/pause-reason-not-allowed',
      field: 'reason',
      detail: expect.stringContaining('score-dispute, tile-count, overdraw, td-call'),
    });
    expect(await revision('g3')).toBe(drawn.body.revision);
    const stale = await h
      .http()
      .post('/v1/scrabble/games/g3/clock/pauses')
      .set('authorization', arbiter)
      .set('if-match', '"1"')
      .send({ reason: 'tile-count', at: at(7) })
      .expect(412);
    expect(stale.body.currentRevision).toBe(drawn.body.revision);
    const key = { 'idempotency-key': 'g3-pause-000001' };
    const first = await h
      .http()
      .post('/v1/scrabble/games/g3/clock/pauses')
      .set('authorization', arbiter)
      .set(key)
      .send({ reason: 'tile-count', at: at(7) })
      .expect(201);
    const again = await h
      .http()
      .post('/v1/scrabble/games/g3/clock/pauses')
      .set('authorization', arbiter)
      .set(key)
      .send({ reason: 'tile-count', at: at(7) })
      .expect(201);
    expect(again.body).toMatchObject({ duplicate: true, revision: first.body.revision });
    h.position = Math.max(h.position, first.body.position);
    const view = await get('/v1/scrabble/games/g3').expect(200);
    expect(view.body.clock.paused).toMatchObject({ reason: 'tile-count', resume: 0 });
    await get('/v1/scrabble/games/nope').expect(404);
    await post('/v1/scrabble/games/nope/holds', { seat: 0 }, arbiter, 404);
  });

  it("players self-record with the server's time; a player may not send an observed time or a clock reading; observed times never go back", async () => {
    await post('/v1/scrabble/games', { id: 'g4', ...START, tracking: true, at: at(0) }, arbiter);
    const drawn = await post('/v1/scrabble/games/g4/draws', { seat: 0, tiles: 'QIAERST'.split('') }, ann);
    expect(Date.parse(drawn.body.events[0].recordedAt)).toBeGreaterThan(Date.parse(at(0)));
    const timed = await post('/v1/scrabble/games/g4/draws', { seat: 1, count: 7, at: at(2) }, bob, 403);
    expect(timed.body).toMatchObject({ type: 'urn:arbitra:problem:games/players-may-not-time', field: 'at' });
    const clocked = await post('/v1/scrabble/games/g4/holds', { seat: 1, clockReading: { remainingMs: [1_500_000, -600_000] } }, bob, 403);
    expect(clocked.body).toMatchObject({ type: 'urn:arbitra:problem:games/players-may-not-time', field: 'clockReading' });
    const back = await post('/v1/scrabble/games/g4/draws', { seat: 1, tiles: 'ZAOXENR'.split(''), at: at(1) }, arbiter, 422);
    expect(back.body).toMatchObject({ type: 'urn:arbitra:problem:games/time-before-record', field: 'at' });
    const ahead = await post(
      '/v1/scrabble/games/g4/draws',
      { seat: 1, tiles: 'ZAOXENR'.split(''), at: new Date(Date.now() + 3_600_000).toISOString() },
      arbiter,
      422,
    );
    expect(ahead.body.type).toBe('urn:arbitra:problem:games/time-in-future');
    await post('/v1/scrabble/games/g4/draws', { seat: 1, tiles: 'ZAOXENR'.split('') }, bob);
  });

  it("an Idempotency-Key is the caller's own: replaying another player's key neither returns their answer nor swallows the command", async () => {
    await post('/v1/scrabble/games', { id: 'g5', ...START, tracking: true, at: at(0) }, arbiter);
    const key = { 'idempotency-key': 'draw-ann-0001' };
    const mine = await h
      .http()
      .post('/v1/scrabble/games/g5/draws')
      .set('authorization', ann)
      .set(key)
      .send({ seat: 0, tiles: 'QIAERST'.split('') })
      .expect(201);
    const again = await h
      .http()
      .post('/v1/scrabble/games/g5/draws')
      .set('authorization', ann)
      .set(key)
      .send({ seat: 0, tiles: 'QIAERST'.split('') })
      .expect(201);
    expect(again.body).toMatchObject({ duplicate: true, revision: mine.body.revision });
    const theirs = await h
      .http()
      .post('/v1/scrabble/games/g5/draws')
      .set('authorization', bob)
      .set(key)
      .send({ seat: 1, tiles: 'ZAOXENR'.split('') })
      .expect(201);
    expect(theirs.body.duplicate).toBe(false);
    expect(JSON.stringify(theirs.body)).not.toContain('QIAERST'.split('').join('","'));
    expect(theirs.body.events[0]).toMatchObject({ type: 'scrabble.TilesDrawn', data: { seat: 1 } });
    h.position = Math.max(h.position, theirs.body.position);
  });

  it('documents every game endpoint in OpenAPI with validated, exemplified bodies', async () => {
    const doc = (await h.http().get('/docs-json').expect(200)).body;
    for (const path of [
      '/v1/games',
      '/v1/scrabble/games/import',
      '/v1/scrabble/games/{id}/moves',
      '/v1/scrabble/games/{id}/challenges/verdicts',
      '/v1/scrabble/games/{id}/signatures',
      '/v1/scrabble/games/{id}/gcg',
      '/v1/scrabble/games/{id}/scoresheet',
      '/v1/scrabble/games/{id}/events',
    ]) {
      expect(doc.paths[path]).toBeDefined();
    }
    expect(doc.components.schemas.MoveCommandDto.properties.announcedScore.example).toBe(22);
    // A clock reading is whole milliseconds (the server refuses strings): chess and Scrabble share ClockReadingDto; Go has its own.
    const items = (schema: string, property: string) => doc.components.schemas[schema].properties[property].items;
    expect(items('ClockReadingDto', 'remainingMs')).toMatchObject({ type: 'integer' });
    expect(items('GoClockReadingDto', 'remainingMs')).toMatchObject({ type: 'integer', minimum: -86_400_000, maximum: 86_400_000 });
    expect(items('GoClockReadingDto', 'periodsLeft')).toMatchObject({ type: 'integer', minimum: 0, maximum: 1000 });
    expect(doc.components.schemas.StartGameDto.required).toEqual(
      expect.arrayContaining(['id', 'players', 'starter', 'clockSide', 'clockSideChosenBy', 'tilesCounted']),
    );
  });

  it('a linked game must match the pairing; when it finishes its result is posted to the tournament (standings follow)', async () => {
    const TID = 'club-open';
    const chief = h.token('chief-arbiter', [TID], 'td-1');
    const td = h.token('arbiter', [TID], 'arb-3');
    await h.publishedRound1({ id: TID, name: 'Club Open', discipline: 'scrabble', roundsPlanned: 1 }, PLAYERS, ['bob', 'ann'], chief, td);
    const link = { tournamentId: TID, round: 1, table: 1 };
    await post('/v1/scrabble/games', { id: 'linked', ...START, link }, arbiter, 403);
    const mismatch = await post('/v1/scrabble/games', { id: 'linked', ...START, players: [PLAYERS[0], { id: 'eve', name: 'Eve' }], link }, td, 422);
    expect(mismatch.body.type).toBe('urn:arbitra:problem:games/link-players-mismatch');
    const started = await post('/v1/scrabble/games', { id: 'linked', ...START, link, at: at(0) }, td);
    expect(started.body.events[0].data.link).toEqual({ ...link, division: 'main', firstSeat: 1 });
    await post('/v1/scrabble/games/linked/draws', { seat: 0, count: 7, at: at(1) }, td); // the arbiter records from the table
    await post('/v1/scrabble/games/linked/draws', { seat: 1, count: 7, at: at(2) }, td); // the arbiter records from the table
    await post('/v1/scrabble/games/linked/moves', { seat: 0, move: { kind: 'play', coordinate: '8G', word: 'QI' }, announcedScore: 22, at: at(10) }, td); // the arbiter records from the table
    for (let i = 0; i < 6; i++) await post('/v1/scrabble/games/linked/moves', { seat: i % 2 === 0 ? 1 : 0, move: { kind: 'pass' }, at: at(20 + i) }, td);
    await post(
      '/v1/scrabble/games/linked/end-racks',
      {
        racks: [
          { seat: 0, rack: 'AEINR' },
          { seat: 1, rack: 'STUVWXY' },
        ],
        at: at(30),
      },
      td,
    );
    await post('/v1/scrabble/games/linked/signatures', { seat: 0, at: at(31) }, td);
    const fin = await post('/v1/scrabble/games/linked/signatures', { seat: 1, at: at(32) }, td);
    expect(fin.body.events.at(-1).data.result).toMatchObject({ scores: [17, -23], winner: 0 });
    await h.core.settle();
    h.position = await h.core.store.headPosition();
    const recorded = (await h.core.store.readStream(`tournament-${TID}`)).filter((e) => e.type === 'tournament.ResultRecorded');
    expect(recorded).toHaveLength(1);
    expect(recorded[0].data).toMatchObject({
      round: 1,
      table: 1,
      source: { kind: 'game', gameId: 'linked' },
      result: { kind: 'played', first: 'bob', second: 'ann', outcome: 'second', score: { first: -23, second: 17 } },
    });
    expect(recorded[0].meta.actor).toEqual({ id: 'process-manager:scrabble-result-to-tournament', role: 'system' });
    const standings = await get(`/v1/tournaments/${TID}/standings`).expect(200);
    expect(standings.body.divisions[0].rows[0]).toMatchObject({ player: 'ann', wins: 1, spread: 40 });
  });

  it('Arbitra (one game per table): a second game linked to a table that already has one is refused, 409 naming link.table and the game, nothing stored', async () => {
    const TID = 'club-open';
    const td = h.token('arbiter', [TID], 'arb-3');
    const link = { tournamentId: TID, round: 1, table: 1 };
    const second = await post('/v1/scrabble/games', { id: 'replayed', ...START, link, at: at(0) }, td, 409);
    expect(second.headers['content-type']).toContain('application/problem+json');
    expect(second.body).toMatchObject({
      type: 'urn:arbitra:problem:games/link-table-taken',
      field: 'link.table',
      detail: expect.stringContaining('game linked'),
      details: { linkedGame: 'linked' },
    });
    await get('/v1/scrabble/games/replayed').expect(404);
    // The game already there is not refused for its own link (a start sent again meets the game that exists).
    const again = await post('/v1/scrabble/games', { id: 'linked', ...START, link, at: at(0) }, td, 409);
    expect(again.body.type).toBe('urn:arbitra:problem:scrabble/game-already-started');
  });

  it("Arbitra (a locked round is corrected by a chief-arbiter decision): the chief's reversed-scores decision reaches the locked round as theirs; a plain arbiter's is refused there and kept for the arbiters", async () => {
    const TID = 'club-open';
    const chief = h.token('chief-arbiter', [TID], 'td-1');
    const td = h.token('arbiter', [TID], 'arb-3');
    await post(`/v1/tournaments/${TID}/rounds/1/lock`, {}, chief);
    const reversed = await post('/v1/scrabble/games/linked/reversed-scores', { tdDecision: 'TD-1: slip reversed', agreedBy: [0, 1], at: at(40) }, chief);
    expect(reversed.body.events[0]).toMatchObject({ type: 'scrabble.SignedResultCorrected', data: { before: [17, -23], after: [-23, 17] } });
    await h.core.settle();
    h.position = await h.core.store.headPosition();
    const results = (await get(`/v1/tournaments/${TID}/rounds/1/results`).expect(200)).body;
    expect(results.status).toBe('locked');
    expect(results.results.t1).toMatchObject({ first: 'bob', second: 'ann', outcome: 'first', score: { first: 17, second: -23 } });
    expect(results.corrections).toEqual([
      expect.objectContaining({ table: 1, reason: expect.stringContaining('TD-1: slip reversed'), decidedBy: { id: 'td-1', role: 'chief-arbiter' } }),
    ]);
    const standings = await get(`/v1/tournaments/${TID}/standings`).expect(200);
    expect(standings.body.divisions[0].rows[0]).toMatchObject({ player: 'bob', wins: 1, spread: 40 });

    // A plain arbiter's reversal is the game's, but the locked round refuses it: kept where the chief sees it, nothing changed.
    await post('/v1/scrabble/games/linked/reversed-scores', { tdDecision: 'TD-2', agreedBy: [0, 1], at: at(41) }, td);
    await h.core.settle();
    h.position = await h.core.store.headPosition();
    const after = (await get(`/v1/tournaments/${TID}/rounds/1/results`).expect(200)).body;
    expect(after.results.t1).toMatchObject({ outcome: 'first', score: { first: 17, second: -23 } });
    expect(after.corrections).toHaveLength(1);
    const seen = await h.http().get('/v1/audit/refused-reactions').set('authorization', chief).expect(200);
    expect(seen.body.refused.filter((x: { cause: { type: string } }) => x.cause.type === 'scrabble.SignedResultCorrected')).toEqual([
      expect.objectContaining({
        processManager: 'scrabble-result-to-tournament',
        target: `tournament-${TID}`,
        refusal: expect.objectContaining({ type: 'tournament/round-locked', message: expect.stringContaining('(the actor is arbiter)') }),
      }),
    ]);
    // Kept for the tournament's chief, not shown to another tournament's, nor to an arbiter.
    const other = await h
      .http()
      .get('/v1/audit/refused-reactions')
      .set('authorization', h.token('chief-arbiter', ['elsewhere']))
      .expect(200);
    expect(other.body.refused).toEqual([]);
    await h.http().get('/v1/audit/refused-reactions').set('authorization', td).expect(403);
  });
});

describe('records server: a word list proposes challenge verdicts (ARBITRA_LEXICON_FILE)', () => {
  it('proposes verdicts after a challenge; the arbiter confirms and the resolution records what was proposed', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'arbitra-lex-'));
    writeFileSync(join(dir, 'words.txt'), '# test list\nqi\nza\n');
    const config = loadConfig({
      ARBITRA_DATA_DIR: dir,
      ARBITRA_SQLITE_SYNC: 'NORMAL',
      ARBITRA_WAIT_MAX_MS: '3000',
      ARBITRA_LEXICON_FILE: join(dir, 'words.txt'),
    });
    const s = await startRecords(config, pino({ level: 'silent' }));
    try {
      const http = () => request(s.app.getHttpServer());
      const td = `Bearer ${s.tokens.issue({ sub: 'arb-1', role: 'arbiter' })}`;
      const send = (path: string, body: object) => http().post(path).set('authorization', td).send(body).expect(201);
      await send('/v1/scrabble/games', { id: 'lex', ...START, at: at(0) });
      await send('/v1/scrabble/games/lex/draws', { seat: 0, count: 7, at: at(1) });
      await send('/v1/scrabble/games/lex/draws', { seat: 1, count: 7, at: at(2) });
      await send('/v1/scrabble/games/lex/moves', { seat: 0, move: { kind: 'play', coordinate: '8G', word: 'QI' }, announcedScore: 22, at: at(10) });
      const ch = await send('/v1/scrabble/games/lex/challenges', { seat: 1, words: ['QI'], at: at(12) });
      expect(ch.body.lexicon.events[0]).toMatchObject({ type: 'scrabble.VerdictsProposed', data: { proposals: [{ word: 'QI', valid: true }] } });
      expect(ch.headers.etag).toBe(`"${ch.body.lexicon.revision}"`);
      const v = await send('/v1/scrabble/games/lex/challenges/verdicts', { verdicts: [{ word: 'QI', valid: true }], at: at(20) });
      expect(v.body.events[0].data.verdicts).toEqual([{ word: 'QI', valid: true, proposed: true }]);
      // Issue 32: a player's challenge and the proposal made after it answer the game's revisions as positions.
      const recent = (sec: number) => new Date(Date.now() - 60_000 + sec * 1000).toISOString();
      await send('/v1/scrabble/games', { id: 'lex2', ...START, at: recent(0) });
      await send('/v1/scrabble/games/lex2/draws', { seat: 0, count: 7, at: recent(1) });
      await send('/v1/scrabble/games/lex2/draws', { seat: 1, count: 7, at: recent(2) });
      await send('/v1/scrabble/games/lex2/moves', { seat: 0, move: { kind: 'play', coordinate: '8G', word: 'ZA' }, announcedScore: 22, at: recent(10) });
      const bob = `Bearer ${s.tokens.issue({ sub: 'bob', role: 'player' })}`;
      const mine = await http()
        .post('/v1/scrabble/games/lex2/challenges')
        .set('authorization', bob)
        .send({ seat: 1, words: ['ZA'] });
      expect(mine.status).toBe(201);
      expect(mine.body).toMatchObject({ position: mine.body.revision, events: [{ position: mine.body.revision }] });
      expect(mine.body.lexicon).toMatchObject({ position: mine.body.lexicon.revision, events: [{ position: mine.body.lexicon.revision }] });
    } finally {
      await s.app.close();
      await s.core.close();
    }
  });
});
