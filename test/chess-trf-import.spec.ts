import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseTrf, trfImportCommands } from '../libs/domain/exchange/index.js';
import { pair } from '../libs/domain/pairing/index.js';
import { pairTrfRound, readTrf, trfRound } from '../libs/domain/pairing/dutch/index.js';
import { initialColourOf } from '../libs/domain/pairing/dutch/check.js';
import type { TournamentCommand } from '../libs/domain/tournament/index.js';
import { pairingRequestFor } from '../libs/domain/tournament/pairing-request.js';
import { ctx, extend, stateOf } from '../libs/domain/tournament/testing/tournament.test-support.js';
import { RecordsHarness } from './support/records-harness.js';

/**
 * Issue 29 (FIDE Handbook C.04.A: an endorsed program imports TRF-16 as well as exports it): a tournament paired
 * elsewhere continues here. Rounds 1..k of a bbpPairings fixture are imported; round k+1 paired by Arbitra's
 * fide-dutch from the imported record is the pairing the Dutch engine gives from the file itself.
 */
const DIR = join(process.cwd(), 'test/fixtures/chess/dutch');
const SOURCE = { format: 'trf' as const, sha256: '0'.repeat(64), importedBy: 'admin-1', importedAt: '2026-12-02T10:00:00Z', headers: [] };

/** The file cut after round k, with XXR naming the rounds the whole file has (the last round's rules depend on it). */
export function truncate(text: string, k: number): string {
  const rounds = readTrf(text).roundsInFile;
  const lines = text.split(/\r\n|\r|\n/).map((l) => (l.startsWith('001') ? l.slice(0, 91 + 10 * k).trimEnd() : l));
  return [...lines.filter((l) => !l.startsWith('XXR')), `XXR ${rounds}`].join('\n');
}

function imported(text: string) {
  const plan = trfImportCommands(parseTrf(text), { id: 't1', name: 'Imported', source: SOURCE });
  return { plan, events: extend([], ...plan.commands.map((c) => ({ ...c, context: ctx('admin') }) as TournamentCommand)) };
}

describe('TRF-16 import continues a tournament (C.04.A)', () => {
  const files = readdirSync(DIR).filter((f) => f.endsWith('.trf'));
  const comparedIn = new Map<string, number>();
  it.each(files)('%s: rounds 1..k imported, round k+1 paired by fide-dutch as from the file itself', (name) => {
    const text = readFileSync(join(DIR, name), 'utf8');
    const full = readTrf(text);
    let compared = 0;
    for (let k = 1; k < full.roundsInFile; k++) {
      // Half- and full-point byes (H, F) are recorded as requested byes, with their points (issue 29).
      const { plan, events } = imported(truncate(text, k));
      const idOf = new Map(plan.players.map((p) => [String(p.startRank), p.id]));
      const paired = new Set(trfRound(full, k + 1).paired.map((tpn) => idOf.get(tpn)));
      const absent = plan.players.filter((p) => !paired.has(p.id));
      const t = stateOf(
        extend(events, ...absent.map((p) => ({ type: 'tournament.mark-absent', context: ctx(), data: { playerId: p.id, round: k + 1 } }) as TournamentCommand)),
      );
      const initialColour = initialColourOf(full) === 'B' ? 'black' : 'white';
      const ours = pair('fide-dutch', pairingRequestFor(t, 'main', k + 1, 'seed', { initialColour }, 'fide-dutch'));
      const direct = pairTrfRound(full, k + 1);
      expect(ours.games.map((g) => [g.first, g.second])).toEqual(direct.games.map((g) => [idOf.get(g.white), idOf.get(g.black)]));
      expect(ours.bye).toBe(direct.bye === null ? null : idOf.get(direct.bye));
      compared++;
    }
    expect(compared).toBe(full.roundsInFile - 1);
    comparedIn.set(name, compared);
  });

  it('compares the rounds of every fixture, half- and full-point byes included: at least 108 rounds in 15 files', () => {
    const counts = [...comparedIn.values()];
    expect(counts.filter((c) => c > 0).length).toBeGreaterThanOrEqual(15);
    expect(counts.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(108);
  });
});

describe('POST /v1/chess/tournaments/import/trf (e2e)', () => {
  let h: RecordsHarness;
  let admin: string;
  const text = readFileSync(join(DIR, 'bbp-1030.trf'), 'utf8');

  beforeAll(async () => {
    h = await RecordsHarness.start();
    admin = h.token('admin');
  });
  afterAll(async () => {
    await h.stop();
  });

  it('records rounds 1..k with their source; round k+1 paired through the API is the file’s; export → import → export is the same file', async () => {
    const full = readTrf(text);
    const k = 4;
    const cut = truncate(text, k);
    const res = await h.post('/v1/chess/tournaments/import/trf', { id: 'trf-1030', trf: cut }, admin);
    expect(res.body).toMatchObject({ id: 'trf-1030', rounds: k });
    // The cut file keeps the whole tournament's points column: each contradiction is listed with its line, not dropped.
    const discrepancies = res.body.discrepancies as Array<{ line: number; why: string }>;
    expect(discrepancies.length).toBeGreaterThan(0);
    expect(discrepancies[0]).toMatchObject({
      line: expect.any(Number),
      why: expect.stringMatching(/^the points column says [\d.]+; the results written give [\d.]+$/),
    });
    expect(res.body.players[0]).toEqual({ startRank: 1, id: 'test0001-player0001', name: 'Test0001 Player0001', line: 2 });
    expect(res.body.notKept).toEqual([{ line: expect.any(Number), text: '092 FIDE_DUTCH_2025', why: 'record 092 is not recorded by Arbitra' }]);
    const summary = (await h.get('/v1/tournaments/trf-1030').expect(200)).body;
    expect(summary.imported).toMatchObject({
      format: 'trf',
      sha256: createHash('sha256').update(cut, 'utf8').digest('hex'),
      importedBy: 'admin-1',
      discrepancies,
    });
    expect(summary.pairingSystems).toEqual(['fide-dutch']);
    expect(summary.roundsPlanned).toBe(full.roundsInFile);

    const idOf = new Map<string, string>(res.body.players.map((p: { startRank: number; id: string }) => [String(p.startRank), p.id]));
    const paired = new Set(trfRound(full, k + 1).paired.map((tpn) => idOf.get(tpn)));
    for (const [, id] of idOf) if (!paired.has(id)) await h.post(`/v1/tournaments/trf-1030/players/${id}/absences`, { round: k + 1 }, admin);
    const initialColour = initialColourOf(full) === 'B' ? 'black' : 'white';
    const pairing = await h.post(
      `/v1/tournaments/trf-1030/rounds/${k + 1}/pairings`,
      { kind: 'system', system: 'fide-dutch', options: { initialColour } },
      admin,
    );
    const direct = pairTrfRound(full, k + 1);
    const games = pairing.body.events[0].data.games as Array<{ first: string; second: string }>;
    expect(games.map((g) => [g.first, g.second])).toEqual(direct.games.map((g) => [idOf.get(g.white), idOf.get(g.black)]));

    const exported = (await h.get('/v1/chess/tournaments/trf-1030/trf').expect(200)).text;
    await h.post('/v1/chess/tournaments/import/trf', { id: 'trf-1030-again', trf: exported }, admin);
    const again = (await h.get('/v1/chess/tournaments/trf-1030-again/trf').expect(200)).text;
    expect(again).toBe(exported);
  });

  it('refuses a file that is not TRF-16, naming the line; a win without an opponent is refused naming its line; nothing is recorded', async () => {
    const bad = await h.post('/v1/chess/tournaments/import/trf', { id: 'trf-bad', trf: text.replace(/^(001 {4}2.{86})\S/m, '$1x') }, admin, 422);
    expect(bad.body).toMatchObject({ type: expect.stringContaining('exchange/trf-unreadable'), field: 'trf', line: 3 });
    const win = `012 Win\n001    1      Ann Ames                          1800                             1.0    1  0000 - +\n`;
    const refused = await h.post('/v1/chess/tournaments/import/trf', { id: 'trf-win', trf: win }, admin, 422);
    expect(refused.body).toMatchObject({ field: 'trf', line: 2 });
    expect(refused.body.detail).toMatch(/^line 2: round 1: result "\+" without an opponent cannot be recorded/);
    await h.get('/v1/tournaments/trf-win').expect(404);
  });

  it('records half-, full- and zero-point byes (H, F, Z) with their points, and exports them as written', async () => {
    const pad = (s: string, n: number) => s.padEnd(n, ' ');
    const line = (rank: number, name: string, rating: number, points: string, blocks: string[]) =>
      `${pad(`001 ${String(rank).padStart(4)}      ${name}`, 48)}${rating}${' '.repeat(28)}${points.padStart(4)}${'0'.padStart(5)}  ${blocks.join('  ')}`;
    const trf = [
      '012 Byes',
      'XXR 2',
      line(1, 'Ann Ames', 1900, '1.5', ['   2 w 1', '0000 - H']),
      line(2, 'Bob Burr', 1800, '1.0', ['   1 b 0', '0000 - F']),
      line(3, 'Cy Cole', 1700, '2.0', ['0000 - U', '   4 w 1']),
      line(4, 'Di Dunn', 1600, '0.0', ['0000 - Z', '   3 b 0']),
    ].join('\n');
    const res = await h.post('/v1/chess/tournaments/import/trf', { id: 'trf-byes', trf }, admin);
    expect(res.body.discrepancies).toEqual([]);
    const body = (await h.get('/v1/tournaments/trf-byes/standings?round=2').expect(200)).body;
    const standings = body.divisions[0].rows as Array<{ player: string; score: number }>;
    expect(Object.fromEntries(standings.map((r) => [r.player.split('-')[0], r.score]))).toEqual({ ann: 1.5, bob: 1, cy: 2, di: 0 });
    const exported = readTrf((await h.get('/v1/chess/tournaments/trf-byes/trf').expect(200)).text);
    expect(exported.players.map((p) => p.blocks.map((b) => b?.result))).toEqual([
      ['1', 'H'],
      ['0', 'F'],
      ['U', '1'],
      ['Z', '0'],
    ]);
  });
});
