import type { StandingsInput } from '../standings/standings.js';
import { requestedByeResults } from './requested-byes.js';
import { lastCompleteRound, resultsOf, type OpenTournament } from './tournament.state.js';

/**
 * The standings input of one division, optionally as of a round (results and penalties of rounds
 * ≤ N). It says which rounds are complete, so a round in progress counts the results that are in
 * without treating the games still to be played as unplayed (standings.ts `completeThrough`); the
 * standings projection, `?round=N` and the pairing request all go through here.
 */
export function standingsInputFor(t: OpenTournament, division: string, asOfRound?: number): StandingsInput {
  const players = t.players.filter((p) => p.division === division);
  const ids = new Set(players.map((p) => p.id));
  return {
    players: players.map((p) => ({ id: p.id, name: p.name, withdrawnFromRound: p.withdrawnFromRound, ...(p.rating !== undefined && { rating: p.rating }) })),
    // Requested byes worth points count once their round is paired (requested-byes.ts).
    results: [...resultsOf(t, division), ...requestedByeResults(t, division)],
    profile: t.profile,
    penalties: t.penalties.filter((x) => ids.has(x.player)),
    ...(asOfRound !== undefined && { asOfRound }),
    completeThrough: lastCompleteRound(t, division),
  };
}
