import { describe, expect, it } from '@jest/globals';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Issue 7 item 1 / issue 8: a game or tournament command reaches the core through its runner only, never from a controller. */
describe('controllers never call the core to execute a command', () => {
  function* controllers(dir: string): Generator<string> {
    for (const name of readdirSync(dir)) {
      const p = join(dir, name);
      if (statSync(p).isDirectory()) yield* controllers(p);
      else if (name.endsWith('.controller.ts')) yield p;
    }
  }

  it('no file under libs/api named *.controller.ts executes through the core', () => {
    const root = new URL('../libs/api', import.meta.url).pathname;
    const found = [...controllers(root)];
    expect(found.length).toBeGreaterThan(3);
    const direct = found.filter((f) => /\bcore\s*\.\s*(execute\w*|commands\s*\.\s*execute\w*)\s*\(/.test(readFileSync(f, 'utf8')));
    expect(direct).toEqual([]);
  });
});
