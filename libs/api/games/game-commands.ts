/**
 * A discipline's game commands declared once (issue 28): the route, who may send it, the body's schema and the step
 * the GameFeature builds the command from. `gameCommandsController` serves every declaration through the GameRunner;
 * the OpenAPI document, the body check and the authorization matrix (test/authorization/declared-rows.ts) read the
 * same declaration, so none of them is written twice.
 */
import { Body, Controller, Inject, Param, Post, Req, Res, SetMetadata, type Type } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiCreatedResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type { Command, CommandContext, DomainEvent } from '../../domain/kernel/index.js';
import type { ArbitraCore } from '../../runtime/arbitra-core.js';
import type { ArbitraConfig } from '../../runtime/config.js';
import type { GameClock, GameFeature } from '../../runtime/games/index.js';
import { Allow } from '../auth/allow.decorator.js';
import type { AuthedRequest } from '../auth/auth.guard.js';
import { checkedBody, compileBody, DECLARED_BODY, described, int, list, named, object, optional, type Schema } from '../body-schema.js';
import { ARBITRA_CONFIG, ARBITRA_CORE } from '../tokens.js';
import { GameRunner, type FollowUp } from './game-runner.js';
import { naming, type RequestFields } from './request-fields.js';
import { GameParams } from './game.dto.js';

/** Who may send a command: the player of the body's `seat` (and the game's officials), or its officials only. */
export type CommandSender = 'seat' | 'officials';
export const SENDERS: Readonly<Record<CommandSender, readonly ('arbiter' | 'chief-arbiter' | 'player')[]>> = {
  seat: ['arbiter', 'chief-arbiter', 'player'],
  officials: ['arbiter', 'chief-arbiter'],
};

/** A body as checked: the declared fields, the observed time and the clock reading. */
export type CheckedBody = Readonly<Record<string, unknown>> & { readonly seat?: number; readonly at?: string; readonly clockReading?: unknown };

export interface DeclaredCommand<B> {
  /** The route below `/v1/<discipline>/games/:id` (a noun: `moves`, `rulings/draw-claims`). */
  readonly route: string;
  /** The handler's name: the OpenAPI operation is `<Controller>_<name>`. */
  readonly name: string;
  readonly by: CommandSender;
  /** What the OpenAPI document says of it, with the rule cited. */
  readonly summary: string;
  /** The command's type; its step is `{ type, ...fields }` unless `step` says otherwise. */
  readonly type: string;
  /** The body's schema name in the OpenAPI document, and its own fields (`at` and any `clockReading` are added). */
  readonly body: { readonly name: string; readonly fields: Readonly<Record<string, Schema>> };
  /** The step from a checked body without `at` and `clockReading`, where it is not the fields as sent. */
  readonly step?: (fields: CheckedBody) => B;
  /** A body that passes the check, where the fields' own examples do not make one (shown in the OpenAPI document). */
  readonly example?: Readonly<Record<string, unknown>>;
  /** What the decider narrows further about who may send it (shown in the authorization matrix). */
  readonly note?: string;
  /** Where a refusal's command field was sent under another name: the request's names, from the body as sent. */
  readonly requestFields?: (body: CheckedBody) => RequestFields;
  /** A command the server runs right after this one (a word list's proposal after a challenge), if any. */
  followUp?(step: B, config: ArbitraConfig): ((ctx: CommandContext) => FollowUp<B> | null) | undefined;
  /** The 201 answer's description in the OpenAPI document, where it says more than the controller's. */
  readonly created?: string;
}

/** What a served command's handler is marked with: its declaration, its discipline and its full path. */
export interface ServedCommand {
  readonly discipline: string;
  /** As Fastify registers it: `/v1/chess/games/:id/moves`. */
  readonly path: string;
  readonly command: DeclaredCommand<unknown>;
}

type Body = DeclaredCommand<unknown>['body'];
/** A command the player of the body's seat records (and the game's officials). */
export const bySeat = <B>(route: string, name: string, type: string, summary: string, body: Body): DeclaredCommand<B> => ({
  route,
  name,
  by: 'seat',
  type,
  summary,
  body,
});
/** A command only the game's officials record. */
export const byOfficials = <B>(
  route: string,
  name: string,
  type: string,
  summary: string,
  body: Body,
  step?: DeclaredCommand<B>['step'],
  example?: DeclaredCommand<B>['example'],
  note?: string,
): DeclaredCommand<B> => ({ route, name, by: 'officials', type, summary, body, ...(step && { step }), ...(example && { example }), ...(note && { note }) });

/** The commands of one discipline's games, served on `/v1/<discipline>/games/:id/<route>`. */
export interface DeclaredCommands<B> {
  /** The controller's name (the operation ids' prefix, e.g. `ChessMovesController`) and the OpenAPI tag. */
  readonly controller: string;
  readonly tag: string;
  /** One line for the controller's purpose. */
  readonly commands: readonly DeclaredCommand<B>[];
  /** The 201 answer as the OpenAPI document shows it (description and example), where the discipline gives one. */
  readonly created?: { readonly description: string; readonly example: unknown };
}

const AT = { type: 'string', format: 'iso-8601', example: '2026-11-29T10:03:12.000Z' } as const;
/** A two-sided table clock's reading (chess, xiguaqi; Go adds its byo-yomi periods). */
const CLOCK_READING = named(
  'ClockReadingDto',
  object({
    remainingMs: list(
      { type: 'integer' },
      { min: 2, max: 2 },
      {
        example: [1_380_000, 1_452_000],
        description: 'Remaining ms of seat 0 and seat 1 as read on the physical timer',
      },
    ),
  }),
);
const GO_CLOCK_READING = named(
  'GoClockReadingDto',
  object({
    remainingMs: list(
      int(-86_400_000, 86_400_000),
      { min: 2, max: 2 },
      {
        example: [1_380_000, -660_000],
        description: 'Basic time left of Black and White (ms); negative: overtime used (Ing clocks)',
      },
    ),
    periodsLeft: optional(
      list(int(0, 1000), { min: 2, max: 2 }, { example: [5, 3], description: 'Byo-yomi periods left of Black and White, where the clock shows them' }),
    ),
  }),
);

/** The fields every command body of `feature`'s games may carry: `at`, and a clock reading where the game has a clock. */
export function sentTimeFields(clock: GameClock): Record<string, Schema> {
  const at = optional({ ...AT, description: 'Observed table time (ISO-8601 with zone; officials only); default: the server stamps the receive time' });
  if (!clock) return { at };
  const reading = clock.periods ? GO_CLOCK_READING : CLOCK_READING;
  return { at, clockReading: optional(described('A reading of the table clock, recorded before the command (officials only)', reading)) };
}

/** Marks a handler with its ServedCommand (the authorization matrix reads it). */
export const DECLARED_COMMAND = 'arbitra:declared-command';

/** The full body schema of a declared command (its fields and the sent-time fields), named for the OpenAPI document. */
export function bodySchema<B>(command: DeclaredCommand<B>, clock: GameClock): Schema {
  return named(command.body.name, object({ ...sentTimeFields(clock), ...command.body.fields }));
}

/** What a game command's `position` is, by sender (issue 32: the log's position counts every event on the server). */
const POSITION_NOTE =
  '`position` (the answer’s and each event’s): the log’s position to the game’s officials; to a player the game’s revision, which his `?waitFor=` on the game’s reads takes';

/** A Nest controller serving `declared` for `feature`'s games: each route checks its body, then runs through GameRunner. */
export function gameCommandsController<C extends Command, E extends DomainEvent, S, B, X extends object>(
  feature: GameFeature<C, E, S, B, X>,
  declared: DeclaredCommands<B>,
): Type {
  @ApiTags(declared.tag)
  @ApiBearerAuth()
  @Controller(`v1/${feature.discipline}/games/:id`)
  class GameCommands {
    readonly run: GameRunner<C, E, S, B, X>;
    constructor(
      @Inject(ARBITRA_CORE) core: ArbitraCore,
      @Inject(ARBITRA_CONFIG) readonly config: ArbitraConfig,
    ) {
      this.run = new GameRunner(core, feature);
    }
  }
  Object.defineProperty(GameCommands, 'name', { value: declared.controller });
  const proto = GameCommands.prototype as unknown as Record<string, unknown>;
  for (const command of declared.commands) {
    const schema = bodySchema(command, feature.clock);
    const check = compileBody(schema);
    const step = command.step ?? ((fields: CheckedBody) => ({ type: command.type, ...fields }) as B);
    const handler = function (this: GameCommands, p: GameParams, sent: unknown, r: AuthedRequest, reply: FastifyReply) {
      const body = checkedBody<CheckedBody>(check, sent);
      const { at: _at, clockReading: _reading, ...fields } = body;
      const made = step(fields);
      const run = () => {
        if (command.by === 'officials') return this.run.official(r, reply, p.id, body, made);
        return this.run.self(r, reply, p.id, body, body.seat ?? null, made, command.followUp?.(made, this.config));
      };
      return command.requestFields ? naming(command.requestFields(body), run) : run();
    };
    Object.defineProperty(handler, 'name', { value: command.name });
    Object.defineProperty(proto, command.name, { value: handler, writable: true, configurable: true });
    const descriptor = Object.getOwnPropertyDescriptor(proto, command.name)!;
    for (const decorate of [
      Post(command.route),
      Allow(...SENDERS[command.by]),
      ApiOperation({ summary: command.summary }),
      ApiBody({ schema: schema as object }),
      ApiCreatedResponse({
        description: `${command.created ?? declared.created?.description ?? 'The events recorded; ETag is the game’s revision'}. ${POSITION_NOTE}`,
        ...(declared.created && { schema: { example: declared.created.example } as object }),
      }),
      SetMetadata(DECLARED_BODY, { schema, ...(command.example && { example: command.example }) }),
      SetMetadata(DECLARED_COMMAND, {
        discipline: feature.discipline,
        path: `/v1/${feature.discipline}/games/:id/${command.route}`,
        command,
      } satisfies ServedCommand),
    ])
      decorate(proto, command.name, descriptor);
    Param()(proto, command.name, 0);
    Body()(proto, command.name, 1);
    Req()(proto, command.name, 2);
    Res({ passthrough: true })(proto, command.name, 3);
    Reflect.defineMetadata('design:paramtypes', [GameParams, Object, Object, Object], proto, command.name);
  }
  return GameCommands;
}
