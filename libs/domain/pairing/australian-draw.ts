import { refuse } from '../kernel/errors.js';
import { createRng } from '../kernel/rng.js';
import { byeCandidates, chooseBye } from './bye.js';
import { byeByMatching, byeHeadroom, type ByeMatching } from './bye-matching.js';
import { COLOUR_NOTE, toGames } from './colours.js';
import { byRank, label, pairKey, validateRequest } from './field.js';
import { readHistory, type History } from './history.js';
import { drawInSequence, type SequenceDraw } from './sequence-draw.js';
import type { PairingPlayer, PairingRequest, PairingResult } from './types.js';

export const AUSTRALIAN_DRAW_RULE = 'WESPA seed 組合對手原則 澳洲式瑞士制: 第1名將與第2名比賽，第3名會與第4名比賽……參賽者不會與較早前之對手再次進行比賽';

/**
 * Australian draw (澳洲式瑞士制). After round 1: order by rank; the top unpaired player meets
 * the highest-ranked player it has not met (and is not forbidden to meet) such that the players
 * below can still be paired at the lowest repeat cost, so a rematch-free pairing is found
 * whenever one exists; if none exists, the repeats of the lowest cost (repeat-cost.ts: fewer,
 * then older meetings) are allowed and listed. Exact in polynomial time: see pairing-search.ts.
 *
 * Round 1 (nobody has met anybody): seeding by rating (missing rating ranks after every rating,
 * then by rank) per options.round1: 'rating-halves' (default) 1 v n/2+1, 2 v n/2+2, …;
 * 'rating-adjacent' 1 v 2, 3 v 4, …; 'random' a seeded shuffle taken in pairs. A forbidden
 * round-1 pairing is avoided the same way: the player takes the next one in that sequence.
 *
 * Odd field: the bye goes to the lowest-ranked player with the fewest byes (Arbitra, bye.ts). If
 * the draw with that bye needs repeats (rematches or forbidden pairings), the bye must not force a
 * rematch another bye would avoid (WESPA summary, 組合對手原則 參賽者不會與較早前之對手再次進行比賽): every
 * player with the FEWEST byes (never a second bye while another player can take it) is weighed
 * in one exact minimum-cost matching with a phantom opponent standing for the bye (bye-matching.ts,
 * polynomial); the bye goes to the lowest-ranked of those whose draw has the lowest repeat cost,
 * and the explanation says when it moved up the standings and what that avoided (a rematch, a
 * forbidden pairing, a more frequent repeat) or only aged (an older rematch for a newer one).
 */
export function australianDraw(request: PairingRequest, budget?: number): PairingResult {
  validateRequest('australian-draw', request);
  requireTwo('australian-draw', request);
  const history = readHistory(request);
  const preferred = chooseBye(request.players);
  const explanation: string[] = [];
  const mode = request.options?.round1 ?? 'rating-halves';
  if (history.noMeetingsYet) {
    explanation.push(`Australian draw round ${request.round}: nobody has met yet, so round-1 seeding '${mode}' is used for ${preferred.rest.length} players`);
  } else {
    const forgiven = request.options?.repeatsForgivenBefore;
    explanation.push(
      `Australian draw round ${request.round}: ${preferred.rest.length} players in rank order; the top unpaired player meets the highest-ranked player not met before` +
        (forgiven !== undefined ? ` (meetings before round ${forgiven} are forgiven)` : ''),
    );
  }
  explanation.push(...preferred.explanation);
  const headroom = byeHeadroom(byeCandidates(request.players).length);
  const drawWithout = (rest: readonly PairingPlayer[]): SequenceDraw =>
    drawInSequence(history.noMeetingsYet ? round1Sequence(rest, mode, request.seed) : rest.slice().sort(byRank), history, budget, headroom);
  let bye = preferred.bye;
  let draw = drawWithout(preferred.rest);
  if (bye !== null && draw.outcome.cost > 0) {
    const chosen = byeByMatching(request.players, history, draw);
    const moved = chosen.bye.id !== bye.id;
    const preferredDraw = draw;
    if (moved) {
      bye = chosen.bye;
      draw = drawWithout(request.players.filter((p) => p.id !== chosen.bye.id));
    }
    explanation.push(byeNote(bye, preferred.bye as PairingPlayer, preferredDraw, draw, chosen, history));
  }
  explanation.push(...draw.explanation);
  if (draw.repeats.length === 0) explanation.push('no rematch and no forbidden pairing was needed');
  explanation.push(COLOUR_NOTE);
  return { system: 'australian-draw', round: request.round, games: toGames(draw.pairs), tables: [], bye: bye?.id ?? null, repeats: draw.repeats, explanation };
}

const repeatText = (d: SequenceDraw) =>
  (d.repeats.length === 1 ? '1 repeat' : `${d.repeats.length} repeats`) +
  (d.repeats.length > 0 ? ` (${d.repeats.map((r) => `${r.a}–${r.b} ${r.why}`).join(', ')})` : '');

/** What moving the bye bought: the first of forbidden pairings, rematches, times met, recency that fell. */
function movedFor(before: SequenceDraw, after: SequenceDraw, history: History): string {
  const count = (d: SequenceDraw, why: 'rematch' | 'forbidden') => d.repeats.filter((r) => r.why === why).length;
  const met = (d: SequenceDraw) => d.repeats.filter((r) => r.why === 'rematch').map((r) => history.metRounds.get(pairKey(r.a, r.b)) ?? []);
  const squares = (d: SequenceDraw) => met(d).reduce((s, m) => s + m.length ** 2, 0);
  if (count(after, 'forbidden') < count(before, 'forbidden')) return 'to avoid a forbidden pairing';
  const fewer = count(before, 'rematch') - count(after, 'rematch');
  if (fewer > 0) return fewer === 1 ? 'only to avoid a rematch' : `only to avoid ${fewer} rematches`;
  if (squares(after) < squares(before)) return 'only so that the pairs meeting again have met fewer times';
  const last = (d: SequenceDraw) =>
    d.repeats
      .filter((r) => r.why === 'rematch')
      .map((r) => `${r.a}–${r.b} last met in round ${Math.max(...(history.metRounds.get(pairKey(r.a, r.b)) ?? [0]))}`)
      .join(', ');
  return `only to make the rematch older (${last(after)}, instead of ${last(before)}); it avoids no rematch`;
}

/** The explanation of the bye chosen by bye-matching.ts when the preferred bye's draw needs repeats. */
function byeNote(bye: PairingPlayer, preferred: PairingPlayer, preferredDraw: SequenceDraw, draw: SequenceDraw, chosen: ByeMatching, history: History): string {
  const head =
    `with the bye to ${label(preferred)} the draw needs ${repeatText(preferredDraw)}; WESPA summary, 組合對手原則 參賽者不會與較早前之對手再次進行比賽, ` +
    `so the ${chosen.candidates.length} players with the fewest byes (${preferred.byes}) were weighed in one minimum-cost matching ` +
    '(a phantom opponent stands for the bye; on equal repeat cost the lower-ranked player takes it)';
  if (chosen.candidates.length === 1) return `${head}: there is no other, so ${label(preferred)} keeps the bye`;
  if (bye.id === preferred.id) return `${head}: no other bye gives a draw of lower repeat cost, so ${label(preferred)} keeps the bye`;
  return (
    `${head}: ${label(bye)} gets the bye instead (also ${bye.byes} bye${bye.byes === 1 ? '' : 's'} so far), its draw needs ${repeatText(draw)}; ` +
    `the bye moved up the standings from #${preferred.rank} to #${bye.rank} ${movedFor(preferredDraw, draw, history)}; ` +
    `every lower-ranked player who may take the bye leaves a draw of higher repeat cost`
  );
}

export function requireTwo(system: string, request: PairingRequest): void {
  if (request.players.length < 2) {
    refuse(
      'pairing/field-too-small',
      `${system} needs at least 2 players; round ${request.round} has ${request.players.length}: add a player or do not pair this round`,
      'a 2-player game needs two players',
      {
        kind: 'invalid',
        field: 'players',
      },
    );
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
