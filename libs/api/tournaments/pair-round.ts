import type { FastifyReply } from 'fastify';
import { refuse } from '../../domain/kernel/index.js';
import { pair, type PairingOptions } from '../../domain/pairing/index.js';
import { pairingRequestFor, RULES, type RoundPairingInput, type TournamentCommandBody, type TournamentState } from '../../domain/tournament/index.js';
import type { ArbitraCore } from '../../runtime/arbitra-core.js';
import { defaultPairingSeed, TournamentAggregate } from '../../runtime/features/tournament/index.js';
import type { AuthedRequest } from '../auth/auth.guard.js';
import { answer, commandContext, executeOptions } from '../command-request.js';
import { ProblemException } from '../problem.js';
import type { PairRoundDto } from './round.dto.js';
import { asHttpError, divisionOf, unknownTournament } from './tournament-command.js';

function manualInput(body: PairRoundDto): RoundPairingInput {
  return {
    kind: 'manual',
    reason: body.reason ?? '',
    games: (body.games ?? []).map((g) => ({ table: g.table, first: g.first, second: g.second })),
    tables: (body.tables ?? []).map((t) => ({ table: t.table, seats: t.seats.map((s) => ({ player: s.player, wind: s.wind })) })),
    bye: body.bye ?? null,
  };
}

function plainOptions(o: PairRoundDto['options']): PairingOptions | undefined {
  if (o === undefined) return undefined;
  return {
    ...(o.repeatsForgivenBefore !== undefined && { repeatsForgivenBefore: o.repeatsForgivenBefore }),
    ...(o.round1 !== undefined && { round1: o.round1 }),
    ...(o.double !== undefined && { double: o.double }),
    ...(o.cut !== undefined && { cut: o.cut }),
  };
}

/**
 * POST /v1/tournaments/:id/rounds/:n/pairings. A system pairing is computed from the tournament
 * as the command path folds it when the command is decided: `pairingRequestFor` → `pair()` → the
 * decider validates and records it. The handler computes it inside its retry loop, so a stream that
 * moved meanwhile is paired again on the newer record; a retried request (same Idempotency-Key,
 * same body) gets its first answer before anything is computed.
 */
export async function pairRound(core: ArbitraCore, request: AuthedRequest, reply: FastifyReply, id: string, round: number, body: PairRoundDto) {
  const context = commandContext(request);
  const opts = executeOptions(request);
  const division = body.division;
  try {
    if (body.kind === 'manual') {
      const data = { round, ...(division && { division }), pairing: manualInput(body) };
      return answer(reply, await core.execute(TournamentAggregate, id, { type: 'tournament.pair-round', context, data }, opts));
    }
    if (body.games?.length || body.tables?.length || body.bye)
      throw new ProblemException(400, 'validation/failed', 'Invalid request', 'games, tables and bye are given only with kind "manual"; a system pairing is computed by the server', {
        field: body.games?.length ? 'games' : body.tables?.length ? 'tables' : 'bye',
        rule: RULES.manualReason,
      });
    const system = body.system as NonNullable<PairRoundDto['system']>;
    const options = plainOptions(body.options);
    const from = (state: TournamentState): TournamentCommandBody => {
      if (state.status !== 'open') throw unknownTournament(id);
      const d = divisionOf(state, division);
      if (!state.pairingSystems.includes(system))
        refuse('tournament/pairing-system-not-allowed', `${system} is not among this tournament's pairing systems (${state.pairingSystems.join(', ')})`, RULES.pairingSystem, { field: 'system' });
      const seed = body.seed ?? defaultPairingSeed(id, d, round);
      const result = pair(system, pairingRequestFor(state, d, round, seed, options, system));
      const pairing: RoundPairingInput = { kind: 'system', system, seed, ...(options !== undefined && { options }), result };
      return { type: 'tournament.pair-round', data: { division: d, round, pairing } };
    };
    return answer(reply, await core.execute(TournamentAggregate, id, { context, request: { type: 'tournament.pair-round', round, body }, from }, opts));
  } catch (e) {
    throw asHttpError(e, id);
  }
}
