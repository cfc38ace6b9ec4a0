import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RecordsHarness } from './support/records-harness.js';

/**
 * Issue 29: the FIDE Dutch system (C.04.3) through HTTP. A chess tournament gets `fide-dutch` by default; rounds are
 * paired with colours and an explanation naming the criteria; an absence, a forfeit, a late entry and the
 * pairing-allocated bye come from the record. When BBP_PAIRINGS names a bbpPairings executable, the exported TRF of
 * the rounds paired here is also given to its checker (`--dutch file -c`), which must find nothing to report.
 */
const BBP = process.env.BBP_PAIRINGS;
type Game = { table: number; first: string; second: string };

describe('FIDE Dutch pairing through the API (issue 29)', () => {
  let h: RecordsHarness;
  let chief: string;
  const T = 'dutch-open';
  const post = (path: string, body: object, status = 201) => h.post(path, body, chief, status);
  const pairRound = async (round: number) => {
    const res = await post(`/v1/tournaments/${T}/rounds/${round}/pairings`, { kind: 'system', system: 'fide-dutch' });
    await post(`/v1/tournaments/${T}/rounds/${round}/publish`, {});
    return res.body.events[0].data as { games: Game[]; bye: string | null; explanation: string[] };
  };

  beforeAll(async () => {
    h = await RecordsHarness.start();
    chief = h.token('chief-arbiter', [T, 'dutch-scrabble', 'dutch-byes', 'scrabble-byes'], 'chief-1');
  });
  afterAll(async () => {
    await h.stop();
  });

  it('fide-dutch pairs chess only, and is the chess default when the tournament names no system', async () => {
    const refused = await post('/v1/tournaments', { id: 'dutch-scrabble', name: 'Not chess', discipline: 'scrabble', pairingSystems: ['fide-dutch'] }, 422);
    expect(refused.body).toMatchObject({ type: 'urn:arbitra:problem:tournament/pairing-system-discipline', field: 'pairingSystems' });
    const created = await post('/v1/tournaments', { id: T, name: 'Dutch Open', discipline: 'chess-rapid', roundsPlanned: 4 });
    expect(created.body.events[0].data.pairingSystems).toEqual(['fide-dutch']);
  });

  it('C.04.3 round 1: S1 against S2 with alternating colours (E.5), the bye to the lowest; then an absence, a forfeit and a late entry', async () => {
    const players = ['p1', 'p2', 'p3', 'p4', 'p5', 'p6', 'p7'];
    for (const [i, id] of players.entries()) await post(`/v1/tournaments/${T}/players`, { id, name: `Player ${id}`, rating: 2400 - i * 50 });
    const r1 = await pairRound(1);
    // Seven players: S1 = 1–3, S2 = 4–6; the top seed (odd) takes the initial colour white, seed 2 black, seed 3 white.
    expect(r1.games).toEqual([
      { table: 1, first: 'p1', second: 'p4' },
      { table: 2, first: 'p5', second: 'p2' },
      { table: 3, first: 'p3', second: 'p6' },
    ]);
    expect(r1.bye).toBe('p7');
    expect(r1.explanation.join('\n')).toMatch(/C\.04\.3/);
    expect(r1.explanation.join('\n')).toMatch(/E\.5 ×3/);
    await post(`/v1/tournaments/${T}/rounds/1/results`, { table: 1, result: { kind: 'played', outcome: 'first' } });
    await post(`/v1/tournaments/${T}/rounds/1/results`, { table: 2, result: { kind: 'played', outcome: 'first' } });
    await post(`/v1/tournaments/${T}/rounds/1/results`, { table: 3, result: { kind: 'forfeit', absent: 'second' } });

    // Round 2: p6 announced absent, p8 joins late. Winners p1, p5, p3 (forfeit) and p7 (bye) score 1.
    await post(`/v1/tournaments/${T}/players/p6/absences`, { round: 2, reason: 'travelling' });
    await post(`/v1/tournaments/${T}/players`, { id: 'p8', name: 'Player p8', rating: 2500, joinsAtRound: 2 });
    const r2 = await pairRound(2);
    const seated = [...r2.games.flatMap((g) => [g.first, g.second]), ...(r2.bye ? [r2.bye] : [])].sort();
    expect(seated).toEqual(['p1', 'p2', 'p3', 'p4', 'p5', 'p7', 'p8']);
    // C.2: p7 already had the pairing-allocated bye and p3 a forfeit win, so neither takes it; C.1: no rematch.
    expect(['p3', 'p7']).not.toContain(r2.bye);
    const r1Pairs = new Set(r1.games.map((g) => [g.first, g.second].sort().join()));
    for (const g of r2.games) expect(r1Pairs.has([g.first, g.second].sort().join())).toBe(false);
    // The 1-point bracket p1, p3, p5, p7: p1 (white in round 1) and p5 (white) want black, p3's forfeit left it no colour.
    expect(r2.explanation.some((l) => l.startsWith('bracket 1:'))).toBe(true);
    for (const g of r2.games) if (g.first === 'p1' || g.second === 'p1') expect(g.second).toBe('p1');
  });

  it('GET /v1/chess/tournaments/:id/dutch-check: the published rounds, re-paired from the TRF-16 export, agree (C.04.A)', async () => {
    const res = await h.get(`/v1/chess/tournaments/${T}/dutch-check`, null).expect(200);
    expect(res.body).toMatchObject({ tournament: T, division: 'main' });
    expect(res.body.rounds.map((r: { round: number; identical: boolean; details: string[] }) => [r.round, r.identical, r.details])).toEqual([
      [1, true, []],
      [2, true, []],
    ]);
    await h.get('/v1/chess/tournaments/dutch-scrabble/dutch-check', null).expect(404);
  });

  it('a half-point bye requested in advance (TRF-16 H): recorded on the absence, counted, exported as H; the check agrees', async () => {
    const B = 'dutch-byes';
    await post('/v1/tournaments', { id: B, name: 'Byes Open', discipline: 'chess-rapid', roundsPlanned: 3, profile: { requestedByes: ['half'] } });
    for (const [i, id] of ['b1', 'b2', 'b3', 'b4', 'b5'].entries())
      await post(`/v1/tournaments/${B}/players`, { id, name: `Player ${id}`, rating: 2300 - i * 50 });
    const half = await post(`/v1/tournaments/${B}/players/b5/absences`, { round: 1, bye: 'half' });
    expect(half.body.events[0].data).toEqual({ playerId: 'b5', round: 1, reason: null, bye: 'half' });
    const notOffered = await post(`/v1/tournaments/${B}/players/b4/absences`, { round: 1, bye: 'full' }, 422);
    expect(notOffered.body).toMatchObject({ type: 'urn:arbitra:problem:tournament/requested-bye', field: 'bye' });
    expect(notOffered.headers['content-type']).toMatch(/application\/problem\+json/);
    expect((await post(`/v1/tournaments/${B}/players/b4/absences`, { round: 1, bye: 'quarter' }, 400)).body).toMatchObject({ field: 'bye' });
    await post('/v1/tournaments', { id: 'scrabble-byes', name: 'Scrabble', discipline: 'scrabble', pairingSystems: ['random'] });
    await post('/v1/tournaments/scrabble-byes/players', { id: 's1', name: 'Player s1' });
    expect((await post('/v1/tournaments/scrabble-byes/players/s1/absences', { round: 1, bye: 'half' }, 422)).body).toMatchObject({ field: 'bye' });

    const r1 = await post(`/v1/tournaments/${B}/rounds/1/pairings`, { kind: 'system', system: 'fide-dutch' });
    const games = r1.body.events[0].data.games as Game[];
    expect([games.flatMap((g) => [g.first, g.second]).sort(), r1.body.events[0].data.bye]).toEqual([['b1', 'b2', 'b3', 'b4'], null]);
    await post(`/v1/tournaments/${B}/rounds/1/publish`, {});
    for (const g of games) await post(`/v1/tournaments/${B}/rounds/1/results`, { table: g.table, result: { kind: 'played', outcome: 'first' } });
    const rows = (await h.get(`/v1/tournaments/${B}/standings?round=1`, null).expect(200)).body.divisions[0].rows as Array<{ player: string; score: number }>;
    expect(rows.find((r) => r.player === 'b5')?.score).toBe(0.5);
    const trf = (await h.get(`/v1/chess/tournaments/${B}/trf`, null).expect(200)).text;
    expect(
      trf
        .split('\n')
        .find((l) => l.startsWith('001') && l.includes('Player b5'))
        ?.slice(91, 99),
    ).toBe('0000 - H');
    await post(`/v1/tournaments/${B}/rounds/2/pairings`, { kind: 'system', system: 'fide-dutch' });
    await post(`/v1/tournaments/${B}/rounds/2/publish`, {});
    const check = (await h.get(`/v1/chess/tournaments/${B}/dutch-check`, null).expect(200)).body;
    expect(check.rounds.map((r: { round: number; identical: boolean }) => [r.round, r.identical])).toEqual([
      [1, true],
      [2, true],
    ]);
  });

  (BBP ? it : it.skip)('bbpPairings checker agrees with the rounds paired here (BBP_PAIRINGS set)', async () => {
    const doc = await h.get(`/v1/tournaments/${T}/rounds/2/pairings`, null).expect(200);
    for (const g of doc.body.games as Game[])
      await post(`/v1/tournaments/${T}/rounds/2/results`, { table: g.table, result: { kind: 'played', outcome: 'draw' } });
    const trf = (await h.get(`/v1/chess/tournaments/${T}/trf`, null).expect(200)).text;
    const file = join(mkdtempSync(join(tmpdir(), 'arbitra-dutch-')), 'dutch.trf');
    writeFileSync(file, `${trf.trimEnd()}\nXXR 4\n`);
    const out = execFileSync(BBP as string, ['--dutch', file, '-c'], { encoding: 'utf8' });
    expect(out).not.toContain('Checker pairings');
  });
});
