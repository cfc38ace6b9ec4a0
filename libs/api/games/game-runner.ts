/**
 * The one way a game command of any discipline reaches the core: load the game (404), check who
 * may record it (403), check the observed time and clock reading by the discipline's policy, build
 * the command (GameFeature.command, the only place), execute, then an optional follow-up.
 * Controllers build the command body and name its access; they never call the core themselves
 * (test/runner-only.spec.ts holds them to it).
 */
import type { FastifyReply } from 'fastify';
import type { Actor, Command, CommandContext, DomainEvent } from '../../domain/kernel/index.js';
import type { ArbitraCore } from '../../runtime/arbitra-core.js';
import { streamOf, type ExecuteOptions } from '../../runtime/command-handler.js';
import { clockReadingOf, type GameFeature, type SentTime } from '../../runtime/games/index.js';
import type { AuthedRequest } from '../auth/auth.guard.js';
import { answer, commandContext, commandResponse, executeOptions, isRetry } from '../command-request.js';
import { ProblemException } from '../problem.js';
import { isOfficialFor, requireOfficial, requireRecorder, type GameFacts } from './game-access.js';

export function unknownGame(id: string, discipline = 'scrabble'): ProblemException {
  return new ProblemException(404, 'games/unknown-game', 'Not found', `no game ${id}`, {
    field: 'id',
    rule: `the game must have been started (POST /v1/${discipline}/games) or imported`,
  });
}

export interface LoadedGame<S> extends GameFacts {
  readonly state: S;
  readonly revision: number;
}

/** The game as the command path sees it now (consistent with the next command), or 404. */
export async function loadGame<C extends Command, E extends DomainEvent, S, B, X extends object>(
  core: ArbitraCore,
  feature: GameFeature<C, E, S, B, X>,
  id: string,
): Promise<LoadedGame<S>> {
  const stream = streamOf(feature.aggregate, id);
  const loaded = await core.commands.load(feature.aggregate, stream);
  if (!feature.exists(loaded.state)) throw unknownGame(id, feature.discipline);
  return gameOf(core, feature, id, loaded);
}

/** The facts of a game that exists, at a state and revision. */
async function gameOf<C extends Command, E extends DomainEvent, S, B, X extends object>(
  core: ArbitraCore,
  feature: GameFeature<C, E, S, B, X>,
  id: string,
  { state, revision }: { state: S; revision: number },
): Promise<LoadedGame<S>> {
  const createdBy = await startedBy(core.store, streamOf(feature.aggregate, id));
  return { id, state, revision, players: feature.players(state), link: feature.link(state), createdBy };
}

/** Who started each game, per store: a stream's first event never changes, so it is read once, not on every command. */
const starters = new WeakMap<ArbitraCore['store'], Map<string, Actor>>();
/** Games whose starter is kept per store (a Map keeps insertion order: the oldest is let go first). */
const STARTERS_KEPT = 10_000;
async function startedBy(store: ArbitraCore['store'], stream: string): Promise<Actor> {
  let known = starters.get(store);
  if (!known) starters.set(store, (known = new Map()));
  const kept = known.get(stream);
  if (kept) return kept;
  const [first] = await store.readStream(stream, 0, 1);
  const actor = first.meta.actor as Actor;
  if (known.size >= STARTERS_KEPT) known.delete(known.keys().next().value!);
  known.set(stream, actor);
  return actor;
}

/** Whether `admit` lets the sender in (it throws the 403 otherwise). */
function admits(admit: (game: GameFacts) => void, game: GameFacts): boolean {
  try {
    admit(game);
    return true;
  } catch (e) {
    if (e instanceof ProblemException) return false;
    throw e;
  }
}

const TIME_RULE = 'Arbitra: observed times and table-clock readings are recorded by officials, never before what is already recorded';

/** How a command is authorised: self-recording (players for their seat, and officials) or official-only. */
export type GameAccess = { readonly kind: 'self'; readonly seat: number | null } | { readonly kind: 'official' };

/** A command the server itself runs right after the client's (e.g. a word list's proposal after a challenge). */
export interface FollowUp<B> {
  /** The key of the follow-up's answer in the response. */
  readonly key: string;
  readonly command: B;
  /** The system actor that runs it; its time is the client command's recorded time, never the client's `at`. */
  readonly actor: Actor;
}

/** What a game command request carries beside its body: an observed time and a clock reading. */
export type SentBody = SentTime;

export class GameRunner<C extends Command, E extends DomainEvent, S, B, X extends object> {
  constructor(
    private readonly core: ArbitraCore,
    readonly feature: GameFeature<C, E, S, B, X>,
  ) {}

  self(
    request: AuthedRequest,
    reply: FastifyReply,
    id: string,
    sent: SentBody,
    seat: number | null,
    body: B,
    followUp?: (ctx: CommandContext) => FollowUp<B> | null,
  ) {
    return this.run(request, reply, id, sent, { kind: 'self', seat }, body, followUp);
  }

  official(request: AuthedRequest, reply: FastifyReply, id: string, sent: SentBody, body: B) {
    return this.run(request, reply, id, sent, { kind: 'official' }, body);
  }

  async run(
    request: AuthedRequest,
    reply: FastifyReply,
    id: string,
    sent: SentBody,
    access: GameAccess,
    body: B,
    followUp?: (ctx: CommandContext) => FollowUp<B> | null,
  ) {
    const ctx = commandContext(request, sent.at);
    const admit = (game: GameFacts) =>
      access.kind === 'self' ? requireRecorder(request.principal, game, access.seat, this.feature.playerActsFor) : requireOfficial(request.principal, game);
    const game = await this.admitted(id, admit);
    await this.checkObservedTime(request, game, sent, ctx);
    // Admitted again on the state the command is decided on: the one its append follows (ExecuteOptions.admit).
    const admitOn = (state: unknown) => {
      if (!this.feature.exists(state as S)) throw unknownGame(id, this.feature.discipline);
      admit({ id, players: this.feature.players(state as S), link: this.feature.link(state as S), createdBy: game.createdBy });
    };
    const made = await this.execute(id, body, ctx, sent, { ...executeOptions(request), admit: admitOn });
    // A player reads the game's revisions as positions, as in the game's reads; its officials the log's (issue 32).
    const official = isOfficialFor(request.principal, game);
    const next = followUp?.(ctx);
    if (!next) return answer(reply, made, official);
    const fctx: CommandContext = { at: ctx.at, actor: next.actor, commandId: `${ctx.commandId}:${next.key}` };
    const then = await this.execute(id, next.command, fctx, {}, {});
    void reply.header('etag', `"${then.revision}"`);
    return { ...commandResponse(made, official), [next.key]: commandResponse(then, official) };
  }

  /**
   * The game, once it admits the sender (404, 403 otherwise). On a single-writer store, the state this process's last
   * stored append left (cached: the log is not read) admits, as a command's first attempt decides on it; the command is
   * admitted again on the state its append follows. A refusal is given only from the log: another process may have
   * appended (seated a substitute, started the game) since. On a store replicas share, the log is read first.
   */
  private async admitted(id: string, admit: (game: GameFacts) => void): Promise<LoadedGame<S>> {
    const cached = this.core.commands.cached<S>(streamOf(this.feature.aggregate, id));
    if (cached && this.feature.exists(cached.state)) {
      const game = await gameOf(this.core, this.feature, id, cached);
      if (admits(admit, game)) return game;
    }
    const game = await loadGame(this.core, this.feature, id);
    admit(game);
    return game;
  }

  /**
   * Starting a game: officials only (the route says which roles), any tournament link checked by
   * the controller, an observed time never in the future. There is no record yet to be before.
   */
  async start(request: AuthedRequest, reply: FastifyReply, id: string, sent: SentBody, body: B) {
    const ctx = commandContext(request, sent.at);
    this.checkHasClock(sent);
    if (sent.at !== undefined) this.checkNotFuture(sent.at);
    return answer(reply, await this.execute(id, body, ctx, sent, executeOptions(request)));
  }

  /**
   * A game from a record (an import): its commands, each with the importing official's context,
   * decided in turn and stored in one append, all or nothing, only if the game does not exist yet.
   */
  /**
   * 409 when a game of this id exists: an imported record is a new game (checked before the record is read). An import
   * retried under its Idempotency-Key (its first command, `firstCommandId`, is in the log) goes on to get its first answer.
   */
  async requireNew(id: string, request: AuthedRequest, firstCommandId: string): Promise<void> {
    if (await isRetry(this.core, request, firstCommandId)) return;
    const { state } = await this.core.commands.load(this.feature.aggregate, streamOf(this.feature.aggregate, id));
    if (this.feature.exists(state))
      throw new ProblemException(409, 'games/already-exists', 'Conflict with the record', `game ${id} already exists`, {
        field: 'id',
        rule: 'a game id names one game',
      });
  }

  /** `request`: the import's body, which a retry under its Idempotency-Key must repeat. */
  startFromRecord(id: string, commands: readonly C[], request: unknown) {
    return this.core.executeSequence(this.feature.aggregate, id, commands, { expectedRevision: -1, request });
  }

  /** The one call to the core: the command built by the feature from the body and the context. */
  private execute(id: string, body: B, ctx: CommandContext, sent: SentTime, opts: ExecuteOptions) {
    const clockReading = clockReadingOf(this.feature.clock, sent);
    return this.core.execute(this.feature.aggregate, id, this.feature.command({ ...body, ...(clockReading && { clockReading }) }, ctx), opts);
  }

  /**
   * Observed times (`at`) and clock readings come only from officials: a player's commands are
   * stamped by the server, or a player could set the opponent's clock. No observed time may lie
   * before the last recorded event or ahead of the server's clock.
   */
  private async checkObservedTime(request: AuthedRequest, game: LoadedGame<S>, sent: SentBody, ctx: CommandContext): Promise<void> {
    const policy = this.feature.observedTime;
    if (sent.at === undefined && sent.clockReading === undefined) return;
    this.checkHasClock(sent);
    if (policy.sentBy === 'officials' && !isOfficialFor(request.principal, game)) {
      throw new ProblemException(
        403,
        'games/players-may-not-time',
        'Forbidden',
        'players may not send an observed time or a clock reading: the server stamps their commands; ask the arbiter to record the clock',
        {
          field: sent.clockReading !== undefined ? 'clockReading' : 'at',
          rule: TIME_RULE,
        },
      );
    }
    if (sent.at === undefined) return;
    // A retry under a recorded Idempotency-Key gets the first answer (the core replays it, or refuses another body under
    // the key): its time was checked against the record when it was recorded, and later events would now put it "before".
    if (policy.notBeforeRecord && !(await isRetry(this.core, request, ctx.commandId))) {
      const at = Date.parse(sent.at);
      // From the revision the game was admitted at on: another process may have appended after a cached state.
      const since = await this.core.store.readStream(streamOf(this.feature.aggregate, game.id), game.revision);
      const last = since.at(-1);
      if (last && at < Date.parse(last.meta.recordedAt)) {
        throw new ProblemException(
          422,
          'games/time-before-record',
          'Unprocessable command',
          `at ${sent.at} is before the last recorded event of game ${game.id} (${last.meta.recordedAt})`,
          { field: 'at', rule: TIME_RULE },
        );
      }
    }
    this.checkNotFuture(sent.at);
  }

  /** A game without a table clock refuses a reading naming it, rather than dropping it unread. */
  private checkHasClock(sent: SentBody): void {
    if (sent.clockReading === undefined || this.feature.clock) return;
    throw new ProblemException(422, 'games/no-clock', 'Unprocessable command', `a ${this.feature.discipline} game has no table clock to read`, {
      field: 'clockReading',
      rule: `Arbitra: a clock reading is recorded only for a discipline with a table clock; ${this.feature.discipline} has none`,
    });
  }

  private checkNotFuture(at: string): void {
    if (Date.parse(at) > Date.now() + this.feature.observedTime.maxFutureMs) {
      throw new ProblemException(422, 'games/time-in-future', 'Unprocessable command', `at ${at} is ahead of the server's clock`, {
        field: 'at',
        rule: TIME_RULE,
      });
    }
  }
}
