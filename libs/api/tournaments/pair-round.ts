import type { FastifyReply } from 'fastify';
import { refuse } from '../../domain/kernel/index.js';
import { pair, type PairingOptions } from '../../domain/pairing/index.js';
import { pairingRequestFor, RULES, type RoundPairingInput } from '../../domain/tournament/index.js';
import type { ArbitraCore } from '../../runtime/arbitra-core.js';
import { ConcurrencyExhaustedError, PreconditionFailedError, requestFingerprint, streamOf } from '../../runtime/command-handler.js';
import { defaultPairingSeed, TournamentAggregate } from '../../runtime/features/tournament/index.js';
import type { AuthedRequest } from '../auth/auth.guard.js';
import { answer, commandContext, executeOptions } from '../command-request.js';
import { ProblemException } from '../problem.js';
import type { PairRoundDto } from './round.dto.js';
import { asHttpError, divisionOf, loadTournament } from './tournament-command.js';

const ATTEMPTS = 3;

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
 * POST /v1/tournaments/:id/rounds/:n/pairings. A system pairing is computed here, from the
 * tournament as the command path folds it now: `pairingRequestFor` → `pair()` → the decider
 * validates and records it. The command is pinned to the revision the pairing was computed from;
 * if the stream moved meanwhile (and the client did not pin one with If-Match) it is recomputed.
 */
export async function pairRound(core: ArbitraCore, request: AuthedRequest, reply: FastifyReply, id: string, round: number, body: PairRoundDto) {
  const context = commandContext(request);
  const opts = executeOptions(request);
  const division = body.division;
  try {
    if (body.kind === 'manual') {
      return answer(reply, await core.execute(TournamentAggregate, id, { type: 'tournament.pair-round', context, data: { round, ...(division && { division }), pairing: manualInput(body) } }, context, opts));
    }
    if (body.games?.length || body.tables?.length || body.bye)
      throw new ProblemException(400, 'validation/failed', 'Invalid request', 'games, tables and bye are given only with kind "manual"; a system pairing is computed by the server', {
        field: body.games?.length ? 'games' : body.tables?.length ? 'tables' : 'bye',
        rule: RULES.manualReason,
      });
    // A retried command (same Idempotency-Key, same request) returns its first answer, whatever the record is now.
    const fingerprint = requestFingerprint({ type: 'tournament.pair-round', round, body });
    const earlier = await core.commands.earlierResult(streamOf(TournamentAggregate, id), context, fingerprint);
    if (earlier) return answer(reply, earlier);
    for (let attempt = 1; ; attempt++) {
      const { state, revision } = await loadTournament(core, id);
      const d = divisionOf(state, division);
      const system = body.system as NonNullable<PairRoundDto['system']>;
      if (!state.pairingSystems.includes(system))
        refuse('tournament/pairing-system-not-allowed', `${system} is not among this tournament's pairing systems (${state.pairingSystems.join(', ')})`, RULES.pairingSystem, { field: 'system' });
      const seed = body.seed ?? defaultPairingSeed(id, d, round);
      const options = plainOptions(body.options);
      const result = pair(system, pairingRequestFor(state, d, round, seed, options, system));
      const pairing: RoundPairingInput = { kind: 'system', system, seed, ...(options !== undefined && { options }), result };
      try {
        const executed = await core.execute(TournamentAggregate, id, { type: 'tournament.pair-round', context, data: { division: d, round, pairing } }, context, {
          ...opts,
          expectedRevision: opts.expectedRevision ?? revision,
          fingerprint,
        });
        return answer(reply, executed);
      } catch (e) {
        if (!(e instanceof PreconditionFailedError) || opts.expectedRevision !== undefined) throw e;
        // The client pinned nothing: a record that kept moving is a concurrent change (409), not a 412.
        if (attempt >= ATTEMPTS) throw new ConcurrencyExhaustedError(streamOf(TournamentAggregate, id), ATTEMPTS);
      }
    }
  } catch (e) {
    throw asHttpError(e, id);
  }
}
