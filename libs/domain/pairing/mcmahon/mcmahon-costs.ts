import { createRng } from '../../kernel/rng.js';
import type { McMahonBand, McMahonSeeding } from '../../standings/mcmahon.js';
import { pairKey } from '../field.js';
import type { History } from '../history.js';
import type { PairingPlayer } from '../types.js';
import { handicapDifference } from './mcmahon-colours.js';

/** A player as McMahon pairs them: McMahon score, score group, place in the group's seeding order. */
export interface McMahonEntry {
  readonly p: PairingPlayer;
  readonly initial: number;
  readonly mms: number;
  /** 0-based place in its score group, ordered by placement (the request's rank: the standings). */
  readonly place: number;
  readonly groupSize: number;
}

/** Criteria below the McMahon difference are scaled to 0..SCALE per pair. */
export const SCALE = 100;

/**
 * How far a pair of one score group is from the seeding system's intended partner: 0 (intended) to SCALE,
 * growing with the square of the distance. OpenGotha help, Pairing settings › Main criteria › Seeding system and
 * "Pairing evaluation function" › Seeding: the group is split into an upper and a lower half; split-and-fold
 * prefers 1 v n, 2 v n−1 (x = place₁ + place₂ − (n − 1), cost ∝ x²/(n − 1)²), split-and-slip 1 v n/2+1
 * (x = 2 |place₁ − place₂| − n, cost ∝ x²/n²), split-and-random each of the upper half with a partner drawn
 * from the lower half (seeded by the pairing's seed; a pair inside one half costs the most).
 */
export function seedingDeviation(seeding: McMahonSeeding, a: McMahonEntry, b: McMahonEntry, randomTarget: (e: McMahonEntry) => number): number {
  const n = a.groupSize;
  const [i, j] = a.place < b.place ? [a.place, b.place] : [b.place, a.place];
  const half = Math.floor(n / 2);
  const scaled = (x: number, range: number) => Math.round((SCALE * x * x) / Math.max(1, range * range));
  switch (seeding) {
    case 'split-and-fold':
      return scaled(i + j - (n - 1), n - 1);
    case 'split-and-slip':
      return scaled(2 * (j - i) - n, n);
    case 'split-and-random': {
      if (i >= half || j < half) return SCALE; // both in one half
      const upper = a.place < b.place ? a : b;
      return scaled(j - randomTarget(upper), n - 1);
    }
    default:
      return seeding satisfies never;
  }
}

/**
 * Which player of a group floats (draw-up/draw-down): 0 for the middle of its group to SCALE for its top or
 * bottom (OpenGotha's default draw-up/draw-down mode, "middle", for both the upper and the lower group: help,
 * Pairing settings › "When pairing players from different groups").
 */
export const floatPosition = (e: McMahonEntry): number => Math.round((SCALE * Math.abs(2 * e.place - (e.groupSize - 1))) / e.groupSize);

/** The lower-half partner split-and-random draws for each upper-half place, per score group (seeded). */
export function randomTargets(entries: readonly McMahonEntry[], seed: string): (e: McMahonEntry) => number {
  const byGroup = new Map<number, number[]>();
  for (const e of entries) {
    const key = e.mms * 2;
    if (byGroup.has(key)) continue;
    const half = Math.floor(e.groupSize / 2);
    const lower = Array.from({ length: e.groupSize - half }, (_, k) => half + k);
    byGroup.set(key, createRng(`${seed}/mcmahon/split-and-random/${key}`).shuffle(lower));
  }
  return (e) => (byGroup.get(e.mms * 2) as number[])[e.place] ?? e.place;
}

export interface CostWeights {
  /** One counted repeat meeting (a pair that met k times costs k² of these; a forbidden pair 4). */
  readonly repeat: number;
  /** One place up the bye order (odd field): the bye goes as low as it can without a repeat. */
  readonly bye: number;
  /** One unit of the priced McMahon difference (pairParts). */
  readonly score: number;
  /** One unit of a floating pair's float cost: drawn again in the same sense (FLOAT_AGAIN each), then floatPosition. */
  readonly float: number;
  /** One unit of seeding deviation (tripled, so a pair's colour clash, 0–2, never outweighs it). */
  readonly seed: number;
}

/**
 * The weights, lexicographic (EGF/OpenGotha order of criteria: no repeats, then the bye as low as it can go,
 * then the McMahon difference — draw-ups and draw-downs — then the secondary criteria; seeding and colour
 * balance last): each tier's unit
 * exceeds the largest total all lower tiers can add up to over the whole field, so a lower criterion never
 * buys a worse higher one. Geography, seeding and colour are ordered per pair (a pair's clash outweighs its
 * seeding). If the exact scale could pass 2⁵¹, the score tier is made strict per pair only (never reached
 * below several thousand players).
 */
/** A player drawn up (down) again after an earlier draw-up (draw-down) outweighs both floaters' positions. */
export const FLOAT_AGAIN = 2 * SCALE + 1;
const FLOAT_MAX = 2 * FLOAT_AGAIN + 2 * SCALE;

export function weights(pairs: number, maxScore: number, maxRepeat: number, byePlaces: number): CostWeights {
  const seed = 1;
  const low = 3 * SCALE + 2; // a pair's seeding (tripled) plus its colour clash
  const build = (strict: boolean): CostWeights => {
    const float = strict ? pairs * low + 1 : low + 1;
    const score = strict ? pairs * (FLOAT_MAX * float + low) + 1 : FLOAT_MAX * float + low + 1;
    const bye = pairs * (maxScore * score + FLOAT_MAX * float + low) + 1;
    const repeat = Math.max(1, byePlaces) * bye + 1;
    return { repeat, bye, score, float, seed };
  };
  const w = build(true);
  return (pairs + 1) * maxRepeat * w.repeat * 2 < 2 ** 51 ? w : build(false);
}

/**
 * How many McMahon scores a round can span, as OpenGotha counts its score groups: the ranks between floor and bar,
 * the rounds played, and its McMahon-score corrections (−1..+2), so 3 more.
 */
export const scoreRange = (band: McMahonBand, round: number): number => Math.ceil((band.bar - band.floor) / 100) + round + 3;

/**
 * The pair's cost parts: repeats (k² + 4 if forbidden); the McMahon difference d (in half points) priced as
 * 2·G·d + d² over the G = scoreRange score groups — OpenGotha's concavity function (help, Pairing evaluation
 * function › Concavity function: (1 − x)(1 + x/2), x = d/G, as a penalty ∝ G·d + d²), so a few small
 * draw-ups beat one large one and fewer draw-ups beat more of the same total — plus for
 * each geographical clash (same club, same country, while avoided) the price of a difference of `geographyGap`
 * points and one more, so the clash is avoided at a difference up to the gap, not beyond (OpenGotha's group gap);
 * seeding; colour clash.
 */
export interface PairParts {
  readonly repeats: number;
  readonly score: number;
  readonly geo: number;
  readonly float: number;
  readonly seeding: number;
  readonly colour: number;
}

export function pairParts(
  a: McMahonEntry,
  b: McMahonEntry,
  history: History,
  band: McMahonBand,
  round: number,
  seeding: McMahonSeeding,
  target: (e: McMahonEntry) => number,
): PairParts {
  const k = pairKey(a.p.id, b.p.id);
  const met = history.metRounds.get(k)?.length ?? 0;
  const repeats = met * met + (history.forbidden.has(k) ? 4 : 0);
  const diff = Math.round(Math.abs(a.mms - b.mms) * 2);
  const groups = scoreRange(band, round);
  const price = (halfPoints: number) => 2 * groups * halfPoints + halfPoints * halfPoints;
  const club = band.avoidSameClubUntilRound !== undefined && round <= band.avoidSameClubUntilRound && !!a.p.club && a.p.club === b.p.club;
  const country = band.avoidSameCountryUntilRound !== undefined && round <= band.avoidSameCountryUntilRound && !!a.p.country && a.p.country === b.p.country;
  const seedDev = diff === 0 ? seedingDeviation(seeding, a, b, target) : 0;
  // Colour balance (OpenGotha help, Pairing evaluation function › Balance White and Black), only for a game without
  // handicap: best when the two have had opposite colours more often, half as good when one is even and the other 2 ahead.
  const lean = (e: McMahonEntry) => e.p.firsts - e.p.seconds;
  const handicapped =
    band.handicap !== undefined &&
    Math.min(band.handicap.max, handicapDifference(a.mms >= b.mms ? a : b, a.mms >= b.mms ? b : a, band) - band.handicap.lowerBy) > 0;
  const opposite = lean(a) * lean(b) < 0;
  const half = (lean(a) === 0 && Math.abs(lean(b)) >= 2) || (lean(b) === 0 && Math.abs(lean(a)) >= 2);
  const colour = handicapped || opposite ? 0 : half ? 1 : 2;
  const geo = (club ? 1 : 0) + (country ? 1 : 0);
  const gap = 2 * (band.geographyGap ?? 3);
  // OpenGotha help, Pairing settings › "When pairing players from different groups": not drawn up or down twice in the same sense.
  const [hi, lo] = a.mms >= b.mms ? [a, b] : [b, a];
  const again = ((hi.p.drawnDown ?? 0) > 0 ? 1 : 0) + ((lo.p.drawnUp ?? 0) > 0 ? 1 : 0);
  const float = diff === 0 ? 0 : again * FLOAT_AGAIN + floatPosition(a) + floatPosition(b);
  return { repeats, score: price(diff) + geo * (price(gap) + 1), geo, float, seeding: seedDev, colour };
}

export const partsCost = (x: PairParts, w: CostWeights): number =>
  x.repeats * w.repeat + x.score * w.score + x.float * w.float + x.seeding * 3 * w.seed + x.colour;
