/** Pairing as a tournament service: a server-computed pairing is decided inside the command handler's retry loop. */
import type { CommandContext } from '../../../domain/kernel/index.js';
import { DomainError, refuse } from '../../../domain/kernel/index.js';
import { pair } from '../../../domain/pairing/index.js';
import { feedStandings, type PenaltyEvent } from '../../../domain/penalties/index.js';
import {
  pairingRequestFor,
  requireOpen,
  resolveDivision,
  RULES,
  type PairingOptions,
  type PairingSystem,
  type RoundPairingInput,
  type TournamentCommandBody,
  type TournamentState,
} from '../../../domain/tournament/index.js';
import type { ArbitraCore } from '../../arbitra-core.js';
import type { CommandResult, ExecuteOptions } from '../../command-handler.js';
import { defaultPairingSeed } from './provisional-pairings.js';
import { TournamentAggregate } from './tournament.feature.js';

/** What the client asks for: a system, and optionally the division, the seed and the system's options. */
export interface SystemPairingRequest {
  readonly system: PairingSystem;
  readonly division?: string;
  readonly seed?: string;
  readonly options?: PairingOptions;
  /** The day the round is played (rounds a day: rapid rules 23 for chess rapid). */
  readonly day?: string;
}

/**
 * A pairing engine's refusal in the terms of the client's request. The engine names the fields of its own
 * `PairingRequest` (`players`, `forbidden`), which the server built from the tournament record: no request has
 * them, so such a refusal names no field (Arbitra: a refusal never names a field the client did not send). What the
 * client did send keeps its name: `system`, an `options.*` it gave, and `round` (the round of the path).
 */
function asRequestFields<T>(req: SystemPairingRequest, work: () => T): T {
  try {
    return work();
  } catch (e) {
    if (!(e instanceof DomainError) || e.field === undefined) throw e;
    const option = e.field.startsWith('options.') ? e.field.slice('options.'.length) : null;
    const sent = e.field === 'system' || e.field === 'round' || (option !== null && req.options !== undefined && option in req.options);
    if (sent) throw e;
    throw new DomainError(e.type, e.message, e.rule, e.kind, undefined, e.details);
  }
}

/**
 * The pair-round command computed from the tournament as the command path folds it:
 * `pairingRequestFor` → `pair()`; the decider then validates and records it.
 */
export function systemPairingCommand(id: string, round: number, req: SystemPairingRequest): (state: TournamentState) => TournamentCommandBody {
  return (state) => {
    const t = requireOpen(state);
    const division = resolveDivision(t, req.division);
    if (!t.pairingSystems.includes(req.system))
      refuse(
        'tournament/pairing-system-not-allowed',
        `${req.system} is not among this tournament's pairing systems (${t.pairingSystems.join(', ')})`,
        RULES.pairingSystem,
        {
          field: 'system',
        },
      );
    const seed = req.seed ?? defaultPairingSeed(id, division, round);
    const result = asRequestFields(req, () => pair(req.system, pairingRequestFor(t, division, round, seed, req.options, req.system)));
    const pairing: RoundPairingInput = { kind: 'system', system: req.system, seed, ...(req.options !== undefined && { options: req.options }), result };
    return { type: 'tournament.pair-round', data: { division, round, pairing, ...(req.day !== undefined && { day: req.day }) } };
  };
}

/**
 * Pairs round `round` with a pairing system and records it. The pairing is computed inside the
 * handler's retry loop, so a stream that moved meanwhile is paired again on the newer record;
 * `request` identifies the client's request, so a retry (same Idempotency-Key, same request) gets
 * its first answer before anything is computed.
 */
export async function pairRoundBySystem(
  core: ArbitraCore,
  id: string,
  round: number,
  req: SystemPairingRequest,
  context: CommandContext,
  request: unknown,
  opts?: ExecuteOptions,
): Promise<CommandResult> {
  // Issue 10: the penalty ledger's points deductions count in the standings the pairing ranks by, as in the standings read model.
  const ledger = (await core.store.readStream(`penalties-${id}`)).map((e) => ({ type: e.type, data: e.data }) as PenaltyEvent);
  const pairing = systemPairingCommand(id, round, req);
  const from = (state: TournamentState) => pairing(ledger.reduce(feedStandings, state));
  return core.execute(TournamentAggregate, id, { context, request: { type: 'tournament.pair-round', round, body: request }, from }, opts);
}
