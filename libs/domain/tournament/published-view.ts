import { roundsOf, type OpenTournament } from './tournament.state.js';

/**
 * The tournament as the public may see it (RULES.unpublishedHidden): a round paired but not yet
 * published is left out entirely, its pairing, byes and results (the bye is recorded at pairing time).
 * Rounds are paired in order and only after the previous one is complete, so the rounds left out
 * are always the last ones of their division.
 */
export function publishedView(t: OpenTournament): OpenTournament {
  const rounds = Object.fromEntries(Object.entries(t.rounds).filter(([, r]) => r.status !== 'paired'));
  return Object.keys(rounds).length === Object.keys(t.rounds).length ? t : { ...t, rounds };
}

/** The rounds of the division that are paired but not published (only officials see them). */
export function unpublishedRounds(t: OpenTournament, division: string, upToRound = Number.POSITIVE_INFINITY): number[] {
  return roundsOf(t, division)
    .filter((r) => r.status === 'paired' && r.round <= upToRound)
    .map((r) => r.round);
}
