import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mahjongContest } from './support/mahjong-contest.js';
import { RecordsHarness } from './support/records-harness.js';

/**
 * WMC 行為守則, 罰則 取消資格、列入黑名單: 對於「出千」作弊、串通…等嚴重犯規者，會被取消比賽資格…; 「串通」與「生死章」:
 * 串通…會被取消資格並列入黑名單. Collusion recorded at a table linked to a tournament withdraws the player from the next
 * round by itself (no director's command). The prizes (不得獲得獎金) are the organiser's, not recorded here; the table
 * plays on with a substitute (行為守則, 缺席), whose own penalties are theirs in the ledger (罰則 罰分: 只由犯規者的分數中扣除).
 */
const C = 'wmc-disqualify';
type Row = { player: string; score: number };
type Entry = { target: { player: string }; kind: string; netAmount: number | null; rule: { section: string } };

describe('records server: collusion disqualifies a mahjong player (WMC 行為守則, 罰則 取消資格) — not paired in the next round', () => {
  let h: RecordsHarness;
  let arbiter: string;
  let chief: string;
  const { post, setUp, pair, start, playOut } = mahjongContest(
    () => h,
    C,
    () => arbiter,
  );
  const standings = async (): Promise<Row[]> => (await h.get(`/v1/tournaments/${C}/standings`).expect(200)).body.divisions[0].rows;
  const ledger = async (): Promise<Entry[]> => (await h.get(`/v1/tournaments/${C}/penalty-ledger`, arbiter).expect(200)).body.penalties;

  beforeAll(async () => {
    h = await RecordsHarness.start();
    arbiter = h.token('arbiter', [C], 'ref-1');
    chief = h.token('chief-arbiter', [C], 'chief-1');
    await setUp('WMC disqualification');
  });
  afterAll(async () => {
    await h.stop();
  });

  it('collusion (串通) withdraws the player from round 2 with a reason naming the disqualification; their round-1 result stands; round 2 is paired without them', async () => {
    const [t1, t2] = await pair(1);
    const out = t1[1];
    const g1 = await start(1, 1, t1);
    const ruled = await post(`${g1}/conduct`, { seat: 1, offence: 'collusion', note: 'discarded to seat 3 on purpose to lift them over the cut' });
    expect(ruled.body.events.map((e: { data: { kind: string } }) => e.data.kind)).toEqual(['disqualification', 'blacklist']);
    await h.core.settle();

    const summary = (await h.get(`/v1/tournaments/${C}`).expect(200)).body;
    expect(summary.players.find((p: { id: string }) => p.id === out)).toMatchObject({ withdrawnFromRound: 2 });
    const [withdrawn] = (await h.core.store.readStream(`tournament-${C}`)).filter((e) => e.type === 'tournament.PlayerWithdrawn');
    expect(withdrawn.data).toEqual({ playerId: out, fromRound: 2, reason: expect.stringMatching(/取消比賽資格.*collusion.*罰則 取消資格、列入黑名單/s) });
    expect(withdrawn.meta.actor).toMatchObject({ role: 'system' });
    // Both penalties are the player's in the ledger: 列入黑名單 is kept there for the organiser, not enforced by the tournament.
    expect((await ledger()).map((p) => [p.target.player, p.kind])).toEqual([
      [out, 'disqualification'],
      [out, 'blacklist'],
    ]);

    // 缺席: a 代打者 fills the seat and the table plays on; the substitute's own 10-point deduction is theirs, not the player's.
    await post(`${g1}/substitutes`, { seat: 1, substitute: { id: 'sub-1', name: 'Substitute' }, kind: 'substitute', reason: `${out} disqualified` });
    await post(`${g1}/conduct`, { seat: 1, offence: 'phone', points: 10, note: 'the substitute’s phone rang' });
    await playOut(g1, 0);
    await playOut(await start(1, 2, t2), 0);
    await h.core.settle();
    expect((await ledger()).map((p) => [p.target.player, p.kind, p.netAmount])).toEqual([
      [out, 'disqualification', null],
      [out, 'blacklist', null],
      ['sub-1', 'points', 10],
    ]);
    // The table's result stands for the seats as paired (seat 0's self-draw: +30, the others −10 each); no row for the
    // substitute, and the disqualified player is not charged the substitute's deduction.
    const rows = await standings();
    expect(rows.find((r) => r.player === out)?.score).toBe(-10);
    expect(rows.find((r) => r.player === t1[0])?.score).toBe(30);
    expect(rows.map((r) => r.player)).not.toContain('sub-1');

    const r2 = await pair(2);
    expect(r2).toHaveLength(2);
    expect(r2.flat()).not.toContain(out);
    expect(r2.flat()).toContain('p9');
    expect((await h.http().get('/v1/audit/refused-reactions').set('authorization', chief).expect(200)).body.refused).toEqual([]);
  });
});
