import { ProblemException } from '../../libs/api/problem.js';
import type { EventStore } from '../../libs/store/event-store.port.js';

/**
 * The store as the projector may use it: every read, no append. A command sent to a projector is
 * refused with 405 (problem+json) before anything is written: commands go to the api service.
 * `keepOpen`: `close` leaves the store open (a store the caller shares).
 */
export function readOnlyStore(store: EventStore, options: { keepOpen?: boolean } = {}): EventStore {
  return {
    sharedWriters: store.sharedWriters,
    append: async () => {
      throw new ProblemException(405, 'service/read-only', 'Read-only service', 'this is a projector (read models only): send commands to the api service', {
        rule: 'distributed mode: commands go to the api service',
      });
    },
    readStream: (...a) => store.readStream(...a),
    readAll: (...a) => store.readAll(...a),
    subscribe: (...a) => store.subscribe(...a),
    streamInfo: (...a) => store.streamInfo(...a),
    findByCommandId: (...a) => store.findByCommandId(...a),
    headPosition: () => store.headPosition(),
    close: () => (options.keepOpen ? Promise.resolve() : store.close()),
  };
}
