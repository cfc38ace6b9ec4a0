import { Controller, Get, Inject, Param, Query, Req, Res, type BeforeApplicationShutdown } from '@nestjs/common';
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
import { isOfficialFor, viewerFor } from '../games/game-access.js';
import { redactEvent } from '../games/game-reads.js';
import { loadGame } from '../games/game-runner.js';
import { ProblemException } from '../problem.js';
import { ARBITRA_CONFIG, ARBITRA_CORE } from '../tokens.js';
import { isOfficial, unknownTournament } from '../tournaments/tournament-command.js';
import { TournamentParams } from '../tournaments/tournament-params.dto.js';
import { LiveGameParams, LiveQuery } from './live.dto.js';
import { TokenRevocations } from '../../runtime/features/auth/index.js';
import type { ArbitraConfig } from '../../runtime/config.js';
import { endAllStreams, lastEventId, serveSse, type StreamLimits } from './sse.js';

/**
 * Live clients (issue 15): server-sent events of a tournament and of a game. Each event's id is its stream
 * revision (on the public's tournament stream, the count of the public's own events, issue 32); a client that
 * reconnects with `Last-Event-ID` gets what followed, nothing twice. Hidden information
 * is redacted as in the views: unpublished rounds for the public, racks and drawn tiles of a game in progress.
 */
@ApiTags('live')
@Controller('v1')
export class LiveController implements BeforeApplicationShutdown {
  /** Anonymous streams open per client IP. */
  private readonly anonymous = new Map<string, number>();

  constructor(
    @Inject(ARBITRA_CORE) private readonly core: ArbitraCore,
    @Inject(ARBITRA_CONFIG) private readonly config: ArbitraConfig,
    private readonly revocations: TokenRevocations,
  ) {}

  /**
   * What ends a stream (issue 32): a token's stream ends when the token expires or is revoked; an anonymous one holds
   * one of its IP's `liveStreamsPerIp` slots until it ends (429 past them).
   */
  private limits(request: AuthedRequest): StreamLimits {
    const who = request.principal;
    if (who) {
      const jti = who.jti;
      return {
        endAt: who.expiresAt,
        onRevoked: (end) => this.revocations.onRevoked((revoked) => revoked === jti && end()),
      };
    }
    const max = this.config.liveStreamsPerIp;
    if (max === 0) return {};
    const ip = request.ip;
    const held = this.anonymous.get(ip) ?? 0;
    if (held >= max)
      throw new ProblemException(429, 'live/too-many-streams', 'Too many requests', `this address already holds ${held} live streams without a token`, {
        rule: `Arbitra: at most ${max} live streams without a token per client address (ARBITRA_LIVE_STREAMS_PER_IP)`,
        headers: { 'retry-after': '30' },
      });
    this.anonymous.set(ip, held + 1);
    return {
      onEnd: () => {
        const left = (this.anonymous.get(ip) ?? 1) - 1;
        if (left > 0) this.anonymous.set(ip, left);
        else this.anonymous.delete(ip);
      },
    };
  }

  beforeApplicationShutdown(): void {
    endAllStreams();
  }

  @Get('tournaments/:id/live')
  @Public()
  @ApiProduces('text/event-stream')
  @ApiOperation({
    summary:
      'A tournament’s events as server-sent events (resume with Last-Event-ID). Officials see everything, id = stream revision; the public sees a round once published, id = the count of its own events (0, 1, 2…)',
  })
  async tournament(@Param() p: TournamentParams, @Query() _q: LiveQuery, @Req() request: AuthedRequest, @Res() reply: FastifyReply) {
    const after = lastEventId(request);
    const stream = streamOf(TournamentAggregate, p.id);
    const head = await this.core.store.readStream(stream, 0, 1);
    if (head.length === 0) throw unknownTournament(p.id);
    if (!isOfficial(request, p.id)) return this.publicTournament(request, reply, stream, after);
    const upTo = after < 0 ? [] : await this.core.store.readStream(stream, 0, after + 1);
    const state = upTo.reduce((s, e) => evolveTournament(s, e as unknown as TournamentEvent), initialTournamentState());
    const live = new TournamentLive(state, true);
    serveSse(this.core, request, reply, { stream, after, render: (events) => live.render(events) }, this.limits(request));
  }

  /**
   * The public's stream (issue 32): its ids (and each message's `revision` and `position`) count the public's own messages,
   * 0, 1, 2…, so neither a gap nor a number tells what was recorded unpublished before. `Last-Event-ID` names the last of
   * them received.
   */
  private async publicTournament(request: AuthedRequest, reply: FastifyReply, stream: string, lastSent: number): Promise<void> {
    const live = new TournamentLive(initialTournamentState(), false);
    let sent = -1;
    let after = -1;
    if (lastSent >= 0)
      for (const e of await this.core.store.readStream(stream)) {
        if (sent === lastSent) break;
        sent += live.render([e]).length;
        after = e.revision;
      }
    const render = (events: Parameters<TournamentLive['render']>[0]) =>
      live.render(events).map((m) => {
        const id = ++sent;
        return { id, event: m.event, data: Object.assign({}, m.data as object, { revision: id, position: id }) };
      });
    serveSse(this.core, request, reply, { stream, after, render }, this.limits(request));
  }

  @Get('games/:discipline/:id/live')
  @Public()
  @ApiProduces('text/event-stream')
  @ApiOperation({
    summary:
      'A game’s events as server-sent events (id = stream revision; resume with Last-Event-ID), hidden tiles redacted for whoever may not see them, as GET …/events',
  })
  async game(@Param() p: LiveGameParams, @Query() _q: LiveQuery, @Req() request: AuthedRequest, @Res() reply: FastifyReply) {
    const feature = gameFeaturesOf(this.core.options.features).find((f) => f.discipline === p.discipline);
    if (!feature)
      throw new ProblemException(404, 'live/unknown-discipline', 'Not found', `no discipline ${p.discipline} records games here`, {
        field: 'discipline',
        rule: 'Arbitra: each discipline’s games are under /v1/<discipline>/games',
      });
    const after = lastEventId(request);
    await loadGame(this.core, feature, p.id);
    const who = request.principal;
    const limits = this.limits(request);
    serveSse(
      this.core,
      request,
      reply,
      {
        stream: streamOf(feature.aggregate, p.id),
        after,
        // The viewer as of each batch: once the game no longer hides anything, nothing is redacted (as GET …/events).
        render: async (events) => {
          const g = await loadGame(this.core, feature, p.id);
          const viewer = viewerFor(who, g, feature.hidesInformation(g.state as never));
          const official = isOfficialFor(who, g);
          return events.map((e) => {
            // Every key in one literal, not `{ ...plain, recordedAt }`: a spread followed by new keys is slow on Node 20.
            const r = redactEvent(feature, e, viewer, official);
            return {
              id: e.revision,
              event: e.type,
              data: { id: r.id, stream: r.stream, revision: r.revision, position: r.position, type: r.type, data: r.data, recordedAt: r.meta.recordedAt },
            };
          });
        },
      },
      limits,
    );
  }
}
