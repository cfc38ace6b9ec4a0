import type { CorrectionCause, ListChange, ListEntry, PlayedIn, RatingList, Unmatched } from '../../../domain/ratings/index.js';
import type { Discipline } from '../../../domain/standings/index.js';

export const RATINGS_PROJECTION = 'ratings';
export const RATING_COLLECTIONS = {
  /** The registry folded (key `registry`): identifies tournament players by federation id. */
  registry: 'registry',
  /** key player id. */
  player: 'player',
  /** key `<discipline>/<period>/<version>`: a list version as published, never rewritten. */
  list: 'list',
  /** key discipline: the periods and their list versions. */
  periods: 'periods',
} as const;

export const listKey = (discipline: string, period: string, version: number) => `${discipline}/${period}/${version}`;

/** Where an imported starting list came from (issue 31): the file's SHA-256, its lines, who imported it and when. */
export interface ImportProvenance {
  readonly sha256: string;
  readonly lines: number;
  readonly fileName?: string;
  readonly importedBy: string;
  readonly importedAt: string;
}

export interface ListDocument extends RatingList {
  readonly discipline: Discipline;
  readonly period: string;
  readonly version: number;
  readonly closesOn: string;
  readonly publishedAt: string;
  readonly correction: {
    readonly corrects: number;
    readonly reason: string;
    readonly cause: CorrectionCause;
    readonly changes: readonly ListChange[];
  } | null;
  /** The imported starting list's provenance (its period is `@import`). */
  readonly imported?: ImportProvenance;
}

export interface PeriodSummary {
  readonly period: string;
  readonly closesOn: string;
  readonly tournaments: readonly string[];
  readonly engine: { readonly name: string; readonly version: number };
  readonly closedAt: string;
  readonly versions: ReadonlyArray<{ readonly version: number; readonly publishedAt: string; readonly reason: string | null }>;
  /** The imported starting list (period `@import`): its provenance. */
  readonly imported?: ImportProvenance;
}

export interface PeriodsDocument {
  readonly discipline: Discipline;
  readonly periods: readonly PeriodSummary[];
}

export interface HistoryPoint {
  readonly period: string;
  readonly closesOn: string;
  readonly version: number;
  readonly rating: number | null;
  readonly change: number | null;
  readonly games: number;
  readonly provisional: boolean;
  readonly active: boolean;
  readonly rank: number | null;
  readonly played: readonly PlayedIn[];
}

export interface PlayerDocument {
  readonly id: string;
  readonly federationId: string;
  readonly name: string;
  readonly country: string;
  readonly mergedInto: string | null;
  readonly merged: readonly string[];
  /** Per discipline, one point per period (its latest list version). */
  readonly history: Readonly<Record<string, readonly HistoryPoint[]>>;
}

/** A list entry as served (the engine's internal record stays in the stored list, for the next period). */
export type PublicEntry = Omit<ListEntry, 'state' | 'played'>;
export const publicEntry = ({ state: _s, played: _p, ...rest }: ListEntry): PublicEntry =>
  Object.assign(rest, { rating: servedRating(rest.rating), change: servedRating(rest.change) });

/**
 * A rating as served (JSON, CSV, pages, charts): rounded to 3 decimals (issue 31; EGD's worked example 2109.306 stays
 * checkable, FIDE's whole numbers stay whole). The stored list keeps the engine's full value for the next period.
 */
export function servedRating<T extends number | null>(r: T): T {
  return (r === null ? r : Math.round(r * 1000) / 1000) as T;
}
export type { Unmatched };
