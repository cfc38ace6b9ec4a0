import { describe, expect, it } from '@jest/globals';
import type { AuthedRequest } from './auth/auth.guard.js';
import { commandContext, isoTime, newCommandId } from './command-request.js';

const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

function request(headers: Record<string, string> = {}): AuthedRequest {
  return { principal: { id: 'arbiter-1', role: 'arbiter', tournaments: ['t1'] }, headers } as unknown as AuthedRequest;
}

describe('command ids', () => {
  it('a command sent without Idempotency-Key gets a server-made UUIDv7 (version 7, RFC 9562 variant)', () => {
    const ids = Array.from({ length: 50 }, () => commandContext(request()).commandId);
    for (const id of ids) expect(id).toMatch(UUID_V7);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('server-made ids made later sort after earlier ones, so new commands land at the end of the command-id index', () => {
    // Made in sequence, many within one millisecond: uuid's v7 keeps them in order with its counter.
    const ids = Array.from({ length: 5000 }, () => commandContext(request()).commandId);
    expect(ids).toEqual([...ids].sort());
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('ids made in one millisecond, or after the clock stepped back, still sort in the order made and carry the time (RFC 9562 §6.2)', () => {
    const at = Date.parse('2030-01-01T00:00:00Z');
    const ids = [...Array.from({ length: 600 }, () => newCommandId(at)), ...Array.from({ length: 600 }, () => newCommandId(at - 5000))];
    expect(ids).toEqual([...ids].sort());
    expect(new Set(ids).size).toBe(ids.length);
    // The first 48 bits are the Unix time in milliseconds.
    expect(Number.parseInt(ids[0].replace(/-/g, '').slice(0, 12), 16)).toBe(at);
    for (const id of ids) expect(id).toMatch(UUID_V7);
  });

  it("a client's Idempotency-Key stays its own: scoped to the caller, the same on a retry, not replaced by a server id", () => {
    const first = commandContext(request({ 'idempotency-key': 'move-0001-retry' })).commandId;
    expect(first).toBe('key:arbiter:arbiter-1:move-0001-retry');
    expect(commandContext(request({ 'idempotency-key': 'move-0001-retry' })).commandId).toBe(first);
  });
});

describe('the time a command is recorded at', () => {
  it('is the ISO-8601 instant of Date.toISOString, to the millisecond, across seconds, minutes, days and years, and when the clock steps back', () => {
    const times = [
      ...Array.from({ length: 130_000 }, (_, i) => Date.parse('2026-12-31T23:58:59.000Z') + i),
      ...Array.from({ length: 2_000 }, (_, i) => Date.parse('2028-02-29T12:00:00.000Z') - i * 997),
      0,
      Date.parse('2001-09-09T01:46:40.000Z'),
      Date.parse('2099-12-31T23:59:59.999Z'),
    ];
    for (const t of times) if (isoTime(t) !== new Date(t).toISOString()) expect(isoTime(t)).toBe(new Date(t).toISOString());
  });

  it('a command without an observed time is stamped with the server clock when it is received', () => {
    const at = Date.parse(commandContext(request()).at);
    expect(Math.abs(at - Date.now())).toBeLessThan(60_000);
  });
});
