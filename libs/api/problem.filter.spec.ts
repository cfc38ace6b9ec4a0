import { describe, expect, it } from '@jest/globals';
import { StoreUnavailableError } from '../runtime/arbitra-core.js';
import { toProblem } from './problem.filter.js';

describe('toProblem', () => {
  it('answers an unreachable store (a database restart) 503 with Retry-After, telling the client to retry with the same key', () => {
    const cause = Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
    const { problem, headers } = toProblem(new StoreUnavailableError(cause), '/v1/x');
    expect(problem).toMatchObject({ status: 503, type: expect.stringMatching(/store\/unavailable$/), title: 'Service unavailable', instance: '/v1/x' });
    expect(problem.detail).toMatch(/same Idempotency-Key/);
    expect(headers).toEqual({ 'retry-after': '1' });
  });

  it('still answers any other error 500 without its message', () => {
    const { problem, headers } = toProblem(new Error('boom at 10.0.0.3'));
    expect(problem.status).toBe(500);
    expect(problem.detail).not.toMatch(/10\.0\.0\.3/);
    expect(headers).toEqual({});
  });
});
