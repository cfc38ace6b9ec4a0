import { pairKey } from './field.js';
import type { PairingRequest } from './types.js';

/**
 * What the field has already done: which pairs met (and in which rounds) and which pairs are
 * forbidden. Meetings in rounds before `repeatsForgivenBefore` are forgiven (do not count).
 */
export interface History {
  /** Rounds in which the pair met (counted meetings only), keyed by `pairKey`. */
  readonly metRounds: ReadonlyMap<string, readonly number[]>;
  /**
   * Reason a pair is forbidden, keyed by `pairKey`. The reason is the officials' (the public summary counts the pairs,
   * its reasons are not public): an explanation, which the public reads with a published round, never quotes it.
   */
  readonly forbidden: ReadonlyMap<string, string>;
  /** True when nobody in the field has met anybody yet (counting every meeting, forgiven or not). */
  readonly noMeetingsYet: boolean;
}

export function readHistory(request: PairingRequest): History {
  const forgivenBefore = request.options?.repeatsForgivenBefore ?? 0;
  const ids = new Set(request.players.map((p) => p.id));
  const metRounds = new Map<string, number[]>();
  let noMeetingsYet = true;
  for (const p of request.players) {
    if (p.met.length > 0) noMeetingsYet = false;
    for (const m of p.met) {
      if (!ids.has(m.opponent) || m.opponent === p.id) continue;
      if (m.round < forgivenBefore) continue; // options.repeatsForgivenBefore: earlier meetings do not count
      // Each meeting is listed by both players; a pair's rounds are collected from the one whose id sorts first.
      if (!(p.id < m.opponent)) continue;
      const k = pairKey(p.id, m.opponent);
      const rounds = metRounds.get(k) ?? [];
      rounds.push(m.round);
      metRounds.set(k, rounds);
    }
  }
  // A meeting listed by only the later-sorting player still counts.
  for (const p of request.players) {
    for (const m of p.met) {
      if (!ids.has(m.opponent) || m.opponent === p.id || m.round < forgivenBefore || p.id < m.opponent) continue;
      const k = pairKey(p.id, m.opponent);
      if (!metRounds.has(k)) metRounds.set(k, [m.round]);
    }
  }
  for (const rounds of metRounds.values()) rounds.sort((a, b) => a - b);
  const forbidden = new Map<string, string>();
  for (const f of request.forbidden) {
    if (ids.has(f.a) && ids.has(f.b)) forbidden.set(pairKey(f.a, f.b), f.reason);
  }
  return { metRounds, forbidden, noMeetingsYet };
}

export function timesMet(h: History, a: string, b: string): number {
  return h.metRounds.get(pairKey(a, b))?.length ?? 0;
}
