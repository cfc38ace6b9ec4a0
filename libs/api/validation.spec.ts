import type { ValidationError } from '@nestjs/common';
import { fieldPath, flattenValidationErrors, oversizedNumber, tooDeep } from './validation.js';

describe('a refusal names the field the client sent', () => {
  it('plain names and indexes read as the client wrote them', () => {
    expect(fieldPath('', 'players')).toBe('players');
    expect(fieldPath('players', 0)).toBe('players[0]');
    expect(fieldPath('players[0]', 'name')).toBe('players[0].name');
    expect(fieldPath('', 'time-control')).toBe('time-control');
  });

  it('a key that is not a plain name is quoted, so the path cannot be read as another property', () => {
    expect(fieldPath('', '')).toBe('[""]');
    expect(fieldPath('', 'a.b')).toBe('["a.b"]');
    expect(fieldPath('x', '[0]')).toBe('x["[0]"]');
    expect(fieldPath('', '0')).toBe('["0"]');
  });

  it('an oversized number under a property named "" is reported under [""], not as the index [0]', () => {
    expect(oversizedNumber({ '': [1e12] })).toBe('[""][0]');
    expect(oversizedNumber({ 'a.b': { c: 1e12 } })).toBe('["a.b"].c');
    expect(oversizedNumber({ rounds: [{ score: 1 }, { score: -1e12 }] })).toBe('rounds[1].score');
  });

  it('the depth check reports the path the same way', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 40; i++) deep = { 'k k': deep };
    expect(tooDeep(deep)).toMatch(/^\["k k"\]\["k k"\]/);
  });

  it("class-validator's tree is flattened with items by index and odd keys quoted", () => {
    const errors = [
      { property: 'players', children: [{ property: '1', children: [{ property: 'name', constraints: { isString: 'name must be a string' } }] }] },
      { property: '', constraints: { whitelistValidation: 'property  should not exist' } },
    ] as unknown as ValidationError[];
    expect(flattenValidationErrors(errors).map((f) => f.field)).toEqual(['players[1].name', '[""]']);
  });
});
