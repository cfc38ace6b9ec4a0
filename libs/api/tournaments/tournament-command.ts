import type { FastifyReply } from 'fastify';
import { DomainError, type CommandContext } from '../../domain/kernel/index.js';
import { DIVISION_REQUIRED, resolveDivision, RULES, type OpenTournament, type ResultInput, type TournamentCommand } from '../../domain/tournament/index.js';
import type { ArbitraCore } from '../../runtime/arbitra-core.js';
import type { ExecuteOptions } from '../../runtime/command-handler.js';
import { streamOf } from '../../runtime/command-handler.js';
import { TournamentAggregate } from '../../runtime/features/tournament/index.js';
import type { AuthedRequest } from '../auth/auth.guard.js';
import { TOURNAMENT_SCOPED } from '../auth/principal.js';
import { executeOptions, runCommand } from '../command-request.js';
import { ProblemException } from '../problem.js';
import type { ResultInputDto } from './round.dto.js';

export function unknownTournament(id: string): ProblemException {
  return new ProblemException(404, 'tournament/unknown-tournament', 'Not found', `no tournament ${id}`, { field: 'id', rule: RULES.notCreated });
}

/** The decider refuses commands to a tournament that was never created as a conflict; over HTTP it is a 404. */
export function asHttpError(e: unknown, id: string): unknown {
  return e instanceof DomainError && e.type === 'tournament/not-created' ? unknownTournament(id) : e;
}

/** Runs a tournament command built from the request's context (token, Idempotency-Key, If-Match). */
export async function runTournamentCommand(
  core: ArbitraCore,
  request: AuthedRequest,
  reply: FastifyReply,
  id: string,
  build: (context: CommandContext) => TournamentCommand,
  opts: ExecuteOptions = executeOptions(request),
) {
  try {
    return await runCommand(core, request, reply, TournamentAggregate, id, build, opts);
  } catch (e) {
    throw asHttpError(e, id);
  }
}

/** The tournament as the command path sees it now (folded from the stream), or 404. */
export async function loadTournament(core: ArbitraCore, id: string): Promise<{ state: OpenTournament; revision: number }> {
  const { state, revision } = await core.commands.load(TournamentAggregate, streamOf(TournamentAggregate, id));
  if (state.status !== 'open') throw unknownTournament(id);
  return { state, revision };
}

/**
 * A request that leaves out the division of a tournament with several is a bad request (400); the
 * decider's own refusal of a command without one stays a 422. Anything else passes unchanged.
 */
export function missingDivisionAsBadRequest(e: unknown): unknown {
  if (!(e instanceof DomainError && e.type === DIVISION_REQUIRED)) return e;
  return new ProblemException(400, 'validation/failed', 'Invalid request', e.message, { field: e.field, rule: e.rule });
}

/** The division a read means: the one given, or the only one (the domain's resolveDivision; 400 "say which", 404 unknown division). */
export function divisionOf(t: { id: string; divisions: readonly string[] }, division: string | undefined, field = 'division'): string {
  try {
    return resolveDivision(t, division, field);
  } catch (e) {
    throw missingDivisionAsBadRequest(e);
  }
}

/** May this caller see what is not public yet (unpublished pairings, provisional pairings)? */
export function isOfficial(request: AuthedRequest, tournament: string): boolean {
  const who = request.principal;
  if (!who) return false;
  if (who.role === 'admin') return true;
  return TOURNAMENT_SCOPED.includes(who.role) && who.tournaments.includes(tournament);
}

const pairCounts = (v: { first: number; second: number } | undefined) => (v === undefined ? undefined : { first: v.first, second: v.second });

/** The validated DTO as the plain domain value (only the fields of its kind). */
export function resultInput(dto: ResultInputDto): ResultInput {
  switch (dto.kind) {
    case 'played': {
      const score = pairCounts(dto.score);
      const games = pairCounts(dto.games);
      const captured = pairCounts(dto.captured);
      return {
        kind: 'played',
        outcome: dto.outcome as 'first' | 'second' | 'draw',
        ...(score && { score }),
        ...(games && { games }),
        ...(captured && { captured }),
      };
    }
    case 'forfeit':
      return { kind: 'forfeit', absent: dto.absent as 'first' | 'second' };
    case 'double-forfeit':
      return { kind: 'double-forfeit' };
    case 'mahjong-table':
      return { kind: 'mahjong-table', seats: (dto.seats ?? []).map((s) => ({ player: s.player, points: s.points })) };
  }
}
