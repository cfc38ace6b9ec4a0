import { createRng } from '../../kernel/rng.js';
import type { McMahonBand, McMahonSeeding } from '../../standings/mcmahon.js';
import { pairKey } from '../field.js';
import type { History } from '../history.js';
import type { PairingPlayer } from '../types.js';

/** A player as McMahon pairs them: McMahon score, score group, place in the group's seeding order. */
export interface McMahonEntry {
  readonly p: PairingPlayer;
  readonly initial: number;
  readonly mms: number;
  /** 0-based place in its score group, ordered by placement (the request's rank: the standings). */
  readonly place: number;
  readonly groupSize: number;
}

/**
 * How far a pair of one score group is from the seeding system's intended partner (0 = intended).
 * OpenGotha's seeding systems (OpenGotha help, "Pairing parameters › Main criteria › Seeding"): the group
 * is split into an upper and a lower half; split-and-fold pairs the first of the upper half with the last
 * of the lower (1 v n, 2 v n−1), split-and-slip the first with the first (1 v n/2+1), split-and-random
 * each of the upper half with a partner drawn from the lower half (seeded by the pairing's seed).
 */
export function seedingDeviation(seeding: McMahonSeeding, a: McMahonEntry, b: McMahonEntry, randomTarget: (e: McMahonEntry) => number): number {
  const n = a.groupSize;
  const [i, j] = a.place < b.place ? [a.place, b.place] : [b.place, a.place];
  const half = Math.floor(n / 2);
  switch (seeding) {
    case 'split-and-fold':
      return Math.abs(i + j - (n - 1));
    case 'split-and-slip':
      return Math.abs(j - i - half);
    case 'split-and-random': {
      if (i >= half || j < half) return n; // both in one half
      const upper = a.place < b.place ? a : b;
      return Math.abs(j - randomTarget(upper));
    }
    default:
      return seeding satisfies never;
  }
}

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
  /** One unit of squared McMahon difference (in half points). */
  readonly score: number;
  /** One place of seeding deviation (doubled) or of the bye's place from the bottom. */
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
export function weights(pairs: number, maxGroup: number, maxScore: number, maxRepeat: number, byePlaces: number): CostWeights {
  const seed = 1;
  const low = 2 * maxGroup + 1; // a pair's seeding (≤ 2 × group size) plus its colour clash (1)
  const build = (strict: boolean): CostWeights => {
    const score = strict ? pairs * low + 1 : low + 1;
    const bye = pairs * (maxScore * score + low) + 1;
    const repeat = Math.max(1, byePlaces) * bye + 1;
    return { repeat, bye, score, seed };
  };
  const w = build(true);
  return (pairs + 1) * maxRepeat * w.repeat * 2 < 2 ** 51 ? w : build(false);
}

/**
 * The pair's cost parts: repeats (k² + 4 if forbidden); the squared McMahon difference in half points, plus for
 * each geographical clash (same club, same country, while avoided) the price of a difference of `geographyGap`
 * points and one more, so the clash is avoided at a difference up to the gap, not beyond (OpenGotha's group gap);
 * seeding; colour clash.
 */
export interface PairParts {
  readonly repeats: number;
  readonly score: number;
  readonly geo: number;
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
  const club = band.avoidSameClubUntilRound !== undefined && round <= band.avoidSameClubUntilRound && !!a.p.club && a.p.club === b.p.club;
  const country = band.avoidSameCountryUntilRound !== undefined && round <= band.avoidSameCountryUntilRound && !!a.p.country && a.p.country === b.p.country;
  const seedDev = diff === 0 ? seedingDeviation(seeding, a, b, target) : 0;
  const lean = (e: McMahonEntry) => Math.sign(e.p.firsts - e.p.seconds);
  const colour = lean(a) !== 0 && lean(a) === lean(b) ? 1 : 0;
  const geo = (club ? 1 : 0) + (country ? 1 : 0);
  const gap = 2 * (band.geographyGap ?? 3);
  return { repeats, score: diff * diff + geo * (gap * gap + 1), geo, seeding: seedDev, colour };
}

export const partsCost = (x: PairParts, w: CostWeights): number => x.repeats * w.repeat + x.score * w.score + x.seeding * 2 * w.seed + x.colour;
