import { refuse } from '../kernel/errors.js';
import { COLOUR_NOTE, toGames } from './colours.js';
import { label, sortByRank, validateRequest } from './field.js';
import { readHistory } from './history.js';
import { listRepeats } from './king-of-the-hill.js';
import type { PairingOut, PairingPlayer, PairingRequest, PairingResult } from './types.js';

const CUT_RULE = 'WMC 比賽介紹: 以決出晉級決賽的十六名選手，周日的決賽將在這十六名選手中展開 (a cut of the top of the ranking)';

/**
 * Knockout, seeded bracket for match play. The entrants are the top `options.cut` of the ranking
 * (WMC-style cut; default the whole field), seed = rank order. The bracket has the next power of
 * two of slots, in standard seeding order (1 v S, then 1's half holds S/2 …; built by repeatedly
 * pairing seed k with seed 2m+1-k), so seeds 1 and 2 can only meet in the final. When the entrants
 * are not a power of two, the missing slots are the bottom seeds' places, so the TOP seeds get the
 * byes (Arbitra rule, the usual one; the texts are silent). Each call seeds the given field afresh
 * (re-seeding by rank); forbidden pairings and rematches are not adjusted in a bracket, they are
 * listed in `repeats`. First/second per the general balance rule.
 *
 * Every bye-holder is in `byes` (`bye` is the first of them, the top seed with a bye); the players
 * excluded by the cut are in `out` ('below-cut'), after the players the request says are already
 * out (`request.out`, e.g. eliminated in an earlier round), which are passed through.
 */
export function knockout(request: PairingRequest): PairingResult {
  validateRequest('knockout', request);
  const ranked = sortByRank(request.players);
  const cut = request.options?.cut ?? ranked.length;
  if (cut > ranked.length) {
    refuse(
      'pairing/cut-exceeds-field',
      `the cut takes the top ${cut} but only ${ranked.length} players are in the field; lower the cut or add players`,
      CUT_RULE,
      { kind: 'invalid', field: 'options.cut' },
    );
  }
  if (cut < 2) {
    refuse('pairing/field-too-small', `a knockout needs at least 2 entrants; this field has ${ranked.length}: add players`, CUT_RULE, {
      kind: 'invalid',
      field: 'players',
    });
  }
  const entrants = ranked.slice(0, cut);
  const slots = bracketOrder(nextPowerOfTwo(cut));
  const explanation = [
    `knockout round ${request.round}: ${cut === ranked.length ? `all ${cut} players` : `the top ${cut} of ${ranked.length} (cut)`} seeded by rank into a bracket of ${slots.length}`,
  ];
  if (request.out !== undefined && request.out.length > 0) explanation.push(`already out: ${request.out.map((o) => `${o.player} (${o.why})`).join(', ')}`);
  if (cut < ranked.length) explanation.push(`out after the cut: ${ranked.slice(cut).map(label).join(', ')}`);
  const pairs: Array<[PairingPlayer, PairingPlayer]> = [];
  const byes: PairingPlayer[] = [];
  for (let i = 0; i < slots.length; i += 2) {
    const a = entrants[slots[i] - 1];
    const b = slots[i + 1] <= cut ? entrants[slots[i + 1] - 1] : undefined;
    if (b === undefined) byes.push(a);
    else pairs.push([a, b]);
  }
  byes.sort((x, y) => x.rank - y.rank);
  if (byes.length > 0)
    explanation.push(`byes: ${byes.map(label).join(', ')} (the top seeds fill the bracket's ${byes.length} empty slot${byes.length === 1 ? '' : 's'})`);
  const repeats = listRepeats(pairs, readHistory(request));
  for (const r of repeats) explanation.push(`${r.a} v ${r.b} is ${r.why === 'forbidden' ? 'forbidden' : 'a rematch'} but a seeded bracket is not adjusted`);
  explanation.push(COLOUR_NOTE);
  const out: PairingOut[] = [
    ...(request.out ?? []).map((o) => ({ player: o.player, why: o.why })),
    ...ranked.slice(cut).map((p) => ({ player: p.id, why: 'below-cut' as const })),
  ];
  return {
    system: 'knockout',
    round: request.round,
    games: toGames(pairs),
    tables: [],
    bye: byes[0]?.id ?? null,
    byes: byes.map((p) => p.id),
    out,
    repeats,
    explanation,
  };
}

export function nextPowerOfTwo(n: number): number {
  let p = 1;
  while (p < n) p *= 2;
  return p;
}

/** Standard seeded bracket order of `size` slots: [1, 2] → [1, 4, 2, 3] → [1, 8, 4, 5, 2, 7, 3, 6]. */
export function bracketOrder(size: number): number[] {
  let order = [1];
  for (let m = 1; m < size; m *= 2) order = order.flatMap((s) => [s, 2 * m + 1 - s]);
  return order;
}
