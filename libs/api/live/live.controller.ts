import { Controller, Get, Inject, Param, Req, Res, type BeforeApplicationShutdown } from '@nestjs/common';
import { ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { initialTournamentState, evolveTournament, type TournamentEvent } from '../../domain/tournament/index.js';
import { TournamentLive } from '../../domain/webhooks/index.js';
import type { ArbitraCore } from '../../runtime/arbitra-core.js';
import { streamOf } from '../../runtime/command-handler.js';
import { TournamentAggregate } from '../../runtime/features/tournament/index.js';
import { gameFeaturesOf } from '../../runtime/games/index.js';
import { Public } from '../auth/allow.decorator.js';
import type { AuthedRequest } from '../auth/auth.guard.js';
import { viewerFor } from '../games/game-access.js';
import { redactEvent } from '../games/game-reads.js';
import { loadGame } from '../games/game-runner.js';
import { ProblemException } from '../problem.js';
import { ARBITRA_CORE } from '../tokens.js';
import { isOfficial, unknownTournament } from '../tournaments/tournament-command.js';
import { TournamentParams } from '../tournaments/tournament.dto.js';
import { LiveGameParams } from './live.dto.js';
import { endAllStreams, lastEventId, serveSse } from './sse.js';

/**
 * Live clients (issue 15): server-sent events of a tournament and of a game. Each event's id is its stream
 * revision; a client that reconnects with `Last-Event-ID` gets what followed, nothing twice. Hidden information
 * is redacted as in the views: unpublished rounds for the public, racks and drawn tiles of a game in progress.
 */
@ApiTags('live')
@Controller('v1')
export class LiveController implements BeforeApplicationShutdown {
  constructor(@Inject(ARBITRA_CORE) private readonly core: ArbitraCore) {}

  beforeApplicationShutdown(): void {
    endAllStreams();
  }

  @Get('tournaments/:id/live')
  @Public()
  @ApiProduces('text/event-stream')
  @ApiOperation({
    summary:
      'A tournament’s events as server-sent events (id = stream revision; resume with Last-Event-ID). The public sees a round once published; officials everything',
  })
  async tournament(@Param() p: TournamentParams, @Req() request: AuthedRequest, @Res() reply: FastifyReply) {
    const after = lastEventId(request);
    const stream = streamOf(TournamentAggregate, p.id);
    const upTo = after < 0 ? [] : await this.core.store.readStream(stream, 0, after + 1);
    const head = await this.core.store.readStream(stream, 0, 1);
    if (head.length === 0) throw unknownTournament(p.id);
    const state = upTo.reduce((s, e) => evolveTournament(s, e as unknown as TournamentEvent), initialTournamentState());
    const live = new TournamentLive(state, isOfficial(request, p.id));
    serveSse(this.core, request, reply, { stream, after, render: (events) => live.render(events) });
  }

  @Get('games/:discipline/:id/live')
  @Public()
  @ApiProduces('text/event-stream')
  @ApiOperation({
    summary:
      'A game’s events as server-sent events (id = stream revision; resume with Last-Event-ID), hidden tiles redacted for whoever may not see them, as GET …/events',
  })
  async game(@Param() p: LiveGameParams, @Req() request: AuthedRequest, @Res() reply: FastifyReply) {
    const feature = gameFeaturesOf(this.core.options.features).find((f) => f.discipline === p.discipline);
    if (!feature)
      throw new ProblemException(404, 'live/unknown-discipline', 'Not found', `no discipline ${p.discipline} records games here`, {
        field: 'discipline',
        rule: 'Arbitra: each discipline’s games are under /v1/<discipline>/games',
      });
    const after = lastEventId(request);
    await loadGame(this.core, feature, p.id);
    const who = request.principal;
    serveSse(this.core, request, reply, {
      stream: streamOf(feature.aggregate, p.id),
      after,
      // The viewer as of each batch: once the game no longer hides anything, nothing is redacted (as GET …/events).
      render: async (events) => {
        const g = await loadGame(this.core, feature, p.id);
        const viewer = viewerFor(who, g, feature.hidesInformation(g.state as never));
        return events.map((e) => {
          // Every key in one literal, not `{ ...plain, recordedAt }`: a spread followed by new keys is slow on Node 20.
          const r = redactEvent(feature, e, viewer);
          return {
            id: e.revision,
            event: e.type,
            data: { id: r.id, stream: r.stream, revision: r.revision, position: r.position, type: r.type, data: r.data, recordedAt: r.meta.recordedAt },
          };
        });
      },
    });
  }
}
