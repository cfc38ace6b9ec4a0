import {
  evolveRegistry,
  importedList,
  IMPORTED_PERIOD,
  initialRegistry,
  resolveProfile,
  type ListEntry,
  type ListImported,
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
  // 2: a list keeps no log position (issue 32): the log's count moves with records the public does not see.
  version: 2,
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
  if (e.type === 'players.ListImported') return applyImport(e.data, registry, event, docs);
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
  addHistory(d.discipline, d.period, d.closesOn, d.version, d.entries, docs);
}

/**
 * An imported starting list (issue 31): new identities get their page, the list is stored as period `@import` version 1
 * (first in the discipline's periods, with its provenance), and each player's history starts from it.
 */
function applyImport(d: ListImported['data'], registry: RegistryState, event: RecordedEvent, docs: DocumentTx): void {
  for (const p of d.identities)
    docs.put(C.player, p.id, {
      id: p.id,
      federationId: p.federationId,
      name: p.name,
      country: p.country,
      mergedInto: null,
      merged: [],
      history: {},
    } satisfies PlayerDocument);
  const identities: Record<string, { name: string; country: string }> = {};
  for (const x of d.entries) {
    const who = registry.players[x.player];
    if (who) identities[x.player] = { name: who.name, country: who.country };
  }
  const list = importedList(d.entries, d.listDate, resolveProfile(d.discipline, d.engine), identities);
  const imported = { ...d.source, importedBy: d.importedBy, importedAt: d.importedAt };
  const at = event.meta.recordedAt;
  docs.put(C.list, listKey(d.discipline, IMPORTED_PERIOD, 1), {
    discipline: d.discipline,
    period: IMPORTED_PERIOD,
    version: 1,
    closesOn: d.listDate,
    publishedAt: at,
    ...list,
    correction: null,
    imported,
  } satisfies ListDocument);
  const doc = docs.get<PeriodsDocument>(C.periods, d.discipline) ?? { discipline: d.discipline, periods: [] };
  const period = {
    period: IMPORTED_PERIOD,
    closesOn: d.listDate,
    tournaments: [],
    engine: d.engine,
    closedAt: at,
    versions: [{ version: 1, publishedAt: at, reason: null }],
    imported,
  };
  docs.put(C.periods, d.discipline, { ...doc, periods: [period, ...doc.periods] } satisfies PeriodsDocument);
  addHistory(d.discipline, IMPORTED_PERIOD, d.listDate, 1, list.entries, docs);
}

/** Each listed player's history point for the period (replacing an earlier version's). */
function addHistory(discipline: string, period: string, closesOn: string, version: number, entries: readonly ListEntry[], docs: DocumentTx): void {
  const d = { discipline, period, closesOn, version };
  for (const e of entries) {
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
