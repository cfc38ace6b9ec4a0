import pino, { type Logger } from 'pino';

/**
 * The apps' logger: JSON lines on stdout at `level`, written asynchronously (pino's sonic-boom with
 * `sync: false`), so a request never waits on a write(2) of its log line. Lines are gathered up to 4 KB
 * (`minLength`, some 25 request lines) and written together, and what is gathered is written at least every
 * 100 ms (`periodicFlush`), so a quiet server's lines still appear at once: one write per request line was
 * about an eighth of a small GET's CPU (bench:http). pino flushes what is buffered when the process exits
 * (signals and errors included); only a kill -9 can lose the last lines (at most 100 ms of them), never
 * anything recorded (the event log is the record, not the log file).
 */
export function createLogger(level: string): Logger {
  return pino({ level }, pino.destination({ dest: 1, sync: false, minLength: 4096, periodicFlush: 100 }));
}
