/** The random tournament generator as a chess service: the HTTP layer asks, the pairing domain computes (C.04.A). */
export { randomTournament, RANDOM_TOURNAMENT_RULE, type RandomTournamentConfig } from '../../../domain/pairing/dutch/index.js';

/** What the HTTP endpoint generates at most: every round is paired synchronously (about 7 s for 200 players, 20 rounds). */
export const RANDOM_TOURNAMENT_HTTP_LIMITS = { players: 200, rounds: 20 } as const;
