import { tokenRevocationsDecider, type TokenCommand, type TokenEvent, type TokenRevocationsState, type TokenRevokedData } from '../../../domain/auth/index.js';
import type { EventBus } from '../../../bus/event-bus.port.js';
import type { EventStore, RecordedEvent } from '../../../store/event-store.port.js';
import type { Feature } from '../../arbitra-core.js';
import { streamOf, type AggregateType } from '../../command-handler.js';

/** Streams `auth-<id>`; every revocation is in the one stream `auth-tokens`. */
export const TokenRevocationsAggregate: AggregateType<TokenCommand, TokenEvent, TokenRevocationsState> = { name: 'auth', decider: tokenRevocationsDecider };
export const TOKEN_REVOCATIONS_ID = 'tokens';
export const TOKEN_REVOCATIONS_STREAM = streamOf(TokenRevocationsAggregate, TOKEN_REVOCATIONS_ID);

export const AUTH_FEATURE: Feature = {
  name: 'auth',
  aggregates: [TokenRevocationsAggregate],
};

/**
 * The revoked token ids, in memory for the auth guard (a lookup per request, no I/O). Loaded from
 * the `auth-tokens` stream at start, then updated from this process's bus as soon as a revocation
 * is appended (the endpoint's answer comes after, so the next request already sees it). A
 * revocation appended by another process (the CLI, another server on the same log) is read at the
 * next `refresh()`: at start, as soon as this process sees a later revocation (a gap), and every `refreshMs`.
 */
export class TokenRevocations {
  private readonly revoked = new Map<string, TokenRevokedData>();
  private revision = -1;
  private timer: NodeJS.Timeout | undefined;
  private unsubscribe: (() => void) | undefined;
  private refreshing: Promise<void> = Promise.resolve();
  /** Told each token id as its revocation is applied (open live streams end on it, issue 32). */
  private readonly listeners = new Set<(jti: string) => void>();

  constructor(private readonly store: EventStore) {}

  static async start(core: { store: EventStore; bus: EventBus }, refreshMs = 5000): Promise<TokenRevocations> {
    const list = new TokenRevocations(core.store);
    await list.refresh();
    list.unsubscribe = core.bus.subscribe((events) => list.applyAll(events));
    if (refreshMs > 0) {
      list.timer = setInterval(() => void list.refresh().catch(() => undefined), refreshMs);
      list.timer.unref();
    }
    return list;
  }

  isRevoked(jti: string): TokenRevokedData | undefined {
    return this.revoked.get(jti);
  }

  /** Calls `listener` with each token id revoked from now on; the returned function stops it. */
  onRevoked(listener: (jti: string) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  get size(): number {
    return this.revoked.size;
  }

  /** Reads what the stream holds beyond what this list has applied. */
  refresh(): Promise<void> {
    this.refreshing = this.refreshing.then(async () => {
      this.applyAll(await this.store.readStream(TOKEN_REVOCATIONS_STREAM, this.revision + 1));
    });
    return this.refreshing;
  }

  close(): void {
    if (this.timer) clearInterval(this.timer);
    this.unsubscribe?.();
  }

  private applyAll(events: readonly RecordedEvent[]): void {
    for (const e of events) {
      if (e.stream !== TOKEN_REVOCATIONS_STREAM || e.revision <= this.revision) continue;
      // Only a contiguous event moves the read position: after a gap (a revocation appended by another
      // process, not yet read) the next refresh still reads from the gap, so no revocation is skipped.
      if (e.revision === this.revision + 1) this.revision = e.revision;
      else void this.refresh().catch(() => undefined);
      if (e.type === 'auth.TokenRevoked') {
        const data = e.data as TokenRevokedData;
        if (this.revoked.has(data.jti)) continue;
        this.revoked.set(data.jti, data);
        for (const listener of [...this.listeners]) listener(data.jti);
      }
    }
  }
}
