import { describe, expect, it } from '@jest/globals';
import { PassThrough } from 'node:stream';
import { pumpReadable } from './readable-pump.js';

function source() {
  const s = new PassThrough({ objectMode: true }) as PassThrough & { unsubscribe?: () => Promise<void>; unsubscribed?: boolean };
  s.unsubscribe = async () => {
    s.unsubscribed = true;
  };
  return s;
}

describe('pumpReadable', () => {
  it('yields what the source emits, in order, until it ends', async () => {
    const s = source();
    s.write(1);
    s.write(2);
    setImmediate(() => {
      s.write(3);
      s.end();
    });
    const got: number[] = [];
    for await (const x of pumpReadable<number>(s)) got.push(x);
    expect(got).toEqual([1, 2, 3]);
  });

  it('ends promptly when the signal aborts while nothing arrives, and releases the source', async () => {
    const s = source();
    const controller = new AbortController();
    const it = pumpReadable<number>(s, controller.signal)[Symbol.asyncIterator]();
    const next = it.next();
    setTimeout(() => controller.abort(), 10);
    await expect(next).resolves.toEqual({ done: true, value: undefined });
    expect(s.unsubscribed).toBe(true);
    expect(s.destroyed).toBe(true);
  });

  it('releases the source when the consumer stops early', async () => {
    const s = source();
    s.write('a');
    s.write('b');
    for await (const x of pumpReadable<string>(s)) {
      expect(x).toBe('a');
      break;
    }
    expect(s.unsubscribed).toBe(true);
    expect(s.destroyed).toBe(true);
  });

  it('delivers buffered items, then fails with the source’s error', async () => {
    const s = source();
    s.write(1);
    setImmediate(() => s.destroy(new Error('connection lost')));
    const got: number[] = [];
    await expect(
      (async () => {
        for await (const x of pumpReadable<number>(s)) got.push(x);
      })(),
    ).rejects.toThrow('connection lost');
    expect(got).toEqual([1]);
  });

  it('pauses a source that runs ahead of the consumer and resumes it as items are taken', async () => {
    const s = source();
    for (let i = 0; i < 10; i++) s.write(i);
    const it = pumpReadable<number>(s, undefined, 4)[Symbol.asyncIterator]();
    expect((await it.next()).value).toBe(0);
    await new Promise((r) => setImmediate(r));
    expect(s.isPaused()).toBe(true);
    const rest: number[] = [];
    for (let i = 1; i < 10; i++) rest.push((await it.next()).value as number);
    expect(rest).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    await it.return(undefined);
    expect(s.destroyed).toBe(true);
  });
});
