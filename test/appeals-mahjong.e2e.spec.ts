import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { AppealIds } from './support/appeal-ids.js';
import { RecordsHarness } from './support/records-harness.js';

/**
 * Issue 28, the mahjong appeal defects over HTTP. WMC rules, 申訴程式: 應於此節完後30分鐘內以書面提交給裁判長 — a written
 * appeal to the chief referee within 30 minutes after the session. A table (`mahjong-table-*`) is a game: its referee's
 * scoring ruling and its time penalty are timed from the session's end (the locked card), its own penalty event can be
 * appealed, and its decisions concern exactly the four players seated at it.
 */
const W = 'wmc-appeals';
const G = 'wa-r1-t1';
const WINDS = ['E', 'S', 'W', 'N'];
const plusMinutes = (iso: string, m: number) => new Date(Date.parse(iso) + m * 60_000).toISOString();
// 門前清 only (5 points by the tiles): claimed with 1.3 as well, the hand is flagged for the referee.
const FLAGGED = {
  kind: 'win',
  winner: 0,
  by: 'discard',
  from: 2,
  elements: ['1.2', '1.3'],
  hand: { concealed: ['2m', '3m', '4m', '5m', '6m', '7m', '3p', '4p', '5p', '9s', '9s', '9s', '1p', '1p'], exposed: [], winningTile: '5m' },
};

describe('records server: WMC 申訴程式 — appeals against a mahjong table’s decisions', () => {
  let h: RecordsHarness;
  let arbiter: string, chief: string;
  let seated: string[], outsider: string;
  let rulingId: string, penaltyId: string, lockedId: string, lockedAt: string;
  // Appeal ids are the server's (issue 32): `appeals.of(key)` is the id of the appeal lodged with appealId `key`.
  const appeals = new AppealIds();
  const post = async (path: string, body: object, token: string | null, status = 201) => appeals.record(path, body, await h.post(path, body, token, status));
  const cmd = (path: string, body: object, status = 201) => post(`/v1/mahjong/games/${G}/${path}`, body, arbiter, status);
  const player = (id: string) => h.token('player', [W], id);
  const lodge = (appealId: string, eventId: string, by: string, status = 201) =>
    post(
      '/v1/appeals',
      {
        appealId,
        tournamentId: W,
        contestedEventId: eventId,
        appellant: { id: by, capacity: 'player', forPlayer: by },
        grounds: 'the referee’s decision was wrong',
        remedySought: 'the decision is reversed',
      },
      player(by),
      status,
    );
  const confirmAll = async (hand: number) => {
    for (let seat = 0; seat < 4; seat++) await cmd('confirmations', { seat, hand });
  };

  beforeAll(async () => {
    h = await RecordsHarness.start();
    arbiter = h.token('arbiter', [W], 'ref-lee');
    chief = h.token('chief-arbiter', [W], 'chief-chan');
    await post('/v1/tournaments', { id: W, name: 'WMC Appeals', discipline: 'mahjong', pairingSystems: ['mahjong-swiss'] }, h.token('admin'));
    for (let i = 1; i <= 8; i++) await post(`/v1/tournaments/${W}/players`, { id: `m${i}`, name: `Mahjong ${i}` }, arbiter);
    const paired = await post(`/v1/tournaments/${W}/rounds/1/pairings`, { system: 'mahjong-swiss' }, arbiter);
    await post(`/v1/tournaments/${W}/rounds/1/publish`, {}, arbiter);
    const tables = paired.body.events[0].data.tables as { table: number; seats: { player: string }[] }[];
    seated = tables[0].seats.map((s) => s.player);
    outsider = tables[1].seats[0].player;
    const players = seated.map((id) => ({ id, name: id }));
    await post('/v1/mahjong/games', { id: G, players, link: { tournamentId: W, round: 1, table: tables[0].table } }, arbiter);
    await cmd('seat-draws', { round: 1, winds: WINDS });
  });
  afterAll(async () => {
    await h.stop();
  });

  it('a referee’s scoring ruling during the session: its deadline has not started to run while the table plays', async () => {
    const flagged = await cmd('hands', { hand: 1, outcome: FLAGGED });
    expect(flagged.body.events[0]).toMatchObject({ type: 'mahjong.HandRecorded', data: { flag: { claimed: { total: 10 } } } });
    const ruled = await cmd('rulings/score-flags', { hand: 1, accept: 'computed' });
    rulingId = ruled.body.events[0].id;
    expect(ruled.body.events[0].type).toBe('mahjong.ScoreFlagRuled');
    await confirmAll(1);
    const r = await lodge('ap-ruling', rulingId, seated[0]);
    expect(r.body.events[0]).toMatchObject({
      type: 'appeals.AppealLodged',
      data: {
        profile: 'wmc-mahjong',
        contested: { kind: 'ruling', sessionEndedAt: null },
        deadline: { from: 'session-end', minutes: 30, at: null, rule: expect.stringContaining('此節完後30分鐘內') },
      },
    });
    expect([...r.body.events[0].data.contested.parties].sort()).toEqual([...seated].sort());
  });

  it('the table’s own time penalty (打牌時限) can be appealed (it was 404), its deadline 30 minutes after the locked card', async () => {
    const timed = await cmd('turn-times', { seat: 2, turns: [{ ms: 40_000 }] });
    penaltyId = timed.body.events[1].id;
    expect(timed.body.events[1]).toMatchObject({ type: 'mahjong.PenaltyRecorded', data: { seat: 2, offence: 'time', kind: 'points', amount: 10 } });
    for (let hand = 2; hand <= 8; hand++) {
      if (hand === 5) await cmd('seat-draws', { round: 2, winds: ['W', 'N', 'E', 'S'] });
      await cmd('hands', { hand, outcome: { kind: 'drawn' } });
      await confirmAll(hand);
    }
    for (let seat = 0; seat < 3; seat++) await cmd('signatures', { seat });
    // The referee records when the session ended (an observed time, later than the ruling and the penalty).
    lockedAt = new Date(Date.now() + 20_000).toISOString();
    const last = await cmd('signatures', { seat: 3, at: lockedAt });
    expect(last.body.events[1]).toMatchObject({ type: 'mahjong.ScorecardLocked', data: { at: lockedAt } });
    lockedId = last.body.events[1].id;
    const r = await lodge('ap-penalty', penaltyId, seated[2]);
    expect(r.body.events[0]).toMatchObject({
      data: {
        contested: { kind: 'penalty', type: 'mahjong.PenaltyRecorded', sessionEndedAt: lockedAt },
        deadline: { at: plusMinutes(lockedAt, 30) },
        late: null,
      },
    });
  });

  it('the ledger’s copy of the time penalty is timed from the same session end', async () => {
    await h.core.settle();
    const ledger = await h.core.store.readStream(`penalties-${W}`);
    const copy = ledger.find((e) => e.type === 'penalties.PenaltyIssued' && (e.data as { appliedIn?: { event?: string } }).appliedIn?.event === penaltyId);
    expect(copy).toBeDefined();
    const r = await lodge('ap-ledger', copy!.id, seated[2]);
    expect(r.body.events[0].data).toMatchObject({ contested: { sessionEndedAt: lockedAt }, deadline: { from: 'session-end', at: plusMinutes(lockedAt, 30) } });
  });

  it('the table result concerns exactly its four players: a player of another table may not appeal it', async () => {
    const refused = await lodge('ap-outsider', lockedId, outsider, 409);
    expect(refused.body).toMatchObject({ type: 'urn:arbitra:problem:appeals/not-a-party', field: 'appellant.forPlayer' });
    const results = await h.core.store.readStream(`tournament-${W}`);
    const recorded = results.find((e) => e.type === 'tournament.ResultRecorded');
    expect(recorded).toBeDefined();
    const viaTournament = await lodge('ap-outsider-2', recorded!.id, outsider, 409);
    expect(viaTournament.body.type).toBe('urn:arbitra:problem:appeals/not-a-party');
    const mine = await lodge('ap-result', recorded!.id, seated[1]);
    expect([...mine.body.events[0].data.contested.parties].sort()).toEqual([...seated].sort());
  });

  it('a player seated at the table may not sit on the committee; the chief referee hears it (裁判長有最終決定權)', async () => {
    await post(`/v1/appeals/${appeals.of('ap-penalty')}/acknowledgement`, {}, chief);
    const member = (id: string) => ({ members: [{ id, name: id, role: 'chair' }] });
    const party = await post(`/v1/appeals/${appeals.of('ap-penalty')}/committee`, member(seated[3]), chief, 409);
    expect(party.body).toMatchObject({ type: 'urn:arbitra:problem:appeals/member-is-party', field: 'members[0].id' });
    await post(`/v1/appeals/${appeals.of('ap-penalty')}/committee`, member('chief-chan'), chief);
  });
});
