import type { Logger } from 'pino';

/** On SIGINT or SIGTERM (once): log it, run `close`, exit 0. Shared by the records, api and projector apps. */
export function closeOnSignal(logger: Logger, close: () => Promise<void>): void {
  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, async () => {
      if (stopping) return;
      stopping = true;
      logger.info({ signal }, 'shutting down');
      await close();
      process.exit(0);
    });
  }
}
