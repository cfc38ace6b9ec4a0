/**
 * McMahon scores (Go). A profile value, not from the Ing text: the Ing excerpt does not speak of McMahon;
 * issue 12 asks for McMahon scores "if the profile asks" (`ScoringProfile.mcmahon`).
 *
 * Ratings are the players' registered `rating`, read for Go as an EGD GoR-style rating: 100 points = one rank
 * (e.g. 2100 = 1 dan, 2000 = 1 kyu). `bar` and `floor` are in the same units.
 * - Initial score: a player at or above the bar starts at the top, (bar − floor) / 100 rounded up; below the bar,
 *   one point less for every rank (100 rating points, a part of one counting as one) under it, never below the floor's
 *   score 0. A player without a rating starts at the floor.
 * - McMahon score = initial score + the tournament score (wins, ½ a draw, a bye as the profile scores it).
 */
export interface McMahonBand {
  readonly bar: number;
  readonly floor: number;
  /** Pairing (system `mcmahon`): how a score group is seeded (OpenGotha's seeding systems); default split-and-fold. */
  readonly seeding?: McMahonSeeding;
  /** Pairing: handicap from the McMahon difference lowered by `lowerBy`, at most `max`; absent = even games. */
  readonly handicap?: McMahonHandicap;
  /** Pairing: avoid two players of the same club up to and including this round (OpenGotha's secondary criteria). */
  readonly avoidSameClubUntilRound?: number;
  /** Pairing: avoid two players of the same country up to and including this round. */
  readonly avoidSameCountryUntilRound?: number;
  /**
   * Pairing: a same-club or same-country game is avoided even at a McMahon difference of up to this many points
   * (OpenGotha help, Pairing settings › "Avoid intra-country, intra-clubs-groups and intra-club pairing": the group
   * gap, 3 by default for clubs). Default 3.
   */
  readonly geographyGap?: number;
}

export const MCMAHON_SEEDINGS = ['split-and-fold', 'split-and-random', 'split-and-slip'] as const;
export type McMahonSeeding = (typeof MCMAHON_SEEDINGS)[number];

export interface McMahonHandicap {
  readonly lowerBy: number;
  readonly max: number;
  /**
   * No handicap between players at or above this rank (a rating, 100 a rank, like the bar); against a weaker player
   * the stronger counts as at this rank (OpenGotha help, Handicap settings › "No handicap when both players' MMS above").
   */
  readonly noHandicapFromRating?: number;
}

const RANK = 100;

/** Ranks between a rating and the floor (0 at the floor), capped at the bar. */
export function mcmahonInitial(band: McMahonBand, rating: number | undefined): number {
  const top = Math.ceil((band.bar - band.floor) / RANK);
  if (rating === undefined) return 0;
  if (rating >= band.bar) return top;
  return Math.max(0, top - Math.ceil((band.bar - rating) / RANK));
}

/** The McMahon scores: each player's initial score plus their score. */
export function mcmahonScores(band: McMahonBand, ratingOf: ReadonlyMap<string, number | undefined>, score: ReadonlyMap<string, number>): Map<string, number> {
  return new Map([...score].map(([id, s]) => [id, mcmahonInitial(band, ratingOf.get(id)) + s]));
}

/** A problem with a McMahon band (bar and floor finite, floor at or under the bar), or null. */
export function mcmahonProblem(band: McMahonBand): { field: string; message: string } | null {
  if (typeof band.bar !== 'number' || !Number.isFinite(band.bar)) return { field: 'bar', message: 'profile mcmahon.bar must be a finite number' };
  if (typeof band.floor !== 'number' || !Number.isFinite(band.floor)) return { field: 'floor', message: 'profile mcmahon.floor must be a finite number' };
  if (band.floor > band.bar) return { field: 'floor', message: `profile mcmahon.floor (${band.floor}) must not be above the bar (${band.bar})` };
  if (band.seeding !== undefined && !MCMAHON_SEEDINGS.includes(band.seeding))
    return { field: 'seeding', message: `profile mcmahon.seeding must be one of ${MCMAHON_SEEDINGS.join(', ')}` };
  const whole = (n: unknown, min: number) => typeof n === 'number' && Number.isInteger(n) && n >= min;
  if (band.handicap !== undefined) {
    if (!whole(band.handicap.lowerBy, 0)) return { field: 'handicap.lowerBy', message: 'profile mcmahon.handicap.lowerBy must be a whole number from 0' };
    if (!whole(band.handicap.max, 0) || band.handicap.max > 9)
      return { field: 'handicap.max', message: 'profile mcmahon.handicap.max must be a whole number of stones from 0 to 9' };
    const from = band.handicap.noHandicapFromRating;
    if (from !== undefined && (typeof from !== 'number' || !Number.isFinite(from)))
      return { field: 'handicap.noHandicapFromRating', message: 'profile mcmahon.handicap.noHandicapFromRating must be a finite rating' };
  }
  if (band.geographyGap !== undefined && !whole(band.geographyGap, 0))
    return { field: 'geographyGap', message: 'profile mcmahon.geographyGap must be a whole number of points from 0' };
  for (const k of ['avoidSameClubUntilRound', 'avoidSameCountryUntilRound'] as const)
    if (band[k] !== undefined && !whole(band[k], 1)) return { field: k, message: `profile mcmahon.${k} must be a round number from 1` };
  return null;
}
