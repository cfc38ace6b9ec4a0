import { describe, expect, it } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomTournament } from '../libs/domain/pairing/dutch/index.js';

/**
 * Issue 29: files of the random tournament generator (C.04.A) checked by bbpPairings' own checker (`--dutch file -c`),
 * outside the default suite: it runs only when BBP_PAIRINGS names a bbpPairings executable.
 * Run: `BBP_PAIRINGS=/path/to/bbpPairings.exe npm run test:jest -- test/chess-random-tournament-bbp.spec.ts`.
 */
const BBP = process.env.BBP_PAIRINGS;
const CASES = [
  { players: 8, rounds: 5, seed: 1 },
  { players: 9, rounds: 5, seed: 2, forfeitRate: 0.05 },
  { players: 16, rounds: 7, seed: 3, drawRate: 0.5 },
  { players: 31, rounds: 7, seed: 4, forfeitRate: 0.05, byeRate: 0.03, withdrawRate: 0.02 },
  { players: 64, rounds: 9, seed: 5, forfeitRate: 0.03, byeRate: 0.02, withdrawRate: 0.02 },
];

(BBP ? describe : describe.skip)('random tournaments against bbpPairings -c (BBP_PAIRINGS set)', () => {
  it.each(CASES)(
    'C.04.A: bbpPairings’ checker finds every round of a generated file as its Dutch pairing: $players players, $rounds rounds, seed $seed',
    (config) => {
      const file = join(mkdtempSync(join(tmpdir(), 'arbitra-random-bbp-')), 'random.trf');
      writeFileSync(file, randomTournament(config).trf);
      // The checker lists each round it checked, and a "Checker pairings / Tournament pairings" table where they differ.
      const out = execFileSync(BBP as string, ['--dutch', file, '-c'], { encoding: 'utf8' });
      expect(out).toContain(`Round #${config.rounds}`);
      expect(out).not.toContain('Checker pairings');
    },
    60_000,
  );
});
