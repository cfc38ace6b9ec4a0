import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { RecordsHarness } from './support/records-harness.js';

/**
 * `POST …/penalty-ledger/{penaltyId}/cancellation` (and `/reduction`) and `GET …/penalty-ledger/players/{playerId}` both
 * match `…/penalty-ledger/players/cancellation`; their methods differ, so each request has one meaning (docs/penalties.md).
 */
describe('records server: the penalty ledger’s paths that share a URL are told apart by their method', () => {
  let h: RecordsHarness;
  let chief: string;
  const T = 'ledger-paths-open';
  const ledger = `/v1/tournaments/${T}/penalty-ledger`;

  beforeAll(async () => {
    h = await RecordsHarness.start();
    chief = h.token('chief-arbiter', [T], 'chief-paths');
    await h.post('/v1/tournaments', { id: T, name: 'Ledger Paths Open', discipline: 'mahjong', pairingSystems: ['mahjong-swiss'] }, chief);
    for (const id of ['cancellation', 'reduction', 'm3', 'm4']) await h.post(`/v1/tournaments/${T}/players`, { id, name: `Player ${id}` }, chief);
    await h.post(`/v1/tournaments/${T}/rounds/1/pairings`, { system: 'mahjong-swiss' }, chief);
    await h.post(`/v1/tournaments/${T}/rounds/1/publish`, {}, chief);
  });
  afterAll(() => h.stop());

  it('a penalty named "players" is reduced and cancelled by POST; GET …/players/cancellation reads the ledger of the player "cancellation"', async () => {
    const issue = { penaltyId: 'players', target: { player: 'cancellation' }, offence: 'phone-rang', kind: 'points', amount: 20, reason: 'phone rang' };
    await h.post(ledger, issue, chief);

    const reduced = await h.post(`${ledger}/players/reduction`, { amount: 10, reason: 'first of the day', authority: { kind: 'correction' } }, chief);
    expect(reduced.body.events[0]).toMatchObject({ type: 'penalties.PenaltyReduced', data: { penaltyId: 'players', amount: 10 } });
    const cancelled = await h.post(`${ledger}/players/cancellation`, { reason: 'the spectator’s phone', authority: { kind: 'chief-arbiter' } }, chief);
    expect(cancelled.body.events[0]).toMatchObject({ type: 'penalties.PenaltyCancelled', data: { penaltyId: 'players' } });

    const own = await h.get(`${ledger}/players/cancellation`, chief).expect(200);
    expect(own.body.penalties.map((p: { penaltyId: string; status: string }) => [p.penaltyId, p.status])).toEqual([['players', 'cancelled']]);
    expect((await h.get(`${ledger}/players/reduction`, chief).expect(200)).body.penalties).toEqual([]);
  });
});
