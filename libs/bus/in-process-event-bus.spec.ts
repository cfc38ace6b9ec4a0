import { describe, expect, it } from '@jest/globals';
import { eventBusContract } from './testing/event-bus.contract.js';
import { RecordedEventFactory } from './testing/recorded-events.js';
import { InProcessEventBus } from './in-process-event-bus.js';

eventBusContract('in-process', {
  dedupesById: false,
  async channel() {
    const bus = new InProcessEventBus();
    return {
      publisher: bus,
      // One process, one bus: every subscriber is its own "group" and gets everything.
      consumer: async () => bus,
      ready: async () => {},
      close: () => bus.close(),
    };
  },
});

describe('in-process bus specifics', () => {
  it('reports a failing handler and still runs the others and resolves the publish', async () => {
    const errors: unknown[] = [];
    const bus = new InProcessEventBus((e) => errors.push(e));
    const got: string[] = [];
    bus.subscribe(() => {
      throw new Error('boom');
    });
    bus.subscribe((events) => {
      got.push(...events.map((e) => e.id));
    });
    const e = new RecordedEventFactory().next('s-1');
    await bus.publish([e]);
    expect(got).toEqual([e.id]);
    expect(errors).toHaveLength(1);
    await bus.close();
  });
});
