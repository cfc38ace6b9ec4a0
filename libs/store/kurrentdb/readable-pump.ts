/** What the pump needs from a source: a Node object-mode Readable, optionally with `unsubscribe`. */
export interface PumpSource {
  // Node's EventEmitter listener type: each event passes its own arguments.
  /* eslint-disable @typescript-eslint/no-explicit-any */
  on(event: string, listener: (...args: any[]) => void): unknown;
  off(event: string, listener: (...args: any[]) => void): unknown;
  /* eslint-enable @typescript-eslint/no-explicit-any */
  pause(): unknown;
  resume(): unknown;
  isPaused(): boolean;
  destroy(): unknown;
  unsubscribe?(): Promise<void>;
}

/**
 * Iterates an object-mode Readable (a KurrentDB subscription) until it ends, fails, or `signal`
 * aborts. Unlike `for await (x of readable)`, an abort ends the iteration promptly even while no
 * item is arriving, and stopping never surfaces as a "premature close" error. The source is paused
 * while `highWater` items wait unread, and unsubscribed and destroyed when the iteration stops.
 */
export async function* pumpReadable<T>(source: PumpSource, signal?: AbortSignal, highWater = 256): AsyncGenerator<T> {
  const buffer: T[] = [];
  let failure: { error: unknown } | null = null;
  let ended = false;
  let wake: (() => void) | null = null;
  const notify = () => {
    const w = wake;
    wake = null;
    w?.();
  };
  const onData = (item: T) => {
    buffer.push(item);
    if (buffer.length >= highWater) source.pause();
    notify();
  };
  const onError = (error: unknown) => {
    failure ??= { error };
    notify();
  };
  const onEnd = () => {
    ended = true;
    notify();
  };
  source.on('data', onData);
  source.on('error', onError);
  source.on('end', onEnd);
  source.on('close', onEnd);
  signal?.addEventListener('abort', notify);
  try {
    for (;;) {
      if (signal?.aborted) return;
      if (buffer.length > 0) {
        const item = buffer.shift() as T;
        if (source.isPaused() && buffer.length < highWater / 2) source.resume();
        yield item;
        continue;
      }
      if (failure) throw (failure as { error: unknown }).error;
      if (ended) return;
      await new Promise<void>((resolve) => (wake = resolve));
    }
  } finally {
    signal?.removeEventListener('abort', notify);
    source.off('data', onData);
    source.off('end', onEnd);
    source.off('close', onEnd);
    source.off('error', onError);
    // Late errors from a cancelled call must not become unhandled 'error' events.
    source.on('error', () => undefined);
    if (source.unsubscribe) await source.unsubscribe().catch(() => undefined);
    source.destroy();
  }
}
