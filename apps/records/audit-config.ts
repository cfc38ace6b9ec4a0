/** Audit settings (issue 10): checkpoint signing and what a server does on a broken log. docs/operations.md's configuration table lists them. */
export interface AuditConfig {
  /** Ed25519 private key (PEM, PKCS#8) outside the data directory; unset: no checkpoints are signed (logged loudly at start). */
  readonly signingKeyFile: string | undefined;
  /**
   * Public keys (PEM or SPKI DER base64 files) of retired signing keys whose checkpoints are still trusted after a key
   * rotation (ARBITRA_TRUSTED_KEY_FILES, comma-separated). The current key is always trusted; any other key is not.
   */
  readonly trustedKeyFiles: readonly string[];
  /** Sign a checkpoint once the head is this many events past the last one. */
  readonly checkpointEveryEvents: number;
  /** ...and at least this often while the log grows (minutes; 0: only by count). */
  readonly checkpointEveryMinutes: number;
  /** Start even when `verify` fails (logged loudly; readiness reports the log degraded). */
  readonly allowBrokenLog: boolean;
  /**
   * `--accept-unsigned-tail` (a flag only, never a setting that stays): start although the log goes past the last
   * signed checkpoint (after a crash), recording the acceptance as an event (issue 32).
   */
  readonly acceptUnsignedTail: boolean;
}

type Env = Record<string, string | undefined>;

export function loadAuditConfig(env: Env = process.env, argv: readonly string[] = []): AuditConfig {
  return {
    signingKeyFile: env.ARBITRA_SIGNING_KEY_FILE || undefined,
    trustedKeyFiles: (env.ARBITRA_TRUSTED_KEY_FILES ?? '')
      .split(',')
      .map((f) => f.trim())
      .filter((f) => f !== ''),
    checkpointEveryEvents: nonNegative(env, 'ARBITRA_CHECKPOINT_EVERY_EVENTS', 1000),
    checkpointEveryMinutes: nonNegative(env, 'ARBITRA_CHECKPOINT_EVERY_MINUTES', 10),
    allowBrokenLog: argv.includes('--allow-broken-log') || env.ARBITRA_ALLOW_BROKEN_LOG === 'true',
    acceptUnsignedTail: argv.includes('--accept-unsigned-tail'),
  };
}

function nonNegative(env: Env, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n < 0) throw new Error(`${name} must be a non-negative number (got ${raw})`);
  return n;
}
