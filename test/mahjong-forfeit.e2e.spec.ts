import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mahjongContest } from './support/mahjong-contest.js';
import { RecordsHarness } from './support/records-harness.js';

/**
 * WMC 行為守則, 罰則 棄權: 選手如不能完成指定賽事…作棄權論，自動淘汰出局; 棄權者可以獲得以前回合累積的獎金. A forfeit
 * recorded at a table linked to a tournament withdraws the player from the next round by itself (no director's
 * command); the table plays on with a substitute (行為守則, 缺席), its result and the player's earlier points stand.
 */
const C = 'wmc-forfeit';
type Row = { player: string; score: number };

describe('records server: a mahjong forfeit eliminates the player (WMC 行為守則, 罰則 棄權 自動淘汰出局)', () => {
  let h: RecordsHarness;
  let arbiter: string;
  let chief: string;
  let round2: string[][] = [];
  const { post, setUp, pair, start, playOut } = mahjongContest(
    () => h,
    C,
    () => arbiter,
  );
  const standings = async (): Promise<Row[]> => (await h.get(`/v1/tournaments/${C}/standings`).expect(200)).body.divisions[0].rows;

  beforeAll(async () => {
    h = await RecordsHarness.start();
    arbiter = h.token('arbiter', [C], 'ref-1');
    chief = h.token('chief-arbiter', [C], 'chief-1');
    await setUp('WMC forfeit');
  });
  afterAll(async () => {
    await h.stop();
  });

  it('a time-out forfeit (暫停 over 150 points) withdraws the player from round 2; the table plays on with a substitute; round 2 is paired without them', async () => {
    const [t1, t2] = await pair(1);
    const out = t1[2];
    const g1 = await start(1, 1, t1);
    // 930 s away from the table: 155 points (5 per 30 s), over 150 in the half-session — a forfeit (作棄權論).
    const forfeit = await post(`${g1}/time-outs`, { seat: 2, kind: 'time-out', ms: 930_000 });
    expect(forfeit.body.events).toEqual(
      expect.arrayContaining([expect.objectContaining({ type: 'mahjong.PenaltyRecorded', data: expect.objectContaining({ kind: 'game-forfeit' }) })]),
    );
    await h.core.settle();
    const summary = (await h.get(`/v1/tournaments/${C}`).expect(200)).body;
    expect(summary.players.find((p: { id: string }) => p.id === out)).toMatchObject({ withdrawnFromRound: 2 });
    const [withdrawn] = (await h.core.store.readStream(`tournament-${C}`)).filter((e) => e.type === 'tournament.PlayerWithdrawn');
    expect(withdrawn.data).toEqual({ playerId: out, fromRound: 2, reason: expect.stringMatching(/time-out-forfeit.*罰則 棄權/s) });
    expect(withdrawn.meta.actor).toMatchObject({ role: 'system' });

    // 缺席: the highest eliminated player (or a 代打者) takes the seat; the other three play on, and the substitute may win.
    await post(`${g1}/substitutes`, { seat: 2, substitute: { id: 'sub-1', name: 'Substitute' }, kind: 'substitute', reason: `${out} forfeited` });
    await playOut(g1, 2);
    await playOut(await start(1, 2, t2), 0);
    await h.core.settle();
    // The table's result stands (seat 2's +30 of the win the substitute made is posted for the seat as paired); the
    // 155 time-out points come off the forfeiting player only (棄權者可以獲得以前回合累積的獎金: nothing else is taken).
    const rows = await standings();
    expect(rows.find((r) => r.player === out)?.score).toBe(30 - 155);
    expect(rows.find((r) => r.player === t1[0])?.score).toBe(-10);

    const r2 = await pair(2);
    expect(r2).toHaveLength(2);
    expect(r2.flat()).not.toContain(out);
    expect(r2.flat()).toContain('p9');
    round2 = r2;
    expect((await h.http().get('/v1/audit/refused-reactions').set('authorization', chief).expect(200)).body.refused).toEqual([]);
  });

  it('選手自願退出 after the director already withdrew the player by hand: the automatic withdrawal is refused once and kept for the chief arbiter', async () => {
    const t1 = round2[0];
    const quitter = t1[1];
    await post(`/v1/tournaments/${C}/players/${quitter}/withdrawal`, { fromRound: 3, reason: 'told the director before the session' });
    const g = await start(2, 1, t1);
    // 自願退出比賽者當然視為棄權: a forfeit like any other — but the tournament has already withdrawn them.
    await post(`${g}/conduct`, { seat: 1, offence: 'voluntary-withdrawal', note: 'leaves after hand 1' });
    await h.core.settle();
    await post(`${g}/time-outs`, { seat: 3, kind: 'time-out', ms: 30_000 });
    await h.core.settle();
    const withdrawals = (await h.core.store.readStream(`tournament-${C}`)).filter(
      (e) => e.type === 'tournament.PlayerWithdrawn' && (e.data as { playerId: string }).playerId === quitter,
    );
    expect(withdrawals.map((e) => e.data)).toEqual([{ playerId: quitter, fromRound: 3, reason: 'told the director before the session' }]);
    const refused = (await h.http().get('/v1/audit/refused-reactions').set('authorization', chief).expect(200)).body.refused;
    expect(refused).toEqual([
      expect.objectContaining({
        processManager: 'mahjong-forfeit-to-withdrawal',
        cause: expect.objectContaining({ stream: 'mahjong-table-r2-t1', type: 'mahjong.PenaltyRecorded' }),
        target: `tournament-${C}`,
        refusal: expect.objectContaining({ type: 'tournament/already-withdrawn' }),
      }),
    ]);
  });
});
