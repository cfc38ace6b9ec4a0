import type { Type } from '@nestjs/common';
import pino from 'pino';
import { existsSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { join } from 'node:path';
import { TokenService } from '../../libs/api/auth/token.service.js';
import { createHttpApp } from '../../libs/api/http-app.js';
import { ArbitraCore, type Feature } from '../../libs/runtime/arbitra-core.js';
import { openSelectedStore } from '../../libs/runtime/store-selection.js';
import { PostgresEventStore } from '../../libs/store/postgres/postgres-event-store.js';
import { TokenRevocations } from '../../libs/runtime/features/auth/index.js';
import type { ArbitraConfig } from '../../libs/runtime/config.js';
import { loadAuditConfig, type AuditConfig } from './audit-config.js';
import { startAudit } from './audit-wiring.js';
import { CONTROLLERS, FEATURES } from './registry.js';

/**
 * Builds the all-in-one records server on the embedded store (shared by `main` and the e2e tests).
 * It verifies the log first and refuses a broken one (BrokenLogError) unless `audit.allowBrokenLog`.
 */
export async function startRecords(
  config: ArbitraConfig,
  logger = pino({ level: config.logLevel }),
  audit: AuditConfig = loadAuditConfig(),
  /** Features and controllers beyond the registry's (a test build's fixture discipline). */
  extra: { readonly features?: readonly Feature[]; readonly controllers?: readonly Type[] } = {},
) {
  const core = new ArbitraCore({
    config,
    store: await openSelectedStore(config), // ARBITRA_STORE: the embedded SQLite log by default
    features: [...FEATURES, ...(extra.features ?? [])],
    collectProcessMetrics: true,
    onReactionRefused: (pm, event, error) => logger.warn({ pm, eventId: event.id, err: error }, 'a process manager reaction was refused'),
    onProcessManagerError: (error) => logger.error({ err: error }, 'a process manager run failed; it is retried on the next append'),
  });
  let checked;
  try {
    checked = await startAudit(core, config.dataDir, audit, logger);
  } catch (e) {
    await core.close();
    throw e;
  }
  // At a clean shutdown the head is signed (issue 32: a tail past the last checkpoint is then refused at the next
  // start), and the checkpointer stops (its timer, any signing in flight) before the store closes.
  const closeCore = core.close.bind(core);
  core.close = async () => {
    await checked.checkpointer?.signNow().catch((err: unknown) => logger.error({ err }, 'signing the checkpoint at shutdown failed'));
    await checked.checkpointer?.stop();
    await closeCore();
  };
  const { tokens } = TokenService.fromDataDir(config.dataDir, config.jwtSecret, { ttl: config.tokenTtl, maxTtl: config.tokenMaxTtl });
  let metricsServer: Server | undefined;
  let revocations, app, shared: boolean;
  try {
    await core.start();
    revocations = await TokenRevocations.start(core);
    app = await createHttpApp({
      core,
      config,
      tokens,
      revocations,
      controllers: [...CONTROLLERS, ...(extra.controllers ?? [])],
      logger,
      onMetricsServer: (s) => (metricsServer = s),
    });
    // On a shared log (PostgreSQL: api replicas, pods with an emptyDir) the bootstrap token is once per deployment,
    // recorded in the database; a data dir that already printed one (an upgrade) claims it without printing another.
    shared = core.store instanceof PostgresEventStore ? await core.store.claimOnce('bootstrap-admin-token') : true;
  } catch (e) {
    // A start that failed (the database gone meanwhile) releases what it opened: the caller may try again.
    revocations?.close();
    await app?.close().catch(() => undefined);
    await core.close().catch(() => undefined);
    throw e;
  }

  // First start of this data dir: print an admin token once, so the federation can issue the rest.
  const marker = join(config.dataDir, 'bootstrap-done');
  let bootstrapToken: string | null = null;
  let bootstrapTokenId: string | null = null;
  if (shared && !existsSync(marker)) {
    // Like every token, it carries a jti: `arbitra revoke --jti <id>` or POST /v1/auth/revocations revokes it.
    const issued = tokens.issueWithId({ sub: 'bootstrap-admin', role: 'admin' }, '7d');
    bootstrapToken = issued.token;
    bootstrapTokenId = issued.jti;
    writeFileSync(marker, `bootstrap admin token issued ${new Date().toISOString()}\n`, { flag: 'wx' });
  }
  return { core, app, tokens, revocations, bootstrapToken, bootstrapTokenId, metricsServer, integrity: checked.integrity, checkpointer: checked.checkpointer };
}
