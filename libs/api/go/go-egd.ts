/**
 * A Go tournament as an EGD results table: places from the standings (points, MMS, SOS, SODOS…),
 * each round from the crosstable, colour and handicap from the game linked to the pairing (without one,
 * the pairing's first player is written Black), grades from the linked games' players, else from the
 * registered rating (EGD GoR scale), names split only as registered ("Family, Given"), the class and place
 * from the profile's `egd`, the handicap line from the McMahon handicap policy (none: h9).
 */
import { egdFieldProblem, egdName, exportEgd, gradeOfRating, type EgdRound, type GoState } from '../../domain/disciplines/go/index.js';
import type { CrosstableCell } from '../../domain/standings/crosstable.js';
import { publishedView, roundKey, roundsOf, type OpenTournament } from '../../domain/tournament/index.js';
import type { ArbitraCore } from '../../runtime/arbitra-core.js';
import { ProblemException } from '../problem.js';
import { GO_GAME } from '../../runtime/features/go/index.js';
import { crosstableOf, standingsOf, type AsOf } from '../../runtime/features/tournament/index.js';
import { gamesProjectionName, linkedGames, readGameDocument } from '../../runtime/games/index.js';

export function tournamentEgd(core: ArbitraCore, t: OpenTournament, division: string, asOf: AsOf): string {
  const projection = gamesProjectionName(GO_GAME);
  const games = linkedGames(core.readModels, projection, { tournamentId: t.id, division })
    .map((g) => readGameDocument<GoState>(core.readModels, GO_GAME, g.id)?.state)
    .flatMap((s) => (s && s.phase !== 'none' ? [s.game] : []));
  const gameAt = (round: number, table: number | null) => games.find((g) => g.link?.round === round && g.link.table === table);
  // Without a linked game, the stones are the pairing's (McMahon handicap policy), not an invented even game.
  const pairedHandicap = (round: number, table: number | null) => t.rounds[roundKey(division, round)]?.games.find((g) => g.table === table)?.handicap ?? 0;
  // The grade as a linked game wrote it, else the grade of the registered rating (issue 30: not "?" when a rating says it).
  const rankOf = (id: string, rating: number | undefined) =>
    games.flatMap((g) => g.players).find((p) => p.id === id && p.rank)?.rank ?? (rating !== undefined ? gradeOfRating(rating) : '?');
  const standings = standingsOf(t, division, asOf).rows;
  const place = new Map(standings.map((r, i) => [r.player, i + 1]));
  const cells = new Map(crosstableOf(t, division, asOf).rows.map((r) => [r.player, r.cells]));
  const round = (player: string, c: CrosstableCell): EgdRound => {
    const result = c.outcome === 'win' ? '+' : c.outcome === 'draw' ? '=' : '-';
    if (c.kind === 'bye') return { opponentPlace: null, result: '+', colour: null, handicap: 0, byDefault: false };
    if (c.opponent === null) return { opponentPlace: null, result: '-', colour: null, handicap: 0, byDefault: false };
    const game = gameAt(c.round, c.table);
    const seat = game ? game.players.findIndex((p) => p.id === player) : c.side === 'first' ? 0 : 1;
    return {
      opponentPlace: place.get(c.opponent) ?? null,
      result,
      colour: seat === 0 ? 'b' : 'w',
      handicap: game ? game.handicapStones.length : pairedHandicap(c.round, c.table),
      byDefault: c.kind !== 'played',
    };
  };
  // The days of published rounds only: an unpublished round (and its day) is the officials'.
  const dates = roundsOf(publishedView(t), division)
    .flatMap((r) => (r.day ? [r.day] : []))
    .sort();
  const handicap = t.profile.mcmahon?.handicap;
  const table = {
    ...(t.profile.egd && { class: t.profile.egd.class }),
    name: t.name,
    ...(t.profile.egd?.place && { place: t.profile.egd.place }),
    ...(dates.length && { dates: `${dates[0]},${dates[dates.length - 1]}` }),
    // EGD HA[h<n>]: handicap = grade difference − n; h9 leaves none (even games: Arbitra gives no handicap without a policy).
    handicapReduction: handicap ? handicap.lowerBy : 9,
    ...(games[0] && { compensation: games[0].compensation, basicTimeMinutes: games[0].rules.basicTimeMinutes }),
    tieBreaks: t.profile.tieBreaks,
    players: standings.map((row, i) => {
      const p = t.players.find((x) => x.id === row.player);
      return {
        place: i + 1,
        ...egdName(p?.name ?? row.player),
        rank: rankOf(row.player, p?.rating),
        country: p?.country ?? '',
        club: p?.club ?? '',
        points: row.score,
        ...(row.mcmahon !== undefined && { mcmahon: row.mcmahon }),
        tieBreaks: row.tieBreaks.map((tb) => tb.value),
        rounds: (cells.get(row.player) ?? []).filter((c) => c.kind !== 'not-yet-played').map((c) => round(row.player, c)),
      };
    }),
  };
  const problem = egdFieldProblem(table);
  if (problem)
    throw new ProblemException(
      422,
      'go/egd-unwritable-field',
      'A name cannot be written in the EGD table',
      `place ${problem.place}: ${problem.field} "${problem.value}" contains ";" or "|", which the EGD reader takes for a comment or a PIN`,
      { rule: 'EGD tournament table format: everything after ";" is ignored; "|" starts the PIN', field: problem.field },
    );
  return exportEgd(table);
}
