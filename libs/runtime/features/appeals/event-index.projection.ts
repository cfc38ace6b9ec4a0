import type { RecordedEvent } from '../../../store/event-store.port.js';
import type { DocumentTx, Projection } from '../../projections/projection.js';
import type { ReadModelStore } from '../../projections/read-model-store.js';
import { classify, REMEDY_EVENT_TYPES } from './contested.js';

export const EVENT_INDEX_PROJECTION = 'appeal-event-index';
const EVENTS = 'events';
const CAUSED = 'caused-by';

export interface LocatedEvent {
  readonly id: string;
  readonly stream: string;
  readonly revision: number;
  readonly position: number;
  readonly type: string;
}

export interface LocatedEventWithData extends LocatedEvent {
  readonly data: unknown;
}

/**
 * Where each decision that can be appealed was recorded (event id → stream, revision, position), and
 * which remedy events an appeal decision caused (causation id → events). Decisions only, not every event.
 */
export const eventIndexProjection: Projection = {
  name: EVENT_INDEX_PROJECTION,
  // 2: Go games' ends (go.GameEnded) are decisions an appeal can contest. 3: the descriptors' lists (a mahjong table's
  // penalty and locked score card, xiguaqi's game and match ends).
  version: 3,
  handles: (type) => classify(type) !== 'other' || REMEDY_EVENT_TYPES.has(type),
  apply(e: RecordedEvent, docs: DocumentTx) {
    const located: LocatedEvent = { id: e.id, stream: e.stream, revision: e.revision, position: e.position, type: e.type };
    if (classify(e.type) !== 'other') docs.put(EVENTS, e.id, located);
    if (REMEDY_EVENT_TYPES.has(e.type) && e.meta.causationId) {
      const before = docs.get<LocatedEventWithData[]>(CAUSED, e.meta.causationId) ?? [];
      docs.put(CAUSED, e.meta.causationId, [...before, { ...located, data: e.data }]);
    }
  },
};

export function locateEvent(readModels: ReadModelStore, id: string): LocatedEvent | undefined {
  return readModels.get<LocatedEvent>(EVENT_INDEX_PROJECTION, EVENTS, id);
}

export function eventsCausedBy(readModels: ReadModelStore, causationId: string): LocatedEventWithData[] {
  return readModels.get<LocatedEventWithData[]>(EVENT_INDEX_PROJECTION, CAUSED, causationId) ?? [];
}
