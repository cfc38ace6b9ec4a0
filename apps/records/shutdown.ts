import type { Logger } from 'pino';

/**
 * On SIGINT or SIGTERM (once): log it, run `close`, write out the log lines still gathered, exit 0. Shared by the
 * records, api and projector apps. The log is written asynchronously (libs/runtime/logger.ts): waiting for its writes
 * in flight, rather than leaving them to the synchronous flush at exit, keeps the last lines in order.
 */
export function closeOnSignal(logger: Logger, close: () => Promise<void>): void {
  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, async () => {
      if (stopping) return;
      stopping = true;
      logger.info({ signal }, 'shutting down');
      await close();
      await flushed(logger, 2000);
      process.exit(0);
    });
  }
}

/** Waits until the logger's buffered lines are written, at most `maxMs` (a stuck stdout must not hold the exit). */
export function flushed(logger: Logger, maxMs: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, maxMs);
    logger.flush(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}
