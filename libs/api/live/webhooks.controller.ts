import { Body, Controller, Get, Inject, Logger, Param, Post, Req, Res, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { createHash } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import type { DeliveryAttempt, WebhookEvent, WebhookRegistration } from '../../domain/webhooks/index.js';
import type { ArbitraCore } from '../../runtime/arbitra-core.js';
import type { ArbitraConfig } from '../../runtime/config.js';
import { PgLeaderLock } from '../../runtime/leader-lock.js';
import { WebhookDispatcher, WebhooksAggregate, WEBHOOKS_ID, WEBHOOKS_STREAM } from '../../runtime/features/webhooks/index.js';
import { Allow } from '../auth/allow.decorator.js';
import type { AuthedRequest } from '../auth/auth.guard.js';
import { runCommand } from '../command-request.js';
import { ProblemException } from '../problem.js';
import { ARBITRA_CONFIG, ARBITRA_CORE } from '../tokens.js';
import { DeactivateWebhookDto, RegisterWebhookDto, WebhookParams } from './webhooks.dto.js';

/** A registration as the admin reads it: the secret never, its SHA-256 fingerprint (first 12 hex) to tell secrets apart. */
function view(w: WebhookRegistration) {
  const { secret, ...rest } = w;
  return { ...rest, secretSha256: createHash('sha256').update(secret).digest('hex').slice(0, 12) };
}

/**
 * Webhooks a federation registers (admin): each event of the types it names recorded after the registration is
 * POSTed to its URL, in log order, also what was recorded while the server was down, signed with HMAC-SHA256
 * (`X-Arbitra-Signature`), retried with exponential backoff; every attempt is an event, so the delivery log is
 * the record's. Registrations are events too.
 */
@ApiTags('live')
@ApiBearerAuth()
@Controller('v1/webhooks')
export class WebhooksController implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly dispatcher: WebhookDispatcher;

  constructor(
    @Inject(ARBITRA_CORE) private readonly core: ArbitraCore,
    @Inject(ARBITRA_CONFIG) config: ArbitraConfig,
  ) {
    const logger = new Logger('webhooks');
    // Several servers on one PostgreSQL log: one of them delivers (the others wait for its lock, as relays do).
    const leader = config.store === 'postgres' && config.pgUrl ? new PgLeaderLock({ connectionString: config.pgUrl, name: 'arbitra-webhooks' }) : undefined;
    this.dispatcher = new WebhookDispatcher(core, undefined, undefined, undefined, {
      leader,
      onError: (error, what) => logger.warn(`${what}: ${String((error as Error)?.message ?? error)}`),
    });
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.dispatcher.start();
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.dispatcher.stop();
  }

  @Post()
  @Allow('admin')
  @ApiOperation({ summary: 'Register a webhook: URL, HMAC secret, event type prefixes (admin)' })
  async register(@Body() body: RegisterWebhookDto, @Req() request: AuthedRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    const answer = await runCommand(this.core, request, reply, WebhooksAggregate, WEBHOOKS_ID, (context) => ({
      type: 'webhooks.register' as const,
      context,
      data: { id: body.id, url: body.url, secret: body.secret, eventTypes: [...(body.eventTypes ?? [])], audience: body.audience ?? 'public' },
    }));
    // The secret is the caller's own: it is not sent back.
    return { ...answer, events: answer.events.map((e) => ({ ...e, data: view({ ...(e.data as Omit<WebhookRegistration, 'active'>), active: true }) })) };
  }

  @Post(':id/deactivation')
  @Allow('admin')
  @ApiOperation({ summary: 'Deactivate a webhook, with the reason (admin); its log stays' })
  deactivate(@Param() p: WebhookParams, @Body() body: DeactivateWebhookDto, @Req() request: AuthedRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    return runCommand(this.core, request, reply, WebhooksAggregate, WEBHOOKS_ID, (context) => ({
      type: 'webhooks.deactivate' as const,
      context,
      data: { id: p.id, reason: body.reason },
    }));
  }

  @Get()
  @Allow('admin')
  @ApiOperation({ summary: 'Every webhook registered (admin; secrets as fingerprints)' })
  async list() {
    const { state } = await this.core.commands.load(WebhooksAggregate, WEBHOOKS_STREAM);
    return { webhooks: Object.values(state.webhooks).map(view) };
  }

  @Get(':id/deliveries')
  @Allow('admin')
  @ApiOperation({ summary: 'A webhook’s delivery log: every attempt, its status or error, and when the next one is due (admin)' })
  async deliveries(@Param() p: WebhookParams) {
    const events = (await this.core.store.readStream(WEBHOOKS_STREAM)) as unknown as Array<WebhookEvent & { revision: number; position: number }>;
    if (!events.some((e) => e.type === 'webhooks.Registered' && e.data.id === p.id))
      throw new ProblemException(404, 'webhooks/unknown-webhook', 'Not found', `no webhook ${p.id}`, { field: 'id', rule: 'the referenced record must exist' });
    const attempts = events.filter((e) => e.type === 'webhooks.DeliveryAttempted' && e.data.webhookId === p.id).map((e) => e.data as DeliveryAttempt);
    return { webhook: p.id, attempts };
  }
}
