import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { readTrf } from '../libs/domain/pairing/dutch/index.js';
import { TRF_POINTS } from '../libs/domain/pairing/dutch/trf-read.js';
import { RecordsHarness } from './support/records-harness.js';

/**
 * Issue 29 (FIDE Handbook C.04.A: import, a pairings checker and a random tournament generator): a file generated
 * through the API imports through the TRF import as the same rounds, and the checker finds every round as the Dutch
 * rules pair it.
 */
describe('GET /v1/chess/random-tournament.trf (e2e)', () => {
  let h: RecordsHarness;
  let admin: string;
  let player: string;
  const URL = '/v1/chess/random-tournament.trf?players=12&rounds=5&seed=2&forfeitRate=0.05&withdrawRate=0.05&byeRate=0.1';

  beforeAll(async () => {
    h = await RecordsHarness.start();
    admin = h.token('admin');
    player = h.token('player', [], 'ann');
  });
  afterAll(async () => {
    await h.stop();
  });

  it('any token gets the same TRF-16 file for the same seed; it imports with its rounds and the checker agrees with each', async () => {
    const res = await h.get(URL, player).expect(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect((await h.get(URL, admin).expect(200)).text).toBe(res.text);
    expect((await h.get(URL.replace('seed=2&', 'seed=3&'), player).expect(200)).text).not.toBe(res.text);
    const file = readTrf(res.text);
    expect(file.players).toHaveLength(12);
    expect(file.plannedRounds).toBe(5);
    // Seed 2 gives forfeits, half-point byes (H, recorded as requested byes) and withdrawals (absences from then on).
    const codes = file.players.flatMap((p) => p.blocks.map((b) => b?.result));
    expect(codes).toEqual(expect.arrayContaining(['+', '-', 'H', 'Z', '1', '0']));

    const imported = await h.post('/v1/chess/tournaments/import/trf', { id: 'random-29', trf: res.text }, admin);
    expect(imported.body).toMatchObject({ id: 'random-29', rounds: 5 });
    expect(imported.body.discrepancies).toEqual([]);
    const summary = (await h.get('/v1/tournaments/random-29').expect(200)).body;
    expect(summary.roundsPlanned).toBe(5);
    const check = (await h.get('/v1/chess/tournaments/random-29/dutch-check').expect(200)).body;
    expect(check.rounds.map((r: { round: number; identical: boolean }) => [r.round, r.identical])).toEqual([1, 2, 3, 4, 5].map((r) => [r, true]));
    // The tournament's own export is the generated file's players and games: every round's blocks as generated.
    const exported = readTrf((await h.get('/v1/chess/tournaments/random-29/trf').expect(200)).text);
    const blocks = (f: typeof file) =>
      f.players.map((p) => p.blocks.map((b) => (b && b.opponent > 0 ? `${b.opponent}${b.colour}${b.result}` : (b?.result ?? ' '))));
    expect(blocks(exported)).toEqual(blocks(file));
    // The half-point byes count in the standings: each player's score is the generated file's points column.
    const rows = (await h.get('/v1/tournaments/random-29/standings?round=5').expect(200)).body.divisions[0].rows as Array<{ score: number }>;
    expect(rows.map((r) => r.score).sort()).toEqual(file.players.map((p) => p.blocks.reduce((s, b) => s + (b ? TRF_POINTS[b.result]! : 0), 0)).sort());
  });

  it('a file whose late rounds leave fewer than two players to pair keeps its XXR rounds; it imports and re-checks identical', async () => {
    const trf = (await h.get('/v1/chess/random-tournament.trf?players=8&rounds=6&seed=2&withdrawRate=0.3&byeRate=0.2', player).expect(200)).text;
    expect(readTrf(trf)).toMatchObject({ plannedRounds: 6, roundsInFile: 6 });
    await h.post('/v1/chess/tournaments/import/trf', { id: 'random-29-sparse', trf }, admin);
    const check = (await h.get('/v1/chess/tournaments/random-29-sparse/dutch-check').expect(200)).body;
    expect(check.rounds.map((r: { round: number; identical: boolean }) => [r.round, r.identical])).toEqual([1, 2, 3, 4, 5, 6].map((r) => [r, true]));
  });

  it('refuses anonymous callers (401) and sizes over the bounds with 400 naming the field', async () => {
    await h.get(URL, null).expect(401);
    const big = await h.get('/v1/chess/random-tournament.trf?players=201&rounds=5&seed=1', player).expect(400);
    expect(big.headers['content-type']).toMatch(/application\/problem\+json/);
    expect(big.body).toMatchObject({ type: expect.stringContaining('validation/failed'), field: 'players' });
    const long = await h.get('/v1/chess/random-tournament.trf?players=20&rounds=21&seed=1', player).expect(400);
    expect(long.body).toMatchObject({ field: 'rounds' });
    const rate = await h.get('/v1/chess/random-tournament.trf?players=20&rounds=3&seed=1&drawRate=2', player).expect(400);
    expect(rate.body).toMatchObject({ field: 'drawRate' });
    const small = await h.get('/v1/chess/random-tournament.trf?players=4&rounds=5&seed=1', player).expect(422);
    expect(small.body).toMatchObject({ type: expect.stringContaining('random-tournament/no-pairing'), field: 'rounds' });
  });
});
