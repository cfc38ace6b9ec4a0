import { describe, expect, it } from '@jest/globals';
import type { RecordedEvent } from '../../store/event-store.port.js';
import { ReorderBuffer } from './reorder-buffer.js';

const ev = (position: number, stream = `s-${position % 3}`) => ({ id: `e${position}`, stream, position, type: 't' }) as unknown as RecordedEvent;

describe('ReorderBuffer (the projector puts Kafka deliveries back into log order)', () => {
  it('hands out only the contiguous run after the applied position: an event that overtook an earlier one waits for it', () => {
    const b = new ReorderBuffer();
    b.add(1, '0', ev(2), 0);
    b.add(2, '0', ev(3), 0);
    expect(b.readAll(0, 10)).toEqual([]); // position 1 has not arrived (another partition)
    b.add(0, '0', ev(1), 0);
    expect(b.readAll(0, 10).map((e) => e.position)).toEqual([1, 2, 3]);
    expect(b.readAll(0, 2).map((e) => e.position)).toEqual([1, 2]);
  });

  it('keeps a redelivered event once and drops one at or below the applied position', () => {
    const b = new ReorderBuffer();
    b.add(0, '0', ev(1), 0);
    b.add(0, '1', ev(1), 0); // redelivery
    expect(b.readAll(0, 10).map((e) => e.position)).toEqual([1]);
    expect(b.readAll(1, 10)).toEqual([]); // applied: gone
    b.add(0, '2', ev(1), 1); // redelivered after it was applied
    expect(b.waiting).toBe(0);
  });

  it("commits a partition's offset only past messages whose events are applied (a crash before the write is redelivered)", () => {
    const b = new ReorderBuffer();
    b.add(0, '10', ev(1), 0);
    b.add(0, '11', ev(3), 0);
    b.add(1, '5', ev(2), 0);
    b.add(1, '6', null, 0); // dead-lettered at once: never holds its partition
    expect(b.committable(0)).toEqual([]);
    expect(b.committable(2)).toEqual([
      { partition: 0, offset: '11' },
      { partition: 1, offset: '7' },
    ]);
    expect(b.committable(3)).toEqual([{ partition: 0, offset: '12' }]);
  });
});
