import { describe, expect, it } from '@jest/globals';
import type { RecordedEvent } from '../event-store.port.js';
import { recordedEvent } from '../testing/recorded-event.js';
import { visibleCheckpoints } from './public-checkpoints.js';
import { TournamentStreamIndex } from './tournament-streams.js';

/** A log of these events (type, tournament, division, round), positions 1, 2, 3…, read as the store's readAll pages it. */
function indexOver(events: Array<[string, string, string, number]>) {
  const log: RecordedEvent[] = events.map(([type, t, division, round], i) => ({
    ...recordedEvent(type, { division, round }, i + 1, `tournament-${t}`),
    position: i + 1,
  }));
  const index = new TournamentStreamIndex({ readAll: async (after, limit) => log.filter((e) => e.position > after).slice(0, limit) });
  return { index, log };
}

const cp = (seq: number, position: number) => ({ seq, position });

describe('checkpoints withheld while a round is paired and unpublished (issue 32)', () => {
  it('the earliest unpublished pairing: published or locked rounds no longer count, each division on its own', async () => {
    const { index } = indexOver([
      ['tournament.RoundPaired', 'a', 'open', 1], // 1
      ['tournament.RoundPaired', 'a', 'women', 1], // 2
      ['tournament.RoundPublished', 'a', 'open', 1], // 3
      ['tournament.RoundPaired', 'b', 'open', 1], // 4
      ['tournament.RoundLocked', 'b', 'open', 1], // 5: locked without publishing: shown as published (publishedView)
      ['tournament.RoundPaired', 'c', 'open', 1], // 6
    ]);
    await index.update();
    expect(index.earliestUnpublished()).toBe(2);
    expect(index.earliestUnpublished(['a'])).toBe(6);
    expect(index.earliestUnpublished(['a', 'c'])).toBeNull();
  });

  it('the public sees checkpoints before it, in signing order, stopping at the first held one (paging never skips one)', async () => {
    const { index } = indexOver([
      ['tournament.RoundPublished', 'x', 'open', 0], // 1
      ['tournament.RoundPublished', 'x', 'open', 0], // 2
      ['tournament.RoundPaired', 'a', 'open', 1], // 3
      ['tournament.RoundPublished', 'x', 'open', 0], // 4
      ['tournament.RoundPublished', 'x', 'open', 0], // 5
    ]);
    // Two signers raced: seq 3 signed position 2 after seq 2 signed position 4.
    const list = [cp(1, 1), cp(2, 4), cp(3, 2), cp(4, 5)];
    expect(await visibleCheckpoints(list, index, { officialOf: [] })).toEqual([cp(1, 1)]);
    expect(await visibleCheckpoints(list, index, { officialOf: ['a'] })).toEqual(list);
    expect(await visibleCheckpoints(list, index, { all: true })).toEqual(list);
  });

  it('a checkpoint past what the index has read of the log is held; the pairing found on the next read', async () => {
    const { index, log } = indexOver([
      ['tournament.RoundPublished', 'x', 'open', 0], // 1
      ['tournament.RoundPublished', 'x', 'open', 0], // 2
    ]);
    expect(await visibleCheckpoints([cp(1, 2), cp(2, 3)], index, { officialOf: [] })).toEqual([cp(1, 2)]);
    log.push({ ...recordedEvent('tournament.RoundPaired', { division: 'open', round: 2 }, 3, 'tournament-x'), position: 3 });
    expect(await visibleCheckpoints([cp(1, 2), cp(2, 3)], index, { officialOf: [] })).toEqual([cp(1, 2)]);
    log.push({ ...recordedEvent('tournament.RoundPublished', { division: 'open', round: 2 }, 4, 'tournament-x'), position: 4 });
    expect(await visibleCheckpoints([cp(1, 2), cp(2, 3)], index, { officialOf: [] })).toEqual([cp(1, 2), cp(2, 3)]);
  });

  it('a failed read of the log (the store briefly unreachable) fails that answer only; the next one reads on', async () => {
    const { log } = indexOver([['tournament.RoundPaired', 'a', 'open', 1]]);
    let down = true;
    const flaky = new TournamentStreamIndex({
      readAll: async (after, limit) => {
        if (down) throw new Error('connection refused');
        return log.filter((e) => e.position > after).slice(0, limit);
      },
    });
    await expect(visibleCheckpoints([cp(1, 1)], flaky, { officialOf: [] })).rejects.toThrow('connection refused');
    down = false;
    expect(await visibleCheckpoints([cp(1, 1)], flaky, { officialOf: [] })).toEqual([]);
    expect(flaky.earliestUnpublished()).toBe(1);
  });
});
