/**
 * Byes a player asks for before a round is paired (issue 29): not paired that round, and scored nothing (`zero`, the
 * absence recorded before), a draw's points (`half`) or a win's (`full`) as the profile scores them. The profile lists
 * the byes worth points it offers (`requestedByes`); a zero-point bye is always possible. Pure.
 */
import { invalid } from '../kernel/errors.js';
import type { RequestedByeResult } from '../standings/results.js';
import type { RulesProfile } from './profiles.js';
import { roundsOf, type OpenTournament, type PlayerState } from './tournament.state.js';

export const REQUESTED_BYES = ['zero', 'half', 'full'] as const;
export type RequestedBye = (typeof REQUESTED_BYES)[number];

export const REQUESTED_BYE_RULES = {
  // FIDE TRF-16 result codes H, F, Z (half-, full-, zero-point bye); which of them an event offers is its regulations'.
  value: 'FIDE TRF-16 result codes: a bye requested in advance is zero-point (Z), half-point (H) or full-point (F); bye is zero, half or full',
  offered: 'Arbitra (FIDE TRF-16 H/F; the tournament regulations offer them): a bye worth points is recorded only when the profile lists it in requestedByes',
} as const;

/** The byes worth points the profile offers (a profile recorded before they existed offers none). */
export const offeredByes = (p: RulesProfile): readonly ('half' | 'full')[] => p.requestedByes ?? [];

/**
 * The profile's `requestedByes`, checked at creation: each of half/full at most once. Which disciplines may offer them is
 * their descriptors' (`tournamentRules.profileFields`: chess's, citing why the others may not).
 */
export function validateRequestedByes(p: RulesProfile): void {
  const offered = p.requestedByes;
  if (offered === undefined) return;
  if (!Array.isArray(offered) || offered.some((b) => b !== 'half' && b !== 'full') || new Set(offered).size !== offered.length)
    invalid('tournament/profile-value', 'profile requestedByes lists half and/or full, each once', REQUESTED_BYE_RULES.value, 'profile.requestedByes');
}

/** The bye a mark-absent command asks for, checked against the profile; undefined when the client sent none. */
export function requestedByeOf(bye: unknown, t: OpenTournament): RequestedBye | undefined {
  if (bye === undefined) return undefined;
  if (!REQUESTED_BYES.includes(bye as RequestedBye))
    invalid('tournament/requested-bye', `bye must be zero, half or full; got ${JSON.stringify(bye)}`, REQUESTED_BYE_RULES.value, 'bye');
  const b = bye as RequestedBye;
  if (b !== 'zero' && !offeredByes(t.profile).includes(b))
    invalid(
      'tournament/requested-bye',
      `this tournament's profile offers no ${b}-point bye on request (requestedByes: ${offeredByes(t.profile).join(', ') || 'none'})`,
      REQUESTED_BYE_RULES.offered,
      'bye',
    );
  return b;
}

/** A player's requested byes worth points, by round. */
export function byesWorthPoints(p: PlayerState): ReadonlyArray<{ readonly round: number; readonly points: 'half' | 'full' }> {
  return p.requestedByes ?? [];
}

/**
 * The requested byes worth points of the division's paired rounds, as results: they count once the round is paired,
 * unless the player withdrew by then (a later withdrawal takes the player out of those rounds, bye and all).
 */
export function requestedByeResults(t: OpenTournament, division: string, upToRound = Number.POSITIVE_INFINITY): RequestedByeResult[] {
  const paired = new Set(roundsOf(t, division).map((r) => r.round));
  return t.players
    .filter((p) => p.division === division)
    .flatMap((p) =>
      byesWorthPoints(p)
        .filter((b) => paired.has(b.round) && b.round <= upToRound && (p.withdrawnFromRound === null || b.round < p.withdrawnFromRound))
        .map((b): RequestedByeResult => ({ kind: 'requested-bye', round: b.round, player: p.id, points: b.points })),
    );
}
