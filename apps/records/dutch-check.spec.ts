import { describe, expect, it } from '@jest/globals';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dutchCheckCommand } from './dutch-check.js';

/** Issue 29: the pairings checker (FIDE Handbook C.04.A) as the CLI command `dutch-check`. */
const FIXTURE = join(process.cwd(), 'test/fixtures/chess/dutch/bbp-1030.trf');

function run(args: string[]): { code: number; out: string[]; err: string[] } {
  const out: string[] = [];
  const err: string[] = [];
  const code = dutchCheckCommand(
    args,
    (l) => out.push(l),
    (l) => err.push(l),
  );
  return { code, out, err };
}

describe('dutch-check (C.04.A pairings checker)', () => {
  it('a file bbpPairings paired: every round agrees, exit 0', () => {
    const r = run([FIXTURE]);
    expect(r.code).toBe(0);
    expect(r.out.at(-1)).toBe('8 of 8 round(s) agree');
    expect(r.out[0]).toBe('round 1: as the Dutch rules pair it (C.04.3)');
  });

  it('the last round with every colour swapped: same pairs, other colours, exit 1; --from skips earlier rounds', () => {
    // Round 8's colour is at column 167 (index 166) of each player line.
    const at = 91 + 10 * 7 + 5;
    const text = readFileSync(FIXTURE, 'utf8')
      .split(/(\r\n|\r|\n)/)
      .map((l) => (l.startsWith('001') && l.length > at ? `${l.slice(0, at)}${l[at] === 'w' ? 'b' : l[at] === 'b' ? 'w' : l[at]}${l.slice(at + 1)}` : l))
      .join('');
    const file = join(mkdtempSync(join(tmpdir(), 'arbitra-dutch-check-')), 'swapped.trf');
    writeFileSync(file, text);
    const r = run([file, '--from', '8']);
    expect(r.code).toBe(1);
    expect(r.out[0]).toBe('round 8: same pairs, other colours');
    expect(r.out[1]).toMatch(/^ {2}colours of .* white \(engine E\.\d\)$/);
    expect(r.out.at(-1)).toBe('0 of 1 round(s) agree');
  });

  it('refuses a missing file or a bad --from with exit 2', () => {
    expect(run([]).code).toBe(2);
    expect(run([FIXTURE, '--from', '0']).code).toBe(2);
    expect(run(['/nonexistent/file.trf']).err[0]).toMatch(/^cannot read/);
  });
});
