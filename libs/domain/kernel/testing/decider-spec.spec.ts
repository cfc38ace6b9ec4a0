import { describe, expect, it } from '@jest/globals';
import type { Decider, DomainEvent } from '../decider.js';
import { Emitter } from '../emitter.js';
import { refuse } from '../errors.js';
import { deciderSpec } from './decider-spec.js';

/** A counter that emits one event per step and refuses to pass a limit: enough to test the helper itself. */
type Added = DomainEvent<'added', { by: number }>;
type Command = { type: 'add'; steps: number };
const counter: Decider<Command, Added, number> = {
  initialState: () => 0,
  evolve: (n, e) => n + e.data.by,
  decide(c, n) {
    const em = new Emitter<Added, number>(n, counter.evolve);
    for (let i = 0; i < c.steps; i++) {
      if (em.state >= 3) refuse('counter/full', `the counter holds at most 3 (at ${em.state})`, 'test rule §1', { field: 'steps' });
      em.emit({ type: 'added', data: { by: 1 } });
    }
    return em.events;
  },
};
const spec = deciderSpec(counter);
const added = { type: 'added', data: { by: 1 } } as const;

describe('the decider spec helper', () => {
  it('then: the events recorded, in order, and no more', () => {
    spec.given([]).when({ type: 'add', steps: 2 }).then([added, added]);
    expect(() => spec.given([]).when({ type: 'add', steps: 2 }).then([added])).toThrow();
  });

  it('the emitter folds as it emits: a later step sees the earlier ones', () => {
    spec.given([added, added]).when({ type: 'add', steps: 2 }).thenRefuses('counter/full', { field: 'steps', rule: '§1' });
    expect(spec.given([added]).when({ type: 'add', steps: 2 }).thenState()).toBe(3);
  });

  it('thenRefuses fails when the command is accepted or refused otherwise', () => {
    expect(() => spec.given([]).when({ type: 'add', steps: 1 }).thenRefuses('counter/full')).toThrow(/was accepted/);
    expect(() => spec.given([added, added, added]).when({ type: 'add', steps: 1 }).thenRefuses('counter/full', { field: 'other' })).toThrow();
  });
});
