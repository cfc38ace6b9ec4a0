import type { Penalty } from '../standings/results.js';
import { roundKey, roundsOf, type OpenTournament, type TournamentState } from './tournament.state.js';

/**
 * The tournament as the public may see it (RULES.unpublishedHidden): a round paired but not yet
 * published is left out entirely, its pairing, byes and results (the bye is recorded at pairing time).
 * Rounds are paired in order and only after the previous one is complete, so the rounds left out
 * are always the last ones of their division.
 */
export function publishedView(t: OpenTournament): OpenTournament {
  const rounds = Object.fromEntries(Object.entries(t.rounds).filter(([, r]) => r.status !== 'paired'));
  // A points penalty of a round not yet published is not public either (issue 32), reason included.
  const penalties = t.penalties.filter((p) => penaltyPublished(t, p));
  if (Object.keys(rounds).length === Object.keys(t.rounds).length && penalties.length === t.penalties.length) return t;
  return { ...t, rounds, penalties };
}

/** Is the round of a penalty published in its player's division (paired and then published)? */
export function penaltyPublished(t: TournamentState, p: Pick<Penalty, 'player' | 'round'>): boolean {
  if (t.status !== 'open') return false;
  const division = t.players.find((x) => x.id === p.player)?.division;
  const r = division === undefined ? undefined : t.rounds[roundKey(division, p.round)];
  return r !== undefined && r.status !== 'paired';
}

/** Is a ledger entry's round paired and not yet published in its player's division (only officials may know of it)? */
export function roundUnpublished(t: TournamentState, p: { readonly player: string; readonly round?: number }): boolean {
  if (t.status !== 'open' || p.round === undefined) return false;
  const division = t.players.find((x) => x.id === p.player)?.division;
  return division !== undefined && t.rounds[roundKey(division, p.round)]?.status === 'paired';
}

/** The rounds of the division that are paired but not published (only officials see them). */
export function unpublishedRounds(t: OpenTournament, division: string, upToRound = Number.POSITIVE_INFINITY): number[] {
  return roundsOf(t, division)
    .filter((r) => r.status === 'paired' && r.round <= upToRound)
    .map((r) => r.round);
}

/**
 * Does this event change what the public sees of the tournament (RULES.unpublishedHidden, issue 32)? Not a round's
 * pairing (the round is unpublished until its publication), not a result of an unpublished round (a bye is recorded at
 * pairing), not a points penalty, nor a penalty-ledger change, of an unpublished round. The public's position (asOf) moves
 * only with these, so it does not tell that, or when, something unpublished was recorded. Any other event counts as public.
 */
export function changesPublicView(event: { readonly type: string; readonly data: unknown }, before: TournamentState, after: TournamentState): boolean {
  if (before.status !== 'open' || after.status !== 'open') return true;
  switch (event.type) {
    case 'tournament.RoundPaired':
      return false;
    case 'tournament.ResultRecorded':
    case 'tournament.ResultCorrected': {
      const d = event.data as { division: string; round: number };
      return after.rounds[roundKey(d.division, d.round)]?.status !== 'paired';
    }
    case 'tournament.PenaltyApplied':
      return !sameRounds(before, after) || publicPenalties(before) !== publicPenalties(after);
    default:
      // A penalty-ledger event (the only other events folded into a tournament) is public only if it changed a
      // published points penalty (a warning, or a penalty of an unpublished round, changes nothing public).
      if (!event.type.startsWith('tournament.')) return !sameRounds(before, after) || publicPenalties(before) !== publicPenalties(after);
      return true;
  }
}

/** The same rounds and players in both states (an event that changed at most the penalties). */
function sameRounds(before: OpenTournament, after: OpenTournament): boolean {
  return before.rounds === after.rounds && before.players === after.players;
}

/** The public penalties as canonical text, to compare two states. */
function publicPenalties(t: OpenTournament): string {
  return JSON.stringify(t.penalties.filter((p) => penaltyPublished(t, p)));
}
