import { refuse } from '../kernel/errors.js';
import { label, sortByRank, validateRequest } from './field.js';
import type { PairedGame, PairingPlayer, PairingRequest, PairingResult } from './types.js';

const RR_RULE = 'WESPA seed 循環賽: 參賽者將與同一組別之所有參賽者進行循環賽 (Berger tables)';

/**
 * Round robin (循環賽), Berger tables by a FIXED seed order (Arbitra rule, FIDE Berger tables):
 *   - when every player has `seed` (PairingPlayer.seed, 1 = top seed, the same every round), the
 *     seed order is by `seed` (ties by id), whatever the ranks: the tournament layer sets `rank`
 *     from the standings after each round, and Berger tables read with a changing order repeat
 *     opponents (4 players: 1–4 twice, 1–3 never) and give second byes;
 *   - otherwise (some player has no seed) the seed order falls back to rank order, which is only
 *     correct if the caller keeps the ranks the same every round; the explanation says so.
 * For an even field of n (an odd field adds a phantom seed n+1 whose opponent has the
 * bye, so the bye rotates and everyone has exactly one per cycle), in round r (1 … n-1):
 *   - seeds i, j < n meet when i + j ≡ r + 1 (mod n-1); the lower seed goes first when i + j is
 *     odd, the higher seed when it is even (the FIDE Berger colour rule);
 *   - seed n meets the seed i with 2i ≡ r + 1 (mod n-1); i goes first in odd rounds, n in even.
 * This balances first/second: over a cycle everyone's firsts and seconds differ by at most 1.
 * options.double: rounds n … 2(n-1) repeat the cycle with first and second swapped.
 * The field must be the same players every round; a later round asks for the same field.
 */
export function roundRobin(request: PairingRequest): PairingResult {
  validateRequest('round-robin', request);
  const seeded = request.players.every((p) => p.seed !== undefined);
  const seeds = seeded ? request.players.slice().sort(bySeed) : sortByRank(request.players);
  if (seeds.length < 2) {
    refuse('pairing/field-too-small', `a round robin needs at least 2 players; this field has ${seeds.length}: add players`, RR_RULE, {
      kind: 'invalid',
      field: 'players',
    });
  }
  const n = seeds.length % 2 === 0 ? seeds.length : seeds.length + 1;
  const cycle = n - 1;
  const cycles = request.options?.double ? 2 : 1;
  if (request.round > cycle * cycles) {
    refuse(
      'pairing/round-beyond-round-robin',
      `a ${cycles === 2 ? 'double ' : ''}round robin of ${seeds.length} players has ${cycle * cycles} rounds; round ${request.round} does not exist` +
        (cycles === 1 ? ' (set options.double for a second cycle, or use another system for extra rounds)' : ''),
      RR_RULE,
      { kind: 'conflict', field: 'round' },
    );
  }
  const swap = request.round > cycle;
  const r = swap ? request.round - cycle : request.round;
  const pairs = bergerRound(n, r);
  const seedOf = (s: number): PairingPlayer | null => (s <= seeds.length ? seeds[s - 1] : null);
  const games: PairedGame[] = [];
  let bye: string | null = null;
  const explanation = [
    `round robin (Berger tables) round ${request.round} of ${cycle * cycles}: ${seeded ? 'seed order = PairingPlayer.seed (fixed, whatever the standings)' : 'seed order = rank order (not every player has a seed; the ranks must stay the same every round)'}; cycle ${swap ? 2 : 1}, table round ${r}${swap ? ', first and second swapped' : ''}`,
  ];
  for (const [f, s] of pairs) {
    const first = seedOf(swap ? s : f);
    const second = seedOf(swap ? f : s);
    if (first === null || second === null) {
      const sits = (first ?? second) as PairingPlayer;
      bye = sits.id;
      explanation.push(
        `${label(sits)}${seeded ? ` (seed ${String(sits.seed)})` : ''} has the bye: odd field, the phantom seed ${n} is their opponent this round`,
      );
      continue;
    }
    games.push({ table: games.length + 1, first: first.id, second: second.id });
  }
  return { system: 'round-robin', round: request.round, games, tables: [], bye, repeats: [], explanation };
}

/** Fixed seed order: `seed` ascending, then id by code unit (deterministic even for equal seeds). */
function bySeed(a: PairingPlayer, b: PairingPlayer): number {
  const sa = a.seed as number;
  const sb = b.seed as number;
  if (sa !== sb) return sa - sb;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** Berger round r (1 … n-1) for n even: pairs of seeds [first, second], ordered by the lower seed. */
export function bergerRound(n: number, r: number): Array<[number, number]> {
  const m = n - 1;
  const out: Array<[number, number]> = [];
  const mod = (x: number) => ((x % m) + m) % m;
  for (let i = 1; i < n; i++) {
    if (mod(2 * i - (r + 1)) === 0) {
      out.push(r % 2 === 1 ? [i, n] : [n, i]);
      continue;
    }
    const j = mod(r + 1 - i) === 0 ? m : mod(r + 1 - i);
    if (j <= i) continue;
    out.push((i + j) % 2 === 1 ? [i, j] : [j, i]);
  }
  return out.sort((x, y) => Math.min(...x) - Math.min(...y));
}
