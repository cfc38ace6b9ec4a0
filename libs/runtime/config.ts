import { resolve } from 'node:path';

/** Every setting Arbitra reads, with its default. docs/operations.md's configuration table mirrors this. */
export interface ArbitraConfig {
  readonly port: number;
  readonly host: string;
  /** Where the event log, read models, JWT secret and bootstrap marker live. */
  readonly dataDir: string;
  /**
   * The event store (ARBITRA_STORE): `sqlite` (default, events.db in the data dir), `postgres`
   * (ARBITRA_PG_URL, else DATABASE_URL) or `kurrentdb` (KURRENTDB_URL). Read models, snapshots and
   * the JWT secret stay in the data dir whichever it is.
   */
  readonly store: StoreKind;
  /** PostgreSQL connection string when `store` is `postgres`. */
  readonly pgUrl: string | undefined;
  /** KurrentDB connection string when `store` is `kurrentdb`. */
  readonly kurrentdbUrl: string | undefined;
  /** SQLite `synchronous` for the event log: FULL survives power loss (default). */
  readonly sqliteSync: 'FULL' | 'NORMAL' | 'OFF';
  /** Appends in the same tick share one transaction (one fsync). */
  readonly groupCommit: boolean;
  /** HS256 secret for bearer tokens; generated once into the data dir when unset. */
  readonly jwtSecret: string | undefined;
  /** Lifetime of tokens issued by the CLI. */
  readonly tokenTtl: string;
  /** Longest lifetime a token may have: longer ones are neither issued nor accepted. */
  readonly tokenMaxTtl: string;
  readonly logLevel: string;
  /** Upper bound for a GET waiting on a position (read-your-writes). */
  readonly waitMaxMs: number;
  /** Optional word list (one word a line) proposing Scrabble challenge verdicts. */
  readonly lexiconFile: string | undefined;
  /** Requests per client IP per window (0: no limit). */
  readonly rateLimitPerIp: number;
  /** Requests per token subject (role and `sub`) per window (0: no limit). */
  readonly rateLimitPerToken: number;
  readonly rateLimitWindowMs: number;
  /**
   * `/metrics` without a token on the API port (otherwise it needs an admin token): process metrics and read counts
   * only; what moves with a record, published or not (log head, lag, commands, appends), stays for admin tokens.
   */
  readonly metricsPublic: boolean;
  /** Serve `/metrics` on this port instead (no token; bind it to a private interface), and not on the API port. */
  readonly metricsPort: number | undefined;
  readonly metricsHost: string;
  /** Non-public ranges webhooks may still send to (CIDRs, comma-separated; none by default: public addresses only). */
  readonly webhookAllowTargets: string | undefined;
  /** Live streams (SSE) open at once without a token, per client IP (0: no limit); past it 429. */
  readonly liveStreamsPerIp: number;
}

type Env = Record<string, string | undefined>;

export const STORE_KINDS = ['sqlite', 'postgres', 'kurrentdb'] as const;
export type StoreKind = (typeof STORE_KINDS)[number];

export function loadConfig(env: Env = process.env): ArbitraConfig {
  const sync = (env.ARBITRA_SQLITE_SYNC ?? 'FULL').toUpperCase();
  if (sync !== 'FULL' && sync !== 'NORMAL' && sync !== 'OFF') {
    throw new Error(`ARBITRA_SQLITE_SYNC must be FULL, NORMAL or OFF (got ${env.ARBITRA_SQLITE_SYNC})`);
  }
  const store = (env.ARBITRA_STORE || 'sqlite').toLowerCase() as StoreKind;
  if (!STORE_KINDS.includes(store)) throw new Error(`ARBITRA_STORE must be ${STORE_KINDS.join(', ')} (got ${env.ARBITRA_STORE})`);
  const pgUrl = env.ARBITRA_PG_URL || env.DATABASE_URL || undefined;
  const kurrentdbUrl = env.KURRENTDB_URL || undefined;
  // A manifest's placeholder left in place would sign every token with a secret anyone can read in the repository.
  if (env.ARBITRA_JWT_SECRET && /change[-_ ]?me/i.test(env.ARBITRA_JWT_SECRET)) {
    throw new Error('ARBITRA_JWT_SECRET is still the placeholder of the manifests: set it to 32 random bytes (openssl rand -hex 32)');
  }
  if (store === 'postgres' && !pgUrl) throw new Error('ARBITRA_STORE=postgres needs ARBITRA_PG_URL (or DATABASE_URL), e.g. postgres://arbitra@db:5432/arbitra');
  if (store === 'kurrentdb' && !kurrentdbUrl) throw new Error('ARBITRA_STORE=kurrentdb needs KURRENTDB_URL, e.g. kurrentdb://localhost:2113?tls=false');
  return {
    port: intFrom(env, 'PORT', 3000),
    host: env.HOST ?? '0.0.0.0',
    dataDir: resolve(env.ARBITRA_DATA_DIR ?? './data'),
    store,
    pgUrl,
    kurrentdbUrl,
    sqliteSync: sync,
    groupCommit: (env.ARBITRA_GROUP_COMMIT ?? 'true') !== 'false',
    jwtSecret: env.ARBITRA_JWT_SECRET || undefined,
    tokenTtl: env.ARBITRA_TOKEN_TTL ?? '30d',
    tokenMaxTtl: env.ARBITRA_TOKEN_MAX_TTL ?? '90d',
    logLevel: env.ARBITRA_LOG_LEVEL ?? 'info',
    waitMaxMs: intFrom(env, 'ARBITRA_WAIT_MAX_MS', 5000),
    lexiconFile: env.ARBITRA_LEXICON_FILE || undefined,
    rateLimitPerIp: intFrom(env, 'ARBITRA_RATE_LIMIT_PER_IP', 1200),
    rateLimitPerToken: intFrom(env, 'ARBITRA_RATE_LIMIT_PER_TOKEN', 600),
    rateLimitWindowMs: intFrom(env, 'ARBITRA_RATE_LIMIT_WINDOW_MS', 60_000),
    metricsPublic: env.ARBITRA_METRICS_PUBLIC === 'true',
    metricsPort: env.ARBITRA_METRICS_PORT ? intFrom(env, 'ARBITRA_METRICS_PORT', 0) : undefined,
    metricsHost: env.ARBITRA_METRICS_HOST ?? '127.0.0.1',
    webhookAllowTargets: env.ARBITRA_WEBHOOK_ALLOW_TARGETS || undefined,
    liveStreamsPerIp: intFrom(env, 'ARBITRA_LIVE_STREAMS_PER_IP', 20),
  };
}

function intFrom(env: Env, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a non-negative integer (got ${raw})`);
  return n;
}
