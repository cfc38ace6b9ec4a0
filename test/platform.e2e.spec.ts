import SwaggerParser from '@apidevtools/swagger-parser';
import { request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { newEvent } from '../libs/store/testing/event-store.contract.js';
import { SqliteEventStore } from '../libs/store/sqlite/sqlite-event-store.js';
import { RecordsHarness } from './support/records-harness.js';

describe('records server: platform (auth, audit, health, metrics, OpenAPI)', () => {
  let h: RecordsHarness;
  beforeAll(async () => {
    h = await RecordsHarness.start();
  });
  afterAll(async () => {
    await h.stop();
  });

  it('prints a bootstrap admin token on the first start of a data dir only, and it works', async () => {
    expect(h.bootstrapToken).toMatch(/^ey/);
    await h.http().get('/v1/events').set('authorization', `Bearer ${h.bootstrapToken}`).expect(200);
    await h.restart();
    expect(h.bootstrapToken).toBeNull();
  });

  it('answers without a token with 401 problem+json naming the rule', async () => {
    const r = await h.http().get('/v1/events').expect(401);
    expect(r.headers['content-type']).toMatch(/application\/problem\+json/);
    expect(r.headers['www-authenticate']).toBe('Bearer');
    expect(r.body).toMatchObject({ type: 'urn:arbitra:problem:auth/unauthorized', status: 401, rule: expect.stringContaining('bearer') });
  });

  it('refuses a forged or malformed token with 401, even on a public route', async () => {
    const forged = h.token('admin').slice(0, -4) + 'AAAA';
    await h.http().get('/v1/events').set('authorization', forged).expect(401);
    await h.http().get('/health/ready').set('authorization', 'Basic abc').expect(401);
  });

  it('refuses a role the endpoint does not allow with 403', async () => {
    const r = await h
      .http()
      .get('/v1/events')
      .set('authorization', h.token('arbiter', ['t1']))
      .expect(403);
    expect(r.body).toMatchObject({ type: 'urn:arbitra:problem:auth/role-not-allowed', status: 403 });
  });

  it('validates query parameters with a 400 naming the field and the constraint', async () => {
    const r = await h.http().get('/v1/events?limit=5000').set('authorization', h.token('admin')).expect(400);
    expect(r.body.errors).toEqual([expect.objectContaining({ field: 'limit', rule: 'max' })]);
    const r2 = await h.http().get('/v1/events?after=abc').set('authorization', h.token('admin')).expect(400);
    expect(r2.body.field).toBe('after');
    const r3 = await h.http().get('/v1/events?colour=blue').set('authorization', h.token('admin')).expect(400);
    expect(r3.body.errors[0]).toMatchObject({ field: 'colour', rule: 'whitelistValidation' });
  });

  it('pages through the global log and shows a stream with its hash chain', async () => {
    const store = h.core.store;
    const a = await store.append('demo-a', [newEvent('demo.One', { x: 1 }), newEvent('demo.Two', { x: 2 })], 'no-stream');
    await store.append('demo-b', [newEvent('demo.Three', { x: 3 })], 'no-stream');
    const admin = h.token('admin');
    const page = await h
      .http()
      .get(`/v1/events?after=${a.events[0].position - 1}&limit=2`)
      .set('authorization', admin)
      .expect(200);
    expect(page.body.events.map((e: { type: string }) => e.type)).toEqual(['demo.One', 'demo.Two']);
    expect(page.body.next).toBe(a.events[1].position);
    const stream = await h.http().get('/v1/streams/demo-a').set('authorization', admin).expect(200);
    expect(stream.body.events[1].meta.prevHash).toBe(stream.body.events[0].meta.hash);
    await h.http().get('/v1/streams/no-such-stream').set('authorization', admin).expect(404);
  });

  it('keeps data and hashes across a restart, and verify passes', async () => {
    const r = await h.core.store.append('demo-restart', [newEvent('demo.Kept', { k: 1 })], 'no-stream');
    await h.restart();
    const back = await h.core.store.readStream('demo-restart');
    expect(back.map((e) => [e.id, e.meta.hash])).toEqual(r.events.map((e) => [e.id, e.meta.hash]));
    const v = await h.http().get('/v1/audit/verify').set('authorization', h.token('admin')).expect(200);
    expect(v.body).toMatchObject({ ok: true, firstBreak: null });
    expect(v.body.events).toBeGreaterThanOrEqual(4);
  });

  it("reports the first broken link when a stored event was altered behind Arbitra's back", async () => {
    const r = await h.core.store.append('demo-tamper', [newEvent('demo.Score', { score: 410 })], 'no-stream');
    await h.stop();
    const raw = new SqliteEventStore({ path: `${h.config.dataDir}/events.db` });
    raw.db.exec('DROP TRIGGER events_no_update');
    raw.db.prepare('UPDATE events SET data = ? WHERE position = ?').run('{"score":510}', r.position);
    await raw.close();
    // Issue 10: the server refuses a broken log unless told to serve it anyway.
    await expect(h.boot()).rejects.toThrow(`position ${r.position}`);
    h.audit = { ...h.audit, allowBrokenLog: true };
    await h.boot();
    const v = await h.http().get('/v1/audit/verify').set('authorization', h.token('admin')).expect(200);
    expect(v.body.ok).toBe(false);
    expect(v.body.firstBreak).toMatchObject({ stream: 'demo-tamper', revision: 0, position: r.position, problem: 'hash-mismatch' });
    // Put the stored bytes back for the tests that follow.
    await h.stop();
    const again = new SqliteEventStore({ path: `${h.config.dataDir}/events.db` });
    again.db.prepare('UPDATE events SET data = ? WHERE position = ?').run('{"score":410}', r.position);
    // And the trigger (issue 32: a dropped one fails the start-up check too).
    again.db.exec(
      "CREATE TRIGGER events_no_update BEFORE UPDATE ON events BEGIN SELECT RAISE(ABORT, 'events are immutable: append a correction instead'); END",
    );
    await again.close();
    h.audit = { ...h.audit, allowBrokenLog: false };
    await h.boot();
  });

  it('serves readiness with store status and projection lag, and a liveness answer that touches nothing', async () => {
    const r = await h.http().get('/health/ready').expect(200);
    expect(r.body).toMatchObject({ status: 'ok', info: { store: { status: 'up' }, projections: { status: 'up' } } });
    const live = await h.http().get('/health').expect(200);
    expect(live.body).toEqual({ status: 'ok' });
  });

  it('serves Prometheus metrics to an admin token only, by default', async () => {
    const anonymous = await h.http().get('/metrics').expect(401);
    expect(anonymous.body.type).toBe('urn:arbitra:problem:auth/unauthorized');
    await h
      .http()
      .get('/metrics')
      .set('authorization', h.token('chief-arbiter', ['t1']))
      .expect(403);
    const r = await h.http().get('/metrics').set('authorization', h.token('admin')).expect(200);
    expect(r.text).toContain('arbitra_log_head_position');
    expect(r.text).toContain('arbitra_commands_total');
  });

  it('publishes OpenAPI with every route, its security and examples', async () => {
    const r = await h.http().get('/docs-json').expect(200);
    expect(Object.keys(r.body.paths)).toEqual(expect.arrayContaining(['/v1/events', '/v1/streams/{stream}', '/v1/audit/verify', '/health/ready', '/metrics']));
    expect(r.body.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    await h.http().get('/docs').expect(200);
  });

  it('documents what the server checks: request schemas carry the validation rules, and every example obeys them', async () => {
    type Schema = { [k: string]: unknown; pattern?: string; minLength?: number; maxLength?: number; minimum?: number; maximum?: number };
    type Rules = Schema & { enum?: unknown[]; type?: string; items?: Rules; maxItems?: number; example?: unknown };
    const doc = (await h.http().get('/docs-json').expect(200)).body as { components: { schemas: Record<string, { properties?: Record<string, Rules> }> } };
    // A valid OpenAPI 3.0 document (the rules added to it in 3.0's own form: `exclusiveMinimum: true` beside `minimum`).
    await expect(SwaggerParser.validate(structuredClone(doc) as never)).resolves.toBeDefined();
    expect(doc.components.schemas.IssuePenaltyDto.properties!.amount).toMatchObject({ minimum: 0, exclusiveMinimum: true });
    const entry = doc.components.schemas.RegisterPlayerDto.properties!;
    expect(entry.id.pattern).toBe('^[A-Za-z0-9._-]{1,100}$');
    expect(entry.name).toMatchObject({ minLength: 1, maxLength: 200 });
    expect(entry.joinsAtRound).toMatchObject({ type: 'integer', minimum: 1 });
    // An array of numbers is documented with number items: swagger cannot see an array's element type and wrote strings,
    // which the server refuses (clock readings, dice, captures; found by the stateful review).
    const numberArrays = Object.entries(doc.components.schemas).flatMap(([name, schema]) =>
      Object.entries(schema.properties ?? {})
        .filter(([, p]) => Array.isArray(p.example) && p.example.length > 0 && p.example.every((x) => typeof x === 'number'))
        .map(([property, p]) => [`${name}.${property}`, p.items?.type]),
    );
    expect(numberArrays.length).toBeGreaterThanOrEqual(7);
    for (const [property, type] of numberArrays) expect([property, type]).toEqual([property, expect.stringMatching(/^(integer|number)$/)]);
    // The server's own check of the entry agrees with what is documented.
    const admin = h.token('admin');
    await h.post('/v1/tournaments', { id: 'doc-rules', name: 'Doc', discipline: 'scrabble', pairingSystems: ['random'] }, admin);
    const refused = await h
      .http()
      .post('/v1/tournaments/doc-rules/players')
      .set('authorization', admin)
      .send({ id: 'a b', name: 'A', joinsAtRound: 1.5 })
      .expect(400);
    expect(refused.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(['id', 'joinsAtRound']);
    // A property the request class does not declare is refused, and the document says so, nested classes included.
    expect(doc.components.schemas.RegisterPlayerDto).toMatchObject({ additionalProperties: false });
    expect(doc.components.schemas.ResultSourceDto).toMatchObject({ additionalProperties: false });
    // A field of some kinds only says which (OpenAPI 3.0 cannot make a property depend on another).
    expect(doc.components.schemas.ResultSourceDto.properties!.gameId.description).toContain('Applies only when kind is game');
    const extra = await h
      .http()
      .post('/v1/tournaments/doc-rules/players')
      .set('authorization', admin)
      .send({ id: 'ann', name: 'Ann', colour: 'blue' })
      .expect(400);
    expect(extra.body.errors).toEqual([expect.objectContaining({ field: 'colour', rule: 'whitelistValidation' })]);
    const broken: string[] = [];
    const check = (where: string, rules: Rules, value: unknown): void => {
      if (value === undefined) return;
      const fails = [
        typeof value === 'string' && rules.pattern !== undefined && !new RegExp(rules.pattern).test(value),
        typeof value === 'string' && (value.length < (rules.minLength ?? 0) || value.length > (rules.maxLength ?? Infinity)),
        typeof value === 'number' && (value < (rules.minimum ?? -Infinity) || value > (rules.maximum ?? Infinity)),
        typeof value === 'number' && rules.type === 'integer' && !Number.isInteger(value),
        rules.enum !== undefined && !rules.enum.includes(value),
        Array.isArray(value) && value.length > (rules.maxItems ?? Infinity),
      ];
      if (fails.some(Boolean)) broken.push(`${where}: ${JSON.stringify(value)}`);
      if (Array.isArray(value) && rules.items) value.forEach((item) => check(`${where}[]`, rules.items!, item));
    };
    for (const [name, schema] of Object.entries(doc.components.schemas))
      for (const [property, rules] of Object.entries(schema.properties ?? {})) check(`${name}.${property}`, rules, rules.example);
    // Query and path parameters too (their rules come from the class the route reads them into).
    const paths = (doc as unknown as { paths: Record<string, Record<string, { parameters?: Array<{ name: string; schema: Rules }> }>> }).paths;
    for (const [path, item] of Object.entries(paths))
      for (const [verb, op] of Object.entries(item))
        for (const parameter of op.parameters ?? []) check(`${verb} ${path} ${parameter.name}`, parameter.schema, parameter.schema.example);
    expect(broken).toEqual([]);
  });

  it("documents query and path parameters' rules, and the server refuses what breaks them", async () => {
    type Parameter = { name: string; in: string; schema: Record<string, unknown> };
    const doc = (await h.http().get('/docs-json').expect(200)).body as { paths: Record<string, Record<string, { parameters: Parameter[] }>> };
    const parameter = (path: string, name: string) => doc.paths[path].get.parameters.find((p) => p.name === name)!.schema;
    expect(parameter('/v1/events', 'limit')).toMatchObject({ type: 'integer', minimum: 1, maximum: 1000 });
    expect(parameter('/v1/events', 'after')).toMatchObject({ type: 'integer', minimum: 0 });
    expect(parameter('/v1/tournaments/{id}/standings', 'id')).toMatchObject({ pattern: '^[A-Za-z0-9._-]{1,100}$' });
    expect(parameter('/v1/tournaments/{id}/standings', 'round')).toMatchObject({ type: 'integer', minimum: 1, maximum: 1000 });
    // Declared through a shared decorator whose @Min came after @IsInt: it was documented as a number.
    expect(parameter('/v1/tournaments/{id}/standings', 'waitFor')).toMatchObject({ type: 'integer', minimum: 0 });
    const admin = h.token('admin');
    await h.http().get('/v1/events?limit=1001').set('authorization', admin).expect(400);
    await h.http().get('/v1/events?limit=1000').set('authorization', admin).expect(200);
    // An empty number is refused, not read as 0 (found by fuzzing: `?after=` was the first page).
    expect((await h.http().get('/v1/events?after=&limit=1').set('authorization', admin).expect(400)).body.field).toBe('after');
    expect((await h.http().get('/v1/events?limit=%20').set('authorization', admin).expect(400)).body.field).toBe('limit');
    expect((await h.http().get('/v1/tournaments/some-open/standings?round=').expect(400)).body.field).toBe('round');
    expect((await h.http().get('/v1/tournaments/some-open/standings?round=1001').expect(400)).body.field).toBe('round');
    expect((await h.http().get('/v1/tournaments/no%20such/standings').expect(400)).body.field).toBe('id');
  });

  it('documents who may call each route and every refusal as problem+json', async () => {
    type Operation = { operationId: string; security: unknown[]; responses: Record<string, { $ref?: string }>; produces?: unknown };
    const doc = (await h.http().get('/docs-json').expect(200)).body as {
      paths: Record<string, Record<string, Operation & { responses: Record<string, { content?: Record<string, unknown> }> }>>;
      components: { schemas: Record<string, { required?: string[] }>; responses: Record<string, { content: Record<string, { schema: { $ref: string } }> }> };
    };
    expect(doc.components.schemas.Problem.required).toEqual(['type', 'title', 'status', 'detail']);
    for (const name of ['Invalid', 'Unauthorized', 'Forbidden', 'Problem'])
      expect(doc.components.responses[name].content['application/problem+json'].schema.$ref).toBe('#/components/schemas/Problem');
    const ops = Object.entries(doc.paths).flatMap(([path, item]) => Object.entries(item).map(([verb, op]) => ({ key: `${verb} ${path}`, op })));
    // Every operation: a default problem answer and a 401 (a bad token is refused everywhere).
    expect(ops.filter(({ op }) => op.responses.default?.$ref !== '#/components/responses/Problem' || !op.responses[401]).map((o) => o.key)).toEqual([]);
    const security = (key: string) => ops.find((o) => o.key === key)!.op;
    // Public: a token or none. Officials only: a token, and 403 for the wrong one.
    expect(security('get /v1/tournaments/{id}/standings').security).toEqual([{}, { bearer: [] }]);
    expect(security('get /v1/tournaments/{id}/standings').responses[403]).toBeUndefined();
    expect(security('get /v1/events').security).toEqual([{ bearer: [] }]);
    expect(security('get /v1/events').responses[403]).toEqual({ $ref: '#/components/responses/Forbidden' });
    // A stored public document: its ETag and Cache-Control, and 304 for a current If-None-Match.
    const standings = security('get /v1/tournaments/{id}/standings') as unknown as {
      parameters: Array<{ name: string; in: string }>;
      responses: Record<string, { headers?: Record<string, unknown> }>;
    };
    expect(Object.keys(standings.responses[200].headers!)).toEqual(['ETag', 'Cache-Control']);
    expect(standings.responses[304]).toBeDefined();
    expect(standings.parameters).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'If-None-Match', in: 'header' })]));
    // /metrics is for admin tokens by default (it used to be documented without security), and answers text.
    expect(security('get /metrics').security).toEqual([{ bearer: [] }]);
    expect(Object.keys(security('get /metrics').responses[200].content!)).toEqual(['text/plain']);
  });

  it("documents each route's own request body: two request classes of one name once shared one schema", async () => {
    const doc = (await h.http().get('/docs-json').expect(200)).body as {
      paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: { $ref: string } }> } }>>;
      components: { schemas: Record<string, { properties: Record<string, unknown> }> };
    };
    const body = (path: string) => doc.components.schemas[doc.paths[path].post.requestBody!.content['application/json'].schema.$ref.split('/').pop()!];
    // A tournament's entry (rating, club) and the federation's player register (birth year): the register's schema
    // used to be shown for both routes.
    expect(Object.keys(body('/v1/tournaments/{id}/players').properties)).toEqual(expect.arrayContaining(['rating', 'club']));
    expect(body('/v1/tournaments/{id}/players').properties).not.toHaveProperty('birthYear');
    expect(Object.keys(body('/v1/players').properties)).toEqual(expect.arrayContaining(['federationId', 'birthYear']));
    // A mahjong seat's command (seat, clock) and a tournament table's seat (player, wind).
    expect(Object.keys(body('/v1/mahjong/games/{id}/signatures').properties)).toEqual(expect.arrayContaining(['seat']));
    expect(body('/v1/mahjong/games/{id}/signatures').properties).not.toHaveProperty('wind');
  });

  it('answers a malformed JSON body with 400 problem+json naming the body, and stores nothing', async () => {
    const before = await h.core.store.headPosition();
    const r = await h
      .http()
      .post('/v1/tournaments')
      .set('authorization', h.token('admin'))
      .set('content-type', 'application/json')
      .send('{"id": "t-bad", "name": ')
      .expect(400);
    expect(r.headers['content-type']).toMatch(/application\/problem\+json/);
    expect(r.body).toMatchObject({ type: 'urn:arbitra:problem:http/malformed-body', field: 'body', status: 400 });
    expect(await h.core.store.headPosition()).toBe(before);
  });

  it('answers a body of the wrong media type with 415 and one over 1 MiB with 413', async () => {
    const admin = h.token('admin');
    const r = await h.http().post('/v1/tournaments').set('authorization', admin).set('content-type', 'text/csv').send('a,b').expect(415);
    expect(r.body.type).toBe('urn:arbitra:problem:http/unsupported-media-type');
    const big = JSON.stringify({ id: 't-big', name: 'x'.repeat(1_100_000) });
    const r2 = await h.http().post('/v1/tournaments').set('authorization', admin).set('content-type', 'application/json').send(big).expect(413);
    expect(r2.body.type).toBe('urn:arbitra:problem:http/body-too-large');
  });

  it('refuses null where a field may only be omitted, and a missing required object, with 400 naming the field (found by fuzzing)', async () => {
    const admin = h.token('admin');
    const before = await h.core.store.headPosition();
    const nullDivisions = await h
      .http()
      .post('/v1/tournaments')
      .set('authorization', admin)
      .send({ id: 'null-test', name: 'Null', discipline: 'scrabble', pairingSystems: ['random'], divisions: null })
      .expect(400);
    expect(nullDivisions.body.errors.map((e: { field: string }) => e.field)).toContain('divisions');
    const noResult = await h.http().post('/v1/tournaments/null-test/rounds/1/results').set('authorization', admin).send({ table: 1 }).expect(400);
    expect(noResult.body.errors).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'result', rule: 'isDefined' })]));
    const huge = await h
      .http()
      .post('/v1/scrabble/games')
      .set('authorization', admin)
      .send({
        id: 'g-huge',
        players: [
          { id: 'a', name: 'A' },
          { id: 'b', name: 'B' },
        ],
        starter: 0,
        clockSide: 'right',
        clockSideChosenBy: 1,
        tilesCounted: 100,
        profile: { overtimePenaltyPerMinute: 1e308 },
      })
      .expect(400);
    expect(huge.body).toMatchObject({ field: 'profile.overtimePenaltyPerMinute', rule: 'max' });
    // A property named "" was once reported as field [0], which the client never sent.
    const unnamed = await h.post('/v1/ratings/scrabble/periods', { '': [1e12] }, admin, 400);
    expect(unnamed.body).toMatchObject({ field: '[""][0]', rule: 'max' });
    // A rating period without its engine once answered 500 (the fuzzer's body, engine left out).
    const noEngine = await h
      .http()
      .post('/v1/ratings/scrabble/periods')
      .set('authorization', admin)
      .send({ period: '2026-11', closesOn: '2026-11-30', tournaments: ['hk-open-2026'], parameters: { scale: 172 }, ranked: { minGames: 30, windowDays: 730 } })
      .expect(400);
    expect(noEngine.headers['content-type']).toMatch(/application\/problem\+json/);
    expect(noEngine.body.errors).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'engine', rule: 'isObject' })]));
    // …and with one tournament's id where the list of them goes.
    const notAList = await h
      .http()
      .post('/v1/ratings/scrabble/periods')
      .set('authorization', admin)
      .send({ period: '2026-11', closesOn: '2026-11-30', tournaments: 'AAA', engine: { name: 'wespa-elo', version: 1 } })
      .expect(400);
    expect(notAList.body.errors).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'tournaments', rule: 'isArray' })]));
    expect(await h.core.store.headPosition()).toBe(before);
  });

  it('refuses a field of another kind with 400 naming it, instead of dropping it unread (found by fuzzing: an arbiter-entered result with a game id)', async () => {
    const admin = h.token('admin');
    const players = [
      { id: 'ann', name: 'Ann' },
      { id: 'bob', name: 'Bob' },
    ];
    await h.publishedRound1({ id: 'kinds', name: 'Kinds', discipline: 'scrabble' }, players, ['ann', 'bob'], admin, admin);
    const manual = { kind: 'manual', reason: 'test', games: [{ table: 1, first: 'ann', second: 'bob' }], tables: [] };
    // A pairing system named on a manual pairing was ignored.
    const systemOnManual = await h
      .http()
      .post('/v1/tournaments/kinds/rounds/2/pairings')
      .set('authorization', admin)
      .send({ ...manual, system: 'random' })
      .expect(400);
    expect(systemOnManual.body.errors).toEqual([{ field: 'system', rule: 'onlyWhen', message: 'system applies only when kind is not manual' }]);
    const before = await h.core.store.headPosition();
    const played = { kind: 'played', outcome: 'first', score: { first: 400, second: 350 } };
    const gameIdOfArbiter = await h
      .http()
      .post('/v1/tournaments/kinds/rounds/1/results')
      .set('authorization', admin)
      .send({ table: 1, result: played, source: { kind: 'arbiter', gameId: 'g-1' } })
      .expect(400);
    expect(gameIdOfArbiter.headers['content-type']).toMatch(/application\/problem\+json/);
    expect(gameIdOfArbiter.body.errors).toEqual([{ field: 'source.gameId', rule: 'onlyWhen', message: 'gameId applies only when kind is game' }]);
    const absentOfPlayed = await h
      .http()
      .post('/v1/tournaments/kinds/rounds/1/results')
      .set('authorization', admin)
      .send({ table: 1, result: { ...played, absent: 'second' } })
      .expect(400);
    expect(absentOfPlayed.body.errors).toEqual([expect.objectContaining({ field: 'result.absent', rule: 'onlyWhen' })]);
    // Where it applies the field is still required and checked.
    const noGameId = await h
      .http()
      .post('/v1/tournaments/kinds/rounds/1/results')
      .set('authorization', admin)
      .send({ table: 1, result: played, source: { kind: 'game' } })
      .expect(400);
    expect(noGameId.body.errors.map((e: { field: string }) => e.field)).toEqual(['source.gameId', 'source.gameId']);
    // Found by the stateful review: a score on a forfeit, games on a double forfeit, a seed or options on a manual
    // pairing, an appeal id on a chief arbiter's cancellation were recorded without them.
    const refusedAs = async (path: string, body: object, field: string) => {
      const r = await h.post(path, body, admin, 400);
      expect(r.body.errors).toEqual([expect.objectContaining({ field, rule: 'onlyWhen' })]);
    };
    const results = '/v1/tournaments/kinds/rounds/1/results';
    await refusedAs(results, { table: 1, result: { kind: 'forfeit', absent: 'first', score: { first: 0, second: 100 } } }, 'result.score');
    await refusedAs(results, { table: 1, result: { kind: 'double-forfeit', games: { first: 1, second: 0 } } }, 'result.games');
    await refusedAs(results, { table: 1, result: { kind: 'double-forfeit', captured: { first: 1, second: 0 } } }, 'result.captured');
    await refusedAs('/v1/tournaments/kinds/rounds/2/pairings', { ...manual, seed: 'my-seed' }, 'seed');
    await refusedAs('/v1/tournaments/kinds/rounds/2/pairings', { ...manual, options: { cut: 4 } }, 'options');
    const cancel = { reason: 'wrong player', authority: { kind: 'chief-arbiter', appealId: 'appeal-1' } };
    await refusedAs('/v1/tournaments/kinds/penalty-ledger/p-1/cancellation', cancel, 'authority.appealId');
    expect(await h.core.store.headPosition()).toBe(before);
    await h
      .http()
      .post('/v1/tournaments/kinds/rounds/1/results')
      .set('authorization', admin)
      .send({ table: 1, result: played, source: { kind: 'arbiter' } })
      .expect(201);
  });

  it('answers ?waitFor beyond the log head, or not a whole number, with 400 instead of waiting (found by fuzzing)', async () => {
    const head = await h.core.store.headPosition();
    const beyond = await h
      .http()
      .get(`/v1/tournaments?waitFor=${head + 5}`)
      .set('authorization', h.token('admin'))
      .expect(400);
    expect(beyond.body).toMatchObject({ type: 'urn:arbitra:problem:read-model/position-not-recorded', field: 'waitFor', head });
    await h.http().get('/v1/tournaments?waitFor=1e308').expect(400);
    await h.http().get('/v1/tournaments?waitFor=-1').expect(400);
    await h.http().get(`/v1/tournaments?waitFor=${head}`).expect(200);
    // Issue 32: anonymous readers hold no log position; any number waits for the head and tells nothing of it.
    const anonymous = await h
      .http()
      .get(`/v1/tournaments?waitFor=${head + 5}`)
      .expect(200);
    expect(anonymous.body).toEqual((await h.http().get('/v1/tournaments').expect(200)).body);
  });

  it('answers unknown routes with 404 problem+json', async () => {
    const r = await h.http().get('/v1/nothing-here').expect(404);
    expect(r.body.type).toBe('urn:arbitra:problem:http/not-found');
    await h.http().patch('/v1/nothing-here').expect(404);
  });

  it('answers a method a route does not take with 405, Allow listing the methods it takes, and stores nothing', async () => {
    const head = await h.core.store.headPosition();
    const admin = h.token('admin');
    const r = await h.http().delete('/v1/tournaments/some-open').set('authorization', admin).expect(405);
    expect(r.headers.allow).toBe('GET, HEAD');
    expect(r.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(r.headers['x-content-type-options']).toBe('nosniff');
    expect(r.body).toMatchObject({ type: 'urn:arbitra:problem:http/method-not-allowed', status: 405, field: 'method', allowed: ['GET', 'HEAD'] });
    expect(r.body.detail).toContain('DELETE');
    expect((await h.http().put('/v1/tournaments').send({}).expect(405)).headers.allow).toBe('GET, HEAD, POST');
    expect((await h.http().post('/health').expect(405)).headers.allow).toBe('GET, HEAD');
    // QUERY (an HTTP method with a body) without a Content-Type was refused 400 for its body (found by fuzzing).
    const server = h.app.getHttpServer() as Server;
    if (!server.listening) await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const query = await new Promise<{ status?: number; allow?: string }>((resolve, reject) =>
      httpRequest({ port: (server.address() as AddressInfo).port, host: '127.0.0.1', method: 'QUERY', path: '/v1/tournaments/some-open' }, (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode, allow: res.headers.allow }));
      })
        .on('error', reject)
        .end(),
    );
    expect(query).toEqual({ status: 405, allow: 'GET, HEAD' });
    expect(await h.core.store.headPosition()).toBe(head);
  });

  it('answers what the router refuses as problem+json: a path that is not percent-encoded UTF-8 (400), a parameter over 300 characters (400)', async () => {
    const bad = await h.http().get('/v1/tournaments/%E0%A4%A').expect(400);
    expect(bad.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(bad.body).toMatchObject({ type: 'urn:arbitra:problem:http/bad-url', field: 'path' });
    const long = await h
      .http()
      .get(`/v1/streams/${'s'.repeat(301)}`)
      .set('authorization', h.token('admin'))
      .expect(400);
    expect(long.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(long.headers['x-frame-options']).toBe('DENY');
    expect(long.body).toMatchObject({ type: 'urn:arbitra:problem:http/path-parameter-too-long', field: 'path', status: 400 });
  });

  it('serves the stream of a tournament whose id has the longest length allowed (its stream name was refused 414 by the router)', async () => {
    const admin = h.token('admin');
    const id = 'x'.repeat(100);
    await h.post('/v1/tournaments', { id, name: 'Long id', discipline: 'scrabble', pairingSystems: ['random'] }, admin);
    const r = await h.http().get(`/v1/streams/tournament-${id}`).set('authorization', admin).expect(200);
    expect(r.body.events[0].type).toBe('tournament.TournamentCreated');
  });
});
