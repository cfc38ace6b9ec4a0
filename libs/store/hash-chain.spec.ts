import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { canonicalJson } from '../domain/kernel/index.js';
import { eventHash, hashCanonical } from './hash-chain.js';

describe('hash chain', () => {
  it('hashes pre-serialized canonical parts exactly like the whole envelope', () => {
    fc.assert(
      fc.property(fc.uuid(), fc.string(), fc.nat(), fc.string(), fc.jsonValue(), (id, stream, revision, type, data) => {
        const meta = {
          actor: { id: 'a', role: 'arbiter' as const },
          commandId: 'c',
          correlationId: 'c',
          causationId: null,
          recordedAt: '2026-01-01T00:00:00Z',
          schemaVersion: 1,
          prevHash: null,
        };
        expect(hashCanonical(id, stream, revision, type, canonicalJson(data), canonicalJson(meta))).toBe(eventHash({ id, stream, revision, type, data, meta }));
      }),
    );
  });
});
