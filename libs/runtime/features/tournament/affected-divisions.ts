import { findPlayer, type OpenTournament, type TournamentEvent } from '../../../domain/tournament/index.js';

/**
 * Which divisions' standings an event can change (none for pairing, locks, absences…). Publication does:
 * the public standings count a round's bye and results from then on (RULES.unpublishedHidden); so does a
 * withdrawal, which the standings mark.
 */
export function standingsDivisions(t: OpenTournament, e: TournamentEvent): readonly string[] {
  switch (e.type) {
    case 'tournament.TournamentCreated':
      return t.divisions;
    case 'tournament.PlayerRegistered':
      return [e.data.player.division];
    case 'tournament.RoundPublished':
      return [e.data.division];
    case 'tournament.PlayerWithdrawn':
      return playerDivision(t, e.data.playerId);
    case 'tournament.ResultRecorded':
    case 'tournament.ResultCorrected':
      return [e.data.division];
    case 'tournament.PenaltyApplied':
      return playerDivision(t, e.data.player);
    default:
      return [];
  }
}

/** Which divisions' next-round pairing request an event can change (not publication or locks). */
export function pairingDivisions(t: OpenTournament, e: TournamentEvent): readonly string[] {
  switch (e.type) {
    case 'tournament.RoundPublished':
    case 'tournament.RoundLocked':
      return [];
    case 'tournament.RoundPaired':
      return [e.data.division];
    case 'tournament.PlayerWithdrawn':
    case 'tournament.PlayerMarkedAbsent':
      return playerDivision(t, e.data.playerId);
    case 'tournament.PairingForbidden':
      return [...new Set([...playerDivision(t, e.data.a), ...playerDivision(t, e.data.b)])];
    default:
      return standingsDivisions(t, e);
  }
}

/** The division a registered player is in (none for an unknown player): not a request's division, see resolveDivision. */
function playerDivision(t: OpenTournament, player: string): string[] {
  const p = findPlayer(t, player);
  return p ? [p.division] : [];
}
