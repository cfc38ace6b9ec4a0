import { invalid } from '../kernel/errors.js';
import type { PairingPlayer, PairingRequest, PairingSystem } from './types.js';

/** The rule every structural refusal names: a pairing needs a well-formed field. */
const FIELD_RULE = 'Arbitra pairing contract: each player appears once, with a positive integer rank and non-negative counters';

/** Deterministic standings order: rank ascending, then id by code unit (never locale-dependent). */
export function byRank(a: PairingPlayer, b: PairingPlayer): number {
  if (a.rank !== b.rank) return a.rank - b.rank;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

export function sortByRank(players: readonly PairingPlayer[]): PairingPlayer[] {
  return players.slice().sort(byRank);
}

/** Unordered key for a pair of ids. */
export function pairKey(a: string, b: string): string {
  return a < b ? `${a}\u0000${b}` : `${b}\u0000${a}`;
}

/** Short human label used in explanations: `Chan Hok Hei (#1)`. */
export function label(p: PairingPlayer): string {
  return `${p.id} (#${p.rank})`;
}

function isNonNegativeInt(n: unknown): boolean {
  return typeof n === 'number' && Number.isInteger(n) && n >= 0;
}

/**
 * Refuses a request that no pairing system could accept: empty field, a player listed twice,
 * bad rank or counters, a bad round number, a player forbidden from meeting themself.
 */
export function validateRequest(system: PairingSystem, request: PairingRequest): void {
  if (!Number.isInteger(request.round) || request.round < 1) {
    invalid('pairing/invalid-round', `round must be a whole number from 1; got ${String(request.round)}`, FIELD_RULE, 'round');
  }
  if (request.players.length === 0) {
    invalid('pairing/empty-field', `${system}: there are no players to pair in round ${request.round}; add the players who are present`, FIELD_RULE, 'players');
  }
  const seen = new Set<string>();
  for (const p of request.players) {
    if (typeof p.id !== 'string' || p.id.length === 0) {
      invalid('pairing/invalid-player-id', 'every player needs a non-empty id', FIELD_RULE, 'players');
    }
    if (seen.has(p.id)) {
      invalid('pairing/duplicate-player', `player ${p.id} is listed twice; list each player once`, FIELD_RULE, 'players', { player: p.id });
    }
    seen.add(p.id);
    if (!Number.isInteger(p.rank) || p.rank < 1) {
      invalid('pairing/invalid-rank', `player ${p.id} has rank ${String(p.rank)}; ranks are whole numbers from 1 (1 = leader)`, FIELD_RULE, 'players', {
        player: p.id,
      });
    }
    if (p.seed !== undefined && (!Number.isInteger(p.seed) || p.seed < 1)) {
      invalid('pairing/invalid-seed', `player ${p.id} has seed ${String(p.seed)}; seeds are whole numbers from 1 (1 = top seed)`, FIELD_RULE, 'players', {
        player: p.id,
      });
    }
    for (const k of ['byes', 'firsts', 'seconds'] as const) {
      if (!isNonNegativeInt(p[k])) {
        invalid('pairing/invalid-counter', `player ${p.id} has ${k} = ${String(p[k])}; it must be a whole number from 0`, FIELD_RULE, 'players', {
          player: p.id,
        });
      }
    }
  }
  for (const f of request.forbidden) {
    if (f.a === f.b) {
      invalid('pairing/forbidden-self', `forbidden pairing ${f.a}–${f.b} names the same player twice; name two different players`, FIELD_RULE, 'forbidden');
    }
  }
  const opt = request.options;
  if (opt?.repeatsForgivenBefore !== undefined && (!Number.isInteger(opt.repeatsForgivenBefore) || opt.repeatsForgivenBefore < 1)) {
    invalid(
      'pairing/invalid-option',
      `repeatsForgivenBefore must be a round number from 1; got ${String(opt.repeatsForgivenBefore)}`,
      FIELD_RULE,
      'options.repeatsForgivenBefore',
    );
  }
  if (opt?.cut !== undefined && (!Number.isInteger(opt.cut) || opt.cut < 2)) {
    invalid('pairing/invalid-option', `cut must be a whole number of at least 2; got ${String(opt.cut)}`, FIELD_RULE, 'options.cut');
  }
}
