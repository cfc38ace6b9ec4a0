import { describe, expect, it } from '@jest/globals';
import { DomainError } from '../kernel/index.js';
import { DIVISION_REQUIRED, resolveDivision } from './division.js';
import { RULES } from './rules.js';

/** Issue 8: one division resolver for commands, reads and game links; its refusals name the field the client sent. */
describe('resolveDivision', () => {
  const two = { id: 't1', divisions: ['A', 'B'] };
  const refusal = (f: () => unknown): DomainError => {
    try {
      f();
    } catch (e) {
      if (e instanceof DomainError) return e;
      throw e;
    }
    throw new Error('expected a refusal');
  };

  it('takes the only division when none is given, and a given one that exists', () => {
    expect(resolveDivision({ id: 't1', divisions: ['main'] }, undefined)).toBe('main');
    expect(resolveDivision(two, 'B')).toBe('B');
  });

  it('asks which division when there are several, naming the field the client sent', () => {
    const e = refusal(() => resolveDivision(two, undefined, 'link.division'));
    expect({ type: e.type, field: e.field, rule: e.rule, message: e.message }).toEqual({
      type: DIVISION_REQUIRED,
      field: 'link.division',
      rule: RULES.division,
      message: 'tournament t1 has divisions A, B: say which',
    });
  });

  it('refuses a division the tournament does not have as not found', () => {
    const e = refusal(() => resolveDivision(two, 'C'));
    expect([e.type, e.kind, e.field, e.message]).toEqual([
      'tournament/unknown-division',
      'not-found',
      'division',
      'division C does not exist in tournament t1',
    ]);
  });
});
