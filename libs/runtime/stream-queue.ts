const noop = (): void => undefined;

/**
 * Commands to one stream in this process, one after another: the next starts when the one before has settled, or
 * earlier, when the one before calls `release` (it has handed its append to the store: the command path's pipelining).
 */
export class StreamQueue {
  private readonly turns = new Map<string, Promise<void>>();

  run<T>(stream: string, work: (release: () => void) => Promise<T>): Promise<T> {
    const previous = this.turns.get(stream) ?? Promise.resolve();
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const next = previous.then(() => work(release));
    const turn = Promise.race([released, next.then(noop, noop)]);
    this.turns.set(stream, turn);
    void turn.then(() => {
      if (this.turns.get(stream) === turn) this.turns.delete(stream);
    });
    return next;
  }
}
