import type { FastifyReply } from 'fastify';
import type { ArbitraCore } from '../../runtime/arbitra-core.js';
import type { RecordedEvent } from '../../store/event-store.port.js';
import type { AuthedRequest } from '../auth/auth.guard.js';
import { ProblemException } from '../problem.js';

/** One server-sent event: `id` is the stream revision it stands for, so a client resumes with `Last-Event-ID`. */
export interface SseMessage {
  readonly id: number;
  readonly event: string;
  readonly data: unknown;
}

/** What a live stream follows: one store stream, from after `after`, each new batch rendered for the viewer. */
export interface LiveSource {
  readonly stream: string;
  readonly after: number;
  render(events: readonly RecordedEvent[]): Promise<readonly SseMessage[]> | readonly SseMessage[];
}

const HEARTBEAT_MS = 15_000;
/** The longest setTimeout Node keeps (about 24.8 days); a later expiry re-arms. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** What ends a stream before its client does (issue 32): its token's expiry and revocation, and a release of its slot. */
export interface StreamLimits {
  /** Epoch ms at which the token that opened the stream expires. */
  readonly endAt?: number;
  /** Subscribes `end` to the revocation of the stream's token; returns the unsubscribe. */
  readonly onRevoked?: (end: () => void) => () => void;
  /** Called once when the stream ends, however it ends. */
  readonly onEnd?: () => void;
}

/**
 * The revision after which to resume: `Last-Event-ID` (what EventSource sends on reconnecting) or `?lastEventId=`
 * (for a first connection that already holds a position); -1, from the first event, when neither is given.
 */
export function lastEventId(request: AuthedRequest): number {
  const query = (request.query as Record<string, unknown> | undefined)?.lastEventId;
  const raw = request.headers['last-event-id'] ?? query;
  if (raw === undefined) return -1;
  if (typeof raw !== 'string' || !/^\d{1,15}$/.test(raw))
    throw new ProblemException(400, 'live/last-event-id', 'Bad request', 'Last-Event-ID must be the id of an event this stream sent: a whole number from 0', {
      field: request.headers['last-event-id'] !== undefined ? 'Last-Event-ID' : 'lastEventId',
      rule: 'HTML Living Standard, server-sent events: a client resumes with the last event id it received',
    });
  return Number(raw);
}

function format(m: SseMessage): string {
  return `id: ${m.id}\nevent: ${m.event}\ndata: ${JSON.stringify(m.data)}\n\n`;
}

/** Open live streams, ended when the server shuts down (an open stream would hold the HTTP server's close). */
const open = new Set<() => void>();
export function endAllStreams(): void {
  for (const end of [...open]) end();
}

/** Does the client ask for a stream that stays open (EventSource sends `Accept: text/event-stream`)? */
function follows(request: AuthedRequest): boolean {
  return String(request.headers.accept ?? '').includes('text/event-stream');
}

/**
 * Serves a live stream (text/event-stream) on Fastify's raw response: the events after `after` read from the
 * store, then each new batch of the stream as the bus announces it, in order (one read at a time, from the
 * last revision sent). A comment every 15 s keeps proxies from closing an idle stream. A client that does not
 * accept text/event-stream (a plain GET, curl) gets the events so far in the same format, and the response ends.
 */
export function serveSse(core: ArbitraCore, request: AuthedRequest, reply: FastifyReply, source: LiveSource, limits: StreamLimits = {}): void {
  void reply.hijack();
  const raw = reply.raw;
  const headers = Object.fromEntries(Object.entries(reply.getHeaders()).filter(([, v]) => v !== undefined)) as Record<string, string | number | string[]>;
  raw.writeHead(200, {
    ...headers,
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  raw.write('retry: 2000\n\n');
  let last = source.after;
  let closed = false;
  let chain: Promise<void> = Promise.resolve();
  let expiry: NodeJS.Timeout | undefined;
  let stopRevoked = (): void => undefined;
  const end = () => {
    if (closed) return;
    closed = true;
    unsubscribe();
    stopRevoked();
    clearInterval(beat);
    clearTimeout(expiry);
    open.delete(end);
    raw.end();
    limits.onEnd?.();
  };
  /** Ends the stream saying why (the client's EventSource reconnects, and its token is then refused). */
  const cut = (reason: 'token-expired' | 'token-revoked') => {
    if (closed) return;
    raw.write(`event: end\ndata: ${JSON.stringify({ reason })}\n\n`);
    end();
  };
  const arm = () => {
    if (limits.endAt === undefined) return;
    const left = limits.endAt - Date.now();
    if (left <= 0) return cut('token-expired');
    expiry = setTimeout(arm, Math.min(left, MAX_TIMER_MS));
    expiry.unref();
  };
  const pump = () => {
    chain = chain
      .then(async () => {
        if (closed) return;
        const events = await core.store.readStream(source.stream, last + 1);
        if (closed || events.length === 0) return;
        last = events[events.length - 1].revision;
        const messages = await source.render(events);
        if (!closed && messages.length > 0) raw.write(messages.map(format).join(''));
      })
      .catch(end);
  };
  const unsubscribe = core.bus.subscribe((events) => {
    if (events.some((e) => e.stream === source.stream)) pump();
  });
  const beat = setInterval(() => raw.write(': keep-alive\n\n'), HEARTBEAT_MS);
  beat.unref();
  open.add(end);
  request.raw.on('close', end);
  stopRevoked = limits.onRevoked?.(() => cut('token-revoked')) ?? stopRevoked;
  arm();
  pump();
  if (!follows(request)) chain = chain.then(end);
}
