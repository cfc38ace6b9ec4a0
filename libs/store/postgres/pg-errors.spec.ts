import { describe, expect, it } from '@jest/globals';
import { StoreUnavailableError } from '../event-store.port.js';
import { asStoreError, isConnectionFailure } from './pg-errors.js';

const withCode = (code: string, message = code) => Object.assign(new Error(message), { code });

describe('PostgreSQL connection failures', () => {
  it('counts a restart (57P01, 57P03), a refused or cut socket and class 08 as unavailable', () => {
    for (const e of [
      withCode('57P01'),
      withCode('57P03'),
      withCode('ECONNREFUSED'),
      withCode('ECONNRESET'),
      withCode('08006'),
      new Error('Connection terminated unexpectedly'),
    ]) {
      expect(isConnectionFailure(e)).toBe(true);
      expect(asStoreError(e)).toBeInstanceOf(StoreUnavailableError);
    }
  });

  it('leaves a refusal by the database as it is (a unique violation, a syntax error)', () => {
    for (const e of [withCode('23505'), withCode('42601'), new Error('stream s: expected revision 1, actual 2')]) {
      expect(isConnectionFailure(e)).toBe(false);
      expect(asStoreError(e)).toBe(e);
    }
  });
});
