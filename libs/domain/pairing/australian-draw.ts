import { refuse } from '../kernel/errors.js';
import { createRng } from '../kernel/rng.js';
import { byeCandidates, chooseBye } from './bye.js';
import { COLOUR_NOTE, toGames } from './colours.js';
import { byRank, label, validateRequest } from './field.js';
import { readHistory } from './history.js';
import { DEFAULT_NODE_BUDGET } from './pairing-search.js';
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
 * rematch another bye would avoid (WESPA summary, 組合對手原則 參賽者不會與較早前之對手再次進行比賽): the other
 * players with the FEWEST byes (never a second bye while another player can take it) are tried
 * from the lowest-ranked upward, at most MAX_BYE_ALTERNATIVES of them and within one extra search
 * budget shared by all of them; the first whose draw has a lower repeat cost than the best so far
 * replaces it (ties keep the lower-ranked bye), and the trying stops at a repeat-free draw. The
 * cost is repeat-cost.ts's (a forbidden pairing weighs most), the same model for every try.
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
  const drawWithout = (rest: readonly PairingPlayer[], steps?: number): SequenceDraw =>
    drawInSequence(history.noMeetingsYet ? round1Sequence(rest, mode, request.seed) : rest.slice().sort(byRank), history, steps);
  let bye = preferred.bye;
  let draw = drawWithout(preferred.rest, budget);
  if (bye !== null && draw.outcome.cost > 0) {
    const better = betterBye(request.players, bye, draw, drawWithout, budget ?? DEFAULT_NODE_BUDGET);
    bye = better.bye;
    draw = better.draw;
    explanation.push(...better.explanation);
  }
  explanation.push(...draw.explanation);
  if (draw.repeats.length === 0) explanation.push('no rematch and no forbidden pairing was needed');
  explanation.push(COLOUR_NOTE);
  return { system: 'australian-draw', round: request.round, games: toGames(draw.pairs), tables: [], bye: bye?.id ?? null, repeats: draw.repeats, explanation };
}

/** At most this many other bye candidates are tried when the preferred bye forces repeats. */
export const MAX_BYE_ALTERNATIVES = 16;

const repeatText = (d: SequenceDraw) =>
  (d.repeats.length === 1 ? '1 repeat' : `${d.repeats.length} repeats`) +
  (d.repeats.length > 0 ? ` (${d.repeats.map((r) => `${r.a}–${r.b} ${r.why}`).join(', ')})` : '');

/**
 * WESPA summary, 組合對手原則 (no rematch in the Australian draw) over Arbitra's bye rule: try the other
 * players with the fewest byes, lowest-ranked upward, bounded by MAX_BYE_ALTERNATIVES and one
 * shared search budget; keep the one with the lowest repeat cost (ties keep the lower-ranked bye).
 */
function betterBye(
  players: readonly PairingPlayer[],
  preferred: PairingPlayer,
  preferredDraw: SequenceDraw,
  drawWithout: (rest: readonly PairingPlayer[], steps?: number) => SequenceDraw,
  budget: number,
): { bye: PairingPlayer; draw: SequenceDraw; explanation: string[] } {
  let best = { bye: preferred, draw: preferredDraw };
  const tried: string[] = [];
  let left = budget;
  const candidates = byeCandidates(players).filter((p) => p.id !== preferred.id);
  for (const c of candidates.slice(0, MAX_BYE_ALTERNATIVES)) {
    if (left <= 0) break;
    const d = drawWithout(
      players.filter((p) => p.id !== c.id),
      left,
    );
    left -= d.outcome.steps;
    tried.push(`${label(c)}: ${repeatText(d)}`);
    if (d.outcome.cost < best.draw.outcome.cost) best = { bye: c, draw: d };
    if (best.draw.outcome.cost === 0) break;
  }
  const head = `with the bye to ${label(preferred)} the draw needs ${repeatText(preferredDraw)}; WESPA summary, 組合對手原則 參賽者不會與較早前之對手再次進行比賽, so the other players with the fewest byes (${preferred.byes}) were tried from the lowest-ranked upward`;
  const bounded =
    candidates.length > tried.length && best.draw.outcome.cost > 0
      ? ` (${candidates.length - tried.length} not tried: at most ${MAX_BYE_ALTERNATIVES} tries within a search budget of ${budget} steps)`
      : '';
  if (best.bye === preferred) {
    return {
      ...best,
      explanation: [
        `${head}: ${tried.length > 0 ? tried.join('; ') : 'there is no other'}${bounded}; none has a lower repeat cost, so ${label(preferred)} keeps the bye`,
      ],
    };
  }
  return {
    ...best,
    explanation: [
      `${head}: ${tried.join('; ')}${bounded}; ${label(best.bye)} gets the bye instead (also ${preferred.byes} bye${preferred.byes === 1 ? '' : 's'} so far): its draw has the lowest repeat cost of those tried, lower than with the bye to ${label(preferred)} (on a tie, the first tried)`,
    ],
  };
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
