/** Running Scrabble game commands from HTTP: load the game's facts, check access, execute, answer. */
import type { FastifyReply } from 'fastify';
import {
  scrabbleCommand,
  type ClockReading,
  type GameLink,
  type ScrabbleCommand,
  type ScrabbleState,
  type ScrabbleStep,
  type Seat,
} from '../../domain/disciplines/scrabble/index.js';
import type { Actor, CommandContext } from '../../domain/kernel/index.js';
import { roundKey } from '../../domain/tournament/index.js';
import type { ArbitraCore } from '../../runtime/arbitra-core.js';
import { streamOf } from '../../runtime/command-handler.js';
import { ScrabbleGameAggregate } from '../../runtime/features/scrabble/index.js';
import { TournamentAggregate } from '../../runtime/features/tournament/index.js';
import type { AuthedRequest } from '../auth/auth.guard.js';
import { answer, commandContext, commandResponse, executeOptions } from '../command-request.js';
import { ProblemException } from '../problem.js';
import { isOfficialFor, requireOfficial, requireRecorder, type GameFacts } from './game-access.js';
import type { GameCommandDto, GameLinkDto } from './game.dto.js';

type Without<C> = C extends unknown ? Omit<C, 'clockReading'> : never;
/** A command as a controller writes it, flat (`{ type, ...fields }`); the runner adds the clock reading and the context. */
export type CommandBody = Without<ScrabbleStep>;

export function unknownGame(id: string): ProblemException {
  return new ProblemException(404, 'games/unknown-game', 'Not found', `no game ${id}`, { field: 'id', rule: 'the game must have been started (POST /v1/games) or imported' });
}

export interface LoadedGame extends GameFacts {
  readonly state: ScrabbleState;
  readonly revision: number;
}

/** The game as the command path sees it now (consistent with the next command), or 404. */
export async function loadGame(core: ArbitraCore, id: string): Promise<LoadedGame> {
  const stream = streamOf(ScrabbleGameAggregate, id);
  const { state, revision } = await core.commands.load(ScrabbleGameAggregate, stream);
  if (state.phase === 'none') throw unknownGame(id);
  const [first] = await core.store.readStream(stream, 0, 1);
  return { id, state, revision, players: state.game.players, link: state.game.link, createdBy: first.meta.actor as Actor };
}

/** The envelope of a controller's command: the request's context, and the table clock reading (part of the data) when one was sent. */
export function envelopeOf(context: CommandContext, body: GameCommandDto, command: CommandBody): ScrabbleCommand {
  const r = body.clockReading?.remainingMs;
  const clockReading: ClockReading | undefined = r ? { remainingMs: [r[0], r[1]] } : undefined;
  return scrabbleCommand({ ...command, ...(clockReading && { clockReading }) } as ScrabbleStep, context);
}

const LINK_RULE = 'Arbitra: a linked game is the pairing at that round and table; its players are the pairing\'s players';

/**
 * Checks a link against the tournament's pairing (same two players) and completes it with the
 * division and the seat of the pairing's "first" player, so the result can be posted back.
 */
export async function resolveLink(core: ArbitraCore, link: GameLinkDto, players: readonly { id: string }[]): Promise<GameLink> {
  const { state } = await core.commands.load(TournamentAggregate, streamOf(TournamentAggregate, link.tournamentId));
  if (state.status !== 'open') throw new ProblemException(404, 'tournament/unknown-tournament', 'Not found', `no tournament ${link.tournamentId}`, { field: 'link.tournamentId', rule: LINK_RULE });
  let division = link.division;
  if (division === undefined) {
    if (state.divisions.length !== 1) throw new ProblemException(400, 'validation/failed', 'Invalid request', `tournament ${state.id} has divisions ${state.divisions.join(', ')}: say which`, { field: 'link.division', rule: LINK_RULE });
    division = state.divisions[0];
  }
  const round = state.rounds[roundKey(division, link.round)];
  if (!round) throw new ProblemException(404, 'games/link-round-not-paired', 'Not found', `round ${link.round} of ${division} is not paired in ${state.id}`, { field: 'link.round', rule: LINK_RULE });
  // A linked game shows its pairing to the public, so a round is linked only once published (tournament RULES.unpublishedHidden).
  if (round.status === 'paired')
    throw new ProblemException(409, 'games/link-round-not-published', 'Conflict with the record', `round ${link.round} of ${division} is not published yet in ${state.id}: publish it before starting its games`, {
      field: 'link.round',
      rule: 'Arbitra: until a round is published its pairing, byes and results are seen by the tournament officials only; a game is linked to a published round',
    });
  const game = round.games.find((g) => g.table === link.table);
  if (!game) throw new ProblemException(404, 'games/link-no-such-table', 'Not found', `round ${link.round} of ${division} has no game at table ${link.table}`, { field: 'link.table', rule: LINK_RULE });
  const ids = players.map((p) => p.id);
  if (!(ids.includes(game.first) && ids.includes(game.second))) {
    throw new ProblemException(422, 'games/link-players-mismatch', 'Unprocessable command', `table ${link.table} of round ${link.round} pairs ${game.first} and ${game.second}, not ${ids.join(' and ')}`, {
      field: 'players',
      rule: LINK_RULE,
    });
  }
  return { tournamentId: link.tournamentId, round: link.round, table: link.table, division, firstSeat: (ids[0] === game.first ? 0 : 1) as Seat };
}

const TIME_RULE = 'Arbitra: observed times and table-clock readings are recorded by officials, never before what is already recorded';
/** How far ahead of the server's clock an observed time may be (clock skew between devices). */
const MAX_FUTURE_MS = 60_000;

/**
 * Observed times (`at`) and clock readings come only from officials: a player's commands are
 * stamped by the server, or a player could set the opponent's clock. No observed time may lie
 * before the last recorded event or ahead of the server's clock.
 */
async function checkObservedTime(core: ArbitraCore, request: AuthedRequest, game: LoadedGame, body: GameCommandDto): Promise<void> {
  if (body.at === undefined && body.clockReading === undefined) return;
  if (!isOfficialFor(request.principal, game)) {
    throw new ProblemException(403, 'games/players-may-not-time', 'Forbidden', 'players may not send an observed time or a clock reading: the server stamps their commands; ask the arbiter to record the clock', {
      field: body.clockReading !== undefined ? 'clockReading' : 'at',
      rule: TIME_RULE,
    });
  }
  if (body.at === undefined) return;
  const at = Date.parse(body.at);
  const [last] = await core.store.readStream(streamOf(ScrabbleGameAggregate, game.id), game.revision, 1);
  if (last && at < Date.parse(last.meta.recordedAt)) {
    throw new ProblemException(422, 'games/time-before-record', 'Unprocessable command', `at ${body.at} is before the last recorded event of game ${game.id} (${last.meta.recordedAt})`, { field: 'at', rule: TIME_RULE });
  }
  checkNotFuture(body.at);
}

function checkNotFuture(at: string): void {
  if (Date.parse(at) > Date.now() + MAX_FUTURE_MS) {
    throw new ProblemException(422, 'games/time-in-future', 'Unprocessable command', `at ${at} is ahead of the server's clock`, { field: 'at', rule: TIME_RULE });
  }
}

/** How a command is authorised: self-recording (players for their own seat, and officials) or official-only. */
export type GameAccess = { readonly kind: 'self'; readonly seat: Seat | null } | { readonly kind: 'official' };

/** A command the server itself runs right after the client's (e.g. a word list's proposal after a challenge). */
export interface FollowUp {
  /** The key of the follow-up's answer in the response. */
  readonly key: string;
  readonly command: CommandBody;
  /** The system actor that runs it; its time is the client command's recorded time, never the client's `at`. */
  readonly actor: Actor;
}

/**
 * The one way a game command reaches the core: load the game (404), check who may record it
 * (403), check the observed time and clock reading (officials only, never before the record nor
 * in the future), then execute. Controllers build the command and name its access; they never
 * call the core themselves (test/runner-only.spec.ts holds them to it).
 */
export class GameRunner {
  constructor(private readonly core: ArbitraCore) {}

  self(request: AuthedRequest, reply: FastifyReply, id: string, body: GameCommandDto, seat: Seat | null, command: CommandBody, followUp?: (ctx: CommandContext) => FollowUp | null) {
    return this.run(request, reply, id, body, { kind: 'self', seat }, command, followUp);
  }

  official(request: AuthedRequest, reply: FastifyReply, id: string, body: GameCommandDto, command: CommandBody) {
    return this.run(request, reply, id, body, { kind: 'official' }, command);
  }

  async run(
    request: AuthedRequest,
    reply: FastifyReply,
    id: string,
    body: GameCommandDto,
    access: GameAccess,
    command: CommandBody,
    followUp?: (ctx: CommandContext) => FollowUp | null,
  ) {
    const ctx = commandContext(request, body.at);
    const game = await loadGame(this.core, id);
    if (access.kind === 'self') requireRecorder(request.principal, game, access.seat);
    else requireOfficial(request.principal, game);
    await checkObservedTime(this.core, request, game, body);
    const made = await this.core.execute(ScrabbleGameAggregate, id, envelopeOf(ctx, body, command), executeOptions(request));
    const next = followUp?.(ctx);
    if (!next) return answer(reply, made);
    const fctx: CommandContext = { at: ctx.at, actor: next.actor, commandId: `${ctx.commandId}:${next.key}` };
    const then = await this.core.execute(ScrabbleGameAggregate, id, scrabbleCommand(next.command, fctx), {});
    void reply.header('etag', `"${then.revision}"`);
    return { ...commandResponse(made), [next.key]: commandResponse(then) };
  }

  /**
   * Starting a game: officials only (the route says which roles), the link checked against the
   * tournament, an observed time never in the future. There is no record yet to be before.
   */
  /**
   * A game from a record (a GCG import): its commands, each with the importing official's context,
   * decided in turn and stored in one append, all or nothing, only if the game does not exist yet.
   */
  startFromRecord(id: string, commands: readonly ScrabbleCommand[]) {
    return this.core.executeSequence(ScrabbleGameAggregate, id, commands, { expectedRevision: -1 });
  }

  async start(request: AuthedRequest, reply: FastifyReply, id: string, body: GameCommandDto, command: CommandBody) {
    if (body.at !== undefined) checkNotFuture(body.at);
    const ctx = commandContext(request, body.at);
    return answer(reply, await this.core.execute(ScrabbleGameAggregate, id, envelopeOf(ctx, body, command), executeOptions(request)));
  }
}
