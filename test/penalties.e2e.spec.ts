import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { RecordsHarness } from './support/records-harness.js';

/** Issue 10, penalty ledger: issued → standings drop for the offender only → cancelled → restored; per player; the federation report. */
interface Row {
  player: string;
  score: number;
  penaltyPoints: number;
}

describe('records server: the penalty ledger (issue 10)', () => {
  let h: RecordsHarness;
  let arbiter: string;
  let otherArbiter: string;
  let chief: string;
  const W = 'wmc-open-2026';
  const post = (path: string, body: object, token: string | null = arbiter, status = 201) => h.post(path, body, token, status);
  const get = (path: string, token: string | null = null) => h.get(path, token);
  const ledger = `/v1/tournaments/${W}/penalty-ledger`;
  const scores = async (): Promise<Record<string, number>> => {
    const s = await get(`/v1/tournaments/${W}/standings`).expect(200);
    return Object.fromEntries(s.body.divisions[0].rows.map((r: Row) => [r.player, r.score]));
  };
  let before: Record<string, number>;
  let offender: string;

  beforeAll(async () => {
    h = await RecordsHarness.start();
    arbiter = h.token('arbiter', [W], 'arb-lee');
    otherArbiter = h.token('arbiter', [W], 'arb-wong');
    chief = h.token('chief-arbiter', [W], 'chief-chan');
    await post('/v1/tournaments', { id: W, name: 'WMC Open', discipline: 'mahjong', pairingSystems: ['mahjong-swiss'] }, h.token('admin'));
    for (let i = 1; i <= 4; i++) await post(`/v1/tournaments/${W}/players`, { id: `m${i}`, name: `Mahjong ${i}` });
    const paired = await post(`/v1/tournaments/${W}/rounds/1/pairings`, { system: 'mahjong-swiss' });
    const table = paired.body.events[0].data.tables[0];
    await post(`/v1/tournaments/${W}/rounds/1/publish`, {});
    const seats = table.seats.map((x: { player: string }, i: number) => ({ player: x.player, points: [30, 10, -15, -25][i] }));
    await post(`/v1/tournaments/${W}/rounds/1/results`, { table: table.table, result: { kind: 'mahjong-table', seats } });
    offender = seats[1].player;
    before = await scores();
  });
  afterAll(async () => {
    await h.stop();
  });

  it('WMC 行為守則 罰則 警告: a warning changes no standings; the repeat escalates to a points deduction naming the warning', async () => {
    const warn = { target: { player: offender }, offence: 'no-call-announcement', kind: 'warning', reason: 'claimed a pung without calling' };
    const w1 = await post(ledger, { penaltyId: 'W-1', ...warn });
    expect(w1.body.stream).toBe(`penalties-${W}`);
    expect(w1.body.events[0]).toMatchObject({
      type: 'penalties.PenaltyIssued',
      data: {
        kind: 'warning',
        amount: null,
        target: { player: offender, division: 'main', round: 1 },
        rule: { profile: 'wmc', section: '行為守則 罰則 警告' },
        issuedBy: { id: 'arb-lee', role: 'arbiter' },
      },
    });
    expect(await scores()).toEqual(before);
    const w2 = await post(ledger, { penaltyId: 'W-2', ...warn });
    expect(w2.body.events[0].data).toMatchObject({ kind: 'points', amount: 5, escalation: { escalatedFrom: 'warning', priorWarnings: ['W-1'] } });
  });

  it('points come off the offender only (WMC 罰則 罰分); another arbiter may not correct them; the chief arbiter cancels and the standings are restored', async () => {
    await post(ledger, {
      penaltyId: 'P-1',
      target: { player: offender, table: 1 },
      offence: 'phone-rang',
      kind: 'points',
      amount: 20,
      reason: 'mobile phone rang',
    });
    const after = await scores();
    expect(after).toEqual({ ...before, [offender]: before[offender] - 25 });
    const s = await get(`/v1/tournaments/${W}/standings`).expect(200);
    expect(s.body.divisions[0].rows.find((r: Row) => r.player === offender).penaltyPoints).toBe(25);
    const asOfIssued = h.position;

    const foreign = await post(`${ledger}/P-1/cancellation`, { reason: 'not mine', authority: { kind: 'correction' } }, otherArbiter, 409);
    expect(foreign.body).toMatchObject({
      type: 'urn:arbitra:problem:penalties/not-the-issuer',
      field: 'authority',
      rule: expect.stringContaining('only a penalty they issued'),
    });
    const notChief = await post(`${ledger}/P-1/cancellation`, { reason: 'x', authority: { kind: 'chief-arbiter' } }, arbiter, 409);
    expect(notChief.body.type).toBe('urn:arbitra:problem:penalties/not-chief-arbiter');
    expect(await scores()).toEqual(after);

    const cancelled = await post(`${ledger}/P-1/cancellation`, { reason: 'the phone was the spectator’s', authority: { kind: 'chief-arbiter' } }, chief);
    expect(cancelled.body.events[0]).toMatchObject({
      type: 'penalties.PenaltyCancelled',
      data: { penaltyId: 'P-1', authority: { kind: 'chief-arbiter' }, decidedBy: { id: 'chief-chan', role: 'chief-arbiter' } },
    });
    expect(await scores()).toEqual({ ...before, [offender]: before[offender] - 5 });
    await post(`${ledger}/W-2/reduction`, { amount: 2, reason: 'first event of the day', authority: { kind: 'correction' } });
    expect(await scores()).toEqual({ ...before, [offender]: before[offender] - 2 });
    await post(`${ledger}/W-2/cancellation`, { reason: 'the call was heard after all', authority: { kind: 'chief-arbiter' } }, chief);
    expect(await scores()).toEqual(before);

    // Officials can still see what the standings said before the cancellation.
    const then = await get(`/v1/tournaments/${W}/standings?asOfPosition=${asOfIssued}`, chief).expect(200);
    expect(then.body.divisions[0].rows.find((r: Row) => r.player === offender).score).toBe(before[offender] - 25);
  });

  it('a ledger event leaves the tournament summary’s ETag at the tournament’s revision (If-Match on tournament commands still works)', async () => {
    // The officials' view: its ETag is the revision (the public's is a tag over its bytes, issue 32).
    const t0 = await get(`/v1/tournaments/${W}`, chief).expect(200);
    const public0 = await get(`/v1/tournaments/${W}`).expect(200);
    await post(ledger, { penaltyId: 'W-9', target: { player: offender }, offence: 'etiquette', kind: 'warning', reason: 'loud' });
    const t1 = await get(`/v1/tournaments/${W}`, chief).expect(200);
    expect(t1.body.asOf.revision).toBe(t0.body.asOf.revision);
    expect(t1.body.asOf.position).toBe(h.position);
    // A warning changes nothing the public sees: its view does not move (issue 32).
    const public1 = await get(`/v1/tournaments/${W}`).expect(200);
    expect([public1.headers.etag, public1.text]).toEqual([public0.headers.etag, public0.text]);
    await h.post(`/v1/tournaments/${W}/forbidden-pairings`, { a: 'm1', b: 'm2', reason: 'siblings' }, arbiter, 201, { 'if-match': t1.headers.etag });
  });

  it('a penalty cannot be cancelled "by appeal" over HTTP without an appeal decision (issue 10 review): refused naming authority.kind', async () => {
    await post(ledger, { penaltyId: 'P-2', target: { player: offender }, offence: 'slow-play', kind: 'points', amount: 10, reason: 'over time' });
    const byAppeal = { reason: 'upheld', authority: { kind: 'appeal', appealId: 'A-1' } };
    const chiefAppeal = await post(`${ledger}/P-2/cancellation`, byAppeal, chief, 422);
    expect(chiefAppeal.body.type).toBe('urn:arbitra:problem:penalties/not-appeals');
    const committee = h.token('appeals-committee', [W], 'committee-ho');
    for (const [path, body] of [
      ['cancellation', byAppeal],
      ['reduction', { ...byAppeal, amount: 5 }],
    ] as const) {
      const refused = await post(`${ledger}/P-2/${path}`, body, committee, 422);
      expect(refused.body).toMatchObject({ type: 'urn:arbitra:problem:penalties/not-appeals', field: 'authority.kind' });
      expect(refused.body.rule).toContain('recorded appeal decision');
    }
    const all = await get(ledger, chief).expect(200);
    expect(all.body.penalties.find((p: { penaltyId: string }) => p.penaltyId === 'P-2')).toMatchObject({ status: 'active', netAmount: 10 });
    // The chief arbiter may still cancel it under their own authority.
    await post(`${ledger}/P-2/cancellation`, { reason: 'chief: over time was the clock’s fault', authority: { kind: 'chief-arbiter' } }, chief);
    expect(await scores()).toEqual(before);
  });

  it('lists the ledger per tournament (officials) and per player (the player themself), with net effects; the federation report sums by kind', async () => {
    const all = await get(ledger, chief).expect(200);
    expect(all.body.penalties.map((p: { penaltyId: string; status: string; netAmount: number | null }) => [p.penaltyId, p.status, p.netAmount])).toEqual([
      ['W-1', 'active', null],
      ['W-2', 'cancelled', 0],
      ['P-1', 'cancelled', 0],
      ['W-9', 'active', null],
      ['P-2', 'cancelled', 0],
    ]);
    expect(all.body.penalties[1].reductions).toEqual([expect.objectContaining({ amount: 2, previousAmount: 5, authority: { kind: 'correction' } })]);
    const own = await get(`${ledger}/players/${offender}`, h.token('player', [W], offender)).expect(200);
    expect(own.body.penalties).toHaveLength(5);
    const other = Object.keys(before).find((p) => p !== offender) as string;
    const mine = await get(`${ledger}/players/${other}`, h.token('player', [W], other)).expect(200);
    expect(mine.body.penalties).toEqual([]);
    const nosy = await get(`${ledger}/players/${offender}`, h.token('player', [W], other)).expect(403);
    expect(nosy.body).toMatchObject({ type: 'urn:arbitra:problem:auth/not-own-penalties', field: 'playerId' });
    await get(`${ledger}/players/${offender}`, h.token('player', ['another-open'], offender)).expect(403);
    await get(ledger).expect(401);
    await get(ledger, h.token('player', [W], offender)).expect(403);

    const report = await get('/v1/penalty-ledger/report', h.token('admin')).expect(200);
    expect(report.body.tournaments).toBe(1);
    const kind = (k: string) => report.body.totals.find((t: { kind: string }) => t.kind === k);
    expect(kind('points')).toEqual({ kind: 'points', unit: 'points', issued: 3, cancelled: 3, reduced: 1, inForce: 0, amountIssued: 35, amountNet: 0 });
    expect(kind('warning')).toMatchObject({ issued: 2, inForce: 2 });
    expect((await get('/v1/penalty-ledger/report?discipline=go', h.token('admin')).expect(200)).body.tournaments).toBe(0);
    await get('/v1/penalty-ledger/report', chief).expect(403);
  });

  it('refuses with problem+json naming the field and the rule; nothing is recorded', async () => {
    const head = (await get(ledger, chief).expect(200)).body.penalties.length;
    const base = { penaltyId: 'X-1', target: { player: offender }, offence: 'clock', reason: 'r' };
    const clock = await post(ledger, { ...base, kind: 'time-to-opponent', amount: 60 }, arbiter, 422);
    expect(clock.headers['content-type']).toMatch(/application\/problem\+json/);
    expect(clock.body).toMatchObject({ type: 'urn:arbitra:problem:penalties/kind', field: 'kind', rule: expect.stringContaining('penalty profile') });
    const amount = await post(ledger, { ...base, kind: 'disqualification', amount: 1 }, arbiter, 422);
    expect(amount.body).toMatchObject({ type: 'urn:arbitra:problem:penalties/amount-forbidden', field: 'amount' });
    const nobody = await post(ledger, { ...base, kind: 'warning', target: { player: 'zz' } }, arbiter, 404);
    expect(nobody.body).toMatchObject({ type: 'urn:arbitra:problem:tournament/unknown-player', field: 'target.player' });
    const badKind = await post(ledger, { ...base, kind: 'caning' }, arbiter, 400);
    expect(badKind.body.errors[0]).toMatchObject({ field: 'kind' });
    await post(ledger, { ...base, kind: 'warning' }, h.token('player', [W], offender), 403);
    const taken = await post(ledger, { ...base, penaltyId: 'W-1', kind: 'warning' }, arbiter, 409);
    expect(taken.body).toMatchObject({ type: 'urn:arbitra:problem:penalties/penalty-id-taken', field: 'penaltyId' });
    // The tournament's older route issues into the same ledger and keeps its refusal of a ref used before.
    const legacy = await post(`/v1/tournaments/${W}/penalties`, { player: offender, points: 3, reason: 'r', ref: 'P-1' }, arbiter, 409);
    expect(legacy.body).toMatchObject({
      type: 'urn:arbitra:problem:tournament/penalty-ref-taken',
      field: 'ref',
      rule: expect.stringContaining('never applied twice'),
    });
    const unknown = await post(`${ledger}/nope/cancellation`, { reason: 'r', authority: { kind: 'chief-arbiter' } }, chief, 404);
    expect(unknown.body).toMatchObject({ type: 'urn:arbitra:problem:penalties/unknown-penalty', field: 'penaltyId' });
    expect((await get(ledger, chief).expect(200)).body.penalties).toHaveLength(head);
    expect(await scores()).toEqual(before);
  });
});
