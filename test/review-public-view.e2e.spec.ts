import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { RecordsHarness } from './support/records-harness.js';

/**
 * Nothing unpublished is public by any path (RULES.unpublishedHidden), a player's own reads included (review of
 * December 2026). Four Scrabble players: round 1 published and played, round 2 paired and not published.
 */
const T = 'review-view-open';
const PLAYERS = ['ann', 'bob', 'cat', 'dan'].map((id) => ({ id, name: `Player ${id}` }));
const round = (games: Array<[string, string]>) => ({
  kind: 'manual',
  reason: 'seeded by hand',
  games: games.map(([first, second], i) => ({ table: i + 1, first, second })),
  tables: [],
  bye: null,
});

describe('records server: a player reads nothing of a round paired and not yet published', () => {
  let h: RecordsHarness;
  let chief: string;
  let arbiter: string;
  let ann: string;

  const ledgerOf = async (token: string) => (await h.get(`/v1/tournaments/${T}/penalty-ledger/players/ann`, token).expect(200)).body;

  beforeAll(async () => {
    h = await RecordsHarness.start();
    chief = h.token('chief-arbiter', [T], 'td-1');
    arbiter = h.token('arbiter', [T], 'arb-1');
    ann = h.token('player', [T], 'ann');
    await h.post('/v1/tournaments', { id: T, name: 'Review View Open', discipline: 'scrabble', roundsPlanned: 3, pairingSystems: ['australian-draw'] }, chief);
    for (const p of PLAYERS) await h.post(`/v1/tournaments/${T}/players`, p, arbiter);
    await h.post(
      `/v1/tournaments/${T}/rounds/1/pairings`,
      round([
        ['ann', 'bob'],
        ['cat', 'dan'],
      ]),
      arbiter,
    );
    await h.post(`/v1/tournaments/${T}/rounds/1/publish`, {}, arbiter);
    for (const table of [1, 2])
      await h.post(
        `/v1/tournaments/${T}/rounds/1/results`,
        { table, result: { kind: 'played', outcome: 'first', score: { first: 400, second: 350 } } },
        arbiter,
      );
  });
  afterAll(async () => {
    await h.stop();
  });

  it('a penalty issued once round 2 is paired (recorded in round 2, unpublished) is not in the player’s own ledger until round 2 is published', async () => {
    await h.post(
      `/v1/tournaments/${T}/rounds/2/pairings`,
      round([
        ['ann', 'cat'],
        ['bob', 'dan'],
      ]),
      arbiter,
    );
    const before = await ledgerOf(ann);
    // Issued without a round: the server records the last paired round, 2, which only the officials may know of.
    const issued = await h.post(
      `/v1/tournaments/${T}/penalty-ledger`,
      { penaltyId: 'w-1', target: { player: 'ann' }, offence: 'phone', kind: 'warning', reason: 'phone rang' },
      arbiter,
    );
    expect(issued.body.events[0].data.target).toMatchObject({ player: 'ann', round: 2 });
    // The player reads her ledger as before: no entry, no total, no asOf that tells round 2 is paired.
    expect(await ledgerOf(ann)).toEqual(before);
    // The officials read it at once.
    expect((await ledgerOf(arbiter)).penalties).toEqual([expect.objectContaining({ penaltyId: 'w-1', target: expect.objectContaining({ round: 2 }) })]);
    // Once round 2 is published it is hers to read (and to appeal).
    await h.post(`/v1/tournaments/${T}/rounds/2/publish`, {}, arbiter);
    const after = await ledgerOf(ann);
    expect(after.penalties).toEqual([expect.objectContaining({ penaltyId: 'w-1', target: expect.objectContaining({ round: 2 }) })]);
    expect(after.totals.find((t: { kind: string }) => t.kind === 'warning')).toMatchObject({ issued: 1, inForce: 1 });
  });
});
