/** A stream's last revision and hash: what the next append to it checks its expectation against and chains from. */
export interface StreamHead {
  readonly revision: number;
  readonly hash: string;
}

/**
 * Stream heads remembered across batches, so an append does not read its stream's head back from the
 * log (a SELECT and a JSON parse per append). The memory is trusted only while the log still ends where
 * this store's last commit left it: each batch starts, under the write lock, with the hash of the log's
 * last event; any other writer (another process on the same file) has moved it, and that clears the
 * memory. A batch's heads are staged and kept only once the batch has committed.
 */
export class StreamHeads {
  private readonly committed = new Map<string, StreamHead>();
  private readonly staged = new Map<string, StreamHead>();
  /** The log's last hash after this store's last commit; undefined when unknown. */
  private tip: string | null | undefined = undefined;

  constructor(private readonly limit = 10_000) {}

  /** A batch starts (write lock held); `logTip` is the hash of the log's last event, null for an empty log. */
  begin(logTip: string | null): void {
    if (logTip !== this.tip) this.committed.clear();
    this.staged.clear();
  }

  get(stream: string): StreamHead | undefined {
    return this.staged.get(stream) ?? this.committed.get(stream);
  }

  /** An append of the open batch succeeded: its stream now ends at `head`. */
  stage(stream: string, head: StreamHead): void {
    this.staged.set(stream, head);
  }

  /** The batch committed; the log now ends at `logTip`. */
  commit(logTip: string | null): void {
    if (this.committed.size + this.staged.size > this.limit) this.committed.clear();
    for (const [stream, head] of this.staged) this.committed.set(stream, head);
    this.staged.clear();
    this.tip = logTip;
  }

  /** The batch failed: forget everything (the next batch reads heads from the log). */
  abort(): void {
    this.staged.clear();
    this.committed.clear();
    this.tip = undefined;
  }
}
