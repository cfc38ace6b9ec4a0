import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Ajv, type ValidateFunction } from 'ajv';
import { RecordsHarness } from './support/records-harness.js';

/**
 * OpenAPI 3.0.3's `nullable` as JSON Schema, for Ajv: it adds null to the `type` beside it, and to nothing else (a
 * nullable reference is `anyOf: [{ $ref }, { type, nullable: true, enum: [null] }]`), as Redocly reads it.
 */
function jsonSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(jsonSchema);
  if (schema === null || typeof schema !== 'object') return schema;
  const { nullable, ...rest } = Object.fromEntries(Object.entries(schema).map(([k, v]) => [k, jsonSchema(v)])) as Record<string, unknown>;
  return nullable === true && typeof rest.type === 'string' ? { ...rest, type: [rest.type, 'null'] } : rest;
}

/** The answers an API client pulls most, checked against the schemas the served OpenAPI document gives them. */
describe('records server: the OpenAPI document describes the answers of the public reads', () => {
  let h: RecordsHarness;
  let admin: string;
  let chief: string;
  let validatorOf: (path: string) => ValidateFunction;
  let csvDocumented: () => Record<string, unknown>;
  /** The log position once the players were registered, before any round. */
  let registered: number;
  const T = 'schema-open';
  const post = (path: string, body: object, status = 201) => h.post(path, body, admin, status);

  beforeAll(async () => {
    h = await RecordsHarness.start();
    admin = h.token('admin');
    chief = h.token('chief-arbiter', [T]);
    for (const [id, country] of [
      ['a', 'HKG'],
      ['b', 'HKG'],
      ['c', 'MAC'],
      ['d', 'TPE'],
      ['e', 'TPE'],
    ])
      await post('/v1/players', { id, federationId: `EGD-${id}`, name: `Player ${id.toUpperCase()}`, country });
    await post('/v1/tournaments', { id: T, name: 'Schema Open', discipline: 'go', pairingSystems: ['round-robin'], roundsPlanned: 3 });
    for (const id of ['a', 'b', 'c', 'd', 'e'])
      await post(`/v1/tournaments/${T}/players`, { id, name: `Player ${id.toUpperCase()}`, federationId: `EGD-${id}`, rating: 2100 });
    registered = h.position;
    const manual = (games: { table: number; first: string; second: string }[], bye: string) => ({ kind: 'manual', reason: 'test', games, tables: [], bye });
    await post(`/v1/tournaments/${T}/rounds/1/pairings`, {
      ...manual(
        [
          { table: 1, first: 'a', second: 'b' },
          { table: 2, first: 'c', second: 'd' },
        ],
        'e',
      ),
      day: '2026-11-20',
    });
    await post(`/v1/tournaments/${T}/rounds/1/publish`, {});
    await post(`/v1/tournaments/${T}/rounds/1/results`, { table: 1, result: { kind: 'played', outcome: 'first', score: { first: 7, second: 0 } } });
    await post(`/v1/tournaments/${T}/rounds/1/results`, { table: 2, result: { kind: 'forfeit', absent: 'first' } });
    // Round 2 paired, not published: the officials' views count it, the public's do not.
    await post(
      `/v1/tournaments/${T}/rounds/2/pairings`,
      manual(
        [
          { table: 1, first: 'b', second: 'c' },
          { table: 2, first: 'd', second: 'e' },
        ],
        'a',
      ),
    );
    await post('/v1/ratings/go/periods', { period: '2026-11', closesOn: '2026-11-30', tournaments: [T], engine: { name: 'egd-gor', version: 2021 } });
    await post('/v1/ratings/go/periods/2026-11/list', {});

    const doc = (await h.http().get('/docs-json').expect(200)).body as {
      paths: Record<string, { get: { responses: Record<string, { content: Record<string, { schema: unknown }> }> } }>;
      components: { schemas: Record<string, unknown> };
    };
    const ajv = new Ajv({ allErrors: true, strict: false });
    ajv.addSchema({ $id: 'arbitra', components: jsonSchema(doc.components) });
    csvDocumented = () => doc.paths['/v1/rankings/{discipline}'].get.responses['200'].content;
    validatorOf = (path) => {
      const schema = doc.paths[path]?.get.responses['200'].content['application/json'].schema as { $ref?: string } | undefined;
      expect(schema?.$ref).toBeDefined();
      return ajv.compile({ $ref: `arbitra${schema!.$ref}` });
    };
  });
  afterAll(() => h.stop());

  const conforms = (validate: ValidateFunction, body: unknown) => {
    const ok = validate(body);
    expect(ok ? [] : validate.errors).toEqual([]);
  };

  it('tournaments: the list, and one tournament as the public and its officials see it', async () => {
    conforms(validatorOf('/v1/tournaments'), (await h.get('/v1/tournaments', chief).expect(200)).body);
    conforms(validatorOf('/v1/tournaments'), (await h.get('/v1/tournaments').expect(200)).body);
    const one = validatorOf('/v1/tournaments/{id}');
    const officials = (await h.get(`/v1/tournaments/${T}`, chief).expect(200)).body;
    expect(officials.rounds).toHaveLength(2);
    conforms(one, officials);
    conforms(one, (await h.get(`/v1/tournaments/${T}`).expect(200)).body);
  });

  it('standings: stored for the public, computed for officials, as of a round and as of a log position', async () => {
    const standings = validatorOf('/v1/tournaments/{id}/standings');
    const officials = (await h.get(`/v1/tournaments/${T}/standings`, chief).expect(200)).body;
    expect(officials.divisions[0].unpublishedRounds).toEqual([2]);
    conforms(standings, officials);
    conforms(standings, (await h.get(`/v1/tournaments/${T}/standings`).expect(200)).body);
    conforms(standings, (await h.get(`/v1/tournaments/${T}/standings?round=1`).expect(200)).body);
    const now = (await h.get(`/v1/tournaments/${T}/standings?asOfPosition=${h.position}`, chief).expect(200)).body;
    expect(now.asOfPosition).toBe(h.position);
    conforms(standings, now);
    conforms(standings, (await h.get(`/v1/tournaments/${T}/standings?asOfPosition=${registered}`, chief).expect(200)).body);
  });

  it('crosstable: a bye, a forfeit, a played game and an unpublished round', async () => {
    const crosstable = validatorOf('/v1/tournaments/{id}/crosstable');
    const officials = (await h.get(`/v1/tournaments/${T}/crosstable`, chief).expect(200)).body;
    expect(officials.divisions[0].rows.length).toBe(5);
    conforms(crosstable, officials);
    conforms(crosstable, (await h.get(`/v1/tournaments/${T}/crosstable`).expect(200)).body);
  });

  it('ratings: the periods and a page of the rankings', async () => {
    conforms(validatorOf('/v1/ratings/{discipline}/periods'), (await h.get('/v1/ratings/go/periods').expect(200)).body);
    // The same page as CSV is documented beside the JSON (the fuzzer's media-type check found it missing).
    const csv = await h.get('/v1/rankings/go?format=csv').expect(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(Object.keys(csvDocumented())).toEqual(['application/json', 'text/csv']);
    const rankings = (await h.get('/v1/rankings/go?limit=1').expect(200)).body;
    expect(rankings).toMatchObject({ next: 1, entries: [expect.objectContaining({ rank: 1 })] });
    conforms(validatorOf('/v1/rankings/{discipline}'), rankings);
  });

  it('an answer with a field the document does not list, or a field of the wrong type, does not conform', async () => {
    const standings = validatorOf('/v1/tournaments/{id}/standings');
    const body = (await h.get(`/v1/tournaments/${T}/standings`).expect(200)).body;
    expect(standings({ ...body, extra: 1 })).toBe(false);
    expect(standings({ ...body, round: 'one' })).toBe(false);
    const row = body.divisions[0].rows[0];
    expect(standings({ ...body, divisions: [{ ...body.divisions[0], rows: [{ ...row, player: 7 }] }] })).toBe(false);
    expect(standings({ ...body, divisions: [null] })).toBe(true);
  });

  it('an appeal timeline as its officials and its appellant read it: log positions, or the appeal’s and the public’s', async () => {
    const contested = (await h.core.store.readStream(`tournament-${T}`)).find(
      (e) => e.type === 'tournament.ResultRecorded' && (e.data as { table?: number }).table === 1,
    )!.id;
    const player = h.token('player', [T], 'b');
    const lodge = {
      appealId: 'schema-ap',
      tournamentId: T,
      contestedEventId: contested,
      appellant: { id: 'b', capacity: 'player', forPlayer: 'b' },
      grounds: 'the result was recorded the wrong way round',
      remedySought: 'correct it',
    };
    const id = (await h.post('/v1/appeals', lodge, player)).body.events[0].data.appealId as string;
    const members = ['m-1', 'm-2', 'm-3'];
    const chair = h.token('appeals-committee', [T], members[0]);
    await h.post(`/v1/appeals/${id}/acknowledgement`, {}, chief);
    await h.post(
      `/v1/appeals/${id}/committee`,
      { members: members.map((m, i) => ({ id: m, name: `Member ${m}`, role: i === 0 ? 'chair' : 'member' })) },
      chief,
    );
    await h.post(`/v1/appeals/${id}/hearing`, { hearingAt: new Date(Date.now() + 600_000).toISOString(), place: 'Room 1' }, chair);
    await h.post(`/v1/appeals/${id}/hearing/minutes`, { present: [...members, 'b'], minutes: 'heard' }, chair);
    const remedies = [{ kind: 'correct-result', round: 1, table: 1, result: { kind: 'played', outcome: 'second', score: { first: 0, second: 7 } } }];
    const votes = members.map((member) => ({ member, vote: 'uphold' }));
    await h.post(`/v1/appeals/${id}/decision`, { outcome: 'upheld', reasons: 'b won', votes, remedies }, chair);
    await h.core.settle();
    const timeline = validatorOf('/v1/appeals/{id}/timeline');
    const officials = (await h.get(`/v1/appeals/${id}/timeline`, chief).expect(200)).body;
    expect(officials).toMatchObject({ positions: 'log', entries: expect.arrayContaining([expect.objectContaining({ kind: 'remedy', status: 'applied' })]) });
    conforms(timeline, officials);
    const appellant = (await h.get(`/v1/appeals/${id}/timeline`, player).expect(200)).body;
    expect(appellant.positions).toBe('public');
    conforms(timeline, appellant);
  });
});
