import type { CommandUnion } from '../kernel/command.js';
import { assertNever, type Decider, type DomainEvent } from '../kernel/decider.js';
import { invalid, notFound, refuse } from '../kernel/errors.js';
import { isCalendarDay } from '../kernel/calendar-day.js';
import type { Discipline } from '../standings/results.js';
import { listChanges, nonFiniteIn, summarize, type ListChange, type ListSummary, type RatingList } from './list.js';
import { resolveProfile, type RankedRule, type RatingProfile } from './profiles.js';

/**
 * Rating periods and lists of one discipline (issue 15, "Rating periods and lists"): a period closes when the federation
 * says so (which tournaments, which engine version); its list is published as an event and never changes; a correction
 * is a new version of the list naming what changed (computed here against the version it corrects) and why.
 */
export interface PeriodState {
  readonly period: string;
  readonly closesOn: string;
  readonly tournaments: readonly string[];
  readonly profile: RatingProfile;
  /** Latest list version (0: not published). */
  readonly version: number;
  readonly latest: ListSummary | null;
}

export interface RatingsState {
  readonly discipline: Discipline | null;
  readonly periods: Readonly<Record<string, PeriodState>>;
  readonly order: readonly string[];
  /** Which period rated each tournament. */
  readonly rated: Readonly<Record<string, string>>;
}

export type CorrectionCause = { readonly kind: 'late-result' | 'appeal-decision' | 'data-error' | 'player-merge'; readonly ref?: string };

export type PeriodClosed = DomainEvent<
  'ratings.PeriodClosed',
  {
    readonly discipline: Discipline;
    readonly period: string;
    readonly closesOn: string;
    readonly tournaments: readonly string[];
    readonly engine: { readonly name: string; readonly version: number };
    readonly profile: RatingProfile;
    readonly closedBy: string;
  }
>;
export type ListPublished = DomainEvent<
  'ratings.ListPublished',
  RatingList & { readonly discipline: Discipline; readonly period: string; readonly closesOn: string; readonly version: 1; readonly publishedBy: string }
>;
export type ListCorrected = DomainEvent<
  'ratings.ListCorrected',
  RatingList & {
    readonly discipline: Discipline;
    readonly period: string;
    readonly closesOn: string;
    readonly version: number;
    readonly corrects: number;
    readonly reason: string;
    readonly cause: CorrectionCause;
    readonly changes: readonly ListChange[];
    readonly publishedBy: string;
  }
>;
export type RatingsEvent = PeriodClosed | ListPublished | ListCorrected;

export type RatingsCommand = CommandUnion<{
  readonly 'ratings.close-period': {
    readonly discipline: Discipline;
    readonly period: string;
    readonly closesOn: string;
    readonly tournaments: readonly string[];
    readonly engine: { readonly name: string; readonly version: number };
    readonly parameters?: Readonly<Record<string, unknown>>;
    readonly ranked?: Partial<RankedRule>;
  };
  readonly 'ratings.publish-list': { readonly period: string; readonly list: RatingList };
  readonly 'ratings.correct-list': { readonly period: string; readonly reason: string; readonly cause: CorrectionCause; readonly list: RatingList };
}>;

const RULE = {
  period: 'Arbitra ratings: a period is closed once, after the previous one, naming tournaments no other period rated',
  order: 'Arbitra ratings: a period starts from the previous period’s published list, so that list comes first',
  published: 'issue 15: a published list never changes; a correction is a new list version naming what changed and why',
  latest: 'Arbitra ratings: only the latest period’s list is corrected (later lists already start from it)',
  finite: 'issue 31: every rating on a list is a finite number',
};

/** Refuses a list holding a non-finite number (422 naming the entry and the player), before it is recorded. */
function requireFinite(list: RatingList): void {
  const bad = nonFiniteIn(list);
  if (bad) invalid('ratings/non-finite', `${bad.field} (player ${bad.player}) is not a finite number`, RULE.finite, bad.field);
}
const PERIOD = /^[A-Za-z0-9._-]{1,40}$/;
const CAUSES = ['late-result', 'appeal-decision', 'data-error', 'player-merge'];

export const initialRatings = (): RatingsState => ({ discipline: null, periods: {}, order: [], rated: {} });

export function evolveRatings(s: RatingsState, e: RatingsEvent): RatingsState {
  switch (e.type) {
    case 'ratings.PeriodClosed': {
      const d = e.data;
      const p: PeriodState = { period: d.period, closesOn: d.closesOn, tournaments: d.tournaments, profile: d.profile, version: 0, latest: null };
      return {
        discipline: d.discipline,
        periods: { ...s.periods, [d.period]: p },
        order: [...s.order, d.period],
        rated: { ...s.rated, ...Object.fromEntries(d.tournaments.map((t) => [t, d.period])) },
      };
    }
    case 'ratings.ListPublished':
    case 'ratings.ListCorrected': {
      const p = s.periods[e.data.period];
      return { ...s, periods: { ...s.periods, [p.period]: { ...p, version: e.data.version, latest: summarize(e.data.entries) } } };
    }
    default:
      return assertNever(e, 'ratings event');
  }
}

function period(s: RatingsState, id: string): PeriodState {
  const p = s.periods[id];
  if (!p) notFound('ratings/unknown-period', `no period ${id} was closed`, 'period');
  return p;
}

function decide(c: RatingsCommand, s: RatingsState): RatingsEvent[] {
  switch (c.type) {
    case 'ratings.close-period': {
      const d = c.data;
      if (!PERIOD.test(d.period)) invalid('ratings/bad-period', 'a period id is 1–40 letters, digits, . _ -', RULE.period, 'period');
      if (!isCalendarDay(d.closesOn)) invalid('ratings/bad-date', 'closesOn is a day, YYYY-MM-DD', RULE.period, 'closesOn');
      if (s.discipline !== null && s.discipline !== d.discipline)
        invalid('ratings/discipline', `these periods rate ${s.discipline}`, RULE.period, 'discipline');
      if (s.periods[d.period]) refuse('ratings/period-closed', `period ${d.period} is already closed`, RULE.period, { field: 'period' });
      const last = s.order.length ? s.periods[s.order[s.order.length - 1]] : undefined;
      if (last && last.version === 0)
        refuse('ratings/previous-unpublished', `publish the list of period ${last.period} first`, RULE.order, { field: 'period' });
      if (last && d.closesOn <= last.closesOn)
        refuse('ratings/period-order', `closesOn must be after ${last.closesOn}, when period ${last.period} closed`, RULE.period, { field: 'closesOn' });
      if (d.tournaments.length === 0) invalid('ratings/no-tournaments', 'a period rates at least one tournament', RULE.period, 'tournaments');
      d.tournaments.forEach((t, i) => {
        if (d.tournaments.indexOf(t) !== i) invalid('ratings/duplicate-tournament', `${t} is named twice`, RULE.period, `tournaments[${i}]`);
        const by = s.rated[t];
        if (by !== undefined) refuse('ratings/tournament-rated', `${t} was rated in period ${by}`, RULE.period, { field: `tournaments[${i}]` });
      });
      const profile = resolveProfile(d.discipline, d.engine, d.parameters, d.ranked);
      return [
        {
          type: 'ratings.PeriodClosed',
          data: {
            discipline: d.discipline,
            period: d.period,
            closesOn: d.closesOn,
            tournaments: d.tournaments,
            engine: d.engine,
            profile,
            closedBy: c.context.actor.id,
          },
        },
      ];
    }
    case 'ratings.publish-list': {
      const p = period(s, c.data.period);
      if (p.version > 0) refuse('ratings/list-published', `the list of ${p.period} is published (version ${p.version}); correct it instead`, RULE.published);
      requireFinite(c.data.list);
      return [
        {
          type: 'ratings.ListPublished',
          data: { ...c.data.list, discipline: s.discipline as Discipline, period: p.period, closesOn: p.closesOn, version: 1, publishedBy: c.context.actor.id },
        },
      ];
    }
    case 'ratings.correct-list': {
      const d = c.data;
      const p = period(s, d.period);
      if (typeof d.reason !== 'string' || d.reason.trim() === '') invalid('ratings/reason-required', 'a correction says why', RULE.published, 'reason');
      if (!CAUSES.includes(d.cause?.kind)) invalid('ratings/bad-cause', `cause.kind is one of ${CAUSES.join(', ')}`, RULE.published, 'cause.kind');
      if (p.version === 0 || p.latest === null)
        refuse('ratings/list-unpublished', `the list of ${p.period} is not published yet`, RULE.published, { field: 'period' });
      if (s.order[s.order.length - 1] !== p.period) refuse('ratings/not-latest', `${p.period} is not the latest period`, RULE.latest, { field: 'period' });
      requireFinite(d.list);
      const changes = listChanges(p.latest, summarize(d.list.entries));
      if (changes.length === 0) refuse('ratings/no-change', `recomputing ${p.period} changes nothing: the list stays version ${p.version}`, RULE.published);
      return [
        {
          type: 'ratings.ListCorrected',
          data: {
            ...d.list,
            discipline: s.discipline as Discipline,
            period: p.period,
            closesOn: p.closesOn,
            version: p.version + 1,
            corrects: p.version,
            reason: d.reason,
            cause: d.cause,
            changes,
            publishedBy: c.context.actor.id,
          },
        },
      ];
    }
    default:
      return assertNever(c, 'ratings command');
  }
}

export const ratingsDecider: Decider<RatingsCommand, RatingsEvent, RatingsState> = { initialState: initialRatings, decide, evolve: evolveRatings };
