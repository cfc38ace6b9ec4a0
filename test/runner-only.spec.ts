import { describe, expect, it } from '@jest/globals';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

/**
 * Issue 7 item 1 / issue 8: a command reaches the core through one of the two runners only
 * (`command-request.ts` for records and tournaments, `games/game-runner.ts` for games), never
 * from a controller, a helper or a guard anywhere else in the HTTP layer.
 */
describe('only the runners execute commands through the core', () => {
  const RUNNERS = new Set(['command-request.ts', 'games/game-runner.ts']);
  const EXECUTES = /\.\s*(execute\w*|commands\s*\.\s*execute\w*)\s*\(/;

  function* sources(dir: string): Generator<string> {
    for (const name of readdirSync(dir)) {
      const p = join(dir, name);
      if (statSync(p).isDirectory()) yield* sources(p);
      else if (name.endsWith('.ts') && !name.endsWith('.spec.ts')) yield p;
    }
  }

  const root = new URL('../libs/api', import.meta.url).pathname;
  const files = [...sources(root)].map((f) => relative(root, f));

  it('the runners exist and do execute (the scan would notice if they were renamed)', () => {
    for (const runner of RUNNERS) {
      expect(files).toContain(runner);
      expect(readFileSync(join(root, runner), 'utf8')).toMatch(EXECUTES);
    }
  });

  it('no other file under libs/api calls execute on anything', () => {
    expect(files.length).toBeGreaterThan(10);
    const direct = files.filter((f) => !RUNNERS.has(f) && EXECUTES.test(readFileSync(join(root, f), 'utf8')));
    expect(direct).toEqual([]);
  });
});
