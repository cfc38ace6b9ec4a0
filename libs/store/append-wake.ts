import type { EventEmitter } from 'node:events';

/**
 * A live subscriber's wait between pages, shared by the SQLite and PostgreSQL stores: resolves on the
 * next append the store hears of ('appended'), when the store closes ('closed'), on abort, or after
 * pollMs (appends by another process the store did not hear of).
 */
export function nextAppend(notifier: EventEmitter, pollMs: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      notifier.off('appended', done);
      notifier.off('closed', done);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, pollMs);
    notifier.once('appended', done);
    notifier.once('closed', done);
    signal?.addEventListener('abort', done, { once: true });
  });
}
