import {
  evolveRegistry,
  initialRegistry,
  type ListCorrected,
  type ListPublished,
  type PeriodClosed,
  type PlayerEvent,
  type RegistryState,
} from '../../../domain/ratings/index.js';
import type { RecordedEvent } from '../../../store/event-store.port.js';
import type { DocumentTx, Projection } from '../../projections/projection.js';
import {
  listKey,
  RATING_COLLECTIONS as C,
  RATINGS_PROJECTION,
  type HistoryPoint,
  type ListDocument,
  type PeriodsDocument,
  type PlayerDocument,
} from './ratings.documents.js';

/**
 * Rating lists, periods and player pages, folded from `players.*` and `ratings.*` events only: a list document is the
 * published event's list, so rebuilding from the log gives the same documents (ratings.projection.spec.ts).
 */
export const ratingsProjection: Projection = {
  name: RATINGS_PROJECTION,
  version: 1,
  handles: (type) => type.startsWith('players.') || type.startsWith('ratings.'),
  apply(event: RecordedEvent, docs) {
    if (event.type.startsWith('players.')) return applyPlayer(event, docs);
    if (event.type === 'ratings.PeriodClosed') return applyClosed(event.data as PeriodClosed['data'], event, docs);
    if (event.type === 'ratings.ListPublished' || event.type === 'ratings.ListCorrected')
      return applyList(event.data as ListPublished['data'] | ListCorrected['data'], event, docs);
  },
};

function applyPlayer(event: RecordedEvent, docs: DocumentTx): void {
  const e = { type: event.type, data: event.data } as PlayerEvent;
  const registry = evolveRegistry(docs.get<RegistryState>(C.registry, 'registry') ?? initialRegistry(), e);
  docs.put(C.registry, 'registry', registry);
  if (e.type === 'players.PlayerRegistered') {
    const d = e.data;
    docs.put(C.player, d.id, {
      id: d.id,
      federationId: d.federationId,
      name: d.name,
      country: d.country,
      mergedInto: null,
      merged: [],
      history: {},
    } satisfies PlayerDocument);
  } else {
    const dup = docs.get<PlayerDocument>(C.player, e.data.duplicate);
    const keep = docs.get<PlayerDocument>(C.player, e.data.survivor);
    if (dup) docs.put(C.player, dup.id, { ...dup, mergedInto: e.data.survivor });
    if (keep) docs.put(C.player, keep.id, { ...keep, merged: [...keep.merged, e.data.duplicate] });
  }
}

function applyClosed(d: PeriodClosed['data'], event: RecordedEvent, docs: DocumentTx): void {
  const doc = docs.get<PeriodsDocument>(C.periods, d.discipline) ?? { discipline: d.discipline, periods: [] };
  const period = { period: d.period, closesOn: d.closesOn, tournaments: d.tournaments, engine: d.engine, closedAt: event.meta.recordedAt, versions: [] };
  docs.put(C.periods, d.discipline, { ...doc, periods: [...doc.periods, period] } satisfies PeriodsDocument);
}

function applyList(d: ListPublished['data'] | ListCorrected['data'], event: RecordedEvent, docs: DocumentTx): void {
  const correction = 'corrects' in d ? { corrects: d.corrects, reason: d.reason, cause: d.cause, changes: d.changes } : null;
  const list: ListDocument = {
    discipline: d.discipline,
    period: d.period,
    version: d.version,
    closesOn: d.closesOn,
    publishedAt: event.meta.recordedAt,
    position: event.position,
    entries: d.entries,
    unmatched: d.unmatched,
    games: d.games,
    correction,
  };
  docs.put(C.list, listKey(d.discipline, d.period, d.version), list);
  const periods = docs.get<PeriodsDocument>(C.periods, d.discipline);
  if (periods)
    docs.put(C.periods, d.discipline, {
      ...periods,
      periods: periods.periods.map((p) =>
        p.period === d.period
          ? { ...p, versions: [...p.versions, { version: d.version, publishedAt: event.meta.recordedAt, reason: correction?.reason ?? null }] }
          : p,
      ),
    } satisfies PeriodsDocument);
  for (const e of d.entries) {
    const doc = docs.get<PlayerDocument>(C.player, e.player);
    if (!doc) continue;
    const point: HistoryPoint = {
      period: d.period,
      closesOn: d.closesOn,
      version: d.version,
      rating: e.rating,
      change: e.change,
      games: e.games,
      provisional: e.provisional,
      active: e.active,
      rank: e.rank,
      played: e.played,
    };
    const before = (doc.history[d.discipline] ?? []).filter((h) => h.period !== d.period);
    docs.put(C.player, e.player, { ...doc, history: { ...doc.history, [d.discipline]: [...before, point] } } satisfies PlayerDocument);
  }
}
