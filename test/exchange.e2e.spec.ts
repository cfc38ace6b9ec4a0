import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { parseTsh } from '../libs/domain/exchange/index.js';
import { RecordsHarness } from './support/records-harness.js';

/** Issue 15, exchange formats: .TOU and TSH .t out and in through HTTP, the mahjong table CSV. */
describe('exchange formats (e2e)', () => {
  let h: RecordsHarness;
  let admin: string;
  const REAL_T = readFileSync(new URL('./fixtures/tsh/cop-2023-a.t', import.meta.url), 'utf8');

  beforeAll(async () => {
    h = await RecordsHarness.start();
    admin = h.token('admin');
  });
  afterAll(async () => {
    await h.stop();
  });

  /** Four players, round 1 and 2 published with results, round 3 paired but NOT published. */
  async function club(id: string) {
    const chief = h.token('chief-arbiter', [id], `chief-${id}`);
    await h.post('/v1/tournaments', { id, name: 'Club Night', discipline: 'scrabble', pairingSystems: ['round-robin'] }, chief);
    for (const [pid, name, rating] of [
      ['ann', 'Ames, Ann', 1800],
      ['bo', 'Brown, Bo', 1700],
      ['cy', 'Chan, Cy', 1600],
      ['di', 'Diaz, Di', 1500],
    ] as const)
      await h.post(`/v1/tournaments/${id}/players`, { id: pid, name, rating }, chief);
    const round = async (n: number, games: Array<[string, string, number, number]>, publish = true) => {
      const pairing = games.map(([first, second], i) => ({ table: i + 1, first, second }));
      await h.post(`/v1/tournaments/${id}/rounds/${n}/pairings`, { kind: 'manual', reason: 'club', games: pairing, tables: [], bye: null }, chief);
      if (!publish) return;
      await h.post(`/v1/tournaments/${id}/rounds/${n}/publish`, {}, chief);
      for (const [i, [, , a, b]] of games.entries())
        await h.post(
          `/v1/tournaments/${id}/rounds/${n}/results`,
          { table: i + 1, result: { kind: 'played', outcome: a > b ? 'first' : a < b ? 'second' : 'draw', score: { first: a, second: b } } },
          chief,
        );
    };
    await round(1, [
      ['ann', 'bo', 420, 380],
      ['di', 'cy', 400, 400],
    ]);
    await round(2, [
      ['cy', 'ann', 455, 390],
      ['bo', 'di', 371, 388],
    ]);
    await round(
      3,
      [
        ['ann', 'di', 0, 0],
        ['cy', 'bo', 0, 0],
      ],
      false,
    );
    return chief;
  }

  it('GET …/tou: the published rounds as a .TOU file, the unpublished round left out for everyone (officials too)', async () => {
    const chief = await club('tou-out');
    for (const token of [null, chief, admin]) {
      const r = await h.get('/v1/scrabble/tournaments/tou-out/tou', token).expect(200);
      expect(r.headers['content-type']).toContain('text/plain');
      const lines = r.text.split('\r\n');
      expect(lines[0]).toMatch(/^\*M\d{2}\.\d{2}\.\d{4} Club Night$/);
      expect(lines.slice(1, 6)).toEqual([
        '*main',
        'Ames, Ann            2420   +2  390    3',
        'Brown, Bo             380    1  371   +4',
        'Chan, Cy             1400    4 2455   +1',
        'Diaz, Di             1400   +3 2388    2',
      ]);
    }
  });

  it('a .TOU file exported, imported as a new tournament and exported again is the same file', async () => {
    await club('tou-trip');
    const first = (await h.get('/v1/scrabble/tournaments/tou-trip/tou').expect(200)).text;
    const r = await h.post('/v1/scrabble/tournaments/import/tou', { id: 'tou-trip-2', tou: first }, admin);
    expect(r.body).toMatchObject({ id: 'tou-trip-2', rounds: 2, duplicate: false, players: [{ id: 'ames-ann', name: 'Ames, Ann', line: 3 }, {}, {}, {}] });
    const again = (await h.get('/v1/scrabble/tournaments/tou-trip-2/tou').expect(200)).text;
    expect(again.split('\r\n').slice(1)).toEqual(first.split('\r\n').slice(1));
    // Recorded through the command path: the standings are computed from it.
    const standings = (await h.get('/v1/tournaments/tou-trip-2/standings').expect(200)).body;
    expect(JSON.stringify(standings)).toContain('ames-ann');
  });

  it('the real public TSH division file is recorded whole and its .t export names the same games and scores', async () => {
    const r = await h.post('/v1/scrabble/tournaments/import/tsh', { id: 'cop-a', name: 'COP division A', divisions: [{ name: 'A', t: REAL_T }] }, admin);
    expect(r.body).toMatchObject({ rounds: 23, duplicate: false });
    expect(r.body.players).toHaveLength(26);
    expect(r.body.notKept).toEqual(expect.arrayContaining([expect.objectContaining({ line: 1, why: 'TSH field newr is not recorded by Arbitra' })]));
    const t = (await h.get('/v1/scrabble/tournaments/cop-a/tsh?division=A').expect(200)).text;
    const original = parseTsh(REAL_T, 'A').divisions[0].players;
    const exported = parseTsh(t, 'A').divisions[0].players;
    expect(exported.map((p) => [p.name, p.rating, p.rounds])).toEqual(original.map((p) => [p.name, p.rating, p.rounds]));
  });

  it('issue 30: a forfeit and a double forfeit go out and come back as forfeits (.t), a .TOU forfeit win is listed as not kept, a name the .TOU column cannot hold is refused', async () => {
    const id = 'forfeits';
    await h.post('/v1/tournaments', { id, name: 'Forfeit Night', discipline: 'scrabble', pairingSystems: ['round-robin'] }, admin);
    for (const [pid, name] of [
      ['ann', 'Player 3'],
      ['bo', 'Brown, Bo'],
      ['cy', 'Chan, Cy'],
      ['di', 'Diaz, Di'],
    ])
      await h.post(`/v1/tournaments/${id}/players`, { id: pid, name }, admin);
    await h.post(
      `/v1/tournaments/${id}/rounds/1/pairings`,
      {
        kind: 'manual',
        reason: 'club',
        games: [
          { table: 1, first: 'ann', second: 'bo' },
          { table: 2, first: 'cy', second: 'di' },
        ],
        tables: [],
        bye: null,
      },
      admin,
    );
    await h.post(`/v1/tournaments/${id}/rounds/1/publish`, {}, admin);
    await h.post(`/v1/tournaments/${id}/rounds/1/results`, { table: 1, result: { kind: 'forfeit', absent: 'second' } }, admin);
    await h.post(`/v1/tournaments/${id}/rounds/1/results`, { table: 2, result: { kind: 'double-forfeit' } }, admin);
    const t = (await h.get(`/v1/scrabble/tournaments/${id}/tsh`).expect(200)).text;
    expect(t.split('\n')[0]).toBe('Player 3                   0 0; 100; board 1; p12 0; forfeit 2');
    const r = await h.post('/v1/scrabble/tournaments/import/tsh', { id: `${id}-2`, name: 'Again', divisions: [{ name: 'main', t }] }, admin);
    expect(r.body.notKept).toEqual([]);
    expect((await h.get(`/v1/scrabble/tournaments/${id}-2/tsh`).expect(200)).text).toBe(t);
    // "Player 3": the .TOU readers would take the 3 for a score; the export is refused, naming the player and the rule.
    const refused = await h.get(`/v1/scrabble/tournaments/${id}/tou`).expect(422);
    expect(refused.body).toMatchObject({
      type: expect.stringContaining('exchange/tou-unwritable'),
      player: 'Player 3',
      rule: expect.stringContaining('20-column'),
    });
    const tou = '*M29.11.2026 Forfeit Night\r\n*A\r\nAnn Ames             2100    1\r\nBo Brown             0000    2\r\n*** END OF FILE ***\r\n';
    const imported = await h.post('/v1/scrabble/tournaments/import/tou', { id: `${id}-3`, tou }, admin);
    expect(imported.body.notKept).toContainEqual({ line: 3, text: 'round 1: 2100 1', why: expect.stringContaining('does not say against whom') });
  });

  it('a file that cannot be recorded is refused whole: 422 naming the field and line, nothing stored', async () => {
    const bad = '*M29.11.2026 Bad\r\n*A\r\nAnn 2400 2\r\nBo 2300 +1\r\n*** END OF FILE ***\r\n';
    const r = await h.post('/v1/scrabble/tournaments/import/tou', { id: 'tou-bad', tou: bad }, admin, 422);
    expect(r.headers['content-type']).toContain('application/problem+json');
    expect(r.body).toMatchObject({ field: 'tou', line: 3, rule: expect.stringContaining('.TOU') });
    await h.get('/v1/tournaments/tou-bad').expect(404);
    // A .t file whose player line has no rating and opponents: the field names the division's file.
    const t = await h.post('/v1/scrabble/tournaments/import/tsh', { id: 'tsh-bad', name: 'Bad', divisions: [{ name: 'A', t: 'Ann; 400\n' }] }, admin, 422);
    expect(t.body).toMatchObject({ field: 'divisions[0].t', line: 1 });
    await h.get('/v1/tournaments/tsh-bad').expect(404);
  });

  it('only admin or a chief arbiter granted the id imports; an id taken is 409 and changes nothing', async () => {
    const tou = '*M29.11.2026 Two\r\n*A\r\nAnn 2400 2\r\nBo 300 +1\r\n*** END OF FILE ***\r\n';
    await h.post('/v1/scrabble/tournaments/import/tou', { id: 'two', tou }, h.token('chief-arbiter', ['other'], 'c2'), 403);
    await h.post('/v1/scrabble/tournaments/import/tou', { id: 'two', tou }, h.token('arbiter', ['two'], 'a2'), 403);
    await h.post('/v1/scrabble/tournaments/import/tou', { id: 'two', tou }, h.token('chief-arbiter', ['two'], 'c3'));
    const r = await h.post('/v1/scrabble/tournaments/import/tou', { id: 'two', tou }, admin, 409);
    expect(r.body.type).toContain('already-created');
  });

  it('an import retried with the same Idempotency-Key returns the first answer and records nothing more', async () => {
    const tou = '*M29.11.2026 Retry\r\n*A\r\nAnn 2400 2\r\nBo 300 +1\r\n*** END OF FILE ***\r\n';
    const key = { 'idempotency-key': 'import-retry-0001' };
    const first = await h.post('/v1/scrabble/tournaments/import/tou', { id: 'retry', tou }, admin, 201, key);
    const again = await h.post('/v1/scrabble/tournaments/import/tou', { id: 'retry', tou }, admin, 201, key);
    expect(first.body.duplicate).toBe(false);
    expect(again.body).toMatchObject({ duplicate: true, revision: first.body.revision, position: first.body.position });
    const events = await h.http().get('/v1/streams/tournament-retry').set('authorization', admin).expect(200);
    expect(JSON.stringify(events.body).match(/tournament\.TournamentCreated/g)).toHaveLength(1);
  });

  it('GET /v1/mahjong/tournaments/:id/tables.csv: one row per seat of each published table result', async () => {
    const id = 'mj-csv';
    await h.post('/v1/tournaments', { id, name: 'Riichi Night', discipline: 'mahjong', pairingSystems: ['mahjong-swiss'] }, admin);
    for (const p of ['ann', 'bo', 'cy', 'di']) await h.post(`/v1/tournaments/${id}/players`, { id: p, name: `Player ${p}` }, admin);
    const seats = ['ann', 'bo', 'cy', 'di'].map((player, i) => ({ player, wind: ['E', 'S', 'W', 'N'][i] }));
    await h.post(`/v1/tournaments/${id}/rounds/1/pairings`, { kind: 'manual', reason: 'test', games: [], tables: [{ table: 1, seats }], bye: null }, admin);
    await h.post(`/v1/tournaments/${id}/rounds/1/publish`, {}, admin);
    const points = [24, -8, 0, -16];
    await h.post(
      `/v1/tournaments/${id}/rounds/1/results`,
      { table: 1, result: { kind: 'mahjong-table', seats: seats.map((s, i) => ({ player: s.player, points: points[i] })) } },
      admin,
    );
    const r = await h.get(`/v1/mahjong/tournaments/${id}/tables.csv`).expect(200);
    expect(r.headers['content-type']).toContain('text/csv');
    expect(r.text.split('\r\n')).toEqual([
      'division,round,table,wind,player,name,points,rank',
      'main,1,1,E,ann,Player ann,24,1',
      'main,1,1,S,bo,Player bo,-8,3',
      'main,1,1,W,cy,Player cy,0,2',
      'main,1,1,N,di,Player di,-16,4',
      '',
    ]);
    await h.get('/v1/mahjong/tournaments/tou-out/tables.csv').expect(422);
  });
});
