import { describe, expect, it } from '@jest/globals';
import { OrderedLane } from './ordered-lane.js';

const after = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

describe('OrderedLane', () => {
  it('writes in call order even when later preparations finish first, and prepares concurrently', async () => {
    const lane = new OrderedLane();
    const log: string[] = [];
    const delays = [30, 20, 10, 0];
    let preparing = 0;
    let maxPreparing = 0;
    await Promise.all(
      delays.map((ms, i) =>
        lane.run(
          async () => {
            preparing++;
            maxPreparing = Math.max(maxPreparing, preparing);
            await after(ms);
            preparing--;
            return i;
          },
          async (n) => {
            log.push(`start ${n}`);
            await after(5);
            log.push(`end ${n}`);
          },
        ),
      ),
    );
    expect(log).toEqual(['start 0', 'end 0', 'start 1', 'end 1', 'start 2', 'end 2', 'start 3', 'end 3']);
    expect(maxPreparing).toBe(4);
  });

  it('lets a failed preparation or write fail alone without breaking the order of the others', async () => {
    const lane = new OrderedLane();
    const log: number[] = [];
    const results = await Promise.allSettled([
      lane.run(
        async () => {
          await after(20);
          return 0;
        },
        async (n) => {
          log.push(n);
        },
      ),
      lane.run(
        async () => {
          throw new Error('read failed');
        },
        async () => {
          log.push(99);
        },
      ),
      lane.run(
        () => {
          throw new Error('sync failure');
        },
        async () => {
          log.push(98);
        },
      ),
      lane.run(
        async () => 3,
        async (n) => {
          log.push(n);
          throw new Error('write failed');
        },
      ),
      lane.run(
        async () => 4,
        async (n) => {
          log.push(n);
        },
      ),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'rejected', 'rejected', 'fulfilled']);
    expect(log).toEqual([0, 3, 4]);
  });

  it('reports when it becomes idle', async () => {
    let idle = 0;
    const lane = new OrderedLane(() => idle++);
    const a = lane.run(
      async () => 1,
      async () => after(5),
    );
    const b = lane.run(
      async () => 2,
      async () => after(5),
    );
    expect(lane.size).toBe(2);
    await Promise.all([a, b]);
    expect(idle).toBe(1);
    expect(lane.size).toBe(0);
  });
});
