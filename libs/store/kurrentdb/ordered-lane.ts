/**
 * Runs the write step of concurrent appends one at a time, in the order the appends were called,
 * while letting each append's preparation (reads) run concurrently. A slot is reserved
 * synchronously when `run` is called, so call order, not the order preparations finish, decides
 * who writes first. A failed preparation or write never blocks the slots behind it.
 */
export class OrderedLane {
  private tail: Promise<void> = Promise.resolve();
  private pending = 0;

  constructor(private readonly onIdle?: () => void) {}

  async run<P, T>(prepare: () => Promise<P>, write: (prepared: P) => Promise<T>): Promise<T> {
    const previous = this.tail;
    let open!: () => void;
    const mine = new Promise<void>((resolve) => (open = resolve));
    // The next slot waits for ours AND every earlier one, even if ours ends early.
    this.tail = previous.then(() => mine);
    this.pending++;
    try {
      const prepared = prepare();
      prepared.catch(() => undefined); // handled below, after our turn comes
      // Our turn comes when every earlier slot has finished, whatever our preparation does.
      await previous;
      return await write(await prepared);
    } finally {
      this.pending--;
      open();
      if (this.pending === 0) this.onIdle?.();
    }
  }

  get size(): number {
    return this.pending;
  }
}
