import { describe, expect, it } from '@jest/globals';
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { JsonFileCheckpoint } from './relay-checkpoint.js';

const dir = () => mkdtempSync(join(tmpdir(), 'arbitra-checkpoint-'));

describe('JsonFileCheckpoint', () => {
  it('starts at 0, then returns what was saved, leaving no temp file behind', async () => {
    const d = join(dir(), 'nested');
    const cp = new JsonFileCheckpoint(join(d, 'relay-checkpoint.json'));
    expect(await cp.load()).toBe(0);
    await cp.save(42);
    await cp.save(57);
    expect(await new JsonFileCheckpoint(join(d, 'relay-checkpoint.json')).load()).toBe(57);
    expect(readdirSync(d)).toEqual(['relay-checkpoint.json']);
  });

  it('refuses a file without a valid position instead of starting over from 0', async () => {
    const path = join(dir(), 'relay-checkpoint.json');
    writeFileSync(path, '{"position":-3}');
    await expect(new JsonFileCheckpoint(path).load()).rejects.toThrow(/no valid position/);
  });
});
