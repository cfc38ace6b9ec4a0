import { label, pairKey } from './field.js';
import type { History } from './history.js';
import { searchPairing, type SearchOutcome } from './pairing-search.js';
import { costModel, type CostModel } from './repeat-cost.js';
import type { PairingPlayer, PairingResult } from './types.js';

export type Repeat = PairingResult['repeats'][number];

export interface SequenceDraw {
  readonly pairs: Array<readonly [PairingPlayer, PairingPlayer]>;
  readonly repeats: Repeat[];
  readonly explanation: string[];
  readonly outcome: SearchOutcome;
}

const MAX_NAMED = 4;

/**
 * The cost of each penalised pair of `sequence` (by index; absent = 0): repeat-cost.ts's rematch
 * cost for pairs that met, plus its forbidden cost for forbidden pairs. Symmetric.
 */
export function sequencePenalties(sequence: readonly PairingPlayer[], history: History, model: CostModel): Array<Map<number, number>> {
  const index = new Map(sequence.map((p, i) => [p.id, i]));
  const penalties: Array<Map<number, number>> = sequence.map(() => new Map());
  const add = (a: string, b: string, c: number) => {
    const i = index.get(a);
    const j = index.get(b);
    if (i === undefined || j === undefined) return;
    penalties[i].set(j, (penalties[i].get(j) ?? 0) + c);
    penalties[j].set(i, (penalties[j].get(i) ?? 0) + c);
  };
  for (const [k, rounds] of history.metRounds) {
    const [a, b] = k.split('\u0000');
    add(a, b, model.rematch(rounds));
  }
  for (const k of history.forbidden.keys()) {
    const [a, b] = k.split('\u0000');
    add(a, b, model.forbidden);
  }
  return penalties;
}

/**
 * Pairs an even `sequence` so that each top unpaired player takes the next player in the
 * sequence it may meet, avoiding rematches and forbidden pairings and, when no clean pairing
 * exists, allowing those of the lowest total cost (repeat-cost.ts: more and more recent
 * meetings cost more; a forbidden pairing more than any rematches). The result is exact (see
 * pairing-search.ts), so every explanation sentence below states what was proven.
 */
export function drawInSequence(sequence: readonly PairingPlayer[], history: History, budget?: number, headroom = 1): SequenceDraw {
  const penalties = sequencePenalties(sequence, history, costModel(history, sequence.length, headroom));
  const outcome = searchPairing({ n: sequence.length, penalties, budget });

  const pairs: Array<readonly [PairingPlayer, PairingPlayer]> = [];
  const repeats: Repeat[] = [];
  const explanation: string[] = [];
  const paired = new Uint8Array(sequence.length);
  const sorted = outcome.pairs.slice().sort((x, y) => x[0] - y[0]);
  for (const [i, j] of sorted) {
    const a = sequence[i];
    const b = sequence[j];
    pairs.push([a, b]);
    paired[i] = paired[j] = 1;
    const skipped: string[] = [];
    let more = 0;
    for (let s = i + 1; s < j; s++) {
      if (paired[s]) continue;
      if (skipped.length >= MAX_NAMED) {
        more++;
        continue;
      }
      skipped.push(`${label(sequence[s])}: ${skipReason(a, sequence[s], history, outcome)}`);
    }
    if (skipped.length > 0) {
      explanation.push(`${label(a)} meets ${label(b)}, passing over ${skipped.join('; ')}${more > 0 ? `; and ${more} more` : ''}`);
    }
    const k = pairKey(a.id, b.id);
    const metIn = history.metRounds.get(k);
    if (history.forbidden.has(k)) {
      repeats.push({ a: a.id, b: b.id, why: 'forbidden' });
      explanation.push(
        `RELAXED: ${label(a)} meets ${label(b)} although the pairing is forbidden: no pairing of the ${sequence.length} players drawn has fewer forbidden pairings`,
      );
    }
    if (metIn !== undefined) {
      repeats.push({ a: a.id, b: b.id, why: 'rematch' });
      explanation.push(
        `RELAXED: ${label(a)} meets ${label(b)} again (met in round ${metIn.join(', ')}; this is meeting ${metIn.length + 1}): ` +
          `no pairing of the ${sequence.length} players drawn has a lower repeat cost (a repeat weighs more the more often and the more recently the pair met)`,
      );
    }
  }
  if (outcome.method === 'matching') {
    explanation.push(
      `search budget of ${outcome.budget} steps ran out (${outcome.nodes} tries); the draw was finished exactly instead: each top player took the highest-placed partner ` +
        `for which a minimum-cost matching proved the rest can still be paired at the lowest repeat cost (${outcome.matchings ?? 0} blossom matchings computed)`,
    );
  }
  return { pairs, repeats, explanation, outcome };
}

function skipReason(a: PairingPlayer, s: PairingPlayer, history: History, outcome: SearchOutcome): string {
  const k = pairKey(a.id, s.id);
  if (history.forbidden.has(k)) return 'forbidden';
  const metIn = history.metRounds.get(k);
  if (metIn !== undefined) return `already met in round ${metIn.join(', ')}`;
  // Proven in both exact methods: the search found no completion at the lowest cost after this choice.
  const how = outcome.method === 'exact' ? 'backtracking' : 'minimum-cost matching';
  return `kept for a later pairing: with the pairs above, taking them would leave the rest no pairing at the lowest repeat cost (${how})`;
}
