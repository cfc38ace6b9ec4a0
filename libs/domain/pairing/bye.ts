import { byRank, label } from './field.js';
import type { PairingPlayer } from './types.js';

export interface ByeChoice {
  readonly bye: PairingPlayer | null;
  readonly rest: PairingPlayer[];
  readonly explanation: string[];
}

/**
 * Bye for an odd field (all 2-player systems except round robin, which rotates its own):
 * the lowest-ranked player among those with the fewest byes so far sits out, so nobody gets a
 * second bye while another player could still take one. The rule texts are silent on byes;
 * this is the usual WESPA practice (bye to the bottom of the field) and is Arbitra's rule.
 */
export function chooseBye(players: readonly PairingPlayer[]): ByeChoice {
  const ranked = players.slice().sort(byRank);
  if (ranked.length % 2 === 0) return { bye: null, rest: ranked, explanation: [] };
  const fewest = Math.min(...ranked.map((p) => p.byes));
  let pick = ranked.length - 1;
  while (ranked[pick].byes !== fewest) pick--;
  const bye = ranked[pick];
  const rest = ranked.filter((_, i) => i !== pick);
  const passedOver = ranked.slice(pick + 1).map(label);
  const why =
    passedOver.length > 0
      ? `${label(bye)} gets the bye: odd field of ${ranked.length}; lowest-ranked player with the fewest byes (${fewest}); ${passedOver.join(', ')} already had more`
      : `${label(bye)} gets the bye: odd field of ${ranked.length}; lowest-ranked player, with the fewest byes (${fewest})`;
  return { bye, rest, explanation: [why] };
}

/**
 * The players who may take the bye without anyone getting a second bye while another player could
 * take it: those with the fewest byes so far, lowest-ranked first (the first is chooseBye's pick).
 * Empty for an even field.
 */
export function byeCandidates(players: readonly PairingPlayer[]): PairingPlayer[] {
  if (players.length % 2 === 0) return [];
  const fewest = Math.min(...players.map((p) => p.byes));
  return players
    .filter((p) => p.byes === fewest)
    .sort(byRank)
    .reverse();
}
