import type { FastifyReply } from 'fastify';
import { RULES, type RoundPairingInput, type PairingOptions } from '../../domain/tournament/index.js';
import type { ArbitraCore } from '../../runtime/arbitra-core.js';
import { pairRoundBySystem, TournamentAggregate } from '../../runtime/features/tournament/index.js';
import type { AuthedRequest } from '../auth/auth.guard.js';
import { executeOptions, runCommand, runWithContext } from '../command-request.js';
import { ProblemException } from '../problem.js';
import type { PairRoundDto } from './round.dto.js';
import { asHttpError, missingDivisionAsBadRequest } from './tournament-command.js';

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
 * POST /v1/tournaments/:id/rounds/:n/pairings. A manual pairing is one command; a system pairing
 * is computed by the tournament's pairing service (runtime, pairing-service.ts) inside the
 * handler's retry loop.
 */
export async function pairRound(core: ArbitraCore, request: AuthedRequest, reply: FastifyReply, id: string, round: number, body: PairRoundDto) {
  const opts = executeOptions(request);
  const division = body.division;
  try {
    if (body.kind === 'manual') {
      const data = { round, ...(division && { division }), pairing: manualInput(body), ...(body.day !== undefined && { day: body.day }) };
      return await runCommand(core, request, reply, TournamentAggregate, id, (context) => ({ type: 'tournament.pair-round' as const, context, data }), opts);
    }
    if (body.games?.length || body.tables?.length || body.bye)
      throw new ProblemException(
        400,
        'validation/failed',
        'Invalid request',
        'games, tables and bye are given only with kind "manual"; a system pairing is computed by the server',
        {
          field: body.games?.length ? 'games' : body.tables?.length ? 'tables' : 'bye',
          rule: RULES.manualReason,
        },
      );
    const system = body.system as NonNullable<PairRoundDto['system']>;
    const options = plainOptions(body.options);
    const req = {
      system,
      ...(division !== undefined && { division }),
      ...(body.seed !== undefined && { seed: body.seed }),
      ...(options !== undefined && { options }),
      ...(body.day !== undefined && { day: body.day }),
    };
    // The request names no division where the tournament has several: 400 as on every read (the manual command's own refusal stays 422).
    return await runWithContext(request, reply, (context) =>
      pairRoundBySystem(core, id, round, req, context, body, opts).catch((e: unknown) => Promise.reject(missingDivisionAsBadRequest(e))),
    );
  } catch (e) {
    throw asHttpError(e, id);
  }
}
