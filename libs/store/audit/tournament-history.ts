import type { EventStore, RecordedEvent } from '../event-store.port.js';
import type { TournamentStreamIndex } from './tournament-streams.js';

export interface HistoryFilter {
  /** Only events naming this player (anywhere in their data) or recorded by them. */
  readonly player?: string;
  /** ISO instants, inclusive, on `meta.recordedAt`. */
  readonly from?: string;
  readonly to?: string;
  /** Global position: entries after it. */
  readonly after?: number;
  readonly limit: number;
}

/** Whether a value (an event's data) holds `id` as a string anywhere. */
export function names(value: unknown, id: string): boolean {
  if (typeof value === 'string') return value === id;
  if (Array.isArray(value)) return value.some((v) => names(v, id));
  if (value && typeof value === 'object') return Object.values(value).some((v) => names(v, id));
  return false;
}

/**
 * A tournament's history, in log order: every event of its streams (tournament-streams.ts) with who
 * recorded it and when, filtered by player and time, one page at a time. Reads only.
 */
export async function tournamentHistory(store: Pick<EventStore, 'readStream'>, index: TournamentStreamIndex, tournament: string, filter: HistoryFilter) {
  const streams = index.streamsOf(tournament);
  const from = filter.from ? Date.parse(filter.from) : -Infinity;
  const to = filter.to ? Date.parse(filter.to) : Infinity;
  const after = filter.after ?? 0;
  const all: RecordedEvent[] = [];
  for (const s of streams) for (const e of await store.readStream(s)) if (e.position > after) all.push(e);
  all.sort((a, b) => a.position - b.position);
  const matching = all.filter((e) => {
    const at = Date.parse(e.meta.recordedAt);
    if (at < from || at > to) return false;
    return filter.player === undefined || e.meta.actor.id === filter.player || names(e.data, filter.player);
  });
  const page = matching.slice(0, filter.limit);
  return {
    tournament,
    streams,
    entries: page.map((e) => ({
      position: e.position,
      stream: e.stream,
      revision: e.revision,
      type: e.type,
      recordedAt: e.meta.recordedAt,
      recordedBy: { id: e.meta.actor.id, role: e.meta.actor.role },
      commandId: e.meta.commandId,
      data: e.data,
      hash: e.meta.hash,
    })),
    next: matching.length > filter.limit ? page[page.length - 1].position : null,
  };
}
