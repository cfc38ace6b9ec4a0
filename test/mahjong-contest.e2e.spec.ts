import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { RecordsHarness } from './support/records-harness.js';

/**
 * Issue 11, Tournament format: the WMC contest in small — eight players play half-sessions at tables of four
 * (seats drawn by the tournament's mahjong seating), cumulative table points rank them, the top four pass
 * the cut (WMC 比賽介紹: 以決出晉級決賽的…選手) and play a final table. Every table result comes from a
 * table session's locked score card through the tournament layer; a penalty comes off the offender only.
 */
const C = 'wmc-mini';
type Outcome = { kind: 'drawn' } | { kind: 'win'; winner: number; by: string; from?: number; elements: string[] };
type Row = { player: string; score: number; rank: number };

describe('records server: a small WMC contest end to end (half-sessions, cumulative points, a cut, a final table)', () => {
  let h: RecordsHarness;
  let arbiter: string;
  const post = (path: string, body: object, status = 201) => h.post(path, body, arbiter, status);
  const standings = async (): Promise<Row[]> => {
    await h.core.settle();
    return (await h.get(`/v1/tournaments/${C}/standings`).expect(200)).body.divisions[0].rows;
  };

  /** Pairs and publishes a round, and returns its tables' players in seat order. */
  async function pair(round: number, system: string): Promise<string[][]> {
    const paired = await post(`/v1/tournaments/${C}/rounds/${round}/pairings`, { system });
    await post(`/v1/tournaments/${C}/rounds/${round}/publish`, {});
    return paired.body.events[0].data.tables.map((t: { seats: { player: string }[] }) => t.seats.map((s) => s.player));
  }

  /** One half-session at a table: the seat draws, eight hands (the given ones, then drawn hands), confirmations and signatures. */
  async function halfSession(round: number, table: number, players: string[], outcomes: Outcome[], extra?: (g: string) => Promise<void>) {
    const id = `r${round}-t${table}`;
    const g = `/v1/mahjong/games/${id}`;
    await post('/v1/mahjong/games', { id, players: players.map((p) => ({ id: p, name: `Player ${p}` })), link: { tournamentId: C, round, table } });
    await post(`${g}/seat-draws`, { round: 1, winds: ['E', 'S', 'W', 'N'] });
    await extra?.(g);
    for (let hand = 1; hand <= 8; hand++) {
      if (hand === 5) await post(`${g}/seat-draws`, { round: 2, winds: ['W', 'N', 'E', 'S'] });
      await post(`${g}/hands`, { hand, outcome: outcomes[hand - 1] ?? { kind: 'drawn' } });
      for (let seat = 0; seat < 4; seat++) await post(`${g}/confirmations`, { seat, hand });
    }
    for (let seat = 0; seat < 4; seat++) await post(`${g}/signatures`, { seat });
    return (await h.get(`/v1/tables/${id}/scorecard`).expect(200)).body.totals as number[];
  }

  beforeAll(async () => {
    h = await RecordsHarness.start();
    arbiter = h.token('arbiter', [C], 'ref-mini');
    await h.post(
      '/v1/tournaments',
      { id: C, name: 'WMC Mini', discipline: 'mahjong', pairingSystems: ['mahjong-swiss', 'mahjong-by-standing'] },
      h.token('admin'),
    );
    for (let i = 1; i <= 8; i++) await post(`/v1/tournaments/${C}/players`, { id: `p${i}`, name: `Player ${i}` });
  });
  afterAll(async () => {
    await h.stop();
  });

  it('day one: two rounds of two tables; cumulative table points rank the field, a time penalty off the offender only', async () => {
    const self = (winner: number, elements: string[]): Outcome => ({ kind: 'win', winner, by: 'self-draw', elements });
    const discard = (winner: number, from: number, elements: string[]): Outcome => ({ kind: 'win', winner, by: 'discard', from, elements });
    const r1 = await pair(1, 'mahjong-swiss');
    expect(r1).toHaveLength(2);
    // Table 1: seat 0 wins 70 off seat 2 (+210), seat 1 self-draws 10 (+30). Table 2: seat 3 wins 40 by self-draw (+120).
    const t1 = await halfSession(1, 1, r1[0], [discard(0, 2, ['2.1.1', '4.1']), self(1, ['1.1', '1.2'])]);
    expect(t1).toEqual([200, 0, -160, -40]);
    const t2 = await halfSession(1, 2, r1[1], [self(3, ['2.1.1'])], async (g) => {
      await post(`${g}/turn-times`, { seat: 0, turns: [{ ms: 40_000 }] });
    });
    expect(t2).toEqual([-40, -40, -40, 120]);
    const after1 = await standings();
    const score = (rows: Row[], id: string) => rows.find((r) => r.player === id)?.score;
    expect(score(after1, r1[0][0])).toBe(200);
    // The 10-point time penalty (打牌時限) comes off seat 0 of table 2 only; its table-mates keep their table points.
    expect(score(after1, r1[1][0])).toBe(-50);
    expect(score(after1, r1[1][1])).toBe(-40);

    const r2 = await pair(2, 'mahjong-swiss');
    for (const [i, players] of r2.entries()) await halfSession(2, i + 1, players, [discard(1, 0, ['1.1', '1.2', '1.3'])]);
    const after2 = await standings();
    // Cumulative: each player's round-1 points plus round 2 (a 15-point discard win, par or less: seat 1 of each table +45, each other −15).
    const r2Points = new Map(r2.flatMap((players) => players.map((p, seat) => [p, [-15, 45, -15, -15][seat]] as const)));
    for (const row of after2) expect(row.score).toBe((score(after1, row.player) ?? 0) + (r2Points.get(row.player) ?? 0));
  });

  it('the cut: the top four after day one go on (the others withdraw from round 3); the final table is seated by standing', async () => {
    const ranked = (await standings()).sort((a, b) => b.score - a.score);
    const top = ranked.slice(0, 4).map((r) => r.player);
    for (const out of ranked.slice(4))
      await post(`/v1/tournaments/${C}/players/${out.player}/withdrawal`, { fromRound: 3, reason: 'below the cut: top 4 after day one (WMC 比賽介紹)' });
    const final = await pair(3, 'mahjong-by-standing');
    expect(final).toHaveLength(1);
    expect([...final[0]].sort()).toEqual([...top].sort());
    const totals = await halfSession(3, 1, final[0], [{ kind: 'win', winner: 2, by: 'self-draw', elements: ['3.2.2'] }]);
    expect(totals).toEqual([-130, -130, 390, -130]);
    const rows = (await standings()).sort((a, b) => b.score - a.score);
    const champion = final[0][2];
    const before = ranked.find((r) => r.player === champion)?.score ?? 0;
    expect(rows.find((r) => r.player === champion)?.score).toBe(before + 390);
    expect(rows[0].player).toBe(champion);
  });
});
