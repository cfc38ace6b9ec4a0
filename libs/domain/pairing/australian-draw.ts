import { refuse } from '../kernel/errors.js';
import { createRng } from '../kernel/rng.js';
import { chooseBye } from './bye.js';
import { COLOUR_NOTE, toGames } from './colours.js';
import { byRank, validateRequest } from './field.js';
import { readHistory } from './history.js';
import { drawInSequence } from './sequence-draw.js';
import type { PairingPlayer, PairingRequest, PairingResult } from './types.js';

export const AUSTRALIAN_DRAW_RULE =
  'WESPA seed 組合對手原則 澳洲式瑞士制: 第1名將與第2名比賽，第3名會與第4名比賽……參賽者不會與較早前之對手再次進行比賽';

/**
 * Australian draw (澳洲式瑞士制). After round 1: order by rank; the top unpaired player meets
 * the highest-ranked player it has not met (and is not forbidden to meet), with backtracking so a
 * rematch-free pairing is found whenever one exists; if none exists, the fewest repeats are
 * allowed and listed. See pairing-search.ts for the search and its bound.
 *
 * Round 1 (nobody has met anybody): seeding by rating (missing rating ranks after every rating,
 * then by rank) per options.round1: 'rating-halves' (default) 1 v n/2+1, 2 v n/2+2, …;
 * 'rating-adjacent' 1 v 2, 3 v 4, …; 'random' a seeded shuffle taken in pairs. A forbidden
 * round-1 pairing is avoided the same way: the player takes the next one in that sequence.
 */
export function australianDraw(request: PairingRequest, budget?: number): PairingResult {
  validateRequest('australian-draw', request);
  requireTwo('australian-draw', request);
  const history = readHistory(request);
  const { bye, rest, explanation: byeWhy } = chooseBye(request.players);
  const explanation: string[] = [];
  let sequence: PairingPlayer[];
  if (history.noMeetingsYet) {
    const mode = request.options?.round1 ?? 'rating-halves';
    sequence = round1Sequence(rest, mode, request.seed);
    explanation.push(`Australian draw round ${request.round}: nobody has met yet, so round-1 seeding '${mode}' is used for ${rest.length} players`);
  } else {
    sequence = rest.slice().sort(byRank);
    const forgiven = request.options?.repeatsForgivenBefore;
    explanation.push(
      `Australian draw round ${request.round}: ${rest.length} players in rank order; the top unpaired player meets the highest-ranked player not met before` +
        (forgiven !== undefined ? ` (meetings before round ${forgiven} are forgiven)` : ''),
    );
  }
  explanation.push(...byeWhy);
  const draw = drawInSequence(sequence, history, budget);
  explanation.push(...draw.explanation);
  if (draw.repeats.length === 0) explanation.push('no rematch and no forbidden pairing was needed');
  explanation.push(COLOUR_NOTE);
  return { system: 'australian-draw', round: request.round, games: toGames(draw.pairs), tables: [], bye: bye?.id ?? null, repeats: draw.repeats, explanation };
}

export function requireTwo(system: string, request: PairingRequest): void {
  if (request.players.length < 2) {
    refuse('pairing/field-too-small', `${system} needs at least 2 players; round ${request.round} has ${request.players.length}: add a player or do not pair this round`, 'a 2-player game needs two players', {
      kind: 'invalid',
      field: 'players',
    });
  }
}

function byRating(a: PairingPlayer, b: PairingPlayer): number {
  const ra = a.rating ?? -Infinity;
  const rb = b.rating ?? -Infinity;
  if (ra !== rb) return rb - ra;
  return byRank(a, b);
}

/** Round-1 preference sequence: consecutive players in it are the intended opponents. */
export function round1Sequence(players: readonly PairingPlayer[], mode: 'rating-halves' | 'rating-adjacent' | 'random', seed: string): PairingPlayer[] {
  const seeded = players.slice().sort(byRating);
  if (mode === 'rating-adjacent') return seeded;
  if (mode === 'random') return createRng(`${seed}/round1`).shuffle(players.slice().sort(byRank));
  const half = seeded.length / 2;
  const out: PairingPlayer[] = [];
  for (let i = 0; i < half; i++) out.push(seeded[i], seeded[i + half]);
  return out;
}
