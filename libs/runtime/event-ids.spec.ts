import { describe, expect, it } from '@jest/globals';
import { v7 as uuidv7 } from 'uuid';
import { eventIdFor } from './command-types.js';

const UUID_V8 = /^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('event ids from command ids', () => {
  it('are the same for the same command and index (a retried command dedupes in the store), different otherwise', () => {
    for (const commandId of [uuidv7(), 'key:arbiter:a1:move-0001', 'pm:result-poster:e1:0']) {
      expect(eventIdFor(commandId, 0)).toBe(eventIdFor(commandId, 0));
      expect(eventIdFor(commandId, 0)).not.toBe(eventIdFor(commandId, 1));
      expect(eventIdFor(commandId, 0)).toMatch(UUID_V8);
    }
    expect(eventIdFor('key:arbiter:a1:move-0001', 0)).not.toBe(eventIdFor('key:arbiter:a1:move-0002', 0));
  });

  it('of a server-made (UUIDv7) command id keep its time first, so they sort as the commands were made', () => {
    const commands = Array.from({ length: 2000 }, () => uuidv7());
    const events = commands.map((c) => eventIdFor(c, 0));
    for (const [i, e] of events.entries()) expect(e.slice(0, 13)).toBe(commands[i].slice(0, 13));
    // Made in sequence: the ids of later commands' events never sort before an earlier millisecond's.
    const times = events.map((e) => e.slice(0, 13));
    expect(times).toEqual([...times].sort());
    expect(new Set(events).size).toBe(events.length);
  });

  it('of a client’s Idempotency-Key that is a UUIDv7 keep the key’s time first; a retry gets the same ids, another caller other ids', () => {
    const keys = Array.from({ length: 500 }, () => uuidv7());
    const ids = keys.map((k) => eventIdFor(`key:arbiter:a1:${k}`, 0));
    for (const [i, id] of ids.entries()) {
      expect(id.slice(0, 13)).toBe(keys[i].slice(0, 13));
      expect(id).toMatch(UUID_V8);
      expect(eventIdFor(`key:arbiter:a1:${keys[i]}`, 0)).toBe(id);
    }
    expect(eventIdFor(`key:arbiter:a2:${keys[0]}`, 0)).not.toBe(ids[0]);
    expect(new Set(ids).size).toBe(ids.length);
    // Any other key is hashed as before: its id does not start with the key's characters.
    expect(eventIdFor('key:arbiter:a1:0190a1b2-c3d4-4e5f-8a6b-7c8d9e0f1a2b', 0).slice(0, 8)).not.toBe('0190a1b2');
  });
});
