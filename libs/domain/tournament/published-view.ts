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

/** The rounds of the division that are paired but not published (only officials see them). */
export function unpublishedRounds(t: OpenTournament, division: string, upToRound = Number.POSITIVE_INFINITY): number[] {
  return roundsOf(t, division)
    .filter((r) => r.status === 'paired' && r.round <= upToRound)
    .map((r) => r.round);
}
