import { get as httpGet, type ClientRequest } from 'node:http';

/** One parsed server-sent event. */
export interface Sse {
  readonly id: number;
  readonly event: string;
  readonly data: { type: string; revision: number; data: Record<string, unknown> };
}

/** An EventSource-like client over node:http: collects events, resolves waits as events arrive (no timers). */
export class SseClient {
  readonly events: Sse[] = [];
  private buffer = '';
  private waiters: Array<{ until: (e: Sse[]) => boolean; resolve: () => void }> = [];
  private req!: ClientRequest;
  status = 0;
  contentType = '';
  /** Resolves when the server ends the response. */
  ended!: Promise<void>;

  static open(base: string, path: string, headers: Record<string, string> = {}): Promise<SseClient> {
    const c = new SseClient();
    return new Promise((resolve, reject) => {
      c.req = httpGet(`${base}${path}`, { headers: { accept: 'text/event-stream', ...headers } }, (res) => {
        c.status = res.statusCode ?? 0;
        c.contentType = String(res.headers['content-type']);
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => c.take(chunk));
        c.ended = new Promise((done) => res.on('end', done));
        resolve(c);
      });
      c.req.on('error', reject);
    });
  }

  private take(chunk: string) {
    this.buffer += chunk;
    let cut: number;
    while ((cut = this.buffer.indexOf('\n\n')) >= 0) {
      const block = this.buffer.slice(0, cut);
      this.buffer = this.buffer.slice(cut + 2);
      const field = (name: string) =>
        block
          .split('\n')
          .find((l) => l.startsWith(`${name}: `))
          ?.slice(name.length + 2);
      const data = field('data');
      if (data !== undefined) this.events.push({ id: Number(field('id')), event: field('event') as string, data: JSON.parse(data) });
    }
    this.waiters = this.waiters.filter((w) => (w.until(this.events) ? (w.resolve(), false) : true));
  }

  /** Resolves once the events received satisfy `until` (at once if they already do). */
  waitFor(until: (events: Sse[]) => boolean): Promise<Sse[]> {
    if (until(this.events)) return Promise.resolve(this.events);
    return new Promise((resolve) => this.waiters.push({ until, resolve: () => resolve(this.events) }));
  }

  has(type: string) {
    return (events: Sse[]) => events.some((e) => e.event === type);
  }

  close() {
    this.req.destroy();
  }
}
