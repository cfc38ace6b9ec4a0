import { describe, expect, it } from '@jest/globals';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dutchCheckCommand } from './dutch-check.js';
import { randomTournamentCommand } from './random-tournament.js';

/** Issue 29: the random tournament generator (FIDE Handbook C.04.A) as the CLI command `random-tournament`. */
function run(args: string[]): { code: number; out: string; err: string[] } {
  let out = '';
  const err: string[] = [];
  const code = randomTournamentCommand(
    args,
    (t) => (out += t),
    (l) => err.push(l),
  );
  return { code, out, err };
}

describe('random-tournament (C.04.A generator)', () => {
  it('prints a TRF-16 file; --out writes the same file and a summary; dutch-check agrees with every round', () => {
    const args = ['--players', '14', '--rounds', '5', '--seed', '9', '--forfeit-rate', '0.05', '--draw-rate', '0.4'];
    const printed = run(args);
    expect(printed.code).toBe(0);
    expect(printed.out).toMatch(/^012 Random tournament \(seed 9\)\n/);
    expect(printed.out).toContain('\nXXR 5\n');
    const file = join(mkdtempSync(join(tmpdir(), 'arbitra-random-')), 'random.trf');
    const written = run([...args, '--out', file]);
    expect(written.code).toBe(0);
    expect(written.out).toBe('');
    expect(readFileSync(file, 'utf8')).toBe(printed.out);
    expect(written.err[0]).toMatch(new RegExp(`^${file}: 5 round\\(s\\), 35 games \\(\\d+ drawn, \\d+ forfeited\\), 0 half-point byes, 0 withdrawn$`));
    const checked: string[] = [];
    expect(
      dutchCheckCommand(
        [file],
        (l) => checked.push(l),
        () => undefined,
      ),
    ).toBe(0);
    expect(checked.at(-1)).toBe('5 of 5 round(s) agree');
  });

  it('refuses a missing seed, an unknown option and a rate out of range with exit 2, naming them', () => {
    const missing = run(['--players', '10', '--rounds', '3']);
    expect(missing.code).toBe(2);
    expect(missing.err[0]).toMatch(/^--seed is required/);
    expect(run(['--players', '10', '--rounds', '3', '--seed', '1', '--colour', 'w']).code).toBe(2);
    const rate = run(['--players', '10', '--rounds', '3', '--seed', '1', '--bye-rate', 'often']);
    expect(rate.code).toBe(2);
    expect(rate.err[0]).toMatch(/^byeRate is a probability from 0 to 1; got NaN \(FIDE Handbook C\.04\.A/);
    expect(run(['--players', '1001', '--rounds', '3', '--seed', '1']).err[0]).toMatch(/^players must be a whole number from 2 to 1000/);
  });
});
