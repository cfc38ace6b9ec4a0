import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { HAND_GAME } from '../libs/domain/disciplines/scrabble/testing/hand-game.js';
import { parseGcg } from '../libs/domain/disciplines/scrabble/index.js';
import { RecordsHarness } from './support/records-harness.js';

/**
 * The review's Scrabble correctness findings (issue 7, items 10–16), through HTTP. Observed table
 * times start 40 minutes before the suite (never in the future, never before the record); only
 * differences between observed times matter, except the clock read "as of the request", which is
 * checked against the instants around the request.
 */
const T0 = Date.now() - 40 * 60_000;
const at = (s: number) => new Date(T0 + s * 1000).toISOString();
const PLAYERS = [
  { id: 'ann', name: 'Ann Lee' },
  { id: 'bob', name: 'Bob Chan' },
];
const START = { players: PLAYERS, starter: 0, clockSide: 'right', clockSideChosenBy: 1, tilesCounted: 100, tracking: true };

describe('Scrabble record: signatures, reversals, lateness, the clock view and GCG import', () => {
  let h: RecordsHarness;
  let arbiter: string, ann: string;
  const post = (path: string, body: object, token: string | null, status = 201) => h.post(path, body, token, status);
  const get = (path: string, token: string | null = null) => h.get(path, token);
  const events = async (id: string) =>
    (await get(`/v1/scrabble/games/${id}/events`, arbiter).expect(200)).body.events as { type: string; data: Record<string, unknown> }[];

  beforeAll(async () => {
    h = await RecordsHarness.start();
    arbiter = h.token('arbiter', [], 'arb-1');
    ann = h.token('player', [], 'ann');
  });
  afterAll(async () => {
    await h.stop();
  });

  /** A tracked game: Ann plays IN for 4, then six passes end it; racks deducted → scores [-3, -7] (or tied with equal racks). */
  async function endedGame(id: string, racks: [string, string] = ['AEINRST', 'EEIOUAA'], play = true) {
    await post('/v1/scrabble/games', { id, ...START, at: at(0) }, arbiter);
    await post(`/v1/scrabble/games/${id}/draws`, { seat: 0, tiles: racks[0].split(''), at: at(1) }, arbiter);
    await post(`/v1/scrabble/games/${id}/draws`, { seat: 1, tiles: racks[1].split(''), at: at(2) }, arbiter);
    let s = 3;
    if (play) {
      await post(`/v1/scrabble/games/${id}/moves`, { seat: 0, move: { kind: 'play', coordinate: '8G', word: 'IN' }, announcedScore: 4, at: at(s++) }, arbiter);
      await post(`/v1/scrabble/games/${id}/draws`, { seat: 0, tiles: ['O', 'O'], at: at(s++) }, arbiter);
    }
    const first = play ? 1 : 0;
    for (let i = 0; i < 6; i++) await post(`/v1/scrabble/games/${id}/moves`, { seat: (i + first) % 2, move: { kind: 'pass' }, at: at(s++) }, arbiter);
  }

  it('item 10 — after one signature a score correction is refused naming the rule; the signature is withdrawn (recorded, who and why) and the correction follows', async () => {
    await endedGame('s1');
    await post('/v1/scrabble/games/s1/signatures', { seat: 0 }, ann);
    // after the player's own (server-stamped) signature, the arbiter records with the server's time too
    const refused = await post('/v1/scrabble/games/s1/score-corrections', { turn: 1, score: 5, agreedBy: [0, 1] }, arbiter, 409);
    expect(refused.body).toMatchObject({
      type: 'urn:arbitra:problem:scrabble/slip-signed',
      rule: expect.stringContaining('簽署後不可更改分數'),
      detail: expect.stringContaining('withdraw'),
    });
    const withdrawn = await post('/v1/scrabble/games/s1/signatures/withdrawal', { seat: 0, reason: 'turn 1 was 5, not 4' }, ann);
    expect(withdrawn.body.events[0]).toMatchObject({
      type: 'scrabble.SignatureWithdrawn',
      data: { seat: 0, reason: 'turn 1 was 5, not 4', by: { id: 'ann', role: 'player' } },
    });
    await post('/v1/scrabble/games/s1/score-corrections', { turn: 1, score: 5, agreedBy: [0, 1] }, arbiter);
    const view = await get('/v1/scrabble/games/s1').expect(200);
    expect(view.body).toMatchObject({ phase: 'ended', scores: [-2, -7], end: { signedBy: [] } });
  });

  it('item 12 — after signing, time penalties, end racks and a recount are refused as signed (not "not ended"); nothing is stored', async () => {
    await endedGame('s2');
    await post('/v1/scrabble/games/s2/signatures', { seat: 0, at: at(20) }, arbiter);
    await post('/v1/scrabble/games/s2/signatures', { seat: 1, at: at(21) }, arbiter);
    const before = (await events('s2')).length;
    for (const [path, body] of [
      ['time-penalties', { seat: 0, points: 10 }],
      ['end-racks', { racks: [{ seat: 0, rack: 'AEERST' }] }],
      ['recount', { seat: 1 }],
    ] as const) {
      const r = await post(`/v1/scrabble/games/s2/${path}`, { ...body, at: at(22) }, arbiter, 409);
      expect(r.body).toMatchObject({ type: 'urn:arbitra:problem:scrabble/result-signed', rule: expect.stringContaining('簽署後不可更改分數') });
    }
    expect(await events('s2')).toHaveLength(before);
  });

  it('item 11 — reversing tied scores is refused and records nothing; a real reversal is one story in the view, the score sheet and the GCG, with the TD decision', async () => {
    await endedGame('tied', ['AEINRST', 'EEIOUAS'], false);
    await post('/v1/scrabble/games/tied/signatures', { seat: 0, at: at(20) }, arbiter);
    await post('/v1/scrabble/games/tied/signatures', { seat: 1, at: at(21) }, arbiter);
    const before = (await events('tied')).length;
    const tied = await post('/v1/scrabble/games/tied/reversed-scores', { tdDecision: 'TD-1', agreedBy: [0, 1], at: at(22) }, arbiter, 409);
    expect(tied.body).toMatchObject({ type: 'urn:arbitra:problem:scrabble/scores-tied', rule: expect.stringContaining('分數顛倒') });
    expect(await events('tied')).toHaveLength(before);

    await endedGame('rev');
    await post('/v1/scrabble/games/rev/signatures', { seat: 0, at: at(20) }, arbiter);
    await post('/v1/scrabble/games/rev/signatures', { seat: 1, at: at(21) }, arbiter);
    // Seed 分數 (除非雙方因分數顛倒而獲比賽總監同意更改): the TD alone, or with one player, cannot reverse them.
    const alone = await post('/v1/scrabble/games/rev/reversed-scores', { tdDecision: 'TD-7: slip reversed', agreedBy: [1], at: at(22) }, arbiter, 409);
    expect(alone.body).toMatchObject({
      type: 'urn:arbitra:problem:scrabble/reversal-needs-both-players',
      field: 'agreedBy',
      rule: expect.stringContaining('雙方因分數顛倒'),
    });
    await post('/v1/scrabble/games/rev/reversed-scores', { tdDecision: 'TD-7: slip reversed', at: at(22) }, arbiter, 400);
    await post('/v1/scrabble/games/rev/reversed-scores', { tdDecision: 'TD-7: slip reversed', agreedBy: [0, 1], at: at(22) }, arbiter);
    const view = await get('/v1/scrabble/games/rev').expect(200);
    expect(view.body.scores).toEqual([-7, -3]);
    expect(view.body.result.scores).toEqual([-7, -3]);
    expect(view.body.corrections).toEqual([{ kind: 'reversed-scores', tdDecision: 'TD-7: slip reversed', at: at(22), by: 'arb-1', points: [-4, 4] }]);
    const sheet = await get('/v1/scrabble/games/rev/scoresheet').expect(200);
    expect(sheet.body.rows.at(-1)).toMatchObject({ entry: 'scores reversed (TD decision: TD-7: slip reversed)', cumulative: [-7, -3] });
    expect(sheet.body.scores).toEqual([-7, -3]);
    const gcg = await get('/v1/scrabble/games/rev/gcg').expect(200);
    expect(gcg.text).toContain('>ann: (reversed) -4 -7\n>bob: (reversed) +4 -3\n#note TD decision: TD-7: slip reversed\n');
  });

  it('item 14 — seed 缺席 (如果時間已過，你必須放棄棋局): a late arrival with no time left asking to play records the forfeit', async () => {
    await post('/v1/scrabble/games', { id: 'late', ...START, at: at(0) }, arbiter);
    await post('/v1/scrabble/games/late/absent-clock', { seat: 1, at: at(1) }, arbiter);
    const r = await post('/v1/scrabble/games/late/arrivals', { seat: 1, choice: 'play', at: at(26 * 60) }, arbiter);
    expect(r.body.events.map((e: { type: string }) => e.type)).toEqual(['scrabble.LatePlayerArrived', 'scrabble.GameForfeited', 'scrabble.GameFinished']);
    expect(r.body.events[1].data).toMatchObject({ reason: 'absence-time-expired', rule: expect.stringContaining('如果時間已過，你必須放棄棋局') });
    expect((await get('/v1/scrabble/games/late').expect(200)).body).toMatchObject({
      phase: 'finished',
      result: { winner: 0, forfeit: true, scores: [100, 0] },
    });
  });

  it("item 15 — the game view reads the clock as of the request and says so, beside the last-event reading and the running side's start", async () => {
    await post('/v1/scrabble/games', { id: 'clk', ...START, at: at(0) }, arbiter);
    await post('/v1/scrabble/games/clk/draws', { seat: 0, tiles: 'AEINRST'.split(''), at: at(10) }, arbiter); // seat 0's clock starts at at(10)
    const t1 = Date.now();
    const v = (await get('/v1/scrabble/games/clk').expect(200)).body.clock;
    const t2 = Date.now();
    expect(v).toMatchObject({ running: 0, runningSince: at(10), atLastEvent: { at: at(10), remainingMs: [1_500_000, 1_500_000] } });
    const asOf = Date.parse(v.asOf);
    expect(asOf).toBeGreaterThanOrEqual(t1 - 1);
    expect(asOf).toBeLessThanOrEqual(t2 + 1);
    expect(v.remainingMs).toEqual([1_500_000 - (asOf - Date.parse(at(10))), 1_500_000]);
  });

  it('item 13 — GCG import keeps racks, exchanged letters and notes: the export gives back the same lines; what is not kept is said', async () => {
    const text = HAND_GAME.replace('>Ann: EEIXYZO -XYZ +0 43\n', '>Ann: EEIXYZO -XYZ +0 43\n#note kept the E pair\n');
    const r = await post('/v1/scrabble/games/import', { id: 'imp', gcg: `#title Club night\n${text}` }, arbiter);
    expect(r.body).toMatchObject({
      phase: 'finished',
      scores: [36, -7],
      players: [
        { nick: 'Ann', id: 'Ann', mapped: false },
        { nick: 'Bob', id: 'Bob', mapped: false },
      ],
    });
    expect(r.body.notKept).toEqual([
      expect.objectContaining({ line: 13, text: 'BCDEUFH' }), // the rack written on the (challenge) line
    ]);
    // Issue 30: the pragmas are the record's source headers; the view says it was imported and shows no clock.
    const sha256 = createHash('sha256').update(`#title Club night\n${text}`, 'utf8').digest('hex');
    expect(r.body.source).toMatchObject({ format: 'gcg', sha256, headers: expect.arrayContaining([['title', 'Club night']]) });
    expect((await get('/v1/scrabble/games/imp').expect(200)).body).toMatchObject({ imported: { format: 'gcg', sha256 }, clock: null });
    const out = await get('/v1/scrabble/games/imp/gcg').expect(200);
    expect(out.text.startsWith('#title Club night\n')).toBe(true);
    const lines = (t: string) => parseGcg(t).lines.map((l) => ({ ...l, lineNo: 0, rack: l.move.kind === 'challenge-bonus' ? null : l.rack }));
    expect(lines(out.text)).toEqual(lines(text));
    expect(out.text).toContain('>Ann: EEIXYZO -XYZ +0 43\n#note kept the E pair\n');
  });

  it('item 13 — a nickname that is not a valid player id is mapped and said; an import whose 10th move is illegal stores nothing and names `gcg`', async () => {
    const r = await post('/v1/scrabble/games/import', { id: 'nick', gcg: '#player1 José José Ruiz\n#player2 bob Bob\n>José: 8G QI +22 22\n' }, arbiter);
    expect(r.body.players[0]).toEqual({ nick: 'José', id: 'Jose', name: 'José Ruiz', mapped: true });
    expect((await get('/v1/scrabble/games/nick').expect(200)).body.players[0]).toEqual({ id: 'Jose', name: 'José Ruiz' });
    const lines = HAND_GAME.split('\n');
    const tenth = lines.findIndex((l) => l.startsWith('>')) + 9;
    lines[tenth] = '>Bob: BCDEFHK 1A ZZZ +0 15'; // not connected to the board: refused (its total agrees with the file's)
    const bad = await post('/v1/scrabble/games/import', { id: 'bad10', gcg: lines.join('\n') }, arbiter, 409);
    expect(bad.body).toMatchObject({ field: 'gcg' });
    await get('/v1/scrabble/games/bad10').expect(404);
    // Issue 30: a written running total contradicting the score is refused naming its line; nothing is stored.
    const wrongTotal = HAND_GAME.replace('>Ann: AJEEIXY 10F JA. +27 43', '>Ann: AJEEIXY 10F JA. +27 999');
    const refused = await post('/v1/scrabble/games/import', { id: 'total', gcg: wrongTotal }, arbiter, 422);
    expect(refused.body).toMatchObject({ field: 'gcg', detail: expect.stringContaining('line 6: the running total 999') });
    await get('/v1/scrabble/games/total').expect(404);
    const stream = await h
      .http()
      .get('/v1/streams/scrabble-game-bad10')
      .set('authorization', h.token('admin', [], 'root'));
    expect(stream.body.events ?? []).toEqual([]);
  });
});
