import { label, pairKey } from './field.js';
import type { History } from './history.js';
import { FORBIDDEN_COST, searchPairing, type SearchOutcome } from './pairing-search.js';
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
 * Pairs an even `sequence` so that each top unpaired player takes the next player in the
 * sequence it may meet, avoiding rematches (cost 1) and forbidden pairings (cost
 * FORBIDDEN_COST) and relaxing the fewest of them when no clean pairing exists.
 */
export function drawInSequence(sequence: readonly PairingPlayer[], history: History, budget?: number): SequenceDraw {
  const index = new Map(sequence.map((p, i) => [p.id, i]));
  const penalties: Array<Map<number, number>> = sequence.map(() => new Map());
  const add = (a: string, b: string, c: number) => {
    const i = index.get(a);
    const j = index.get(b);
    if (i === undefined || j === undefined) return;
    penalties[i].set(j, (penalties[i].get(j) ?? 0) + c);
    penalties[j].set(i, (penalties[j].get(i) ?? 0) + c);
  };
  for (const k of history.metRounds.keys()) {
    const [a, b] = k.split('\u0000');
    add(a, b, 1);
  }
  for (const k of history.forbidden.keys()) {
    const [a, b] = k.split('\u0000');
    add(a, b, FORBIDDEN_COST);
  }
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
      skipped.push(`${label(sequence[s])}: ${skipReason(a, sequence[s], history)}`);
    }
    if (skipped.length > 0) {
      explanation.push(`${label(a)} meets ${label(b)}, passing over ${skipped.join('; ')}${more > 0 ? `; and ${more} more` : ''}`);
    }
    const k = pairKey(a.id, b.id);
    const forbiddenWhy = history.forbidden.get(k);
    const metIn = history.metRounds.get(k);
    if (forbiddenWhy !== undefined) {
      repeats.push({ a: a.id, b: b.id, why: 'forbidden' });
      explanation.push(`RELAXED: ${label(a)} meets ${label(b)} although the pairing is forbidden (${forbiddenWhy}): no pairing of this field avoids it`);
    }
    if (metIn !== undefined) {
      repeats.push({ a: a.id, b: b.id, why: 'rematch' });
      explanation.push(`RELAXED: ${label(a)} meets ${label(b)} again (met in round ${metIn.join(', ')}): no pairing of this field has fewer repeats`);
    }
  }
  if (outcome.method === 'greedy-fallback' && outcome.cost === 0) {
    explanation.push(
      `search budget of ${outcome.budget} steps ran out (${outcome.nodes} tries); the greedy completion and swap repair then found a pairing without repeats, though not necessarily the one the strict rank order would give`,
    );
  } else if (outcome.method === 'greedy-fallback') {
    explanation.push(
      `search budget of ${outcome.budget} steps ran out before a pairing with the fewest repeats was proven (${outcome.nodes} tries); each top player then took the cheapest available partner and pairs were swapped while that removed repeats, so the repeats above may not be the minimum`,
    );
  }
  return { pairs, repeats, explanation, outcome };
}

function skipReason(a: PairingPlayer, s: PairingPlayer, history: History): string {
  const k = pairKey(a.id, s.id);
  const forbiddenWhy = history.forbidden.get(k);
  if (forbiddenWhy !== undefined) return `forbidden (${forbiddenWhy})`;
  const metIn = history.metRounds.get(k);
  if (metIn !== undefined) return `already met in round ${metIn.join(', ')}`;
  return 'kept for a later pairing, because taking them would leave the players below with more repeats (backtracking)';
}
