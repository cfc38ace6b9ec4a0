import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { RecordsHarness } from './support/records-harness.js';

/** An adversarial review of the command path: what a retry, a correction or a refusal leaves in the log. */
describe('review of the command path', () => {
  let h: RecordsHarness;

  beforeAll(async () => {
    h = await RecordsHarness.start();
  });
  afterAll(async () => {
    await h.stop();
  });

  it('an import retried under its Idempotency-Key with another record is a 422 naming the key, and the first record stands', async () => {
    const arbiter = h.token('arbiter', [], 'arb-review');
    const players = [
      { id: 'ra', name: 'A' },
      { id: 'rb', name: 'B' },
    ];
    const pgn = '[Event "Club"]\n[White "A"]\n[Black "B"]\n[Result "0-1"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n';
    const other = '[Event "Club"]\n[White "A"]\n[Black "B"]\n[Result "1-0"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n';
    const key = { 'idempotency-key': 'review-import-0001' };
    const first = await h.post('/v1/chess/games/import', { id: 'review-import', pgn, players }, arbiter, 201, key);
    const head = await h.core.store.headPosition();
    const reused = await h.post('/v1/chess/games/import', { id: 'review-import', pgn: other, players }, arbiter, 422, key);
    expect(reused.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(reused.body).toMatchObject({ type: 'urn:arbitra:problem:command/idempotency-key-reused', field: 'Idempotency-Key' });
    expect(await h.core.store.headPosition()).toBe(head);
    // The same record under the key is still its retry.
    const retry = await h.post('/v1/chess/games/import', { id: 'review-import', pgn, players }, arbiter, 201, key);
    expect(retry.body).toMatchObject({ duplicate: true, revision: first.body.revision });
    // A tournament file too (one append of many commands, runSequence).
    const admin = h.token('admin');
    const tsh = (bob: number) => ({ id: 'review-tsh', name: 'Review TSH', divisions: [{ name: 'A', t: `Ann Lee 1500 2; 400\nBob Ray 1400 1; ${bob}\n` }] });
    await h.post('/v1/scrabble/tournaments/import/tsh', tsh(350), admin, 201, { 'idempotency-key': 'review-tsh-0001' });
    const tshReused = await h.post('/v1/scrabble/tournaments/import/tsh', tsh(450), admin, 422, { 'idempotency-key': 'review-tsh-0001' });
    expect(tshReused.body).toMatchObject({ type: 'urn:arbitra:problem:command/idempotency-key-reused', field: 'Idempotency-Key' });
    expect((await h.post('/v1/scrabble/tournaments/import/tsh', tsh(350), admin, 201, { 'idempotency-key': 'review-tsh-0001' })).body.duplicate).toBe(true);
    const game = await h.get('/v1/chess/games/review-import').expect(200);
    expect(game.body.result).toMatchObject({ winner: 1 }); // seat 1, Black: the first record's 0-1
  });

  it('a result correction that repeats the recorded result is refused 422 naming result, and nothing is recorded', async () => {
    const T = 'review-correct';
    const chief = h.token('chief-arbiter', [T], 'td-review');
    const arbiter = h.token('arbiter', [T], 'arb-review-c');
    const players = [
      { id: 'a', name: 'Ann' },
      { id: 'b', name: 'Bob' },
    ];
    await h.publishedRound1({ id: T, name: 'Review Correct', discipline: 'scrabble' }, players, ['a', 'b'], chief, arbiter);
    const recorded = { kind: 'played', outcome: 'first', score: { first: 400, second: 350 } };
    await h.post(`/v1/tournaments/${T}/rounds/1/results`, { table: 1, result: recorded }, arbiter);
    const head = await h.core.store.headPosition();
    const same = await h.post(`/v1/tournaments/${T}/rounds/1/results/1/corrections`, { result: recorded, reason: 'checked the sheet' }, arbiter, 422);
    expect(same.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(same.body).toMatchObject({ type: 'urn:arbitra:problem:tournament/correction-unchanged', field: 'result' });
    expect(same.body.rule).toMatch(/correction changes what it corrects/);
    expect(await h.core.store.headPosition()).toBe(head);
    // A correction that changes the result is recorded, naming what it corrects and who decided.
    const changed = { kind: 'played', outcome: 'first', score: { first: 410, second: 350 } };
    const ok = await h.post(`/v1/tournaments/${T}/rounds/1/results/1/corrections`, { result: changed, reason: 'sheet said 410' }, arbiter);
    expect(ok.body.events[0]).toMatchObject({
      type: 'tournament.ResultCorrected',
      data: { corrects: { score: { first: 400 } }, result: { score: { first: 410 } }, decidedBy: { id: 'arb-review-c', role: 'arbiter' } },
    });
    // The public round shows the correction beside what it corrects, and who decided.
    const pub = (await h.get(`/v1/tournaments/${T}/rounds/1/results`).expect(200)).body;
    expect(pub.corrections).toEqual([
      expect.objectContaining({
        table: 1,
        corrects: expect.objectContaining({ score: { first: 400, second: 350 } }),
        decidedBy: { id: 'arb-review-c', role: 'arbiter' },
      }),
    ]);
  });

  it('an appeal against a decision in a game linked to no tournament is refused 422 naming contestedEventId, and nothing is recorded', async () => {
    const T = 'review-appeal';
    const chief = h.token('chief-arbiter', [T], 'td-appeal');
    const arbiter = h.token('arbiter', [T], 'arb-appeal');
    const players = [
      { id: 'w', name: 'White' },
      { id: 'b', name: 'Black' },
    ];
    await h.publishedRound1({ id: T, name: 'Review Appeal', discipline: 'chess-rapid' }, players, ['w', 'b'], chief, arbiter);
    // The same two players meet in a casual game, under an arbiter of no tournament, who penalises Black.
    const casual = h.token('arbiter', [], 'arb-casual');
    await h.post('/v1/chess/games', { id: 'review-casual', players, timeControl: { minutes: 30 } }, casual);
    await h.post('/v1/chess/games/review-casual/moves', { seat: 0, move: 'e4' }, casual);
    const penalty = await h.post(
      '/v1/chess/games/review-casual/penalties',
      { seat: 1, penalty: { kind: 'time-to-opponent' }, rule: 'rapid rules 24', reason: 'noise' },
      casual,
    );
    const head = await h.core.store.headPosition();
    const lodged = await h.post(
      '/v1/appeals',
      {
        tournamentId: T,
        contestedEventId: penalty.body.events[0].id,
        appellant: { id: 'b', capacity: 'player', forPlayer: 'b' },
        grounds: 'the phone was not mine',
        remedySought: 'the penalty is cancelled',
        deposit: 100,
      },
      h.token('player', [T], 'b'),
      422,
    );
    expect(lodged.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(lodged.body).toMatchObject({ type: 'urn:arbitra:problem:appeals/other-tournament', field: 'contestedEventId' });
    expect(lodged.body.rule).toMatch(/heard in the tournament of the decision/);
    expect(await h.core.store.headPosition()).toBe(head);
  });
});
