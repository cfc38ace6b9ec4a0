import { DomainError } from '../../../domain/kernel/index.js';
import { pair, type PairingRequest, type PairingSystem } from '../../../domain/pairing/index.js';
import { lastPairedRound, missingResults, pairingRequestFor, roundKey, RULES, type OpenTournament } from '../../../domain/tournament/index.js';
import type { AsOf, ProvisionalDocument, ProvisionalOutcome } from './tournament-read-model.js';

const MAHJONG_SYSTEMS: readonly PairingSystem[] = ['mahjong-by-standing', 'mahjong-swiss'];

/**
 * The seed of a round's pairing when the arbiter gives none, and of its provisional pairing: the
 * same seed, so pairing the round with the server default gives what the provisional view showed.
 */
export function defaultPairingSeed(tournament: string, division: string, round: number): string {
  return `${tournament}:${division}:${round}`;
}

function attempt(t: OpenTournament, round: number, system: PairingSystem, request: () => PairingRequest): ProvisionalOutcome {
  const mahjongSystem = MAHJONG_SYSTEMS.includes(system);
  const mahjongFormat = t.profile.format === 'mahjong-table';
  if (mahjongSystem !== mahjongFormat)
    return {
      status: 'refused',
      type: 'tournament/pairing-format',
      message: `${system} does not pair ${t.discipline} (${t.profile.format})`,
      rule: mahjongFormat ? RULES.mahjongTable : RULES.twoPlayerOnly,
    };
  if (t.roundsPlanned !== null && round > t.roundsPlanned)
    return {
      status: 'refused',
      type: 'tournament/rounds-planned-exceeded',
      message: `round ${round} cannot be paired: ${t.roundsPlanned} rounds are planned`,
      rule: RULES.roundsPlanned,
    };
  try {
    return { status: 'paired', pairing: pair(system, request()) };
  } catch (e) {
    // A typed refusal is stored as such; anything else is stored too, so the projection never stops on it.
    if (e instanceof DomainError) return { status: 'refused', type: e.type, message: e.message, rule: e.rule };
    return { status: 'refused', type: 'pairing/failed', message: e instanceof Error ? e.message : String(e), rule: null };
  }
}

/**
 * The next round's pairing under every system the tournament allows, from the folded state as it
 * is now (results still missing count as not played). Pure and deterministic: the seed is derived
 * from the tournament, division and round, so a rebuild from the log gives the same document.
 */
export function provisionalPairings(t: OpenTournament, division: string, asOf: AsOf): ProvisionalDocument {
  const last = lastPairedRound(t, division);
  const round = last + 1;
  const seed = defaultPairingSeed(t.id, division, round);
  const current = last > 0 ? t.rounds[roundKey(division, last)] : undefined;
  const systems: Partial<Record<PairingSystem, ProvisionalOutcome>> = {};
  // The request does not depend on the system (but for knockout, which takes only the players still
  // in, and mcmahon, which takes scores, clubs and the profile's McMahon settings): build it once (it
  // ranks the field by the standings).
  let request: PairingRequest | undefined;
  const requestOnce = () => (request ??= pairingRequestFor(t, division, round, seed));
  for (const system of t.pairingSystems)
    systems[system] = attempt(
      t,
      round,
      system,
      system === 'knockout' || system === 'mcmahon' ? () => pairingRequestFor(t, division, round, seed, undefined, system) : requestOnce,
    );
  return { tournament: t.id, division, round, seed, pendingTables: current ? missingResults(current) : [], systems, asOf };
}
