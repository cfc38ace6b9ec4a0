import { jest } from '@jest/globals';

/** Fakes only `Date` at `now` (timers, ticks and clocks run as usual), so two servers started in one test record the same times. */
export function fakeDateOnly(now: string): void {
  jest.useFakeTimers({
    now: new Date(now),
    doNotFake: [
      'hrtime',
      'nextTick',
      'performance',
      'queueMicrotask',
      'requestAnimationFrame',
      'cancelAnimationFrame',
      'requestIdleCallback',
      'cancelIdleCallback',
      'setImmediate',
      'clearImmediate',
      'setInterval',
      'clearInterval',
      'setTimeout',
      'clearTimeout',
    ],
  });
}

/** A manual pairing of one table (`first` against `second`) and a bye. */
export const oneTableRound = (first: string, second: string, bye: string) => ({
  kind: 'manual',
  reason: 'test',
  games: [{ table: 1, first, second }],
  tables: [],
  bye,
});

/** The keys whose answers differ between two runs, with both answers. */
export function differences(a: Map<string, string>, b: Map<string, string>): Array<[string, string | undefined, string | undefined]> {
  return [...a.keys()].filter((k) => a.get(k) !== b.get(k)).map((k) => [k, a.get(k), b.get(k)]);
}
