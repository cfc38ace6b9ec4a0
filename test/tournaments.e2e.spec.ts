import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { RecordsHarness } from './support/records-harness.js';

/** The WESPA seed example's six players (scrabble-wespa-summary.zh-hant.txt, 澳洲式瑞士制 example). */
const PLAYERS = [
  { id: 'chan-hok-hei', name: 'Chan Hok Hei', rating: 1900 },
  { id: 'wong-siu-ki', name: 'Wong Siu Ki', rating: 1850 },
  { id: 'wong-wai-ho', name: 'Wong Wai Ho', rating: 1800 },
  { id: 'cheung-siu-kwan', name: 'Cheung Siu Kwan', rating: 1750 },
  { id: 'lee-kwan-yee', name: 'Lee Kwan Yee', rating: 1700 },
  { id: 'ho-ka-wai', name: 'Ho Ka Wai', rating: 1650 },
];
const T = 'hk-open-2026';

interface Game {
  table: number;
  first: string;
  second: string;
}
interface Row {
  rank: number;
  player: string;
  wins: number;
  spread: number;
  score: number;
}

describe('records server: a small Scrabble tournament over HTTP', () => {
  let h: RecordsHarness;
  let chief: string;
  let arbiter: string;
  let round1: Game[] = [];
  let round2: Game[] = [];

  /** A command through HTTP (the tournament's arbiter by default): expects the status, remembers the position for ?waitFor. */
  const post = (path: string, body: object, token: string | null = arbiter, status = 201, headers: Record<string, string> = {}) =>
    h.post(path, body, token, status, headers);
  const get = (path: string, token: string | null = null) => h.get(path, token);
  /** Scrabble: the first player wins by 100 - 10·table. */
  const win = (table: number) => ({ kind: 'played', outcome: 'first', score: { first: 450, second: 350 + 10 * table } });

  beforeAll(async () => {
    h = await RecordsHarness.start();
    chief = h.token('chief-arbiter', [T], 'td-1');
    arbiter = h.token('arbiter', [T], 'arb-1');
  });
  afterAll(async () => {
    await h.stop();
  });

  it('creates a Scrabble tournament (chief arbiter granted the id) and shows it, publicly', async () => {
    const r = await post(
      '/v1/tournaments',
      {
        id: T,
        name: 'Hong Kong Scrabble Open 2026',
        discipline: 'scrabble',
        roundsPlanned: 4,
        pairingSystems: ['australian-draw', 'king-of-the-hill', 'mahjong-swiss'],
      },
      chief,
    );
    expect(r.headers.etag).toBe('"0"');
    expect(r.body.events[0]).toMatchObject({ type: 'tournament.TournamentCreated', data: { id: T, profile: { name: 'wespa', tieBreaks: ['SPREAD'] } } });
    const other = await post('/v1/tournaments', { id: 'not-mine', name: 'X', discipline: 'scrabble', pairingSystems: ['random'] }, chief, 403);
    expect(other.body.type).toBe('urn:arbitra:problem:auth/tournament-not-granted');
    const got = await get(`/v1/tournaments/${T}`).expect(200);
    expect(got.body).toMatchObject({ id: T, discipline: 'scrabble', divisions: ['main'], players: [], rounds: [] });
    const list = await get('/v1/tournaments').expect(200);
    expect(list.body.tournaments.map((t: { id: string }) => t.id)).toEqual([T]);
    await get('/v1/tournaments/no-such-tournament').expect(404);
  });

  it('registers the six players of the seed example; refuses a second registration (409) and a missing name (400 naming the field)', async () => {
    for (const p of PLAYERS) await post(`/v1/tournaments/${T}/players`, p);
    const again = await post(`/v1/tournaments/${T}/players`, PLAYERS[0], arbiter, 409);
    expect(again.body).toMatchObject({ type: 'urn:arbitra:problem:tournament/player-already-registered', rule: expect.stringContaining('registered once') });
    const bad = await post(`/v1/tournaments/${T}/players`, { id: 'nameless' }, arbiter, 400);
    expect(bad.body).toMatchObject({ type: 'urn:arbitra:problem:validation/failed', field: 'name' });
    const extra = await post(`/v1/tournaments/${T}/players`, { id: 'x', name: 'X', colour: 'blue' }, arbiter, 400);
    expect(extra.body.errors[0]).toMatchObject({ field: 'colour', rule: 'whitelistValidation' });
    const unknown = await post('/v1/tournaments/no-such-tournament/players', { id: 'x', name: 'X' }, h.token('admin'), 404);
    expect(unknown.body.type).toBe('urn:arbitra:problem:tournament/unknown-tournament');
    const t = await get(`/v1/tournaments/${T}`).expect(200);
    expect(t.body.players.map((p: { name: string }) => p.name)).toEqual(PLAYERS.map((p) => p.name));
  });

  it('pairs round 1 with the Australian draw (server-computed), hides it until published, then publishes it', async () => {
    const r = await post(`/v1/tournaments/${T}/rounds/1/pairings`, { system: 'australian-draw' });
    const paired = r.body.events[0];
    expect(paired).toMatchObject({
      type: 'tournament.RoundPaired',
      data: { round: 1, method: { kind: 'system', system: 'australian-draw', seed: `${T}:main:1` }, bye: null },
    });
    round1 = paired.data.games;
    expect(round1).toHaveLength(3);
    expect(new Set(round1.flatMap((g) => [g.first, g.second]))).toEqual(new Set(PLAYERS.map((p) => p.id)));
    await get(`/v1/tournaments/${T}/rounds/1/pairings`).expect(404);
    await get(`/v1/tournaments/${T}/rounds/1/pairings`, arbiter).expect(200);
    await post(`/v1/tournaments/${T}/rounds/1/publish`, {});
    const pub = await get(`/v1/tournaments/${T}/rounds/1/pairings`).expect(200);
    expect(pub.body).toMatchObject({ status: 'published', games: round1, missing: [1, 2, 3] });
    const explain = await get(`/v1/tournaments/${T}/rounds/1/pairings/explain`).expect(200);
    expect(explain.body.explanation.length).toBeGreaterThan(0);
  });

  it('keeps the provisional round-2 pairing up to date as results arrive; refuses what a system cannot pair', async () => {
    const before = await get(`/v1/tournaments/${T}/rounds/2/pairings/provisional?system=australian-draw`, arbiter).expect(200);
    expect(before.body).toMatchObject({ round: 2, seed: `${T}:main:2`, pendingTables: [1, 2, 3] });
    await post(`/v1/tournaments/${T}/rounds/1/results`, { table: 1, result: win(1) });
    const after = await get(`/v1/tournaments/${T}/rounds/2/pairings/provisional`, arbiter).expect(200);
    expect(after.body).toMatchObject({ round: 2, pendingTables: [2, 3], asOf: { position: h.position } });
    expect(after.body.systems['australian-draw'].status).toBe('paired');
    expect(after.body.systems['mahjong-swiss']).toMatchObject({ status: 'refused', type: 'tournament/pairing-format' });
    // Provisional pairings are for the officials.
    await get(`/v1/tournaments/${T}/rounds/2/pairings/provisional`).expect(401);
    await get(`/v1/tournaments/${T}/rounds/3/pairings/provisional`, arbiter).expect(404);
  });

  it('replays an Idempotency-Key with the same events and appends nothing', async () => {
    const key = 'result-r1-t2-0001';
    const first = await post(`/v1/tournaments/${T}/rounds/1/results`, { table: 2, result: win(2) }, arbiter, 201, { 'idempotency-key': key });
    const again = await post(`/v1/tournaments/${T}/rounds/1/results`, { table: 2, result: win(2) }, arbiter, 201, { 'idempotency-key': key });
    expect(again.body.duplicate).toBe(true);
    expect(again.body.events).toEqual(first.body.events);
    expect(again.headers.etag).toBe(first.headers.etag);
  });

  it('answers a stale If-Match with 412 and stores nothing', async () => {
    // An official's read: its ETag is the stream revision (the public's is a tag over the public's bytes, issue 32).
    const t = await get(`/v1/tournaments/${T}`, arbiter).expect(200);
    expect(t.headers.etag).toBe(`"${t.body.asOf.revision}"`);
    const stale = `"${t.body.asOf.revision - 1}"`;
    const r = await post(`/v1/tournaments/${T}/rounds/1/results`, { table: 3, result: win(3) }, arbiter, 412, { 'if-match': stale });
    expect(r.body).toMatchObject({ type: 'urn:arbitra:problem:command/revision-mismatch', currentRevision: t.body.asOf.revision });
    const ok = await post(`/v1/tournaments/${T}/rounds/1/results`, { table: 3, result: win(3) }, arbiter, 201, { 'if-match': `"${t.body.asOf.revision}"` });
    expect(ok.headers.etag).toBe(`"${t.body.asOf.revision + 1}"`);
  });

  it("checks roles: another tournament's arbiter gets 403, a player 403, anonymous 401 on writes but reads standings", async () => {
    const foreign = await post(
      `/v1/tournaments/${T}/penalties`,
      { player: 'ho-ka-wai', points: 10, reason: 'r', ref: 'x' },
      h.token('arbiter', ['other-open']),
      403,
    );
    expect(foreign.body.type).toBe('urn:arbitra:problem:auth/tournament-not-granted');
    await post(`/v1/tournaments/${T}/rounds/1/lock`, {}, h.token('player'), 403);
    await post(`/v1/tournaments/${T}/rounds/1/lock`, {}, arbiter, 403); // locking is the chief arbiter's
    await post(`/v1/tournaments/${T}/rounds/1/publish`, {}, null, 401);
    await get(`/v1/tournaments/${T}/standings`).expect(200);
  });

  it('ranks standings by wins then spread, and shows the crosstable', async () => {
    const s = await get(`/v1/tournaments/${T}/standings`).expect(200);
    const rows: Row[] = s.body.divisions[0].rows;
    expect(rows).toHaveLength(6);
    const winners = round1.map((g) => g.first);
    expect(rows.slice(0, 3).map((r) => r.player)).toEqual(winners); // table 1 won by 90, table 2 by 80, table 3 by 70
    expect(rows.map((r) => [r.wins, r.spread])).toEqual([
      [1, 90],
      [1, 80],
      [1, 70],
      [0, -70],
      [0, -80],
      [0, -90],
    ]);
    const x = await get(`/v1/tournaments/${T}/crosstable`).expect(200);
    const top = x.body.divisions[0].rows[0];
    expect(top).toMatchObject({ rank: 1, player: round1[0].first, name: expect.any(String) });
    expect(top.cells[0]).toMatchObject({ round: 1, opponent: round1[0].second, side: 'first', outcome: 'win', scoreFor: 450, scoreAgainst: 360, running: 1 });
  });

  it('gives the same provisional pairing after a rebuild from the log, and pairing round 2 with the default seed gives it; no rematches', async () => {
    const paths = [`/v1/tournaments/${T}`, `/v1/tournaments/${T}/standings`, `/v1/tournaments/${T}/crosstable`, `/v1/tournaments/${T}/rounds/1/pairings`];
    const read = () => Promise.all(paths.map(async (p) => (await get(p, arbiter).expect(200)).body));
    const before = await get(`/v1/tournaments/${T}/rounds/2/pairings/provisional?system=australian-draw`, arbiter).expect(200);
    expect(before.body.pendingTables).toEqual([]);
    const docsBefore = await read();
    await h.core.projections.rebuild();
    const after = await get(`/v1/tournaments/${T}/rounds/2/pairings/provisional?system=australian-draw`, arbiter).expect(200);
    expect(after.body).toEqual(before.body);
    expect(await read()).toEqual(docsBefore);
    const r = await post(`/v1/tournaments/${T}/rounds/2/pairings`, { system: 'australian-draw' });
    round2 = r.body.events[0].data.games;
    expect(round2).toEqual(before.body.systems['australian-draw'].pairing.games);
    const met = new Set(round1.map((g) => [g.first, g.second].sort().join('|')));
    expect(round2.filter((g) => met.has([g.first, g.second].sort().join('|')))).toEqual([]);
    expect(r.body.events[0].data.repeats).toEqual([]);
  });

  it('shows a correction with its reason in the round and the standings; refuses one without a reason; standings as of the earlier position stay as published then', async () => {
    const g = round1[0];
    const before = await get(`/v1/tournaments/${T}/standings`).expect(200);
    const positionBefore = h.position;
    await post(
      `/v1/tournaments/${T}/rounds/1/results/1/corrections`,
      { result: { kind: 'played', outcome: 'first', score: { first: 450, second: 400 } } },
      arbiter,
      400,
    );
    await post(
      `/v1/tournaments/${T}/rounds/1/results/1/corrections`,
      { result: { kind: 'played', outcome: 'second', score: { first: 360, second: 450 } }, reason: 'scores swapped on the result slip' },
      chief,
    );
    const res = await get(`/v1/tournaments/${T}/rounds/1/results`).expect(200);
    expect(res.body.corrections).toEqual([
      expect.objectContaining({ table: 1, reason: 'scores swapped on the result slip', decidedBy: { id: 'td-1', role: 'chief-arbiter' } }),
    ]);
    const s = await get(`/v1/tournaments/${T}/standings`).expect(200);
    const rows: Row[] = s.body.divisions[0].rows;
    expect(rows.find((r) => r.player === g.second)).toMatchObject({ wins: 1, spread: 90 });
    expect(rows.find((r) => r.player === g.first)).toMatchObject({ wins: 0, spread: -90 });
    // An auditor asks what the standings were before the correction: the same reducer over the log up to then.
    const then = await get(`/v1/tournaments/${T}/standings?asOfPosition=${positionBefore}`, arbiter).expect(200);
    expect(then.body.asOfPosition).toBe(positionBefore);
    expect(then.body.divisions[0].rows).toEqual(before.body.divisions[0].rows);
    expect(then.body.divisions[0].rows).not.toEqual(rows);
  });

  it('locks round 1 (chief arbiter); a locked round refuses results with 409 naming the rule', async () => {
    await post(`/v1/tournaments/${T}/rounds/1/lock`, {}, chief);
    const r = await post(`/v1/tournaments/${T}/rounds/1/results`, { table: 1, result: win(1) }, arbiter, 409);
    expect(r.headers['content-type']).toMatch(/application\/problem\+json/);
    expect(r.body).toMatchObject({
      type: 'urn:arbitra:problem:tournament/round-locked',
      status: 409,
      rule: expect.stringContaining('a locked round takes no more results'),
      field: 'round',
    });
    const corr = await post(`/v1/tournaments/${T}/rounds/1/results/1/corrections`, { result: win(1), reason: 'second thoughts' }, arbiter, 409);
    expect(corr.body.type).toBe('urn:arbitra:problem:tournament/round-locked');
  });

  it('applies a penalty that flows into the standings, and answers standings as of round 1', async () => {
    await post(`/v1/tournaments/${T}/rounds/2/publish`, {});
    for (const g of round2) await post(`/v1/tournaments/${T}/rounds/2/results`, { table: g.table, result: win(g.table) });
    const victim = round2[0].first;
    const before = await get(`/v1/tournaments/${T}/standings`).expect(200);
    const spread = (body: { divisions: Array<{ rows: Row[] }> }) => body.divisions[0].rows.find((r) => r.player === victim)?.spread;
    await post(`/v1/tournaments/${T}/penalties`, { player: victim, points: 25, reason: 'mobile phone rang', ref: 'ledger-1', round: 2 });
    const after = await get(`/v1/tournaments/${T}/standings`).expect(200);
    expect(spread(after.body)).toBe((spread(before.body) as number) - 25);
    const r1 = await get(`/v1/tournaments/${T}/standings?round=1&division=main`).expect(200);
    expect(r1.body.round).toBe(1);
    expect(r1.body.divisions[0].rows.reduce((n: number, r: Row) => n + r.wins, 0)).toBe(3);
    await get(`/v1/tournaments/${T}/standings?round=0`).expect(400);
    await get(`/v1/tournaments/${T}/standings?division=nope`).expect(404);
    const summary = await get(`/v1/tournaments/${T}`).expect(200);
    expect(summary.body.rounds.map((r: { round: number; status: string }) => [r.round, r.status])).toEqual([
      [1, 'locked'],
      [2, 'published'],
    ]);
  });

  it('handles absences, late entries, withdrawals, forbidden pairings and manual pairings with a reason', async () => {
    const L = 'hk-league-2026';
    const admin = h.token('admin');
    const arb = h.token('arbiter', [L]);
    await post('/v1/tournaments', { id: L, name: 'Hong Kong League 2026', discipline: 'scrabble', pairingSystems: ['australian-draw'] }, admin);
    for (const id of ['a', 'b', 'c', 'd', 'e']) await post(`/v1/tournaments/${L}/players`, { id, name: `Player ${id}` }, arb);
    const late = await post(`/v1/tournaments/${L}/players`, { id: 'f', name: 'Player f', joinsAtRound: 2 }, arb);
    expect(late.body.events[0].data).toMatchObject({ joinsAtRound: 2 });
    await post(`/v1/tournaments/${L}/forbidden-pairings`, { a: 'a', b: 'b', reason: 'siblings' }, arb);
    await post(`/v1/tournaments/${L}/players/c/absences`, { round: 1, reason: 'travelling' }, arb);
    const nobody = await post(`/v1/tournaments/${L}/players/zz/withdrawal`, { fromRound: 1 }, arb, 404);
    expect(nobody.body.type).toBe('urn:arbitra:problem:tournament/unknown-player');
    // Manual pairing: the reason is mandatory, and a forbidden pair is refused naming the rule.
    const manual = {
      kind: 'manual',
      games: [
        { table: 1, first: 'a', second: 'b' },
        { table: 2, first: 'd', second: 'e' },
      ],
    };
    const noReason = await post(`/v1/tournaments/${L}/rounds/1/pairings`, manual, arb, 400);
    expect(noReason.body.field).toBe('reason');
    const forbidden = await post(`/v1/tournaments/${L}/rounds/1/pairings`, { ...manual, reason: 'late arrivals' }, arb, 409);
    expect(forbidden.body).toMatchObject({ type: 'urn:arbitra:problem:tournament/forbidden-pairing', rule: expect.stringContaining('forbidden pairing') });
    const key = { 'idempotency-key': 'league-pair-r1-0001' };
    const sys = await post(`/v1/tournaments/${L}/rounds/1/pairings`, { system: 'australian-draw', seed: 'league-r1' }, arb, 201, key);
    const replay = await post(`/v1/tournaments/${L}/rounds/1/pairings`, { system: 'australian-draw', seed: 'league-r1' }, arb, 201, key);
    expect(replay.body).toMatchObject({ duplicate: true, events: sys.body.events });
    const games: Game[] = sys.body.events[0].data.games;
    expect(sys.body.events[0].data.method.seed).toBe('league-r1');
    expect(games.flatMap((g) => [g.first, g.second]).sort()).toEqual(['a', 'b', 'd', 'e']); // c absent, f joins at round 2
    expect(games.some((g) => [g.first, g.second].sort().join() === 'a,b')).toBe(false);
    await post(`/v1/tournaments/${L}/players/e/withdrawal`, { fromRound: 2, reason: 'illness' }, arb);
    const prov = await get(`/v1/tournaments/${L}/rounds/2/pairings/provisional?system=australian-draw`, arb).expect(200);
    const next = prov.body.systems['australian-draw'];
    expect(next.status).toBe('paired');
    const seated = [...next.pairing.games.flatMap((g: Game) => [g.first, g.second]), next.pairing.bye].sort();
    expect(seated).toEqual(['a', 'b', 'c', 'd', 'f']);
    const summary = await get(`/v1/tournaments/${L}`).expect(200);
    expect(summary.body.players.find((p: { id: string }) => p.id === 'e')).toMatchObject({ withdrawnFromRound: 2 });
    expect(summary.body.forbiddenPairings).toBe(1);
  });

  it('pairs a WMC mahjong round in tables of four and takes zero-sum table points', async () => {
    const M = 'hk-mahjong-2026';
    const arb = h.token('arbiter', [M]);
    await post('/v1/tournaments', { id: M, name: 'HK Mahjong Open', discipline: 'mahjong', pairingSystems: ['mahjong-swiss'] }, h.token('admin'));
    for (let i = 1; i <= 7; i++) await post(`/v1/tournaments/${M}/players`, { id: `m${i}`, name: `Mahjong ${i}` }, arb);
    const seven = await get(`/v1/tournaments/${M}/rounds/1/pairings/provisional?system=mahjong-swiss`, arb).expect(200);
    expect(seven.body.systems['mahjong-swiss']).toMatchObject({ status: 'refused', type: 'pairing/field-not-divisible-by-4' });
    const refused = await post(`/v1/tournaments/${M}/rounds/1/pairings`, { system: 'mahjong-swiss' }, arb, 409);
    expect(refused.body.type).toBe('urn:arbitra:problem:pairing/field-not-divisible-by-4');
    await post(`/v1/tournaments/${M}/players`, { id: 'm8', name: 'Mahjong 8' }, arb);
    const paired = await post(`/v1/tournaments/${M}/rounds/1/pairings`, { system: 'mahjong-swiss' }, arb);
    const tables: Array<{ table: number; seats: Array<{ player: string; wind: string }> }> = paired.body.events[0].data.tables;
    expect(tables.map((t) => t.seats.map((x) => x.wind).join(''))).toEqual(['ESWN', 'ESWN']);
    await post(`/v1/tournaments/${M}/rounds/1/publish`, {}, arb);
    const seats = (t: (typeof tables)[number], pts: number[]) => ({
      table: t.table,
      result: { kind: 'mahjong-table', seats: t.seats.map((x, i) => ({ player: x.player, points: pts[i] })) },
    });
    const notZero = await post(`/v1/tournaments/${M}/rounds/1/results`, seats(tables[0], [30, 10, -10, -10]), arb, 422);
    expect(notZero.body.type).toBe('urn:arbitra:problem:tournament/mahjong-table-not-zero-sum');
    await post(`/v1/tournaments/${M}/rounds/1/results`, seats(tables[0], [30, 10, -15, -25]), arb);
    const s = await get(`/v1/tournaments/${M}/standings`).expect(200);
    expect(s.body.divisions[0].rows[0]).toMatchObject({ player: tables[0].seats[0].player, score: 30 });
  });

  it('Arbitra (RULES.knockoutField): records an xiguaqi knockout cut to the top 4 — byes and the cut named, a drawn match refused, the winners paired next', async () => {
    const K = 'xiguaqi-ko-2026';
    const arb = h.token('arbiter', [K]);
    await post('/v1/tournaments', { id: K, name: 'Xiguaqi Knockout', discipline: 'xiguaqi', pairingSystems: ['knockout'] }, h.token('admin'));
    for (let i = 1; i <= 6; i++) await post(`/v1/tournaments/${K}/players`, { id: `k${i}`, name: `Knockout ${i}`, rating: 2000 - 10 * i }, arb);
    const r1 = await post(`/v1/tournaments/${K}/rounds/1/pairings`, { system: 'knockout', options: { cut: 4 } }, arb);
    const games1: Game[] = r1.body.events[0].data.games;
    expect(games1.map((g) => [g.first, g.second].sort())).toEqual([
      ['k1', 'k4'],
      ['k2', 'k3'],
    ]);
    expect(r1.body.events[0].data.out).toEqual([
      { player: 'k5', why: 'below-cut' },
      { player: 'k6', why: 'below-cut' },
    ]);
    await post(`/v1/tournaments/${K}/rounds/1/publish`, {}, arb);
    const draw = await post(
      `/v1/tournaments/${K}/rounds/1/results`,
      { table: 1, result: { kind: 'played', outcome: 'draw', games: { first: 1, second: 1 } } },
      arb,
      422,
    );
    expect(draw.body.type).toBe('urn:arbitra:problem:tournament/knockout-needs-winner');
    for (const g of games1)
      await post(
        `/v1/tournaments/${K}/rounds/1/results`,
        { table: g.table, result: { kind: 'played', outcome: 'first', games: { first: 2, second: 1 } } },
        arb,
      );
    const r2 = await post(`/v1/tournaments/${K}/rounds/2/pairings`, { system: 'knockout' }, arb);
    const games2: Game[] = r2.body.events[0].data.games;
    expect(games2.flatMap((g) => [g.first, g.second]).sort()).toEqual(games1.map((g) => g.first).sort());
  });

  it('publishes the tournament routes in OpenAPI', async () => {
    const r = await h.http().get('/docs-json').expect(200);
    expect(Object.keys(r.body.paths)).toEqual(
      expect.arrayContaining([
        '/v1/tournaments',
        '/v1/tournaments/{id}/standings',
        '/v1/tournaments/{id}/rounds/{n}/pairings',
        '/v1/tournaments/{id}/rounds/{n}/results/{table}/corrections',
      ]),
    );
  });
});
