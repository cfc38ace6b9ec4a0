import { Controller, Get, Header, Inject, Req, SetMetadata, type OnModuleInit, type Type } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import { HealthCheck, HealthCheckService, HealthIndicatorService } from '@nestjs/terminus';
import type { FastifyInstance } from 'fastify';
import type { ArbitraCore } from '../runtime/arbitra-core.js';
import { ACCESS_KEY, Public, type AccessRule } from './auth/allow.decorator.js';
import { auditOf } from './audit/audit-services.js';
import type { AuthedRequest } from './auth/auth.guard.js';
import { ARBITRA_CORE } from './tokens.js';

/** A projection this far behind the log is reported as degraded (still serving, but stale). */
const LAG_DEGRADED = 10_000;

/** The liveness answer, serialised once. */
const LIVE = JSON.stringify({ status: 'ok' });

@ApiTags('operations')
@Controller()
export class HealthController implements OnModuleInit {
  constructor(
    @Inject(ARBITRA_CORE) private readonly core: ArbitraCore,
    private readonly health: HealthCheckService,
    private readonly indicators: HealthIndicatorService,
    private readonly adapter: HttpAdapterHost,
  ) {}

  /**
   * `GET /health`: liveness only (the process answers HTTP), as cheap as a bare route: a plain
   * Fastify route outside Nest's guard and pipes, without request log lines (probes run every few
   * seconds). It touches nothing; readiness (store, read models) is `GET /health/ready`. Not rate limited: a
   * probe sharing its IP with a busy client would otherwise be refused and the live process restarted, and it
   * costs less to answer than to count. It sees no token, so it carries no service details (issue 32).
   */
  onModuleInit(): void {
    const fastify = this.adapter.httpAdapter.getInstance<FastifyInstance>();
    fastify.get('/health', { logLevel: 'warn', config: { rateLimit: false } }, (_request, reply) => {
      void reply.header('content-type', 'application/json; charset=utf-8').header('cache-control', 'no-store').send(LIVE);
    });
  }

  @Get('health/ready')
  @Public()
  @HealthCheck()
  @ApiOperation({
    summary:
      "Readiness: store reachable; read models' lag behind the log; the log's verification at start (`degraded` when served broken by --allow-broken-log, " +
      'or once the checkpointer finds it broken while serving). ' +
      '503 when not ready. Liveness is GET /health',
  })
  check(@Req() request: AuthedRequest) {
    // The log's head and the read models' lag move with every event, published or not: a caller without a token
    // (or a player's) gets each check's state only, so it learns nothing of what was recorded or when (issue 32).
    const detailed = request.principal !== undefined && request.principal.role !== 'player';
    return this.health.check([
      () => {
        // Issue 10: a server started on a broken log (only with --allow-broken-log) says so here.
        const integrity = auditOf(this.core)?.integrity();
        const session = this.indicators.check('log');
        if (!integrity) return session.up({ verified: false });
        return integrity.ok
          ? session.up({ verifiedAt: integrity.checkedAt })
          : session.degraded({ broken: integrity.firstProblem, verifiedAt: integrity.checkedAt });
      },
      () =>
        detailed
          ? this.indicators
              .check('store')
              .attempt(async () => ({ head: await this.core.store.headPosition() }))
              .withTimeout(2000)
          : this.core.store.headPosition().then(
              () => this.indicators.check('store').up(),
              (e: unknown) => this.indicators.check('store').down({ error: String((e as Error).message ?? e) }),
            ),
      async () => {
        const session = this.indicators.check('projections');
        // The store down is the store check's failure; the lag is then unknown (not a 500).
        const head = await this.core.store.headPosition().catch(() => null);
        if (head === null) return session.down({ lag: null, error: 'the log head cannot be read' });
        const lags = Object.fromEntries(Object.entries(this.core.projections.checkpoints()).map(([name, p]) => [name, Math.max(0, head - p)]));
        const lag: Record<string, unknown> = detailed ? { lag: lags } : {};
        const stalled = this.core.projections.failures();
        if (Object.keys(stalled).length > 0) return session.down({ ...lag, stalled });
        const failure = this.core.projections.lastError;
        if (failure) return session.down({ ...lag, error: String((failure as Error).message ?? failure) });
        return Math.max(0, ...Object.values(lags)) > LAG_DEGRADED ? session.degraded(lag) : session.up(lag);
      },
      // The projector's dead letters: `degraded` while any is kept (some read model misses an event until it is rebuilt),
      // without taking the service out of rotation (the rest flows). Their count, event ids and errors are for admins:
      // a dead letter is a recorded event, published or not (issue 32).
      ...(this.core.options.healthDetails
        ? [
            () => {
              const details = this.core.options.healthDetails!();
              const letters = (details.deadLetters as { count?: number } | undefined)?.count ?? 0;
              const shown = request.principal?.role === 'admin' ? details : {};
              return letters > 0 ? this.indicators.check('service').degraded(shown) : this.indicators.check('service').up(shown);
            },
          ]
        : []),
    ]);
  }
}

/**
 * `/metrics` on the API port: for admin tokens, or public when ARBITRA_METRICS_PUBLIC=true (the route's access rule is
 * fixed per app). The public (anyone but an admin) gets the public registry only: the log's head, lag and command and
 * append counters move with unpublished records (issue 32). With ARBITRA_METRICS_PORT it is not on the API port at all.
 */
export function metricsController(access: 'public' | 'admin'): Type {
  const rule: AccessRule = access === 'public' ? { public: true } : { roles: [] };
  const summary =
    access === 'public'
      ? "Prometheus metrics: process metrics and read counts for anyone; an admin token adds commands, appends, conflicts, the log's head and projection lag"
      : "Prometheus metrics: process, reads, commands, appends, conflicts, the log's head and projection lag (admin token)";
  @ApiTags('operations')
  @Controller()
  class MetricsController {
    constructor(@Inject(ARBITRA_CORE) readonly core: ArbitraCore) {}

    @Get('metrics')
    @SetMetadata(ACCESS_KEY, rule)
    @Header('content-type', 'text/plain; version=0.0.4; charset=utf-8')
    // The answer depends on the caller's token: no shared cache may keep an admin's for the public.
    @Header('cache-control', 'private, no-store')
    @ApiProduces('text/plain')
    @ApiOperation({ summary })
    @ApiOkResponse({ schema: { type: 'string', example: 'arbitra_http_reads_total 12' } })
    metrics(@Req() request: AuthedRequest): Promise<string> {
      const everything = access === 'admin' || request.principal?.role === 'admin';
      return (everything ? this.core.metrics.registry : this.core.metrics.publicRegistry).metrics();
    }
  }
  return MetricsController;
}
