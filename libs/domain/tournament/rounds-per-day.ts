/**
 * Rapid rules 23 (附錄二 60分鐘和30分鐘快棋規則): no more than 4 rounds a day at 60 minutes a game, 6 at 30
 * minutes. A round paired with the day it is played on is refused if the day would hold more.
 */
import { invalid, refuse } from '../kernel/errors.js';
import type { RulesProfile } from './profiles.js';
import type { OpenTournament } from './tournament.state.js';

export const ROUNDS_PER_DAY_RULE = 'rapid rules 23: at most 4 rounds a day of 60-minute games, at most 6 a day of 30-minute games';
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The most rounds a day the profile's rules allow, or null where the rules set none. */
export function roundsPerDayLimit(profile: RulesProfile): number | null {
  if (profile.discipline !== 'chess-rapid') return null;
  // A chess-rapid tournament that does not say its time control gets the 60-minute limit, the stricter one.
  return profile.rapidMinutes === 30 ? 6 : 4;
}

export function validateRapidMinutes(profile: RulesProfile): void {
  if (profile.rapidMinutes !== undefined && (profile.discipline !== 'chess-rapid' || (profile.rapidMinutes !== 30 && profile.rapidMinutes !== 60)))
    invalid('tournament/profile-value', 'profile rapidMinutes is 30 or 60, for chess-rapid only', ROUNDS_PER_DAY_RULE, 'profile.rapidMinutes');
}

/** Refuses pairing round `round` on `day` when the division's rounds on that day would exceed the limit. */
export function checkRoundsPerDay(t: OpenTournament, division: string, round: number, day: string | undefined): void {
  if (day === undefined) return;
  if (!DAY.test(day) || Number.isNaN(Date.parse(`${day}T00:00:00Z`)))
    invalid('tournament/round-day', `day ${day} is not a date (YYYY-MM-DD)`, ROUNDS_PER_DAY_RULE, 'day');
  const limit = roundsPerDayLimit(t.profile);
  if (limit === null) return;
  const already = Object.values(t.rounds).filter((r) => r.division === division && r.day === day).length;
  if (already + 1 > limit)
    refuse('tournament/rounds-per-day-exceeded', `round ${round} would be the ${already + 1}th round on ${day}; the limit is ${limit}`, ROUNDS_PER_DAY_RULE, {
      field: 'day',
    });
}
