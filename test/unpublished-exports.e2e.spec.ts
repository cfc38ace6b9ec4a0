import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { RecordsHarness } from './support/records-harness.js';

/** The exports and lists made from a tournament show nothing of a round paired but not published, not even its day. */
describe('records server: an unpublished round’s day stays with the officials', () => {
  let h: RecordsHarness;
  let admin: string;
  const T = 'go-unpublished-day';
  const post = (path: string, body: object, status = 201) => h.post(path, body, admin, status);
  const manual = (games: { table: number; first: string; second: string }[], day: string) => ({ kind: 'manual', reason: 'test', games, tables: [], day });

  beforeAll(async () => {
    h = await RecordsHarness.start();
    admin = h.token('admin');
    for (const id of ['a', 'b', 'c', 'd']) await post('/v1/players', { id, federationId: `EGD-${id}`, name: `Player ${id.toUpperCase()}`, country: 'HKG' });
    await post('/v1/tournaments', { id: T, name: 'Go Open', discipline: 'go', pairingSystems: ['round-robin'], roundsPlanned: 3 });
    for (const id of ['a', 'b', 'c', 'd'])
      await post(`/v1/tournaments/${T}/players`, { id, name: `Player ${id.toUpperCase()}`, federationId: `EGD-${id}`, rating: 2100 });
    await post(
      `/v1/tournaments/${T}/rounds/1/pairings`,
      manual(
        [
          { table: 1, first: 'a', second: 'b' },
          { table: 2, first: 'c', second: 'd' },
        ],
        '2026-11-20',
      ),
    );
    await post(`/v1/tournaments/${T}/rounds/1/publish`, {});
    await post(`/v1/tournaments/${T}/rounds/1/results`, { table: 1, result: { kind: 'played', outcome: 'first' } });
    await post(`/v1/tournaments/${T}/rounds/1/results`, { table: 2, result: { kind: 'played', outcome: 'second' } });
    // Round 2 paired for a later day, not published.
    await post(
      `/v1/tournaments/${T}/rounds/2/pairings`,
      manual(
        [
          { table: 1, first: 'a', second: 'c' },
          { table: 2, first: 'b', second: 'd' },
        ],
        '2026-11-28',
      ),
    );
  });
  afterAll(() => h.stop());

  it('the EGD results table dates the tournament by its published rounds', async () => {
    const egd = (await h.get(`/v1/go/tournaments/${T}/egd`).expect(200)).text;
    expect(egd).toContain('; DT[2026-11-20,2026-11-20]');
    expect(egd).not.toContain('2026-11-28');
  });

  it('a rating list closed meanwhile rates the published rounds: a player’s public history shows the published day', async () => {
    await post('/v1/ratings/go/periods', { period: '2026-11', closesOn: '2026-11-30', tournaments: [T], engine: { name: 'egd-gor', version: 2021 } });
    await post('/v1/ratings/go/periods/2026-11/list', {});
    const history = (await h.get('/v1/players/a/rating-history').expect(200)).body.history.go;
    expect(history).toEqual([expect.objectContaining({ played: [expect.objectContaining({ tournament: T, on: '2026-11-20' })] })]);
    expect(JSON.stringify(history)).not.toContain('2026-11-28');
  });
});
