import pino, { type Logger } from 'pino';

/**
 * The apps' logger: JSON lines on stdout at `level`, written asynchronously (pino's sonic-boom with
 * `sync: false`), so a request never waits on a write(2) of its log line; lines written while one write
 * is in flight go out together. pino flushes what is buffered when the process exits (signals and
 * errors included); only a kill -9 can lose the last lines, never anything recorded (the event log is
 * the record, not the log file).
 */
export function createLogger(level: string): Logger {
  return pino({ level }, pino.destination({ dest: 1, sync: false }));
}
