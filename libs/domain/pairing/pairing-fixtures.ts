/**
 * Test and benchmark fixtures (pure): build players and requests, and simulate whole
 * tournaments by pairing rounds with a system and deterministic seeded results.
 */
import { createRng } from '../kernel/rng.js';
import type { PairingPlayer, PairingRequest, PairingResult, PairingSystem } from './types.js';

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

export function player(id: string, rank: number, extra: Partial<PairingPlayer> = {}): PairingPlayer {
  return { id, rank, byes: 0, met: [], firsts: 0, seconds: 0, ...extra };
}

export function request(players: readonly PairingPlayer[], extra: Partial<PairingRequest> = {}): PairingRequest {
  return { round: 2, players, forbidden: [], seed: 'test-seed', ...extra };
}

/** Players who met in the given rounds: [a, b, round]. */
export function withMeetings(players: readonly PairingPlayer[], meetings: ReadonlyArray<readonly [string, string, number]>): PairingPlayer[] {
  return players.map((p) => ({
    ...p,
    met: [...p.met, ...meetings.filter(([a, b]) => a === p.id || b === p.id).map(([a, b, round]) => ({ opponent: a === p.id ? b : a, round }))],
  }));
}

/** The WESPA seed's example field: ranks 1..6. */
export const SEED_EXAMPLE = ['Chan Hok Hei', 'Wong Siu Ki', 'Wong Wai Ho', 'Cheung Siu Kwan', 'Lee Kwan Yee', 'Ho Ka Wai'];

/** n players p001…, rank 1..n, rating descending with rank. */
export function field(n: number): PairingPlayer[] {
  const w = String(n).length;
  return Array.from({ length: n }, (_, i) => player(`p${String(i + 1).padStart(w, '0')}`, i + 1, { rating: 2000 - i }));
}

interface Tally {
  p: Mutable<PairingPlayer> & { met: Array<{ opponent: string; round: number }> };
  wins: number;
  spread: number;
  strength: number;
}

/**
 * Plays `rounds` rounds with `system` on a field of n and returns the players as they stand
 * before round rounds+1 (ranks by wins, then spread, then id). Results are seeded: the stronger
 * player (higher initial rating) wins more often.
 */
export function simulate(
  pairFn: (system: PairingSystem, r: PairingRequest) => PairingResult,
  system: PairingSystem,
  n: number,
  rounds: number,
  seed: string,
): PairingPlayer[] {
  const rng = createRng(`${seed}/results`);
  const tallies: Tally[] = field(n).map((p, i) => ({ p: { ...p, met: [] }, wins: 0, spread: 0, strength: n - i }));
  const byId = new Map(tallies.map((t) => [t.p.id, t]));
  for (let round = 1; round <= rounds; round++) {
    const res = pairFn(system, { round, players: tallies.map((t) => ({ ...t.p, met: t.p.met.slice() })), forbidden: [], seed: `${seed}/${round}` });
    for (const g of res.games) {
      const a = byId.get(g.first) as Tally;
      const b = byId.get(g.second) as Tally;
      a.p.met.push({ opponent: b.p.id, round });
      b.p.met.push({ opponent: a.p.id, round });
      a.p.firsts++;
      b.p.seconds++;
      const margin = rng.int(-200, 200) + Math.round(((a.strength - b.strength) * 100) / n);
      a.spread += margin;
      b.spread -= margin;
      (margin >= 0 ? a : b).wins++;
    }
    if (res.bye) {
      const t = byId.get(res.bye) as Tally;
      t.p.byes++;
      t.wins++;
      t.spread += 50;
    }
    for (const table of res.tables) {
      const scores = table.seats.map(() => rng.int(-100, 100));
      table.seats.forEach((s, i) => {
        const t = byId.get(s.player) as Tally;
        if (s.wind === 'E') t.p.firsts++;
        else t.p.seconds++;
        for (const o of table.seats) if (o.player !== s.player) t.p.met.push({ opponent: o.player, round });
        t.spread += scores[i] + Math.round((t.strength * 20) / n);
        if (scores[i] === Math.max(...scores)) t.wins++;
      });
    }
    tallies.sort((x, y) => y.wins - x.wins || y.spread - x.spread || (x.p.id < y.p.id ? -1 : 1));
    tallies.forEach((t, i) => (t.p.rank = i + 1));
  }
  return tallies.map((t) => ({ ...t.p }));
}

/**
 * A round-7 request over `base` from fast-check edges [i, j, round, f]: f = 0 forbids the pair,
 * otherwise the pair met in `round`; out-of-range and self edges are skipped. Round-1 seeding
 * 'rating-adjacent' (ratings follow rank in `field`), so the draw order is the rank order.
 */
export function requestFromEdges(base: readonly PairingPlayer[], edges: ReadonlyArray<readonly [number, number, number, number]>): PairingRequest {
  const n = base.length;
  const meetings: Array<[string, string, number]> = [];
  const forbidden: Array<{ a: string; b: string; reason: string }> = [];
  for (const [i, j, round, f] of edges) {
    if (i >= n || j >= n || i === j) continue;
    if (f === 0) forbidden.push({ a: base[i].id, b: base[j].id, reason: 'test' });
    else meetings.push([base[i].id, base[j].id, round]);
  }
  return request(withMeetings(base, meetings), { round: 7, forbidden, options: { round1: 'rating-adjacent' } });
}
