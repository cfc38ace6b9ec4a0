import type { GameResult } from '../standings/results.js';
import { outOf, roundsOf, type OpenTournament, type RoundState } from './tournament.state.js';

/**
 * Knockout rounds in the tournament record (RULES.knockoutField). A knockout round is a round
 * paired by the `knockout` system. What the stream says about who is still in:
 * - a player is eliminated when they lost a match of an earlier knockout round of the division
 *   (the recorded outcome: the loser of a played match, the absent side of a forfeit, both sides of
 *   a double forfeit; for xiguaqi best-of-N matches the `games` counts agree with the outcome, which
 *   decides), or when an earlier knockout round left them out (below the cut, or already eliminated);
 * - a bye-holder advances;
 * - a drawn knockout match is refused when recorded (RULES.knockoutWinner).
 */
export function isKnockoutRound(r: RoundState): boolean {
  return r.method.kind === 'system' && r.method.system === 'knockout';
}

/** The knockout rounds of the division before `round`. */
export function knockoutRoundsBefore(t: OpenTournament, division: string, round: number): RoundState[] {
  return roundsOf(t, division).filter((r) => r.round < round && isKnockoutRound(r));
}

/** The players who lost the match of this result (none for a bye, a draw or a mahjong table). */
export function losersOf(result: GameResult): string[] {
  switch (result.kind) {
    case 'played':
      return result.outcome === 'first' ? [result.second] : result.outcome === 'second' ? [result.first] : [];
    case 'forfeit':
      return [result.absent === 'first' ? result.first : result.second];
    case 'double-forfeit':
      return [result.first, result.second];
    case 'bye':
    case 'requested-bye':
    case 'mahjong-table':
      return [];
  }
}

/** Players of the division out of the knockout before `round`: lost a match, or left out of an earlier knockout round. */
export function eliminatedBefore(t: OpenTournament, division: string, round: number): Set<string> {
  const out = new Set<string>();
  for (const r of knockoutRoundsBefore(t, division, round)) {
    for (const result of Object.values(r.results)) for (const p of losersOf(result)) out.add(p);
    for (const o of outOf(r)) out.add(o.player);
  }
  return out;
}
