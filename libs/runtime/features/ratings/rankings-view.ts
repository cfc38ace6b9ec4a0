import { unconfirmedValues } from '../../../domain/ratings/index.js';
import { publicEntry, type ListDocument, type PeriodsDocument, type PublicEntry } from './ratings.documents.js';

export interface RankingsFilter {
  readonly asOf?: string;
  readonly country?: string;
  readonly active?: boolean;
  readonly after: number;
  readonly limit: number;
}

/** The list in force on a day: the latest version of the last period closed on or before it (the latest list without a day). */
export function listInForce(periods: PeriodsDocument | undefined, asOf?: string): { period: string; version: number } | undefined {
  const published = (periods?.periods ?? []).filter((p) => p.versions.length > 0 && (asOf === undefined || p.closesOn <= asOf));
  const last = published.at(-1);
  return last && { period: last.period, version: last.versions[last.versions.length - 1].version };
}

export interface RankingsPage {
  readonly discipline: string;
  readonly period: string;
  readonly version: number;
  readonly closesOn: string;
  readonly publishedAt: string;
  readonly correction: ListDocument['correction'];
  /** The engine version that computed the list (an imported list: the one whose records it holds). */
  readonly engine: { readonly name: string; readonly version: number } | null;
  /** That version's parameters no public text confirms (docs/ratings.md): said where the list is published. */
  readonly unconfirmed: readonly string[];
  readonly total: number;
  readonly next: number | null;
  readonly entries: readonly PublicEntry[];
}

export function rankingsPage(list: ListDocument, f: RankingsFilter, engine: { readonly name: string; readonly version: number } | null = null): RankingsPage {
  const all = list.entries.filter((e) => (f.country === undefined || e.country === f.country) && (f.active === undefined || e.active === f.active));
  const entries = all.slice(f.after, f.after + f.limit).map(publicEntry);
  return {
    discipline: list.discipline,
    period: list.period,
    version: list.version,
    closesOn: list.closesOn,
    publishedAt: list.publishedAt,
    correction: list.correction,
    engine,
    unconfirmed: engine ? unconfirmedValues(engine) : [],
    total: all.length,
    next: f.after + f.limit < all.length ? f.after + f.limit : null,
    entries,
  };
}

const CSV_COLUMNS = ['rank', 'player', 'name', 'country', 'rating', 'games', 'provisional', 'active', 'change'] as const;

/** RFC 4180 CSV: a header row, then one row per entry; a field with a comma, quote or line break is quoted. */
export function rankingsCsv(page: RankingsPage): string {
  const cell = (v: unknown) => {
    const s = v === null || v === undefined ? '' : String(v);
    return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
  };
  return [CSV_COLUMNS.join(','), ...page.entries.map((e) => CSV_COLUMNS.map((c) => cell(e[c])).join(','))].join('\r\n') + '\r\n';
}
