/**
 * A chess-rapid tournament as FIDE TRF-16: the tournament's players (starting rank by rating, then
 * registration), its published rounds from the crosstable, the standings' score and rank.
 * Colours: the pairing's "first" player is written as White (FIDE pairings name White first).
 */
import { exportTrf, type TrfResult, type TrfRound } from '../../domain/disciplines/chess/index.js';
import { roundKey, seedingOrder, virtualPointsOf, type OpenTournament } from '../../domain/tournament/index.js';
import type { CrosstableCell } from '../../domain/standings/crosstable.js';
import { crosstableOf, standingsOf, type AsOf } from '../../runtime/features/tournament/index.js';

/** A FIDE ID: the digits FIDE gives a player (TRF-16 001 record, columns 58–68, 11 wide). */
const FIDE_ID = /^\d{1,11}$/;

function resultOf(c: CrosstableCell): TrfResult {
  switch (c.kind) {
    case 'played':
      return c.outcome === 'win' ? '1' : c.outcome === 'draw' ? '=' : '0';
    case 'forfeit':
      return c.outcome === 'win' ? '+' : '-';
    case 'double-forfeit':
      return '-';
    case 'bye':
      // A pairing-allocated bye (U); its points are the tournament profile's.
      return 'U';
    case 'requested-bye':
      // A bye requested in advance: H half-point, F full-point (TRF-16 result codes).
      return c.outcome === 'win' ? 'F' : 'H';
    case 'absent':
      return 'Z';
    default:
      return ' ';
  }
}

export function tournamentTrf(t: OpenTournament, division: string, asOf: AsOf): string {
  const order = t.players
    .map((p, i) => ({ p, i }))
    .sort((a, b) => (b.p.rating ?? 0) - (a.p.rating ?? 0) || a.i - b.i)
    .map(({ p }) => p.id);
  const startRank = (id: string | null) => (id === null ? null : order.indexOf(id) + 1);
  const standings = new Map(standingsOf(t, division, asOf).rows.map((r) => [r.player, r]));
  const rows = crosstableOf(t, division, asOf).rows;
  const dates = Object.values(t.rounds)
    .filter((r) => r.division === division && r.status !== 'paired')
    .reduce<(string | undefined)[]>((ds, r) => {
      ds[r.round - 1] = r.day;
      return ds;
    }, []);
  const known = dates.filter((d): d is string => d !== undefined).sort();
  // Accelerated pairings (C.04.5.1): the virtual points as XXA lines, so the file pairs and checks as Arbitra paired it.
  const virtual = virtualPointsOf(t, division, new Map(seedingOrder(t, division).map((p, i) => [p.id, i + 1])));
  return exportTrf({
    name: t.name,
    ...(known.length && { startDate: known[0], endDate: known[known.length - 1] }),
    ...(t.profile.rapidMinutes && { timeControl: `${t.profile.rapidMinutes} min a player (rapid)` }),
    roundDates: Array.from({ length: dates.length }, (_, i) => dates[i]),
    ...(virtual !== null && {
      ...(t.roundsPlanned !== null && { roundsPlanned: t.roundsPlanned }),
      accelerations: Object.entries(virtual).map(([id, points]) => ({ startRank: startRank(id) as number, points })),
    }),
    players: rows.map((row) => {
      const p = t.players.find((x) => x.id === row.player);
      const rounds: TrfRound[] = Array.from({ length: Math.max(row.cells.length, dates.length) }, (_, i) => {
        const c = row.cells[i] as CrosstableCell | undefined;
        if (c && c.kind !== 'not-yet-played' && c.kind !== 'absent')
          return {
            opponent: c.kind === 'played' || c.kind === 'forfeit' || c.kind === 'double-forfeit' ? startRank(c.opponent) : null,
            colour: c.side === 'first' ? 'w' : c.side === 'second' ? 'b' : '-',
            result: resultOf(c),
          };
        // A game paired and published without a result yet: its opponent and colour, result blank (TRF-16: not yet played).
        const g = t.rounds[roundKey(division, i + 1)]?.games.find((x) => x.first === row.player || x.second === row.player);
        if (g) return { opponent: startRank(g.first === row.player ? g.second : g.first), colour: g.first === row.player ? 'w' : 'b', result: ' ' };
        return { opponent: null, colour: '-', result: c?.kind === 'absent' ? 'Z' : ' ' };
      });
      return {
        startRank: startRank(row.player) as number,
        name: p?.name ?? row.player,
        ...(p?.rating !== undefined && { rating: p.rating }),
        ...(p?.country !== undefined && { federation: p.country }),
        // TRF-16 columns 58–68 hold a FIDE ID (digits) or blanks: a federation's own id (HK-0042) is not one (issue 30).
        ...(p?.federationId !== undefined && FIDE_ID.test(p.federationId) && { fideId: p.federationId }),
        points: standings.get(row.player)?.score ?? 0,
        rank: row.rank,
        rounds,
      };
    }),
  });
}
