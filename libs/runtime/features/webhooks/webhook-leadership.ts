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

/** What the dispatcher does while it leads. */
export interface LeaderSession {
  begin(): Promise<void>;
  halt(): Promise<void>;
  /** Waits the idle period, or until `signal` aborts. */
  pause(signal: AbortSignal): Promise<void>;
  report(error: unknown, what: string): void;
}

/**
 * Delivers while this process holds the leader lock: takes it, begins, and once it is lost (or on a stop) halts and
 * takes it again. A failure (the lock's connection) halts, gives the lock back and tries again after a pause.
 * Resolves once `stop` aborts (a lock taken while stopping is given back at once, nothing delivered).
 */
export async function whileLeading(leader: WebhookLeadership, stop: AbortSignal, session: LeaderSession): Promise<void> {
  while (!stop.aborted) {
    try {
      if (!(await leader.acquire(stop))) return;
      // Stopped while the lock was being taken (a connection under way): give it back and deliver nothing.
      if (stop.aborted) return await leader.release();
      let onStop!: () => void;
      const lost = new Promise<void>((resolve) => {
        leader.onLost((e) => (session.report(e, 'lost the webhooks leader lock; deliveries stop until it is taken again'), resolve()));
        onStop = resolve;
        stop.addEventListener('abort', onStop, { once: true });
      });
      try {
        await session.begin();
        await lost;
      } finally {
        // Each lead taken adds one listener on `stop`: removed here, or a process that loses the lock often leaks one per loss.
        stop.removeEventListener('abort', onStop);
      }
      await session.halt();
    } catch (e) {
      session.report(e, 'the webhooks leader lock');
      await session.halt();
      await leader.release().catch(() => undefined);
      await session.pause(stop);
    }
  }
}
