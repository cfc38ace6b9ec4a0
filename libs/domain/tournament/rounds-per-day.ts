/**
 * The most rounds a day, where the discipline's rules set one (its descriptor's `tournamentRules.roundsPerDay`: rapid
 * chess, rapid rules 23). A round paired with the day it is played on is refused if the day would hold more.
 */
import { descriptorOf } from '../discipline-kit/registry.js';
import { isCalendarDay } from '../kernel/calendar-day.js';
import { invalid, refuse } from '../kernel/errors.js';
import type { RulesProfile } from './profiles.js';
import { RULES } from './rules.js';
import type { OpenTournament } from './tournament.state.js';

/** The most rounds a day the profile's rules allow, with the rule, or null where the rules set none. */
export function roundsPerDayLimit(profile: RulesProfile): { readonly limit: number; readonly rule: string } | null {
  const own = descriptorOf(profile.discipline).tournamentRules.roundsPerDay;
  return own && { limit: own.limit(profile), rule: own.rule };
}

/** A profile's minutes a player, which set its rounds a day (the field is the discipline's own: decide-setup.ts). */
export function validateRapidMinutes(profile: RulesProfile): void {
  if (profile.rapidMinutes !== undefined && profile.rapidMinutes !== 30 && profile.rapidMinutes !== 60)
    invalid('tournament/profile-value', 'profile rapidMinutes is 30 or 60', roundsPerDayLimit(profile)?.rule ?? RULES.profile, 'profile.rapidMinutes');
}

/** Refuses pairing round `round` on `day` when the division's rounds on that day would exceed the limit. */
export function checkRoundsPerDay(t: OpenTournament, division: string, round: number, day: string | undefined): void {
  if (day === undefined) return;
  if (!isCalendarDay(day)) invalid('tournament/round-day', `day ${day} is not a date (YYYY-MM-DD)`, RULES.roundDay, 'day');
  const limit = roundsPerDayLimit(t.profile);
  if (limit === null) return;
  const already = Object.values(t.rounds).filter((r) => r.division === division && r.day === day).length;
  if (already + 1 > limit.limit)
    refuse('tournament/rounds-per-day-exceeded', `round ${round} would be the ${already + 1}th round on ${day}; the limit is ${limit.limit}`, limit.rule, {
      field: 'day',
    });
}
