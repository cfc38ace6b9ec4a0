import { describe, expect, it } from '@jest/globals';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { trfCheckCommand } from './trf-import-check.js';

/** Issue 29 (C.04.A: TRF-16 import): the import's dry run as the CLI command `trf-check`. */
const FIXTURE = join(process.cwd(), 'test/fixtures/chess/dutch/bbp-1030.trf');

function run(args: string[]): { code: number; out: string[]; err: string[] } {
  const out: string[] = [];
  const err: string[] = [];
  const code = trfCheckCommand(
    args,
    (l) => out.push(l),
    (l) => err.push(l),
    '2026-12-02T10:00:00Z',
  );
  return { code, out, err };
}

describe('trf-check (C.04.A TRF-16 import, dry run)', () => {
  it('a file bbpPairings paired: what would be recorded and what is not kept, exit 0', () => {
    const r = run([FIXTURE]);
    expect(r.code).toBe(0);
    expect(r.out[0]).toBe('would record 12 players and 8 round(s) (77 commands)');
    expect(r.out).toContain('not kept, line 15: 092 FIDE_DUTCH_2025 (record 092 is not recorded by Arbitra)');
  });

  it('a file with a half-point bye requested in advance (TRF-16 H): recorded as the bye, exit 0', () => {
    const dir = mkdtempSync(join(tmpdir(), 'arbitra-trf-check-'));
    const file = join(dir, 'half.trf');
    writeFileSync(
      file,
      [
        '012 Half',
        '001    1      Ann Ames                          1800                             0.5    1  0000 - H',
        '001    2      Bea Bond                          1700                             0.0    2  0000 - Z',
        '',
      ].join('\n'),
    );
    const r = run([file]);
    expect(r.err).toEqual([]);
    expect(r.code).toBe(0);
    expect(r.out[0]).toMatch(/^would record 2 players and 1 round\(s\)/);
  });

  it('a file with a win against no one: refused naming the line, exit 1; no file: exit 2', () => {
    const dir = mkdtempSync(join(tmpdir(), 'arbitra-trf-check-'));
    const file = join(dir, 'win.trf');
    writeFileSync(file, '012 Win\n001    1      Ann Ames                          1800                             1.0    1  0000 - +\n');
    const r = run([file]);
    expect(r.code).toBe(1);
    expect(r.out[0]).toMatch(/^refused: line 2: round 1: result "\+" without an opponent cannot be recorded/);
    expect(run([]).code).toBe(2);
  });
});
