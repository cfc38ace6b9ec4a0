import { describe, expect, it } from '@jest/globals';
import { DomainError } from '../../domain/kernel/index.js';
import { ProblemException } from '../problem.js';
import { divisionOf } from './tournament-command.js';

/** Issue 8: a read's division goes through the domain's resolveDivision; over HTTP a missing one is a 400, an unknown one a 404. */
describe('divisionOf (reads)', () => {
  const t = { id: 't1', divisions: ['A', 'B'] };
  const thrown = (f: () => unknown): unknown => {
    try {
      f();
    } catch (e) {
      return e;
    }
    throw new Error('expected a refusal');
  };

  it('answers a missing division with 400 "say which" naming the query field', () => {
    const e = thrown(() => divisionOf(t, undefined));
    expect(e).toBeInstanceOf(ProblemException);
    expect([(e as ProblemException).status, (e as ProblemException).code, (e as ProblemException).extras.field]).toEqual([
      400,
      'validation/failed',
      'division',
    ]);
    expect((e as ProblemException).detail).toBe('tournament t1 has divisions A, B: say which');
  });

  it('answers an unknown division as not found (404 tournament/unknown-division)', () => {
    const e = thrown(() => divisionOf(t, 'C'));
    expect(e).toBeInstanceOf(DomainError);
    expect([(e as DomainError).type, (e as DomainError).kind, (e as DomainError).field]).toEqual(['tournament/unknown-division', 'not-found', 'division']);
  });
});
