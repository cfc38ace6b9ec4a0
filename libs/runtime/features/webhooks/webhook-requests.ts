import { createHmac } from 'node:crypto';

/** Sends one request; resolves with the receiver's status (rejects when no answer comes, or when `signal` aborts it). */
export type WebhookPost = (url: string, body: string, headers: Record<string, string>, signal?: AbortSignal) => Promise<{ status: number }>;

export const fetchPost: WebhookPost = async (url, body, headers, signal) => {
  const timeout = AbortSignal.timeout(10_000);
  const r = await fetch(url, { method: 'POST', body, headers, signal: signal ? AbortSignal.any([signal, timeout]) : timeout, redirect: 'manual' });
  await r.arrayBuffer().catch(() => undefined);
  return { status: r.status };
};

/** The signature header value: HMAC-SHA256 over `<timestamp>.<body>` with the webhook's secret, hex. */
export function signature(secret: string, timestamp: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

/**
 * One dispatcher delivering in a whole deployment (several servers on one PostgreSQL log): the leader lock
 * (libs/runtime/leader-lock.ts, PgLeaderLock) fits as is. Without one, every dispatcher started delivers.
 */
export interface WebhookLeadership {
  /** Resolves true once this process leads, false if `signal` aborted first. */
  acquire(signal: AbortSignal): Promise<boolean>;
  /** Called once if the lead is lost while held. */
  onLost(handler: (e: Error) => void): void;
  release(): Promise<void>;
}

export interface WebhookDispatcherOptions {
  readonly leader?: WebhookLeadership;
  /** How long a caught-up dispatcher waits before it looks at the log again when no append in this process woke it (another server's appends). */
  readonly idleMs?: number;
  /** A failure that is retried (reading the log, recording an attempt, a refused attempt); the app logs it. */
  readonly onError?: (error: unknown, what: string) => void;
}
