import { closeSync, fsyncSync, mkdirSync, openSync, readFileSync, renameSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';

/** Where the relay keeps the global position of the last event the broker acknowledged. */
export interface RelayCheckpoint {
  /** The saved position, or 0 when nothing was relayed yet. */
  load(): Promise<number>;
  /** Saves `position`; resolves once it is durable. */
  save(position: number): Promise<void>;
}

interface CheckpointFile {
  readonly position: number;
  readonly savedAt: string;
}

/**
 * A checkpoint in a small JSON file (`<dataDir>/relay-checkpoint.json` by default), replaced
 * atomically: written to a temp file, fsynced, renamed over the old one, directory fsynced. A
 * crash leaves either the old or the new position, never a torn file.
 */
export class JsonFileCheckpoint implements RelayCheckpoint {
  constructor(readonly path: string) {}

  async load(): Promise<number> {
    let text: string;
    try {
      text = readFileSync(this.path, 'utf8');
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return 0;
      throw e;
    }
    const parsed = JSON.parse(text) as Partial<CheckpointFile>;
    if (!Number.isInteger(parsed.position) || (parsed.position as number) < 0) {
      throw new Error(`relay checkpoint ${this.path} has no valid position: ${text.slice(0, 200)}`);
    }
    return parsed.position as number;
  }

  async save(position: number): Promise<void> {
    const dir = dirname(this.path);
    mkdirSync(dir, { recursive: true });
    const tmp = `${this.path}.tmp`;
    const body: CheckpointFile = { position, savedAt: new Date().toISOString() };
    const fd = openSync(tmp, 'w');
    try {
      writeSync(fd, `${JSON.stringify(body)}\n`);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(tmp, this.path);
    const dirFd = openSync(dir, 'r');
    try {
      fsyncSync(dirFd); // make the rename itself durable
    } finally {
      closeSync(dirFd);
    }
  }
}
