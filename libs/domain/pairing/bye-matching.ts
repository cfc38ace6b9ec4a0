import { byeCandidates } from './bye.js';
import { byRank } from './field.js';
import type { History } from './history.js';
import { costModel } from './repeat-cost.js';
import { sequencePenalties, type SequenceDraw } from './sequence-draw.js';
import { minCostPerfectMatching } from './weighted-matching.js';
import type { PairingPlayer } from './types.js';

/**
 * The bye of an odd field chosen inside one exact minimum-cost matching (polynomial), instead of
 * one draw per candidate.
 *
 * A phantom player is added; meeting the phantom is the bye. Its cost to each player who may take
 * the bye (bye.ts byeCandidates: the fewest byes so far) is the candidate's place among them,
 * 0 for the lowest-ranked, 1 for the next, …; to everyone else it is dearer than any pairing of
 * the field. Every real pair cost (repeat-cost.ts, the same model the draw uses) is multiplied by
 * the number of candidates, so a place never outweighs one unit of repeat cost. The minimum-cost
 * matching therefore gives the bye to the lowest-ranked candidate among those whose draw has the
 * lowest repeat cost — the rule the draw had, now exact for every odd field.
 */
export interface ByeMatching {
  readonly bye: PairingPlayer;
  /** The candidates, lowest-ranked first (the first is chooseBye's pick). */
  readonly candidates: readonly PairingPlayer[];
}

/** Factor the costs are scaled by with k candidates (passed to costModel as its headroom). */
export const byeHeadroom = (candidates: number): number => 2 * candidates + 2;

/**
 * `witness`: the draw with the preferred bye (chooseBye's), whose pairs seed the matching.
 * O(n³) (weighted blossom, weighted-matching.ts), one matching whatever the number of candidates.
 */
export function byeByMatching(players: readonly PairingPlayer[], history: History, witness: SequenceDraw): ByeMatching {
  const candidates = byeCandidates(players);
  const ranked = players.slice().sort(byRank);
  const k = candidates.length;
  const model = costModel(history, ranked.length - 1, byeHeadroom(k));
  const real = sequencePenalties(ranked, history, model);
  let dearest = 0;
  for (const m of real) for (const c of m.values()) dearest = Math.max(dearest, c);
  const worstDraw = Math.floor((ranked.length - 1) / 2) * dearest;
  const phantom = ranked.length;
  const place = new Map(candidates.map((p, i) => [p.id, i]));
  const penalties: Array<Map<number, number>> = real.map((m) => new Map([...m].map(([j, c]) => [j, c * k])));
  const never = k * worstDraw + k; // more than any draw with a candidate's bye: k × worstDraw + (k − 1)
  const toPhantom = new Map<number, number>();
  ranked.forEach((p, i) => {
    const c = place.get(p.id) ?? never;
    if (c === 0) return;
    toPhantom.set(i, c);
    penalties[i].set(phantom, c);
  });
  penalties.push(toPhantom);
  // Seed: the preferred draw's free pairs and the phantom with the preferred bye (a head start only).
  const seed = new Int32Array(ranked.length + 1).fill(-1);
  const at = new Map(ranked.map((p, i) => [p.id, i]));
  const link = (i: number, j: number) => ([seed[i], seed[j]] = [j, i]);
  for (const [a, b] of witness.pairs) link(at.get(a.id) as number, at.get(b.id) as number);
  link(at.get(candidates[0].id) as number, phantom);
  // zeroPair: the phantom and the lowest-ranked candidate cost 0.
  let top = 0;
  for (const m of penalties) for (const c of m.values()) top = Math.max(top, c);
  const { mate } = minCostPerfectMatching(ranked.length + 1, (i, j) => penalties[i].get(j) ?? 0, seed, { top, zeroPair: true });
  return { bye: ranked[mate[phantom]], candidates };
}
