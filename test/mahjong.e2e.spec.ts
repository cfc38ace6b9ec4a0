import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { RecordsHarness } from './support/records-harness.js';

/**
 * Issue 11: a WMC mahjong half-session (半場) at a tournament table over HTTP — the seat draw, a discard win
 * (the 70-point example), a self-draw, a false win, a time penalty, confirmations by all four, the card signed
 * and locked, its table points reaching the standings and the time penalty deducted through the ledger.
 */
const W = 'wmc-open';
const G = 'wmc-r1-t1';

describe('records server: a WMC mahjong half-session over HTTP', () => {
  let h: RecordsHarness;
  let arbiter: string, chief: string;
  const tokens: string[] = [];
  let seats: { id: string; name: string }[];
  const post = (path: string, body: object, token: string | null, status = 201) => h.post(path, body, token, status);
  const get = (path: string, token: string | null = null) => h.get(path, token);
  const cmd = (path: string, body: object, token = arbiter, status = 201) => post(`/v1/mahjong/games/${G}/${path}`, body, token, status);
  const table = async () => (await get(`/v1/tables/${G}`).expect(200)).body;
  const confirmAll = async (hand: number) => {
    for (let seat = 0; seat < 4; seat++) await cmd('confirmations', { seat, hand }, tokens[seat]);
  };

  beforeAll(async () => {
    h = await RecordsHarness.start();
    arbiter = h.token('arbiter', [W], 'ref-lee');
    chief = h.token('chief-arbiter', [W], 'chief-chan');
    await post('/v1/tournaments', { id: W, name: 'WMC Open', discipline: 'mahjong', pairingSystems: ['mahjong-swiss'] }, h.token('admin'));
    for (let i = 1; i <= 4; i++) await post(`/v1/tournaments/${W}/players`, { id: `m${i}`, name: `Mahjong ${i}` }, arbiter);
    const paired = await post(`/v1/tournaments/${W}/rounds/1/pairings`, { system: 'mahjong-swiss' }, arbiter);
    await post(`/v1/tournaments/${W}/rounds/1/publish`, {}, arbiter);
    seats = paired.body.events[0].data.tables[0].seats.map((s: { player: string }) => ({ id: s.player, name: `Mahjong ${s.player.slice(1)}` }));
    for (const p of seats) tokens.push(h.token('player', [W], p.id));
  });
  afterAll(async () => {
    await h.stop();
  });

  it('starts the half-session linked to the tournament table; a player may not start one; the seat draw decides East', async () => {
    await post('/v1/mahjong/games', { id: G, players: seats, link: { tournamentId: W, round: 1, table: 1 } }, tokens[0], 403);
    const stranger = [...seats.slice(0, 3), { id: 'zed', name: 'Zed' }];
    const mismatch = await post('/v1/mahjong/games', { id: G, players: stranger, link: { tournamentId: W, round: 1, table: 1 } }, arbiter, 422);
    expect(mismatch.body).toMatchObject({ type: 'urn:arbitra:problem:games/link-players-mismatch', field: 'players' });
    const started = await post('/v1/mahjong/games', { id: G, players: seats, link: { tournamentId: W, round: 1, table: 1 } }, arbiter);
    expect(started.body.events[0]).toMatchObject({ type: 'mahjong.SessionStarted', data: { link: { tournamentId: W, round: 1, table: 1 } } });
    const drawn = await cmd('seat-draws', { round: 1, winds: ['S', 'E', 'N', 'W'], dice: { thrower: 0, first: [3, 4], second: [1, 1] } });
    expect(drawn.body.events[0]).toMatchObject({ type: 'mahjong.SeatsDrawn', data: { dealer: 1, firstPicker: 3, pickFrom: 'even-end' } });
    const t = await table();
    expect(t).toMatchObject({ dealer: 1, hand: { number: 1, round: 1, winds: ['S', 'E', 'N', 'W'] } });
    const list = (await get('/v1/games').expect(200)).body.games;
    expect(list.find((g: { id: string }) => g.id === G)).toMatchObject({ discipline: 'mahjong', phase: 'playing', link: { tournamentId: W } });
  });

  it('hand 1, a discard win of 70 points (混一色 + 對對和): the winner receives 210 — 30 + 30 from the others, 150 from the discarder', async () => {
    const dealt = await cmd('deals', { dealerDice: [2, 2], openerDice: [6, 1] });
    expect(dealt.body.events[0]).toMatchObject({ type: 'mahjong.DealRecorded', data: { dealer: 1, opener: 2, breakCount: 11 } });
    await cmd('discards', { seat: 1, tile: '9m' }, tokens[1]);
    const other = await cmd('discards', { seat: 2, tile: '3s' }, tokens[1], 403);
    expect(other.body.type).toBe('urn:arbitra:problem:games/not-your-seat');
    await cmd('discards', { seat: 2, tile: '3s' }, tokens[2]);
    const r = await cmd('hands', { hand: 1, outcome: { kind: 'win', winner: 0, by: 'discard', from: 2, elements: ['2.1.1', '4.1'], winningTile: '3s' } });
    expect(r.body.events[0]).toMatchObject({ type: 'mahjong.HandRecorded', data: { payments: [210, -30, -150, -30], liability: { liable: 2 } } });
    // The next hand waits for all four confirmations (記分卡).
    const early = await cmd('discards', { seat: 0, tile: '1m' }, tokens[0], 409);
    expect(early.body).toMatchObject({ type: 'urn:arbitra:problem:mahjong/hand-not-confirmed', rule: expect.stringContaining('記分卡') });
    await confirmAll(1);
    expect((await table()).scores.map((s: { tablePoints: number }) => s.tablePoints)).toEqual([210, -30, -150, -30]);
  });

  it("a table has no clock: an official's clock reading is refused naming clockReading (400), not dropped; nothing is recorded", async () => {
    const before = (await get(`/v1/mahjong/games/${G}/events`).expect(200)).body.revision;
    const hand = { hand: 2, outcome: { kind: 'drawn' }, clockReading: { remainingMs: [600_000, 600_000] } };
    const refused = await cmd('hands', hand, arbiter, 400);
    expect(refused.body.errors).toEqual([expect.objectContaining({ field: 'clockReading' })]);
    expect((await get(`/v1/mahjong/games/${G}/events`).expect(200)).body.revision).toBe(before);
  });

  it('hand 2, a self-draw of 10 points is paid 1× by each; the previous South (seat 0) deals (輪莊)', async () => {
    expect((await table()).dealer).toBe(0);
    const r = await cmd('hands', { hand: 2, outcome: { kind: 'win', winner: 3, by: 'self-draw', elements: ['1.1', '1.2'] } });
    expect(r.body.events[0].data.payments).toEqual([-10, -10, -10, 30]);
    await confirmAll(2);
  });

  it('hand 3, a false win: an unknown element is refused (422 naming it) and nothing recorded; a 0-point win is recorded as a false win and the hand goes on', async () => {
    const before = (await get(`/v1/mahjong/games/${G}/events`).expect(200)).body.revision;
    const bad = await cmd('hands', { hand: 3, outcome: { kind: 'win', winner: 1, by: 'self-draw', elements: ['1.1', '42'] } }, arbiter, 422);
    expect(bad.body).toMatchObject({ type: 'urn:arbitra:problem:mahjong/elements', field: 'outcome.elements[1]' });
    expect((await get(`/v1/mahjong/games/${G}/events`).expect(200)).body.revision).toBe(before);
    const falseWin = await cmd('hands', { hand: 3, outcome: { kind: 'win', winner: 1, by: 'discard', from: 0, elements: [] } });
    expect(falseWin.body.events[0]).toMatchObject({
      type: 'mahjong.FalseWinRecorded',
      data: { seat: 1, claimed: { total: 0 }, rule: expect.stringContaining('起和') },
    });
    const tiles = await cmd('rulings/wrong-claims', { seat: 1, variant: 'false-win', tiles: ['2p', '3p', '4p'] });
    expect(tiles.body.events[0]).toMatchObject({ type: 'mahjong.PenaltyRecorded', data: { kind: 'penalty-tiles', amount: 3 } });
    expect((await table()).openPenalties[1].livePenaltyTiles).toEqual(['2p', '3p', '4p']);
    await cmd('hands', { hand: 3, outcome: { kind: 'drawn' } });
    await confirmAll(3);
  });

  it('hand 4, a time penalty: a 40 s turn costs 10 points (15 s limit: 25 s over, two steps of 15 s), off the offender only', async () => {
    const r = await cmd('turn-times', { seat: 2, turns: [{ ms: 40_000 }] });
    expect(r.body.events[1]).toMatchObject({ type: 'mahjong.PenaltyRecorded', data: { seat: 2, offence: 'time', kind: 'points', amount: 10 } });
    const t = await table();
    expect(t.timeUsed[2]).toMatchObject({ handMs: 40_000, handTimePenaltyPoints: 10 });
    expect(t.scores[2]).toMatchObject({ tablePoints: -160, penaltyPoints: 10, net: -170 });
    await cmd('hands', { hand: 4, outcome: { kind: 'drawn' } });
    await confirmAll(4);
  });

  it('round 2 after 換位: hand 5 is refused before the new seat draw; hands 5–8 drawn and confirmed', async () => {
    const refused = await cmd('hands', { hand: 5, outcome: { kind: 'drawn' } }, arbiter, 409);
    expect(refused.body.type).toBe('urn:arbitra:problem:mahjong/seating-missing');
    await cmd('seat-draws', { round: 2, winds: ['E', 'S', 'W', 'N'] });
    for (let hand = 5; hand <= 8; hand++) {
      await cmd('hands', { hand, outcome: { kind: 'drawn' } });
      await confirmAll(hand);
    }
    expect((await table()).phase).toBe('signing');
  });

  it('the score card as JSON and as CSV (Accept or ?format=csv)', async () => {
    const card = (await get(`/v1/tables/${G}/scorecard`).expect(200)).body;
    expect(card.hands).toHaveLength(8);
    expect(card.totals).toEqual([200, -40, -160, 0]);
    expect(card.hands[1].running).toEqual([200, -40, -160, 0]);
    const csv = await get(`/v1/tables/${G}/scorecard?format=csv`).expect(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.text.trim().split('\n');
    expect(lines[0]).toBe(`hand,round,dealer,outcome,winner,from,liable,points,elements,${seats.map((s) => s.id).join(',')},confirmed,corrections`);
    expect(lines[1]).toBe(`1,1,${seats[1].id},discard,${seats[0].id},${seats[2].id},${seats[2].id},70,2.1.1 4.1,210,-30,-150,-30,4,`);
    expect(lines[lines.length - 1]).toContain('net,,,,,,,,,200,-40,-170,0');
    const viaAccept = await h.http().get(`/v1/tables/${G}/scorecard?waitFor=${h.position}`).set('accept', 'text/csv').expect(200);
    expect(viaAccept.text).toBe(csv.text);
    // Any other format is refused, naming it (it was answered with the JSON card; found by fuzzing).
    const other = await h.http().get(`/v1/tables/${G}/scorecard?format=xlsx`).expect(400);
    expect(other.body).toMatchObject({ field: 'format', rule: 'isIn' });
  });

  it('all four sign, the card locks and its table points reach the standings, the time penalty deducted from the offender only', async () => {
    for (let seat = 0; seat < 3; seat++) await cmd('signatures', { seat }, tokens[seat]);
    const last = await cmd('signatures', { seat: 3 }, tokens[3]);
    expect(last.body.events.map((e: { type: string }) => e.type)).toEqual(['mahjong.ScorecardSigned', 'mahjong.ScorecardLocked']);
    const locked = await cmd('hands', { hand: 9, outcome: { kind: 'drawn' } }, arbiter, 409);
    expect(locked.body.type).toBe('urn:arbitra:problem:mahjong/card-locked');
    await h.core.settle();
    const standings = (await get(`/v1/tournaments/${W}/standings`).expect(200)).body.divisions[0].rows as { player: string; score: number }[];
    const score = (id: string) => standings.find((r) => r.player === id)?.score;
    expect(seats.map((s) => score(s.id))).toEqual([200, -40, -170, 0]);
    const ledger = (await get(`/v1/tournaments/${W}/penalty-ledger`, chief).expect(200)).body.penalties;
    expect(ledger.find((p: { offence: string }) => p.offence === 'time')).toMatchObject({ kind: 'points', amount: 10, target: { player: seats[2].id } });
  });

  it('after submission only the chief referee’s ruling changes a line; the tournament result is corrected', async () => {
    const ruling = {
      hand: 2,
      outcome: { kind: 'win', winner: 3, by: 'self-draw', elements: ['1.1', '1.2', '1.3'] },
      ground: 'dispute',
      reference: 'dispute-1',
      reason: 'No Terminals was missed',
    };
    const byArbiter = await cmd('rulings/chief-referee', ruling, arbiter, 409);
    expect(byArbiter.body.type).toBe('urn:arbitra:problem:mahjong/chief-referee-only');
    const r = await cmd('rulings/chief-referee', ruling, chief);
    expect(r.body.events[0]).toMatchObject({ type: 'mahjong.ChiefRefereeRuled', data: { totals: [195, -45, -165, 15] } });
    await h.core.settle();
    const standings = (await get(`/v1/tournaments/${W}/standings`).expect(200)).body.divisions[0].rows as { player: string; score: number }[];
    expect(standings.find((x) => x.player === seats[3].id)?.score).toBe(15);
  });

  it('Arbitra (a locked round is corrected by a chief-arbiter decision): the chief referee’s ruling reaches the locked round, and the correction names the chief as who decided', async () => {
    // The ruling above, on the open round, is recorded as the chief referee's, not the process manager's.
    const open = (await get(`/v1/tournaments/${W}/rounds/1/results`).expect(200)).body;
    expect(open.corrections.map((c: { decidedBy: unknown }) => c.decidedBy)).toEqual([{ id: 'chief-chan', role: 'chief-arbiter' }]);
    await post(`/v1/tournaments/${W}/rounds/1/lock`, {}, chief);
    const ruling = {
      hand: 3,
      outcome: { kind: 'win', winner: 2, by: 'self-draw', elements: ['1.1', '1.2'] },
      ground: 'dispute',
      reference: 'dispute-2',
      reason: 'hand 3 was won, not drawn',
    };
    const r = await cmd('rulings/chief-referee', ruling, chief);
    expect(r.body.events[0]).toMatchObject({ type: 'mahjong.ChiefRefereeRuled', data: { totals: [185, -55, -135, 5] } });
    await h.core.settle();
    h.position = await h.core.store.headPosition();
    const locked = (await get(`/v1/tournaments/${W}/rounds/1/results`).expect(200)).body;
    expect(locked.status).toBe('locked');
    expect(locked.corrections).toHaveLength(2);
    expect(locked.corrections[1]).toMatchObject({ decidedBy: { id: 'chief-chan', role: 'chief-arbiter' }, reason: expect.stringContaining('dispute-2') });
    const standings = (await get(`/v1/tournaments/${W}/standings`).expect(200)).body.divisions[0].rows as { player: string; score: number }[];
    // The table points of the ruling, the 10-point time penalty still off seat 2 (through the ledger).
    expect(seats.map((s) => standings.find((x) => x.player === s.id)?.score)).toEqual([185, -55, -145, 5]);
    const refused = (await get('/v1/audit/refused-reactions', chief).expect(200)).body.refused;
    expect(refused).toEqual([]);
  });
});
