import { afterEach, describe, expect, it } from '@jest/globals';
import Fastify, { type FastifyInstance } from 'fastify';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ArbitraConfig } from '../runtime/config.js';
import { TokenService } from './auth/token.service.js';
import { ProblemException } from './problem.js';
import { registerRateLimits } from './rate-limit.js';

const tokens = new TokenService('rate-limit-spec-secret-rate-limit-spec-secret');

/** A Fastify instance with the limiter and two routes, one of them not limited; a refusal's status and its exception's code. */
async function limited(limits: Partial<ArbitraConfig>): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  app.setErrorHandler((error, _request, reply) => {
    const problem = error instanceof ProblemException ? error : undefined;
    void reply.code(problem?.status ?? 500).send({ code: problem?.code, detail: problem?.detail, limit: problem?.extras.limit });
  });
  await registerRateLimits(app, { rateLimitPerIp: 2, rateLimitPerToken: 3, rateLimitWindowMs: 60_000, ...limits } as ArbitraConfig, tokens);
  app.get('/limited', () => ({ ok: true }));
  app.get('/free', { config: { rateLimit: false } }, () => ({ ok: true }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  return app;
}

/** A GET from a loopback address of the client's choosing (Linux answers on all of 127.0.0.0/8): status, headers, body. */
function get(app: FastifyInstance, path: string, from = '127.0.0.1', authorization?: string) {
  const { port } = app.server.address() as AddressInfo;
  return new Promise<{ statusCode: number; headers: Record<string, unknown>; json: () => Record<string, unknown> }>((resolve, reject) => {
    const sent = request({ host: '127.0.0.1', port, path, localAddress: from, headers: authorization ? { authorization } : {} }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ statusCode: res.statusCode ?? 0, headers: res.headers, json: () => JSON.parse(body) as Record<string, unknown> }));
    });
    sent.on('error', reject);
    sent.end();
  });
}

describe('rate limits (libs/api/rate-limit.ts)', () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => app?.close());

  it('gives each client IP its own budget, counting down RateLimit-Remaining, then answers 429 with Retry-After', async () => {
    app = await limited({});
    const from = (ip: string) => get(app!, '/limited', ip);
    const first = await from('127.0.0.1');
    expect([first.statusCode, first.headers['ratelimit-limit'], first.headers['ratelimit-remaining']]).toEqual([200, '2', '1']);
    // Seconds left in the 60 s window (not timed here: only its range).
    expect(Number(first.headers['ratelimit-reset'])).toBeGreaterThanOrEqual(1);
    expect(Number(first.headers['ratelimit-reset'])).toBeLessThanOrEqual(60);
    expect((await from('127.0.0.1')).headers['ratelimit-remaining']).toBe('0');
    const refused = await from('127.0.0.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe(refused.headers['ratelimit-reset']);
    expect(refused.json()).toEqual({
      code: 'rate-limit/exceeded',
      detail: expect.stringMatching(/^more than 2 requests in 60 s from this client IP; retry in (1 minute|\d+ seconds)$/),
      limit: 2,
    });
    // Another IP has spent nothing.
    expect((await from('127.0.0.2')).headers['ratelimit-remaining']).toBe('1');
  });

  it('counts a valid token against its subject whatever its IP, and a bad one against the IP', async () => {
    app = await limited({});
    const bearer = `Bearer ${tokens.issue({ sub: 'arbiter-1', role: 'arbiter', tournaments: [] })}`;
    const as = (ip: string, authorization: string) => get(app!, '/limited', ip, authorization);
    for (const ip of ['127.0.0.1', '127.0.0.2', '127.0.0.3']) expect((await as(ip, bearer)).statusCode).toBe(200);
    const refused = await as('127.0.0.4', bearer);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().detail).toContain('from this token subject');
    expect((await as('127.0.0.4', 'Bearer not-a-token')).headers['ratelimit-limit']).toBe('2');
  });

  it('neither counts nor marks a route configured with rateLimit: false', async () => {
    app = await limited({ rateLimitPerIp: 1 });
    for (let i = 0; i < 3; i++) expect((await get(app, '/free')).headers['ratelimit-limit']).toBeUndefined();
    expect((await get(app, '/limited')).statusCode).toBe(200);
  });

  it('takes a limit of 0 as no limit for that kind of client', async () => {
    app = await limited({ rateLimitPerIp: 0 });
    for (let i = 0; i < 5; i++) expect((await get(app, '/limited')).statusCode).toBe(200);
  });
});
