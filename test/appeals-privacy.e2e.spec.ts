import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { AppealIds } from './support/appeal-ids.js';
import { RecordsHarness } from './support/records-harness.js';

const TID = 'priv-open';
const PLAYERS = [
  { id: 'bee', name: 'Bee Lam' },
  { id: 'dee', name: 'Dee Wu' },
  { id: 'cee', name: 'Cee Ho' },
];

describe('review s12-a finding 4: the write routes do not confirm that a private appeal exists', () => {
  let h: RecordsHarness;
  let chief: string;
  // Appeal ids are the server's (issue 32): `appeals.of(key)` is the id of the appeal lodged with appealId `key`.
  const appeals = new AppealIds();
  const post = async (path: string, body: object, token: string | null, status = 201) => appeals.record(path, body, await h.post(path, body, token, status));
  const statement = { statementId: 's-1', kind: 'appellant', author: 'x', text: 'my statement', references: [] };

  beforeAll(async () => {
    h = await RecordsHarness.start();
    chief = h.token('chief-arbiter', [TID], 'chief-priv');
    const arbiter = h.token('arbiter', [TID], 'arb-priv');
    await h.publishedRound1({ id: TID, name: 'Private Open', discipline: 'scrabble', roundsPlanned: 2 }, PLAYERS.slice(0, 2), ['bee', 'dee'], chief, arbiter);
    await post(`/v1/tournaments/${TID}/players`, PLAYERS[2], arbiter); // cee plays in the tournament, not in this game
    const r = await post(
      `/v1/tournaments/${TID}/rounds/1/results`,
      { table: 1, result: { kind: 'played', outcome: 'second', score: { first: 300, second: 310 } } },
      chief,
    );
    const lodge = {
      appealId: 'appeal-b-1',
      tournamentId: TID,
      contestedEventId: r.body.events[0].id,
      appellant: { id: 'bee', capacity: 'player', forPlayer: 'bee' },
      grounds: 'the scores were swapped',
      remedySought: 'correct the result',
    };
    await post('/v1/appeals', lodge, h.token('player', [TID], 'bee'));
  });
  afterAll(async () => {
    await h.stop();
  });

  it('to a caller who may not read the file, a write on an existing appeal answers the 404 of an unknown one, and nothing is recorded', async () => {
    const outsiders: [string, string, string, object][] = [
      ['a player of another tournament', h.token('player', ['other-cup'], 'zed'), 'statements', statement],
      ['the chief arbiter of another tournament', h.token('chief-arbiter', ['other-cup'], 'chief-other'), 'acknowledgement', {}],
      ['the appeals committee of another tournament', h.token('appeals-committee', ['other-cup'], 'cm-other'), 'acknowledgement', {}],
      ['a player of the same tournament who is not a party', h.token('player', [TID], 'cee'), 'statements', statement],
    ];
    for (const [who, token, route, body] of outsiders) {
      const existing = await post(`/v1/appeals/${appeals.of('appeal-b-1')}/${route}`, body, token, 404);
      const unknown = await post(`/v1/appeals/no-such-appeal/${route}`, body, token, 404);
      const same = (p: { type: string; field: string; rule: string; detail: string }) => ({
        who,
        type: p.type,
        field: p.field,
        rule: p.rule,
        detail: p.detail.replace(appeals.of('appeal-b-1'), '<id>').replace('no-such-appeal', '<id>'),
      });
      expect(same(existing.body)).toEqual(same(unknown.body));
      expect(existing.body).toMatchObject({ type: 'urn:arbitra:problem:appeals/unknown-appeal', field: 'id' });
      expect(JSON.stringify(existing.body)).not.toContain(TID);
    }
    expect((await h.core.store.readStream(`appeal-${appeals.of('appeal-b-1')}`)).map((e) => e.type)).toEqual(['appeals.AppealLodged']);
  });

  it('the appellant and the tournament’s officials still act on it; an outsider lodging with its id learns nothing: the same answer as for a free id (issue 32)', async () => {
    await post(`/v1/appeals/${appeals.of('appeal-b-1')}/statements`, statement, h.token('player', [TID], 'bee'));
    await post(`/v1/appeals/${appeals.of('appeal-b-1')}/acknowledgement`, {}, chief);
    // The attack (issue 32): 409 already-lodged told a caller naming a real decision that an appeal id was taken. Appeal
    // ids are the server's now; the client's appealId is only the key of its own lodging.
    const r = (await h.core.store.readStream(`tournament-${TID}`)).find((e) => e.type === 'tournament.ResultRecorded')!;
    const dee = h.token('player', [TID], 'dee');
    const lodging = (appealId: string) => ({
      appealId,
      tournamentId: TID,
      contestedEventId: r.id,
      appellant: { id: 'dee', capacity: 'player', forPlayer: 'dee' },
      grounds: 'g',
      remedySought: 'r',
    });
    const bees = await h.core.store.readStream(`appeal-${appeals.of('appeal-b-1')}`);
    const taken = await post('/v1/appeals', lodging(appeals.of('appeal-b-1')), dee);
    const free = await post('/v1/appeals', lodging('never-used-1'), dee);
    const shape = (b: { stream: string; revision: number; duplicate: boolean; events: Array<{ type: string; data: { appealId: string } }> }) => ({
      stream: b.stream.replace(b.events[0].data.appealId, '<id>'),
      revision: b.revision,
      duplicate: b.duplicate,
      types: b.events.map((e) => e.type),
    });
    expect(shape(taken.body)).toEqual(shape(free.body));
    // Each is a new appeal of dee's own, under an id the server made; bee's appeal is untouched.
    for (const own of [taken, free]) expect(own.body.stream).not.toBe(`appeal-${appeals.of('appeal-b-1')}`);
    expect(taken.body.stream).not.toBe(free.body.stream);
    expect(await h.core.store.readStream(`appeal-${appeals.of('appeal-b-1')}`)).toEqual(bees);
    // dee's retry with its key gets its first answer, not another appeal.
    const retry = await post('/v1/appeals', lodging('never-used-1'), dee);
    expect(retry.body).toMatchObject({ duplicate: true, stream: free.body.stream });
  });
});
