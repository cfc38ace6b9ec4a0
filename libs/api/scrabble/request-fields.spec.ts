import { describe, expect, it } from '@jest/globals';
import { DomainError } from '../../domain/kernel/index.js';
import { naming, requestField } from '../games/request-fields.js';
import { IMPORT_FIELDS, moveFields, overdrawFields } from './request-fields.js';

describe('refusals name the field the client sent', () => {
  it('maps command fields to request fields per endpoint (exact names and prefixes), leaving others as they are', () => {
    expect(requestField('text', IMPORT_FIELDS)).toBe('gcg');
    expect(requestField('players[1].id', IMPORT_FIELDS)).toBe('gcg');
    expect(requestField('players[1].id', { 'players[': 'gcg[' })).toBe('gcg[1].id');
    expect(requestField('move.tiles', moveFields({ move: { kind: 'play' } }))).toBe('move.placements');
    expect(requestField('move.tiles', moveFields({ move: { kind: 'exchange' } }))).toBe('move.tiles');
    expect(requestField('shown', overdrawFields({ returned: ['A'] }))).toBe('shownCount');
    expect(requestField('returned', overdrawFields({ returned: ['A'] }))).toBe('returned');
    expect(requestField('move.word', IMPORT_FIELDS)).toBe('gcg');
    expect(requestField('seat', moveFields({ move: { kind: 'play' } }))).toBe('seat');
  });
  it('a domain refusal keeps its type, rule and kind and names the request field', async () => {
    const work = () => {
      throw new DomainError('scrabble/gcg-bad-line', 'line 3', 'GCG format', 'invalid', 'text');
    };
    await expect(naming(IMPORT_FIELDS, work)).rejects.toMatchObject({ type: 'scrabble/gcg-bad-line', rule: 'GCG format', kind: 'invalid', field: 'gcg' });
  });
});
