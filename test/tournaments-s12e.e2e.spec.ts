import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { RecordsHarness } from './support/records-harness.js';

/**
 * Review s12-b, tournament results: stateful sequences a single request does not reach (a knockout corrected after the
 * next round is paired, a table linked twice, a penalty for a round the event never plays, pairing refusals).
 */
describe('records server: tournament results after review s12-b', () => {
  let h: RecordsHarness;
  let admin: string;
  const post = (path: string, body: object, token: string | null, status = 201) => h.post(path, body, token, status);
  const get = (path: string, token: string | null = null) => h.get(path, token);

  beforeAll(async () => {
    h = await RecordsHarness.start();
    admin = h.token('admin');
  });
  afterAll(async () => {
    await h.stop();
  });

  it('Arbitra (RULES.knockoutCorrection): a knockout result is not corrected to change who advances once the next round is paired (409 naming result.outcome, nothing recorded); a correction keeping the loser is', async () => {
    const K = 'ko-s12e';
    const arbiter = h.token('arbiter', [K], 'arb-k');
    const chief = h.token('chief-arbiter', [K], 'chief-k');
    await post('/v1/tournaments', { id: K, name: 'KO', discipline: 'chess-rapid', pairingSystems: ['knockout'] }, admin);
    for (const [i, rating] of [2000, 1900, 1800, 1700].entries())
      await post(`/v1/tournaments/${K}/players`, { id: `k${i + 1}`, name: `K ${i + 1}`, rating }, arbiter);
    const r1 = await post(`/v1/tournaments/${K}/rounds/1/pairings`, { system: 'knockout' }, arbiter);
    const games1 = r1.body.events[0].data.games as { table: number; first: string; second: string }[];
    const t1 = games1.find((g) => g.first === 'k1' || g.second === 'k1')!;
    const k1Side = t1.first === 'k1' ? 'first' : 'second';
    const other = k1Side === 'first' ? 'second' : 'first';
    await post(`/v1/tournaments/${K}/rounds/1/publish`, {}, arbiter);
    for (const g of games1)
      await post(`/v1/tournaments/${K}/rounds/1/results`, { table: g.table, result: { kind: 'played', outcome: g === t1 ? k1Side : 'first' } }, arbiter);
    const r2 = await post(`/v1/tournaments/${K}/rounds/2/pairings`, { system: 'knockout' }, arbiter);
    expect(r2.body.events[0].data.games).toHaveLength(1);
    expect([r2.body.events[0].data.games[0].first, r2.body.events[0].data.games[0].second]).toContain('k1');

    for (const token of [arbiter, chief]) {
      const refused = await post(
        `/v1/tournaments/${K}/rounds/1/results/${t1.table}/corrections`,
        { result: { kind: 'played', outcome: other }, reason: 'wrong winner' },
        token,
        409,
      );
      expect(refused.headers['content-type']).toContain('application/problem+json');
      expect(refused.body).toMatchObject({
        type: 'urn:arbitra:problem:tournament/knockout-bracket-paired',
        field: 'result.outcome',
        rule: expect.stringContaining('who advances'),
      });
    }
    const round1 = (await get(`/v1/tournaments/${K}/rounds/1/results`).expect(200)).body;
    expect(round1.corrections).toEqual([]);
    expect(round1.results[`t${t1.table}`]).toMatchObject({ outcome: k1Side });
    // A forfeit by the same loser (a correction that keeps who lost) is recorded.
    await post(
      `/v1/tournaments/${K}/rounds/1/results/${t1.table}/corrections`,
      { result: { kind: 'forfeit', absent: other }, reason: 'the loser never came' },
      arbiter,
    );
  });

  it('Arbitra (one game per table): a second chess game linked to the same round and table is refused, 409 naming link.table and the game already there; the round PGN lists the board once; a retried start is answered as before', async () => {
    const C = 'chess-s12e';
    const arbiter = h.token('arbiter', [C], 'arb-c');
    const players = [
      { id: 'w1', name: 'W1' },
      { id: 'w2', name: 'W2' },
    ];
    await h.publishedRound1({ id: C, name: 'Chess S12e', discipline: 'chess-rapid' }, players, ['w1', 'w2'], admin, arbiter);
    const start = { players, timeControl: { minutes: 30 }, link: { tournamentId: C, round: 1, table: 1 } };
    const key = { 'idempotency-key': 'cg-1-start-key-0001' };
    const first = await h.post('/v1/chess/games', { id: 'cg-1', ...start }, arbiter, 201, key);
    const retried = await h.post('/v1/chess/games', { id: 'cg-1', ...start }, arbiter, 201, key);
    expect(retried.body).toMatchObject({ duplicate: true, revision: first.body.revision });
    const second = await post('/v1/chess/games', { id: 'cg-2', ...start }, arbiter, 409);
    expect(second.headers['content-type']).toContain('application/problem+json');
    expect(second.body).toMatchObject({
      type: 'urn:arbitra:problem:games/link-table-taken',
      field: 'link.table',
      rule: expect.stringContaining('one game'),
      details: { linkedGame: 'cg-1' },
    });
    await get('/v1/chess/games/cg-2').expect(404);
    const pgn = (await get(`/v1/chess/tournaments/${C}/rounds/1/pgn`).expect(200)).text;
    expect(pgn.match(/\[Board "1"\]/g)).toHaveLength(1);
  });

  it('Arbitra (RULES.roundsPlanned): a points penalty for a round past the planned rounds is refused, 409 naming target.round (round on the older route), nothing issued', async () => {
    const S = 'pen-s12e';
    const arbiter = h.token('arbiter', [S], 'arb-p');
    const chief = h.token('chief-arbiter', [S], 'chief-p');
    const players = [
      { id: 'a', name: 'A' },
      { id: 'b', name: 'B' },
    ];
    await h.publishedRound1({ id: S, name: 'Penalties S12e', discipline: 'scrabble', roundsPlanned: 5 }, players, ['a', 'b'], admin, arbiter);
    const ledger = `/v1/tournaments/${S}/penalty-ledger`;
    const issue = { penaltyId: 'p-50', target: { player: 'b', round: 50 }, offence: 'slow-play', kind: 'points', amount: 4, reason: 'future' };
    const refused = await post(ledger, issue, arbiter, 409);
    expect(refused.headers['content-type']).toContain('application/problem+json');
    expect(refused.body).toMatchObject({
      type: 'urn:arbitra:problem:tournament/rounds-planned-exceeded',
      field: 'target.round',
      rule: expect.stringContaining('rounds it planned'),
      details: { roundsPlanned: 5 },
    });
    const legacy = await post(`/v1/tournaments/${S}/penalties`, { player: 'b', points: 4, reason: 'future', ref: 'p-51', round: 6 }, arbiter, 409);
    expect(legacy.body).toMatchObject({ type: 'urn:arbitra:problem:tournament/rounds-planned-exceeded', field: 'round' });
    expect((await get(ledger, chief).expect(200)).body.penalties).toEqual([]);
    // The last planned round is a round of the event.
    await post(ledger, { ...issue, penaltyId: 'p-5', target: { player: 'b', round: 5 } }, arbiter);
  });

  it('Arbitra (a refusal names a field the client sent, or none): a pairing refused for the tournament’s players names no field, not the engine’s "players"', async () => {
    const E = 'empty-s12e';
    const arbiter = h.token('arbiter', [E], 'arb-e');
    await post('/v1/tournaments', { id: E, name: 'Empty', discipline: 'scrabble', pairingSystems: ['australian-draw', 'round-robin'] }, admin);
    const empty = await post(`/v1/tournaments/${E}/rounds/1/pairings`, { system: 'australian-draw' }, arbiter, 422);
    expect(empty.headers['content-type']).toContain('application/problem+json');
    expect(empty.body).toMatchObject({ type: 'urn:arbitra:problem:pairing/empty-field', rule: expect.any(String) });
    expect(empty.body).not.toHaveProperty('field');
    await post(`/v1/tournaments/${E}/players`, { id: 'solo', name: 'Solo' }, arbiter);
    const small = await post(`/v1/tournaments/${E}/rounds/1/pairings`, { system: 'round-robin' }, arbiter, 422);
    expect(small.body.type).toBe('urn:arbitra:problem:pairing/field-too-small');
    expect(small.body).not.toHaveProperty('field');
  });
});
