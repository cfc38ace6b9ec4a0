import { createRng } from '../kernel/rng.js';
import { requireTwo } from './australian-draw.js';
import { chooseBye } from './bye.js';
import { COLOUR_NOTE, toGames } from './colours.js';
import { byRank, validateRequest } from './field.js';
import { readHistory } from './history.js';
import { drawInSequence } from './sequence-draw.js';
import type { PairingRequest, PairingResult } from './types.js';

/**
 * Random draw (電腦隨機). WESPA seed: 由電腦隨機抽出同一組別之對手。除非另有指明，否則不會與較早前之對手相同。
 * The field (after the bye) is shuffled with the request's seed; then each first unpaired
 * player in that order meets the next one it has not met (and may meet), with the same bounded
 * exact search as the Australian draw, so a previous opponent is only met again when no
 * pairing of the field avoids it, and then the repeats of the lowest cost (repeat-cost.ts) are allowed and listed.
 */
export function randomDraw(request: PairingRequest, budget?: number): PairingResult {
  validateRequest('random', request);
  requireTwo('random', request);
  const history = readHistory(request);
  const { bye, rest, explanation: byeWhy } = chooseBye(request.players);
  const sequence = createRng(`${request.seed}/random/${request.round}`).shuffle(rest.slice().sort(byRank));
  const draw = drawInSequence(sequence, history, budget);
  const explanation = [
    `random draw round ${request.round}: ${rest.length} players shuffled with seed '${request.seed}'; no previous opponent unless unavoidable (除非另有指明，否則不會與較早前之對手相同)`,
    ...byeWhy,
    ...draw.explanation,
  ];
  if (draw.repeats.length === 0) explanation.push('no rematch and no forbidden pairing was needed');
  explanation.push(COLOUR_NOTE);
  return { system: 'random', round: request.round, games: toGames(draw.pairs), tables: [], bye: bye?.id ?? null, repeats: draw.repeats, explanation };
}
