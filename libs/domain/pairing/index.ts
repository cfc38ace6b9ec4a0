import { refuse } from '../kernel/errors.js';
import { australianDraw } from './australian-draw.js';
import { fideDutch } from './dutch/index.js';
import { kingOfTheHill } from './king-of-the-hill.js';
import { knockout } from './knockout.js';
import { mcmahonPairing } from './mcmahon/mcmahon.js';
import { mahjongSeating } from './mahjong-seating.js';
import { randomDraw } from './random-draw.js';
import { roundRobin } from './round-robin.js';
import { PAIRING_SYSTEMS, type PairingRequest, type PairingResult, type PairingSystem } from './types.js';

export * from './types.js';
export { australianDraw, round1Sequence } from './australian-draw.js';
export { kingOfTheHill } from './king-of-the-hill.js';
export { randomDraw } from './random-draw.js';
export { roundRobin, bergerRound } from './round-robin.js';
export { mahjongSeating } from './mahjong-seating.js';
export { knockout, bracketOrder } from './knockout.js';
export { fideDutch, dutchPairing, checkTrf, readTrf } from './dutch/index.js';
export { mcmahonPairing } from './mcmahon/mcmahon.js';
export { searchPairing, DEFAULT_NODE_BUDGET, FORBIDDEN_COST } from './pairing-search.js';

/** The one entry point: pairs a round with the named system. Pure and deterministic given the request (and its seed). */
export function pair(system: PairingSystem, request: PairingRequest): PairingResult {
  switch (system) {
    case 'australian-draw':
      return australianDraw(request);
    case 'king-of-the-hill':
      return kingOfTheHill(request);
    case 'random':
      return randomDraw(request);
    case 'round-robin':
      return roundRobin(request);
    case 'mahjong-by-standing':
    case 'mahjong-swiss':
      return mahjongSeating(system, request);
    case 'knockout':
      return knockout(request);
    case 'fide-dutch':
      return fideDutch(request);
    case 'mcmahon':
      return mcmahonPairing(request);
    default:
      return refuse(
        'pairing/unknown-system',
        `unknown pairing system '${String(system)}'; use one of ${PAIRING_SYSTEMS.join(', ')}`,
        'Arbitra pairing contract: PairingSystem',
        {
          kind: 'invalid',
          field: 'system',
        },
      );
  }
}
