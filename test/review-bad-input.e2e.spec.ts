import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { RecordsHarness } from './support/records-harness.js';

/**
 * Bad input gets a 4xx problem+json naming the field and the rule, and nothing is recorded (review of December 2026):
 * bodies whose shape is wrong where class-validator alone let them through.
 */
const T = 'bad-input-open';
const PLAYERS = ['a', 'b', 'c', 'd'].map((id) => ({ id, name: `Player ${id.toUpperCase()}` }));

describe('records server: a body of the wrong shape is refused, naming the field, and records nothing', () => {
  let h: RecordsHarness;
  let chief: string;
  let arbiter: string;

  /** A command sent as raw JSON text (`null` cannot be sent through supertest's object body). */
  const send = (path: string, json: string, token: string) =>
    h.http().post(path).set('authorization', token).set('content-type', 'application/json').send(json);

  /** The answer is a 400 problem+json naming `field`, and the log did not move. */
  async function refused(path: string, json: string, field: string, rule: string, token = arbiter) {
    const head = await h.core.store.headPosition();
    const r = await send(path, json, token);
    expect([r.status, r.headers['content-type']]).toEqual([400, expect.stringMatching(/^application\/problem\+json/)]);
    expect(r.body.errors).toEqual(expect.arrayContaining([expect.objectContaining({ field, rule })]));
    expect(await h.core.store.headPosition()).toBe(head);
    return r;
  }

  beforeAll(async () => {
    h = await RecordsHarness.start();
    chief = h.token('chief-arbiter', [T, 'listed-profile'], 'td-1');
    arbiter = h.token('arbiter', [T, 'listed-profile'], 'arb-1');
    await h.post('/v1/tournaments', { id: T, name: 'Bad Input Open', discipline: 'scrabble', roundsPlanned: 3, pairingSystems: ['australian-draw'] }, chief);
    for (const p of PLAYERS) await h.post(`/v1/tournaments/${T}/players`, p, arbiter);
    const games = [
      { table: 1, first: 'a', second: 'b' },
      { table: 2, first: 'c', second: 'd' },
    ];
    await h.post(`/v1/tournaments/${T}/rounds/1/pairings`, { kind: 'manual', reason: 'seeded by hand', games, tables: [], bye: null }, arbiter);
  });
  afterAll(async () => {
    await h.stop();
  });

  it('a JSON null body does not publish a round: 400 naming the body, and the round stays unpublished', async () => {
    await refused(`/v1/tournaments/${T}/rounds/1/publish`, 'null', 'body', 'isObject');
    await h.get(`/v1/tournaments/${T}/rounds/1/pairings`).expect(404);
    // The same command with an empty object (or no body) still publishes: only `null` is refused.
    await h.post(`/v1/tournaments/${T}/rounds/1/publish`, {}, arbiter);
    await h.get(`/v1/tournaments/${T}/rounds/1/pairings`).expect(200);
  });

  it('a tournament profile sent as a list is refused naming profile, not recorded as {"0": …} beside the default profile', async () => {
    const body = {
      id: 'listed-profile',
      name: 'Listed Profile',
      discipline: 'scrabble',
      roundsPlanned: 3,
      pairingSystems: ['australian-draw'],
      profile: [{ points: { win: 2, draw: 1, loss: 0 } }],
    };
    await refused('/v1/tournaments', JSON.stringify(body), 'profile', 'isObject', chief);
    await h.get('/v1/tournaments/listed-profile').expect(404);
  });

  it('a game link sent as a list is refused naming link, not read as a link to no tournament', async () => {
    const start = { id: 'listed-link', players: PLAYERS.slice(0, 2), starter: 0, clockSide: 'right', clockSideChosenBy: 1, tilesCounted: 100 };
    const r = await refused('/v1/scrabble/games', JSON.stringify({ ...start, link: [{ tournamentId: T, round: 1, table: 1 }] }), 'link', 'isObject');
    expect(r.body.detail).not.toContain('undefined');
  });

  it('a result sent as a list is refused naming result, and the table keeps no result', async () => {
    await refused(
      `/v1/tournaments/${T}/rounds/1/results`,
      JSON.stringify({ table: 1, result: [{ kind: 'played', outcome: 'first', score: { first: 400, second: 300 } }] }),
      'result',
      'isObject',
    );
    const results = await h.get(`/v1/tournaments/${T}/rounds/1/results`).expect(200);
    expect(JSON.stringify(results.body)).not.toContain('"outcome":"first"');
  });

  it('a read refuses a query parameter it does not take, and a waitFor that is no number, naming them: game events, live streams, ledgers', async () => {
    const start = { id: 'query-game', players: PLAYERS.slice(0, 2), starter: 0, clockSide: 'right', clockSideChosenBy: 1, tilesCounted: 100 };
    await h.post('/v1/scrabble/games', start, arbiter);
    const reads = [
      '/v1/scrabble/games/query-game/events',
      '/v1/games/scrabble/query-game/live',
      `/v1/tournaments/${T}/live`,
      `/v1/tournaments/${T}/penalty-ledger`,
      `/v1/tournaments/${T}/penalty-ledger/players/a`,
    ];
    for (const path of reads) {
      await h.http().get(path).set('authorization', arbiter).expect(200);
      for (const [query, field, rule] of [
        ['colour=blue', 'colour', 'whitelistValidation'],
        ['waitFor=abc', 'waitFor', 'isInt'],
      ]) {
        const r = await h.http().get(`${path}?${query}`).set('authorization', arbiter);
        expect([path, query, r.status, r.headers['content-type']]).toEqual([path, query, 400, expect.stringMatching(/^application\/problem\+json/)]);
        expect([path, r.body.errors]).toEqual([path, expect.arrayContaining([expect.objectContaining({ field, rule })])]);
      }
    }
    // Every discipline's events route checks its query before it looks the game up.
    for (const discipline of ['chess', 'go', 'xiguaqi', 'mahjong'])
      expect((await h.http().get(`/v1/${discipline}/games/no-such-game/events?colour=blue`).expect(400)).body.field).toBe('colour');
  });

  it('a number in a path or query written other than in decimal digits (0x2, 1e0, +1, " 1") is refused naming it, not read as a round', async () => {
    for (const n of ['0x2', '2e0', '+2', '%202'])
      expect((await h.http().get(`/v1/tournaments/${T}/rounds/${n}/pairings`).set('authorization', arbiter).expect(400)).body.field).toBe('n');
    for (const round of ['0x1', '1e0', '+1', '%201'])
      expect((await h.http().get(`/v1/tournaments/${T}/standings?round=${round}`).expect(400)).body.field).toBe('round');
    // Decimal digits are numbers as before; a fraction or a negative number is refused by the number's own rule.
    await h.http().get(`/v1/tournaments/${T}/standings?round=1`).expect(200);
    expect((await h.http().get(`/v1/tournaments/${T}/standings?round=1.5`).expect(400)).body.rule).toBe('isInt');
    expect((await h.http().get(`/v1/tournaments/${T}/standings?round=-1`).expect(400)).body.rule).toBe('min');
  });

  it('a statement referring to something that is no recorded event id is refused naming references, and the appeal keeps no statement', async () => {
    const result = { kind: 'played', outcome: 'first', score: { first: 410, second: 390 } };
    const recorded = await h.post(`/v1/tournaments/${T}/rounds/1/results`, { table: 2, result }, arbiter);
    const carol = h.token('player', [T], 'c');
    const lodge = {
      tournamentId: T,
      contestedEventId: recorded.body.events[0].id,
      appellant: { id: 'c', capacity: 'player', forPlayer: 'c' },
      grounds: 'the scores were swapped',
      remedySought: 'correct the result',
    };
    const appeal = (await h.post('/v1/appeals', lodge, carol)).body.events[0].data.appealId as string;
    const statement = { statementId: 's-1', kind: 'appellant', author: 'Carol', text: 'see the slip' };
    for (const reference of ['no-such-event', 'x'.repeat(5000)]) {
      const head = await h.core.store.headPosition();
      const r = await h
        .http()
        .post(`/v1/appeals/${appeal}/statements`)
        .set('authorization', carol)
        .send({ ...statement, references: [recorded.body.events[0].id, reference] });
      expect([r.status, r.body.field, r.body.rule]).toEqual([400, 'references', 'matches']);
      expect(await h.core.store.headPosition()).toBe(head);
    }
    const file = (await h.get(`/v1/appeals/${appeal}`, carol).expect(200)).body;
    expect(JSON.stringify(file)).not.toContain('StatementAttached');
    // A statement referring to recorded events is attached as before.
    await h.post(`/v1/appeals/${appeal}/statements`, { ...statement, references: [recorded.body.events[0].id] }, carol);
  });

  it("a hearing time or a history bound without its time zone is refused naming it, not read in the server's zone", async () => {
    const result = { kind: 'played', outcome: 'second', score: { first: 380, second: 402 } };
    const recorded = await h.post(`/v1/tournaments/${T}/rounds/1/results`, { table: 1, result }, arbiter);
    const ann = h.token('player', [T], 'a');
    const lodge = {
      tournamentId: T,
      contestedEventId: recorded.body.events[0].id,
      appellant: { id: 'a', capacity: 'player', forPlayer: 'a' },
      grounds: 'a challenged word was valid',
      remedySought: 'restore the play',
    };
    const appeal = (await h.post('/v1/appeals', lodge, ann)).body.events[0].data.appealId as string;
    for (const hearingAt of ['2026-11-29T14:00:00', '2026-11-29']) {
      const head = await h.core.store.headPosition();
      const r = await h.http().post(`/v1/appeals/${appeal}/hearing`).set('authorization', chief).send({ hearingAt, place: 'Room 2' });
      expect([hearingAt, r.status, r.headers['content-type'], r.body.field]).toEqual([
        hearingAt,
        400,
        expect.stringMatching(/^application\/problem\+json/),
        'hearingAt',
      ]);
      expect(await h.core.store.headPosition()).toBe(head);
    }
    for (const bound of ['from=2026-11-29', 'to=2026-11-29T18:00:00']) {
      const r = await h.http().get(`/v1/tournaments/${T}/history?${bound}`).set('authorization', chief);
      expect([bound, r.status, r.body.field]).toEqual([bound, 400, bound.split('=')[0]]);
    }
    // With its zone, the history answers as before.
    await h.http().get(`/v1/tournaments/${T}/history?from=2026-11-29T09:00:00%2B08:00`).set('authorization', chief).expect(200);
  });

  it('an X-Correlation-ID that cannot be recorded as sent is refused naming it, not dropped while the command is recorded', async () => {
    for (const id of ['c'.repeat(201), 'two words']) {
      const head = await h.core.store.headPosition();
      const r = await h
        .http()
        .post(`/v1/tournaments/${T}/forbidden-pairings`)
        .set('authorization', arbiter)
        .set('x-correlation-id', id)
        .send({ a: 'a', b: 'd', reason: 'siblings' });
      expect([r.status, r.headers['content-type'], r.body.field]).toEqual([400, expect.stringMatching(/^application\/problem\+json/), 'X-Correlation-ID']);
      expect(await h.core.store.headPosition()).toBe(head);
    }
    // One that can is recorded in the event's meta, as before.
    const ok = await h.post(`/v1/tournaments/${T}/forbidden-pairings`, { a: 'a', b: 'd', reason: 'siblings' }, arbiter, 201, {
      'x-correlation-id': 'desk-7:req-42',
    });
    const [recorded] = await h.core.store.readStream(`tournament-${T}`, ok.body.revision, 1);
    expect(recorded.meta.correlationId).toBe('desk-7:req-42');
  });

  it('a command sent with a query parameter (?dryRun=true) is refused naming it, and nothing is recorded', async () => {
    const commands: Array<[string, object]> = [
      [`/v1/tournaments/${T}/forbidden-pairings?dryRun=true`, { a: 'b', b: 'c', reason: 'club mates' }],
      ['/v1/scrabble/games/query-game/draws?dryRun=true', { seat: 0, count: 7 }],
    ];
    for (const [path, body] of commands) {
      const head = await h.core.store.headPosition();
      const r = await h.http().post(path).set('authorization', arbiter).send(body);
      expect([path, r.status, r.headers['content-type'], r.body.field]).toEqual([path, 400, expect.stringMatching(/^application\/problem\+json/), 'dryRun']);
      expect(await h.core.store.headPosition()).toBe(head);
    }
  });
});
