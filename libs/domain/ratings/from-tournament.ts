import { DESCRIPTORS } from '../discipline-kit/registry.js';
import type { GameResult } from '../standings/results.js';
import { computeStandings } from '../standings/standings.js';
import { roundsOf, standingsInputFor, type OpenTournament, type PlayerState } from '../tournament/index.js';
import type { Unmatched } from './list.js';
import type { RatedGame, RatedTournament } from './types.js';

/**
 * A tournament's divisions as rating inputs: games played over the board (forfeits and byes are not rated), players
 * mapped to their federation identity by `identify` (null: not identified, listed as unmatched), the end day from the
 * rounds' days (else `fallbackDay`), and the placings of the division's standings where the discipline's ranking reads them
 * (its descriptor's `ratings.placings`: mahjong).
 */
export function ratedTournaments(
  t: OpenTournament,
  identify: (p: PlayerState) => { id: string; declaredRating?: number } | null,
  fallbackDay: string,
): { tournaments: RatedTournament[]; unmatched: Unmatched[] } {
  const unmatched: Unmatched[] = [];
  const ids = new Map<string, string>();
  const players: Array<{ division: string; id: string; declaredRating?: number; country?: string }> = [];
  for (const p of t.players) {
    const who = identify(p);
    if (!who) {
      unmatched.push({ tournament: t.id, player: p.id, name: p.name, federationId: p.federationId ?? null });
      continue;
    }
    ids.set(p.id, who.id);
    players.push({ division: p.division, id: who.id, ...(who.declaredRating !== undefined && { declaredRating: who.declaredRating }), country: p.country });
  }
  const out: RatedTournament[] = [];
  const byPlacings = DESCRIPTORS.find((d) => d.id === t.discipline)?.ratings.placings ?? false;
  for (const division of t.divisions) {
    const rounds = roundsOf(t, division);
    const days = rounds.map((r) => r.day).filter((d): d is string => typeof d === 'string');
    const endsOn = days.length ? days.reduce((a, b) => (a > b ? a : b)) : fallbackDay;
    const games: RatedGame[] = [];
    for (const r of rounds) for (const res of Object.values(r.results)) pushGame(games, res, ids);
    const inDivision = players.filter((p) => p.division === division);
    // Places among every player of the standings, and N (`field`) counts them all, identified or not (issue 31).
    const rows = byPlacings ? computeStandings(standingsInputFor(t, division)) : undefined;
    const placings = rows?.filter((row) => ids.has(row.player)).map((row) => ({ player: ids.get(row.player) as string, place: row.rank }));
    if (games.length === 0 && !placings?.length) continue;
    out.push({
      id: t.divisions.length > 1 ? `${t.id}/${division}` : t.id,
      endsOn,
      players: inDivision.map(({ id, declaredRating }) => ({ id, ...(declaredRating !== undefined && { declaredRating }) })),
      games,
      ...(placings && { placings }),
      sessions: rounds.length,
      // Every player of the division, identified or not (a weight counts the field, not Arbitra's identities).
      countries: new Set(t.players.filter((p) => p.division === division).map((p) => p.country ?? '')).size,
      ...(rows && { field: rows.length }),
      ...(days.length > 0 && { days: new Set(days).size }),
    });
  }
  return { tournaments: out, unmatched };
}

function pushGame(games: RatedGame[], r: GameResult, ids: ReadonlyMap<string, string>): void {
  if (r.kind !== 'played') return;
  const a = ids.get(r.first);
  const b = ids.get(r.second);
  if (a === undefined || b === undefined || a === b) return;
  games.push({ round: r.round, a, b, score: r.outcome === 'first' ? 1 : r.outcome === 'second' ? 0 : 0.5 });
}
