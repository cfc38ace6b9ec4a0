import { describe, expect, it } from '@jest/globals';
import { checkedBody, compileBody, described, int, list, named, object, oneOf, onlyWhen, openApiSchema, optional, text } from './body-schema.js';
import type { ProblemException } from './problem.js';

const check = compileBody(
  object({
    at: optional({ type: 'string', format: 'iso-8601' }),
    seat: oneOf([0, 1]),
    note: optional(text(1, 5)),
    players: list(object({ id: text(1, 10), points: optional(int(0, 9)) }), { min: 1, max: 2 }),
  }),
);
const refusal = (body: unknown) => {
  try {
    checkedBody(check, body);
  } catch (e) {
    return e as ProblemException;
  }
  throw new Error('accepted');
};

describe('declared bodies (JSON Schema, ajv)', () => {
  it('accepts a body that keeps every rule, and returns it as sent', () => {
    const body = { seat: 1, players: [{ id: 'ann', points: 3 }], at: '2026-11-29T10:03:12.000Z' };
    expect(checkedBody(check, body)).toBe(body);
  });

  it('refuses an unknown field naming it, with the rule every other route gives it (whitelistValidation)', () => {
    const e = refusal({ seat: 0, players: [{ id: 'a', colour: 'red' }] });
    expect(e.status).toBe(400);
    expect(e.code).toBe('validation/failed');
    expect(e.extras.errors).toEqual([{ field: 'players[0].colour', rule: 'whitelistValidation', message: 'property players[0].colour should not exist' }]);
    expect(e.extras).toMatchObject({ field: 'players[0].colour', rule: 'whitelistValidation' });
  });

  it('names a missing field, a value out of its list and a null where a text is due, each with its rule', () => {
    const e = refusal({ seat: 2, note: null });
    expect(e.extras.errors).toEqual([
      expect.objectContaining({ field: 'players', rule: 'required' }),
      expect.objectContaining({ field: 'seat', rule: 'enum', message: 'seat must be equal to one of the allowed values: 0, 1' }),
      expect.objectContaining({ field: 'note', rule: 'type' }),
    ]);
    expect(e.detail).toContain('seat: seat must be equal to one of the allowed values');
  });

  it('reads `at` as ISO-8601, strictly (an impossible date is refused)', () => {
    expect(refusal({ seat: 0, players: [{ id: 'a' }], at: '2026-02-30T10:00:00Z' }).extras.field).toBe('at');
    expect(checkedBody(check, { seat: 0, players: [{ id: 'a' }], at: '2026-11-29T10:03:12+08:00' })).toBeTruthy();
  });

  it('shows a named part as a component of the OpenAPI document, and refuses two different schemas of one name', () => {
    const reading = named('Reading', object({ ms: int(0, 10) }));
    const components: Record<string, unknown> = {};
    const doc = openApiSchema(object({ reading: optional(described('the clock', reading)) }), components);
    expect(doc).toEqual({
      type: 'object',
      properties: { reading: { description: 'the clock', allOf: [{ $ref: '#/components/schemas/Reading' }] } },
      additionalProperties: false,
    });
    expect(components.Reading).toEqual({
      type: 'object',
      properties: { ms: { type: 'integer', minimum: 0, maximum: 10 } },
      required: ['ms'],
      additionalProperties: false,
    });
    expect(() => openApiSchema(named('Reading', object({ ms: int(0, 11) })), components)).toThrow('two request schemas are named Reading');
  });

  it('refuses a field of one kind sent on another (onlyWhen), and requires it where it applies', () => {
    const outcome = compileBody(object({ outcome: onlyWhen('kind', 'win', { kind: oneOf(['win', 'drawn']), winner: oneOf([0, 1]) }, ['winner']) }));
    const refused = (body: unknown) => {
      try {
        checkedBody(outcome, body);
      } catch (e) {
        return (e as ProblemException).extras.errors;
      }
      return null;
    };
    expect(refused({ outcome: { kind: 'drawn', winner: 0 } })).toEqual([
      { field: 'outcome.winner', rule: 'onlyWhen', message: 'outcome.winner applies only when kind is win' },
    ]);
    expect(refused({ outcome: { kind: 'win' } })).toEqual([{ field: 'outcome.winner', rule: 'required', message: 'outcome.winner is required' }]);
    expect(refused({ outcome: { kind: 'win', winner: 1 } })).toBeNull();
    expect(refused({ outcome: { kind: 'drawn' } })).toBeNull();
  });
});
