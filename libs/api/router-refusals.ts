import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { sendProblem } from './problem.filter.js';
import { PROBLEM_CONTENT_TYPE, ProblemException, problemType } from './problem.js';
import { MAX_PARAM_LENGTH } from './routing.js';
import { setApiHeaders } from './security-headers.js';

/**
 * Fastify's `frameworkErrors`: what its router refuses before any route or hook runs, as problem+json (Fastify's own
 * answer was JSON of another shape, without the security headers): a path that is not valid percent-encoding, a path
 * parameter longer than MAX_PARAM_LENGTH (both 400).
 */
export function routerRefusal(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  setApiHeaders(request, reply);
  const refusal =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? new ProblemException(400, 'http/path-parameter-too-long', 'Invalid request', `a path parameter is longer than ${MAX_PARAM_LENGTH} characters`, {
          rule: `Arbitra paths: a path parameter (an id, a stream name) is at most ${MAX_PARAM_LENGTH} characters`,
          field: 'path',
        })
      : error.code === 'FST_ERR_BAD_URL'
        ? new ProblemException(400, 'http/bad-url', 'Bad request', 'the path is not valid percent-encoded UTF-8', {
            rule: 'RFC 3986 §2.1 percent-encoding; path segments are UTF-8',
            field: 'path',
          })
        : new ProblemException(error.statusCode ?? 500, 'http/router', (error.statusCode ?? 500) < 500 ? 'Bad request' : 'Internal error', error.message);
  sendProblem(request, reply, refusal);
}

/**
 * Fastify's `clientErrorHandler`: what Node's HTTP parser refuses before Fastify sees a request (issue 32: a request
 * line or headers over the size limit answered 431 as plain JSON). Answered as problem+json on the socket, then closed.
 */
export function clientRefusal(error: Error & { code?: string }, socket: Socket): void {
  if (!socket.writable) return void socket.destroy();
  const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  const body = JSON.stringify({
    type: problemType(status === 431 ? 'http/header-too-large' : status === 408 ? 'http/request-timeout' : 'http/malformed-request'),
    title: STATUS_CODES[status],
    status,
    detail:
      status === 431
        ? 'the request line and headers (a long query string included) are larger than this server accepts'
        : status === 408
          ? 'the request did not arrive in time'
          : 'the request is not valid HTTP',
    rule: 'RFC 6585 §5 (431), RFC 9110 §15.5 (400, 408): a request the server cannot parse is refused before any route',
  });
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\ncontent-type: ${PROBLEM_CONTENT_TYPE}\r\ncontent-length: ${Buffer.byteLength(body)}\r\n` +
      `connection: close\r\n\r\n${body}`,
  );
}
