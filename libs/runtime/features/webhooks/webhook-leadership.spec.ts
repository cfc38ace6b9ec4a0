import { describe, expect, it } from '@jest/globals';
import { getEventListeners } from 'node:events';
import { whileLeading, type LeaderSession, type WebhookLeadership } from './webhook-leadership.js';

/** A lock taken at once and lost again just after each session begins (a database that keeps cutting the holder's connection). */
class FlappingLock implements WebhookLeadership {
  acquired = 0;
  private handlers: Array<(e: Error) => void> = [];
  constructor(
    private readonly losses: number,
    private readonly atLastAcquire: (signal: AbortSignal) => void,
  ) {}
  async acquire(signal: AbortSignal): Promise<boolean> {
    this.acquired++;
    if (this.acquired > this.losses) this.atLastAcquire(signal);
    return !signal.aborted;
  }
  onLost(handler: (e: Error) => void): void {
    this.handlers.push(handler);
  }
  loseNow(): void {
    for (const h of this.handlers.splice(0)) h(new Error('the connection holding the leader lock ended'));
  }
  async release(): Promise<void> {
    this.handlers = [];
  }
}

describe('whileLeading (the webhooks dispatcher while it holds the leader lock)', () => {
  it('leaves no abort listener on the stop signal per lock lost (no leak in a process that loses the lead often)', async () => {
    const stop = new AbortController();
    let listenersAtLastAcquire = -1;
    const lock = new FlappingLock(50, (signal) => {
      listenersAtLastAcquire = getEventListeners(signal, 'abort').length;
      stop.abort();
    });
    const counts = { begun: 0, halted: 0, reports: 0 };
    const session: LeaderSession = {
      begin: async () => {
        counts.begun++;
        setImmediate(() => lock.loseNow());
      },
      halt: async () => void counts.halted++,
      pause: async () => undefined,
      report: () => void counts.reports++,
    };
    await whileLeading(lock, stop.signal, session);
    expect(lock.acquired).toBe(51);
    expect(counts).toEqual({ begun: 50, halted: 50, reports: 50 }); // each loss reported, each session halted
    expect(listenersAtLastAcquire).toBe(0);
    expect(getEventListeners(stop.signal, 'abort')).toHaveLength(0);
  });

  it('a stop while leading ends the session and removes its listener', async () => {
    const stop = new AbortController();
    const lock = new FlappingLock(Infinity, () => undefined);
    let halted = 0;
    const session: LeaderSession = {
      begin: async () => void setImmediate(() => stop.abort()),
      halt: async () => void halted++,
      pause: async () => undefined,
      report: () => undefined,
    };
    await whileLeading(lock, stop.signal, session);
    expect(halted).toBe(1);
    expect(getEventListeners(stop.signal, 'abort')).toHaveLength(0);
  });
});
