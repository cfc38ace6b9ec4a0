import 'reflect-metadata';
import { Module, type LoggerService, type Type } from '@nestjs/common';
import { APP_GUARD, NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { TerminusModule } from '@nestjs/terminus';
import { randomUUID } from 'node:crypto';
import pino, { type Logger } from 'pino';
import type { ArbitraCore } from '../runtime/arbitra-core.js';
import type { ArbitraConfig } from '../runtime/config.js';
import { withValidationRules } from './openapi-rules.js';
import { routeHandlers, withAccessAndProblems, withDeclaredBodies } from './openapi-routes.js';
import { withResponseSchemas } from './openapi-responses.js';
import { AuditController } from './audit.controller.js';
import { TokenRevocations } from '../runtime/features/auth/index.js';
import { AuthGuard } from './auth/auth.guard.js';
import { RevocationsController } from './auth/revocations.controller.js';
import { TokenService } from './auth/token.service.js';
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import type { Server } from 'node:http';
import { startMetricsServer } from '../runtime/metrics.js';
import { HealthController, metricsController } from './health.controller.js';
import { routerRefusal, clientRefusal } from './router-refusals.js';
import { MAX_PARAM_LENGTH, mirrorRoutes } from './routing.js';
import { registerRateLimits } from './rate-limit.js';
import { registerSecurityHeaders } from './security-headers.js';
import { serveAnonymousDocuments } from './document-response.js';
import { publicTournamentDocuments } from './tournaments/tournament-reads.js';
import { ProblemFilter, sendProblem } from './problem.filter.js';
import { ARBITRA_CONFIG, ARBITRA_CORE } from './tokens.js';
import { createValidationPipe, tooDeep, tooDeepProblem } from './validation.js';

export interface HttpAppOptions {
  readonly core: ArbitraCore;
  readonly config: ArbitraConfig;
  readonly tokens: TokenService;
  /** Revoked token ids (the guard refuses them). */
  readonly revocations: TokenRevocations;
  /** Feature controllers (tournaments, games, …) from the app's registry. */
  readonly controllers: readonly Type[];
  readonly logger?: Logger;
  /** Told the separate metrics server (ARBITRA_METRICS_PORT), if any (tests read its port). */
  readonly onMetricsServer?: (server: Server | undefined) => void;
}

/**
 * The request log: one line per answered request (method, URL, status, time) instead of Fastify's two (the
 * "incoming request" line repeated what this one says). Commands, refusals and errors are logged at info (errors as
 * before); a successful read (GET or HEAD below 400) at debug, and counted in `arbitra_http_reads_total` instead: at
 * info its line cost a GET a tenth of its time (issue 34, `bench:http`). A route's own `logLevel` (`/health`'s)
 * still silences it, and its reads are not counted.
 */
export class OneLineRequestLog extends LogController {
  constructor(private readonly onRead: () => void) {
    super();
  }
  override incomingRequest(): void {}
  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) return super.requestCompleted(error, request, reply);
    const line = { method: request.method, url: request.url, statusCode: reply.statusCode, responseTime: reply.elapsedTime };
    if (reply.statusCode >= 400 || (request.method !== 'GET' && request.method !== 'HEAD')) return request.log.info(line, 'request completed');
    if (!request.routeOptions.logLevel) this.onRead();
    request.log.debug(line, 'request completed');
  }
}

/**
 * Nest's start-up bookkeeping (a line per module, controller and route: some 200 at start), logged at debug so
 * that `npm start` opens on the URL, data path and token; Nest's other lines, warnings and errors keep their level.
 */
const NEST_STARTUP_CONTEXTS = new Set(['NestFactory', 'InstanceLoader', 'RoutesResolver', 'RouterExplorer', 'NestApplication']);

/** Nest's own log lines, through the same pino logger as the requests. */
class PinoNestLogger implements LoggerService {
  constructor(private readonly pino: Logger) {}
  log(message: unknown, context?: string) {
    if (context !== undefined && NEST_STARTUP_CONTEXTS.has(context)) this.pino.debug({ context }, String(message));
    else this.pino.info({ context }, String(message));
  }
  error(message: unknown, trace?: string, context?: string) {
    this.pino.error({ context, trace }, String(message));
  }
  warn(message: unknown, context?: string) {
    this.pino.warn({ context }, String(message));
  }
  debug(message: unknown, context?: string) {
    this.pino.debug({ context }, String(message));
  }
  verbose(message: unknown, context?: string) {
    this.pino.trace({ context }, String(message));
  }
}

export async function createHttpApp(options: HttpAppOptions): Promise<NestFastifyApplication> {
  const logger = options.logger ?? pino({ level: options.config.logLevel });

  const { config } = options;
  // /metrics: on its own port (no token), or on the API port, public or for admin tokens (the default).
  const metrics = config.metricsPort === undefined ? [metricsController(config.metricsPublic ? 'public' : 'admin')] : [];

  const controllers = [AuditController, HealthController, ...metrics, RevocationsController, ...options.controllers];
  @Module({
    imports: [TerminusModule.forRoot({ logger: false })],
    controllers,
    providers: [
      { provide: ARBITRA_CORE, useValue: options.core },
      { provide: ARBITRA_CONFIG, useValue: options.config },
      { provide: TokenService, useValue: options.tokens },
      { provide: TokenRevocations, useValue: options.revocations },
      { provide: APP_GUARD, useClass: AuthGuard },
    ],
  })
  class ArbitraHttpModule {}

  const adapter = new FastifyAdapter({
    loggerInstance: logger,
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    bodyLimit: 1024 * 1024,
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    frameworkErrors: routerRefusal,
    clientErrorHandler: clientRefusal,
    logController: new OneLineRequestLog(() => options.core.metrics.onRead()),
    // No Nest middleware is used: without @fastify/middie, no request walks its (empty) middleware chain.
    skipMiddie: true,
  });
  // Bodies are JSON only (docs/security.md): Nest's parsers (its JSON wrapper, form bodies) are not registered, and
  // Fastify's own text/plain parser is removed below; any other media type is answered 415.
  const app = await NestFactory.create<NestFastifyApplication>(ArbitraHttpModule, adapter, {
    logger: new PinoNestLogger(logger),
    abortOnError: false,
    bodyParser: false,
  });
  app.useGlobalPipes(createValidationPipe());
  app.useGlobalFilters(new ProblemFilter());
  // Errors Fastify raises before routing (malformed JSON, wrong media type) reach ProblemFilter through Nest's exception layer.
  const fastify = app.getHttpAdapter().getInstance();
  registerSecurityHeaders(fastify);
  fastify.removeContentTypeParser('text/plain');
  // A rating list is uploaded as CSV (issue 31): read as text, up to 32 MB (a 50,000-player list is about 3 MB), on that
  // route only; every other route answers text/csv with 415 as before.
  fastify.addContentTypeParser('text/csv', { parseAs: 'string', bodyLimit: 32 * 1024 * 1024 }, (request, body, done) => {
    if (request.routeOptions.url === '/v1/ratings/:discipline/list-import') return done(null, body);
    done(Object.assign(new Error(`Unsupported Media Type: text/csv`), { statusCode: 415, code: 'FST_ERR_CTP_INVALID_MEDIA_TYPE' }), undefined);
  });
  // Counted on every request (bad tokens included) before routing, parsing or auth.
  await registerRateLimits(fastify, config, options.tokens);
  // A 404 whose path takes other methods becomes 405 with Allow (ProblemFilter asks the mirror).
  mirrorRoutes(fastify);
  let metricsServer: Server | undefined;
  if (config.metricsPort !== undefined) metricsServer = await startMetricsServer(options.core.metrics, config.metricsHost, config.metricsPort);
  fastify.addHook('onClose', async () => {
    await new Promise((resolve) => (metricsServer ? metricsServer.close(resolve) : resolve(undefined)));
  });
  options.onMetricsServer?.(metricsServer);
  fastify.addHook('onClose', async () => options.revocations.close());
  // Anonymous GETs of stored public documents skip Nest's per-request work (guard, pipes); the rest goes through Nest.
  serveAnonymousDocuments(fastify, publicTournamentDocuments(options.core, config));
  // A body nested deeper than MAX_BODY_DEPTH is refused before anything walks it recursively (a 30 KB body
  // 3,000 levels deep once overflowed the stack and answered 500). The check itself is iterative.
  fastify.addHook('preValidation', (request, reply, done) => {
    const deep = request.body !== undefined && tooDeep(request.body);
    if (!deep) return done();
    sendProblem(request, reply, tooDeepProblem(deep));
  });

  const openapi = new DocumentBuilder()
    .setTitle('Arbitra')
    .setDescription(
      'Event-sourced arbitration and records for mind-sport federations. Every command is recorded as an immutable, hash-chained event; ' +
        'read models (standings, pairings, timelines) are projections. Errors are RFC 9457 problem+json with a stable `type`, the `rule` and the `field`. ' +
        'Commands accept `Idempotency-Key` (a retry returns the first answer) and `If-Match: "<revision>"` (412 on mismatch). ' +
        'A command answers its stream `revision` and a `position`: the global log position to an official, the stream revision to a player ' +
        '(his game commands, his appeal: the numbers his reads carry; issue 32). GETs accept `?waitFor=<position>` to read their own writes ' +
        '(on one game’s reads, a reader who is not its official gives the game’s revision).',
    )
    .setVersion('0.1.0')
    // The API's paths are relative to the server that serves this document.
    .addServer('/')
    .addBearerAuth({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' })
    .build();
  const document = () => {
    const handlers = routeHandlers(controllers);
    const classes = withValidationRules(SwaggerModule.createDocument(app, openapi), handlers);
    return withResponseSchemas(withAccessAndProblems(withDeclaredBodies(classes, handlers), handlers));
  };
  SwaggerModule.setup('docs', app, document, { jsonDocumentUrl: 'docs-json' });
  await app.init();
  await app.getHttpAdapter().getInstance().ready();
  return app;
}
