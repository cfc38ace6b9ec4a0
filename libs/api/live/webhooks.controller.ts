import {
  Body,
  Controller,
  Get,
  Inject,
  Logger,
  Param,
  Post,
  Query,
  Req,
  Res,
  type BeforeApplicationShutdown,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { createHash } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import type { WebhookRegistration } from '../../domain/webhooks/index.js';
import type { ArbitraCore } from '../../runtime/arbitra-core.js';
import type { ArbitraConfig } from '../../runtime/config.js';
import { PgLeaderLock } from '../../runtime/leader-lock.js';
import {
  checkTarget,
  deliveryPage,
  guardedPost,
  targetPolicy,
  WebhookDispatcher,
  WebhookTargetRefused,
  type WebhookTargetPolicy,
  WebhooksAggregate,
  WEBHOOKS_ID,
  WEBHOOKS_STREAM,
} from '../../runtime/features/webhooks/index.js';
import { Allow } from '../auth/allow.decorator.js';
import type { AuthedRequest } from '../auth/auth.guard.js';
import { awaitPosition, runCommand } from '../command-request.js';
import { ProblemException } from '../problem.js';
import { ARBITRA_CONFIG, ARBITRA_CORE } from '../tokens.js';
import { DeactivateWebhookDto, DeliveriesQuery, RegisterWebhookDto, WebhookParams } from './webhooks.dto.js';

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
  /** None beside a read-only core (the projector): deliveries are recorded, so the api service sends them. */
  private readonly dispatcher: WebhookDispatcher | null;
  private readonly waitMaxMs: number;
  private readonly targets: WebhookTargetPolicy;

  constructor(
    @Inject(ARBITRA_CORE) private readonly core: ArbitraCore,
    @Inject(ARBITRA_CONFIG) config: ArbitraConfig,
  ) {
    this.waitMaxMs = config.waitMaxMs;
    this.targets = targetPolicy(config.webhookAllowTargets);
    const logger = new Logger('webhooks');
    // Several servers on one PostgreSQL log: one of them delivers (the others wait for its lock, as relays do).
    if (core.readOnly) {
      this.dispatcher = null;
      return;
    }
    const leader = config.store === 'postgres' && config.pgUrl ? new PgLeaderLock({ connectionString: config.pgUrl, name: 'arbitra-webhooks' }) : undefined;
    this.dispatcher = new WebhookDispatcher(core, undefined, guardedPost(this.targets), undefined, {
      leader,
      onError: (error, what) => logger.warn(`${what}: ${String((error as Error)?.message ?? error)}`),
    });
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.dispatcher?.start();
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.dispatcher?.stop();
  }

  @Post()
  @Allow('admin')
  @ApiOperation({ summary: 'Register a webhook: URL, HMAC secret, event type prefixes (admin)' })
  async register(@Body() body: RegisterWebhookDto, @Req() request: AuthedRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    await this.checkUrl(body.url);
    const answer = await runCommand(this.core, request, reply, WebhooksAggregate, WEBHOOKS_ID, (context) => ({
      type: 'webhooks.register' as const,
      context,
      data: { id: body.id, url: body.url, secret: body.secret, eventTypes: [...(body.eventTypes ?? [])], audience: body.audience ?? 'public' },
    }));
    // The secret is the caller's own: it is not sent back.
    return { ...answer, events: answer.events.map((e) => ({ ...e, data: view({ ...(e.data as Omit<WebhookRegistration, 'active'>), active: true }) })) };
  }

  /** Refuses a URL whose host is (or now resolves to) a loopback, private, link-local or metadata address (issue 32). */
  private async checkUrl(url: string): Promise<void> {
    try {
      await checkTarget(url, this.targets);
    } catch (e) {
      if (e instanceof WebhookTargetRefused)
        throw new ProblemException(422, 'webhooks/url-target', 'Unprocessable command', e.message, {
          field: 'url',
          rule: 'Arbitra: a webhook goes to a public address, or to a range the deployment allow-lists (ARBITRA_WEBHOOK_ALLOW_TARGETS)',
        });
      // Not a URL: the domain's own check answers it.
      if (e instanceof TypeError) return;
      throw e;
    }
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
  @ApiOperation({
    summary: 'A webhook’s delivery log, one page at a time: each attempt, its status or error, and when the next one is due (admin)',
    description:
      'Oldest first by default (`order=oldest`): log order, the order the receiver got the deliveries, and a page stays the same as ' +
      'attempts are added, like every paged listing of this API (existing clients read it so). `order=newest` puts the latest attempt ' +
      'first: where an operator debugging a failing receiver starts, together with `outcome=retry` or `outcome=failed`. `next` is the ' +
      'cursor for the following page (pass it as `after` with the same order and outcome), null on the last page; `total` counts the ' +
      'attempts of the list asked for. Served from a read model (documents of 50 attempts), as of every attempt recorded before the request.',
  })
  @ApiOkResponse({
    schema: {
      example: {
        webhook: 'ratings-office',
        attempts: [
          {
            deliveryId: 'ratings-office:9b1d…',
            webhookId: 'ratings-office',
            event: { id: '9b1d…', type: 'tournament.PlayerRegistered', position: 812 },
            attempt: 2,
            at: '2026-12-01T08:00:01.000Z',
            status: null,
            error: 'failed',
            outcome: 'retry',
            nextAttemptAt: '2026-12-01T08:00:03.000Z',
          },
        ],
        next: 41,
        total: 42,
      },
    },
  })
  async deliveries(@Param() p: WebhookParams, @Query() q: DeliveriesQuery, @Req() request: AuthedRequest) {
    await awaitPosition(request, this.core, this.waitMaxMs);
    await this.deliveryLogRead();
    const page = deliveryPage(this.core.readModels, p.id, { after: q.after, limit: q.limit ?? 100, order: q.order ?? 'oldest', outcome: q.outcome });
    if (!page)
      throw new ProblemException(404, 'webhooks/unknown-webhook', 'Not found', `no webhook ${p.id}`, { field: 'id', rule: 'the referenced record must exist' });
    // Attempts recorded before issue 32 kept the receiver's status and error: shown as delivered or failed only.
    const attempts = page.attempts.map((a) => (a.outcome === 'delivered' ? a : { ...a, status: null, error: 'failed' }));
    return { webhook: p.id, ...page, attempts };
  }

  /**
   * Waits until the read models have applied the webhooks stream's last event (two small reads: its revision, then
   * that one event), so the listing shows every attempt recorded before the request, as reading the stream did.
   */
  private async deliveryLogRead(): Promise<void> {
    const store = this.core.store;
    const { exists, revision } = await store.streamInfo(WEBHOOKS_STREAM);
    const [last] = exists ? await store.readStream(WEBHOOKS_STREAM, revision, 1) : [];
    if (!last || (await this.core.projections.waitFor(last.position, this.waitMaxMs))) return;
    throw new ProblemException(
      503,
      'read-model/behind',
      'Service unavailable',
      `the delivery log's read model has not reached position ${last.position} within ${this.waitMaxMs} ms; retry shortly`,
      { rule: 'read-your-writes waits are bounded', headers: { 'retry-after': '1' }, readModelPosition: this.core.projections.position },
    );
  }
}
