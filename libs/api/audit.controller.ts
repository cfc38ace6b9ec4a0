import { Controller, Get, Inject, Param, Query, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import { IsString, Length } from 'class-validator';
import type { ArbitraCore } from '../runtime/arbitra-core.js';
import { Allow } from './auth/allow.decorator.js';
import type { AuthedRequest } from './auth/auth.guard.js';
import { ProblemException } from './problem.js';
import { PageQuery } from './page-query.js';
import { ARBITRA_CORE } from './tokens.js';
import { auditOf } from './audit/audit-services.js';

/** A page of the global log. */
export class LogPageQuery extends PageQuery {}

export class StreamParams {
  @ApiProperty({ example: 'tournament-hk-open-2026' })
  @IsString()
  @Length(1, 300)
  stream: string;
}

const EVENT_EXAMPLE = {
  id: '5f0c…',
  stream: 'tournament-hk-open-2026',
  revision: 0,
  position: 1,
  type: 'tournament.Created',
  data: {},
  meta: {
    actor: { id: 'td-1', role: 'chief-arbiter' },
    commandId: '…',
    correlationId: '…',
    causationId: null,
    recordedAt: '2026-11-29T10:00:00.000Z',
    schemaVersion: 1,
    prevHash: null,
    hash: 'e3b0…',
  },
};

@ApiTags('audit')
@ApiBearerAuth()
@Controller('v1')
export class AuditController {
  constructor(@Inject(ARBITRA_CORE) private readonly core: ArbitraCore) {}

  @Get('events')
  @Allow()
  @ApiOperation({ summary: 'The global log, in order, one page at a time (admin)' })
  @ApiOkResponse({ schema: { example: { events: [EVENT_EXAMPLE], next: 1, head: 1 } } })
  async events(@Query() q: LogPageQuery) {
    const events = await this.core.store.readAll(q.after ?? 0, q.limit ?? 100);
    return { events, next: events.length ? events[events.length - 1].position : (q.after ?? 0), head: await this.core.store.headPosition() };
  }

  @Get('streams/:stream')
  @Allow()
  @ApiOperation({ summary: 'Every event of one stream with its hash chain (admin)' })
  @ApiOkResponse({ schema: { example: { stream: 'tournament-hk-open-2026', revision: 0, events: [EVENT_EXAMPLE] } } })
  async stream(@Param() p: StreamParams) {
    const events = await this.core.store.readStream(p.stream);
    if (events.length === 0)
      throw new ProblemException(404, 'audit/unknown-stream', 'Not found', `no stream named ${p.stream}`, { field: 'stream', rule: 'the stream must exist' });
    return { stream: p.stream, revision: events[events.length - 1].revision, events };
  }

  @Get('audit/refused-reactions')
  @Allow('chief-arbiter')
  @ApiOperation({
    summary:
      "Reactions a process manager could not apply (e.g. a finished game's result refused by a locked round): for an arbiter to enter by hand (admin; a chief arbiter sees those aimed at their tournaments)",
  })
  @ApiOkResponse({
    schema: {
      example: {
        refused: [
          {
            processManager: 'scrabble-result-to-tournament',
            commandId: 'pm:scrabble-result-to-tournament:…:0',
            cause: { eventId: '…', stream: 'scrabble-game-g7', type: 'scrabble.GameFinished', position: 812, recordedAt: '2026-11-29T12:41:00.000Z' },
            target: 'tournament-hk-open-2026',
            refusal: { type: 'tournament/result-already-recorded', message: '…', rule: '…' },
          },
        ],
      },
    },
  })
  refusedReactions(@Req() request: AuthedRequest) {
    const who = request.principal!;
    const all = this.core.processManagers.refused();
    const mine = who.role === 'admin' ? all : all.filter((r) => who.tournaments.some((t) => r.target === `tournament-${t}`));
    return { refused: mine };
  }

  @Get('audit/verify')
  @Allow()
  @ApiOperation({
    summary:
      'Walk every stream hash chain and the global chain, and check the stored signed checkpoints; report the first problem with its position (admin). ' +
      'Read models are compared by the CLI (`arbitra verify`)',
  })
  @ApiOkResponse({
    schema: {
      example: {
        ok: true,
        events: 120,
        streams: 7,
        head: 120,
        headHash: '9f2c…',
        globalChain: { from: 1, legacyEvents: 0 },
        firstBreak: null,
        checkpoints: { checked: 1, matched: 1, problems: [] },
        firstProblem: null,
      },
    },
  })
  async verify() {
    const audit = auditOf(this.core);
    if (!audit) return this.core.verifyLog();
    const r = await audit.verify();
    return { ...r.log, ok: r.ok, checkpoints: r.checkpoints, firstProblem: r.firstProblem };
  }
}
