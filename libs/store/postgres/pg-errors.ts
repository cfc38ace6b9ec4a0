import { StoreUnavailableError } from '../event-store.port.js';

/** SQLSTATEs of a server going away or not yet accepting: admin/crash shutdown, starting up, too many connections. */
const UNAVAILABLE_CODES = new Set(['57P01', '57P02', '57P03', '53300']);
/** Socket errors of a connection that could not be made or was cut. */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

/** True for an error that says the database could not be reached or went away (a restart), not that it refused. */
export function isConnectionFailure(error: unknown): boolean {
  const code = (error as { code?: unknown })?.code;
  if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || SOCKET_CODES.has(code) || code.startsWith('08'))) return true;
  const message = String((error as Error)?.message ?? '');
  // node-postgres's own words for a socket that closed under a query or a pool timing out on connect.
  return /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/.test(message);
}

/** The error as callers should see it: a connection failure becomes StoreUnavailableError (retryable, 503). */
export function asStoreError(error: unknown): unknown {
  return error instanceof StoreUnavailableError || !isConnectionFailure(error) ? error : new StoreUnavailableError(error);
}

/** Rejects with asStoreError's translation. */
export function rethrowStoreError(error: unknown): never {
  throw asStoreError(error);
}
