import type { PairingOptions, PairingOut, PairingPlayer, PairingRequest, PairingSystem } from '../pairing/types.js';
import { mcmahonInitial, type McMahonBand } from '../standings/mcmahon.js';
import { computeStandings } from '../standings/standings.js';
import { dutchRecordFor } from './dutch-record.js';
import { eliminatedBefore } from './knockout.js';
import { activePlayers } from './pairing-validation.js';
import { standingsInputFor } from './standings-input.js';
import { byesOf, roundsOf, type OpenTournament, type PlayerState } from './tournament.state.js';

/**
 * Builds the request the application layer passes to `pair(system, request)` for a round of a
 * division: the active players (joined, not withdrawn, not absent) with their rank in the
 * standings after the previous round (before round 1: by rating, highest first, then registration
 * order), their fixed seed (see `seedingOrder`), byes received, everyone met (opponents, or
 * table-mates in mahjong), firsts/seconds (first = moved first / white / East; second = moved
 * second / black / S, W, N), and the forbidden pairings among them.
 *
 * For `system` 'fide-dutch' the request also carries the division's cross-table (`dutch-record.ts`).
 *
 * For `system` 'knockout' (RULES.knockoutField) the request holds only the players still in: an
 * active player who lost a match of an earlier knockout round, or was left out of one, is passed
 * in `out` ('eliminated') instead, so the pairing names them; ranks are among the players still in.
 *
 * For `system` 'mcmahon' (Go) each player also carries the points scored so far (the standings' score after
 * the previous round, a bye as the profile scores it) and the registered club and country, and the options
 * carry the profile's McMahon settings (bar, floor, seeding, handicap, club/country avoidance).
 */
export function pairingRequestFor(
  t: OpenTournament,
  division: string,
  round: number,
  seed: string,
  options?: PairingOptions,
  system?: PairingSystem,
): PairingRequest {
  const eliminated = system === 'knockout' ? eliminatedBefore(t, division, round) : new Set<string>();
  const inField = activePlayers(t, division, round);
  const active = inField.filter((p) => !eliminated.has(p.id));
  const out: PairingOut[] = inField.filter((p) => eliminated.has(p.id)).map((p) => ({ player: p.id, why: 'eliminated' }));
  const seedOf = seeds(t, division);
  const rankOf = ranks(t, division, round, active, seedOf);
  const stats = new Map(active.map((p) => [p.id, { byes: 0, firsts: 0, seconds: 0, met: [] as Array<{ opponent: string; round: number }> }]));
  for (const r of roundsOf(t, division).filter((x) => x.round < round)) {
    for (const bye of byesOf(r)) {
      const s = stats.get(bye);
      if (s) s.byes += 1;
    }
    for (const g of r.games) {
      stats.get(g.first)?.met.push({ opponent: g.second, round: r.round });
      stats.get(g.second)?.met.push({ opponent: g.first, round: r.round });
      const f = stats.get(g.first);
      if (f) f.firsts += 1;
      const s = stats.get(g.second);
      if (s) s.seconds += 1;
    }
    for (const tb of r.tables)
      for (const seat of tb.seats) {
        const s = stats.get(seat.player);
        if (!s) continue;
        for (const o of tb.seats) if (o.player !== seat.player) s.met.push({ opponent: o.player, round: r.round });
        if (seat.wind === 'E') s.firsts += 1;
        else s.seconds += 1;
      }
  }
  const ids = new Set(active.map((p) => p.id));
  const mcmahon = system === 'mcmahon' ? scoresBefore(t, division, round) : null;
  const floats = system === 'mcmahon' && t.profile.mcmahon !== undefined ? drawnUpDown(t, division, round, t.profile.mcmahon) : null;
  const players: PairingPlayer[] = active.map((p) => {
    const s = stats.get(p.id) as { byes: number; firsts: number; seconds: number; met: Array<{ opponent: string; round: number }> };
    // Not `{ id, rank, ...(rated && { rating }), seed, … }`: keys after a spread are slow on Node 20 once the site has
    // seen rated and unrated players (a tournament usually has both). Same keys, same order.
    const rank = rankOf.get(p.id) as number;
    const head = p.rating !== undefined ? { id: p.id, rank, rating: p.rating } : { id: p.id, rank };
    const row = Object.assign(head, { seed: seedOf.get(p.id) as number, byes: s.byes, met: s.met, firsts: s.firsts, seconds: s.seconds });
    if (mcmahon === null) return row;
    const drawn = floats?.get(p.id) ?? { up: 0, down: 0 };
    return {
      ...row,
      score: mcmahon.get(p.id) ?? 0,
      drawnUp: drawn.up,
      drawnDown: drawn.down,
      ...(p.club !== undefined && { club: p.club }),
      ...(p.country !== undefined && { country: p.country }),
    };
  });
  const mcmahonOptions = mcmahon !== null && t.profile.mcmahon !== undefined ? { ...options, mcmahon: t.profile.mcmahon } : options;
  return {
    round,
    players: players.sort((a, b) => a.rank - b.rank),
    forbidden: t.forbidden.filter((f) => ids.has(f.a) && ids.has(f.b)).map((f) => ({ ...f })),
    seed,
    ...(mcmahonOptions !== undefined && { options: mcmahonOptions }),
    ...(out.length > 0 && { out }),
    // FIDE Dutch reads colours, forfeits, byes and floats from the cross-table, not from the counters above.
    ...(system === 'fide-dutch' && { record: dutchRecordFor(t, division, round, seedOf) }),
  };
}

/**
 * The division's fixed seeding order (Arbitra rule, cited as RULES.seeding): the order round 1 is
 * ranked in, by rating (highest first, unrated last), then registration order; a late entry comes
 * after everyone who joined earlier (by the round they join, then the same order), so nobody's
 * seed changes when a player joins later. Withdrawn and absent players keep their seed.
 * Seed numbers are 1-based and the same in every round's request.
 */
export function seedingOrder(t: OpenTournament, division: string): PlayerState[] {
  const registration = new Map(t.players.map((p, i) => [p.id, i]));
  return t.players
    .filter((p) => p.division === division)
    .sort(
      (a, b) =>
        a.joinsAtRound - b.joinsAtRound || (b.rating ?? -Infinity) - (a.rating ?? -Infinity) || (registration.get(a.id) ?? 0) - (registration.get(b.id) ?? 0),
    );
}

function seeds(t: OpenTournament, division: string): Map<string, number> {
  return new Map(seedingOrder(t, division).map((p, i) => [p.id, i + 1]));
}

/** Points each player scored before `round` (the standings after round − 1; none before round 1). */
function scoresBefore(t: OpenTournament, division: string, round: number): Map<string, number> {
  if (round <= 1) return new Map();
  return new Map(computeStandings(standingsInputFor(t, division, round - 1)).map((r) => [r.player, r.score]));
}

/**
 * McMahon: how often each player was drawn up (met a higher McMahon score) and down before `round`, each
 * earlier round's McMahon scores as they stood before it (initial score + points then).
 */
function drawnUpDown(t: OpenTournament, division: string, round: number, band: McMahonBand): Map<string, { up: number; down: number }> {
  const out = new Map<string, { up: number; down: number }>();
  const rating = new Map(t.players.map((p) => [p.id, p.rating]));
  const count = (id: string, k: 'up' | 'down') => {
    const c = out.get(id) ?? { up: 0, down: 0 };
    c[k]++;
    out.set(id, c);
  };
  for (const r of roundsOf(t, division).filter((x) => x.round < round)) {
    const score = scoresBefore(t, division, r.round);
    const mms = (id: string) => mcmahonInitial(band, rating.get(id)) + (score.get(id) ?? 0);
    for (const g of r.games) {
      const [a, b] = [mms(g.first), mms(g.second)];
      if (a === b) continue;
      count(a < b ? g.first : g.second, 'up');
      count(a < b ? g.second : g.first, 'down');
    }
  }
  return out;
}

/** 1-based places of the active players: standings after round-1 (ties by seed), else seed order. */
function ranks(t: OpenTournament, division: string, round: number, active: readonly PlayerState[], seedOf: ReadonlyMap<string, number>): Map<string, number> {
  const activeIds = new Set(active.map((p) => p.id));
  const bySeed = (a: string, b: string) => (seedOf.get(a) ?? 0) - (seedOf.get(b) ?? 0);
  if (round <= 1) return new Map([...active].sort((a, b) => bySeed(a.id, b.id)).map((p, i) => [p.id, i + 1]));
  const rows = computeStandings(standingsInputFor(t, division, round - 1)).filter((r) => activeIds.has(r.player));
  // Within a shared place, seeding order decides, so every player gets a distinct rank.
  rows.sort((a, b) => a.rank - b.rank || bySeed(a.player, b.player));
  return new Map(rows.map((r, i) => [r.player, i + 1]));
}
