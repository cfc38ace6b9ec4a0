import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RecordsHarness } from './support/records-harness.js';

/**
 * Issue 13: the FIDE TRF-16 export checked by bbpPairings' checker (`--dutch file -c`), outside the default suite:
 * it runs only when BBP_PAIRINGS names a bbpPairings executable (built from https://github.com/BieremaBoyzProgramming/bbpPairings
 * with `make`); otherwise it is skipped. Round 1 is paired as the FIDE Dutch system pairs four rated players
 * (top half against bottom half, colours alternating by board), so the checker must find nothing to report.
 * Run: `BBP_PAIRINGS=/path/to/bbpPairings.exe npm run test:jest -- test/chess-trf-bbp.e2e.spec.ts`.
 */
const BBP = process.env.BBP_PAIRINGS;
const PLAYERS = [
  { id: 'p1', name: 'Alpha, Ann', rating: 2000 },
  { id: 'p2', name: 'Beta, Bob', rating: 1900 },
  { id: 'p3', name: 'Gamma, Cat', rating: 1800 },
  { id: 'p4', name: 'Delta, Dan', rating: 1700 },
];

(BBP ? describe : describe.skip)('FIDE TRF-16 export against bbpPairings -c (BBP_PAIRINGS set)', () => {
  let h: RecordsHarness;
  let chief: string;
  const TID = 'trf-check';
  const post = (path: string, body: object) => h.post(path, body, chief, 201);

  beforeAll(async () => {
    h = await RecordsHarness.start();
    chief = h.token('chief-arbiter', [TID], 'chief-1');
  });
  afterAll(async () => {
    await h.stop();
  });

  it('the exported file of a Dutch-paired first round passes the checker', async () => {
    await post('/v1/tournaments', { id: TID, name: 'TRF Check', discipline: 'chess-rapid', roundsPlanned: 3, pairingSystems: ['round-robin'] });
    for (const p of PLAYERS) await post(`/v1/tournaments/${TID}/players`, p);
    // FIDE Dutch, round 1: S1 = {1, 2} against S2 = {3, 4}; board 1 the higher-ranked player White, board 2 Black.
    const games = [
      { table: 1, first: 'p1', second: 'p3' },
      { table: 2, first: 'p4', second: 'p2' },
    ];
    await post(`/v1/tournaments/${TID}/rounds/1/pairings`, { kind: 'manual', reason: 'FIDE Dutch round 1', games, tables: [], bye: null, day: '2026-12-05' });
    await post(`/v1/tournaments/${TID}/rounds/1/publish`, {});
    await post(`/v1/tournaments/${TID}/rounds/1/results`, { table: 1, result: { kind: 'played', outcome: 'first' } });
    await post(`/v1/tournaments/${TID}/rounds/1/results`, { table: 2, result: { kind: 'played', outcome: 'draw' } });
    const trf = (await h.get(`/v1/chess/tournaments/${TID}/trf`, null).expect(200)).text;
    // XXR: the rounds planned, which bbpPairings needs beside the TRF-16 records.
    const file = join(mkdtempSync(join(tmpdir(), 'arbitra-trf-')), 'export.trf');
    writeFileSync(file, `${trf.trimEnd()}\nXXR 3\n`);
    const out = execFileSync(BBP as string, ['--dutch', file, '-c'], { encoding: 'utf8' });
    // The checker reads the file (exit 0; a score not matching the results or a contradicted game is an error, exit 3)
    // and lists each round it checked, followed by a "Checker pairings / Tournament pairings" table where they differ.
    expect(out).toContain('Round #1');
    expect(out).not.toContain('Checker pairings');
  });
});
