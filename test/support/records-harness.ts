import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { mkdtempSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import request from 'supertest';
import { loadAuditConfig, type AuditConfig } from '../../apps/records/audit-config.js';
import { startRecords } from '../../apps/records/bootstrap.js';
import type { LogIntegrity } from '../../libs/api/audit/audit-services.js';
import type { Checkpointer } from '../../libs/store/checkpointer.js';
import type { TokenService } from '../../libs/api/auth/token.service.js';
import type { ArbitraCore } from '../../libs/runtime/arbitra-core.js';
import { loadConfig, type ArbitraConfig } from '../../libs/runtime/config.js';

/** A real records server (real SQLite files in a temp dir, real HTTP stack) for e2e tests. */
export class RecordsHarness {
  app!: NestFastifyApplication;
  core!: ArbitraCore;
  tokens!: TokenService;
  bootstrapToken!: string | null;
  checkpointer!: Checkpointer | null;
  integrity!: LogIntegrity;
  /** The separate metrics server (ARBITRA_METRICS_PORT), if any. */
  metricsServer!: Server | undefined;

  private constructor(
    readonly config: ArbitraConfig,
    /** Audit settings (issue 10): signing key, checkpoint cadence, --allow-broken-log. */
    public audit: AuditConfig = { ...loadAuditConfig({}), checkpointEveryMinutes: 0 },
  ) {}

  /** Features and controllers beyond the registry's: the test build's own disciplines (`withTestDisciplines()`). */
  extra: Parameters<typeof startRecords>[3] = {};

  /** `env`: further settings (e.g. ARBITRA_WEBHOOK_ALLOW_TARGETS for a receiver on 127.0.0.1). */
  static async start(
    dataDir = mkdtempSync(join(tmpdir(), 'arbitra-e2e-')),
    audit?: Partial<AuditConfig>,
    env: Record<string, string> = {},
    extra: Parameters<typeof startRecords>[3] = {},
  ): Promise<RecordsHarness> {
    const h = new RecordsHarness(
      loadConfig({
        ARBITRA_DATA_DIR: dataDir,
        ARBITRA_SQLITE_SYNC: 'NORMAL',
        ARBITRA_WAIT_MAX_MS: '3000',
        ARBITRA_RATE_LIMIT_PER_IP: '0',
        ARBITRA_RATE_LIMIT_PER_TOKEN: '0',
        ...env,
      }),
    );
    h.audit = { ...h.audit, ...audit };
    h.extra = extra;
    await h.boot();
    return h;
  }

  async boot(): Promise<void> {
    const started = await startRecords(this.config, pino({ level: 'silent' }), this.audit, this.extra);
    Object.assign(this, started);
  }

  /** Stop everything and start again on the same data dir (a server restart). */
  async restart(): Promise<void> {
    await this.stop();
    await this.boot();
  }

  async stop(): Promise<void> {
    await this.app.close();
    await this.core.close();
  }

  http() {
    return request(this.app.getHttpServer());
  }

  /** The highest global position a command returned so far: reads wait for it (`?waitFor=`). */
  position = 0;

  /** A command through HTTP: fails the test unless the status is the expected one; remembers the position. */
  async post(path: string, body: object, token: string | null, status = 201, headers: Record<string, string> = {}) {
    let req = this.http().post(path).send(body);
    if (token) req = req.set('authorization', token);
    for (const [k, v] of Object.entries(headers)) req = req.set(k, v);
    const r = await req;
    if (r.status !== status) throw new Error(`POST ${path} → ${r.status} (expected ${status}): ${JSON.stringify(r.body)}`);
    // A player's answer numbers the stream's revisions, not the log's (issue 32): the log's head covers his command.
    const position = token && this.playerTokens.has(token) ? await this.core.store.headPosition() : r.body.position;
    if (status === 201) this.position = Math.max(this.position, position);
    return r;
  }

  /** A read that first waits until the read models have applied every command sent so far. */
  get(path: string, token: string | null = null) {
    const req = this.http().get(`${path}${path.includes('?') ? '&' : '?'}waitFor=${this.position}`);
    return token ? req.set('authorization', token) : req;
  }

  token(role: 'admin' | 'chief-arbiter' | 'arbiter' | 'appeals-committee' | 'player', tournaments: string[] = [], sub = `${role}-1`): string {
    const token = `Bearer ${this.tokens.issue({ sub, role, tournaments })}`;
    if (role === 'player') this.playerTokens.add(token);
    return token;
  }

  /** The player tokens issued: their command answers carry no log position. */
  private readonly playerTokens = new Set<string>();

  /**
   * A tournament whose round 1 pairs `first` v `second` at table 1 and is published (a game can be linked to it):
   * created by `chief`, the players registered and the round paired and published by `arbiter`.
   */
  async publishedRound1(
    t: { id: string; name: string; discipline: string; roundsPlanned?: number; profile?: Record<string, unknown> },
    players: readonly { id: string; name: string }[],
    [first, second]: readonly [string, string],
    chief: string,
    arbiter: string,
  ): Promise<void> {
    await this.post('/v1/tournaments', { roundsPlanned: 1, ...t, pairingSystems: ['round-robin'] }, chief);
    for (const p of players) await this.post(`/v1/tournaments/${t.id}/players`, p, arbiter);
    const round1 = { kind: 'manual', reason: 'test', games: [{ table: 1, first, second }], tables: [], bye: null };
    await this.post(`/v1/tournaments/${t.id}/rounds/1/pairings`, round1, arbiter);
    await this.post(`/v1/tournaments/${t.id}/rounds/1/publish`, {}, arbiter);
  }
}

/** The setting that lets webhooks deliver to a receiver on this machine (loopback is refused by default, issue 32). */
export const LOCAL_RECEIVER = { ARBITRA_WEBHOOK_ALLOW_TARGETS: '127.0.0.1/32' } as const;
