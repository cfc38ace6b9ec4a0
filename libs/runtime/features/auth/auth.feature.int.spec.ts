import { describe, expect, it } from '@jest/globals';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { InProcessEventBus } from '../../../bus/in-process-event-bus.js';
import type { NewEvent } from '../../../store/event-store.port.js';
import { SqliteEventStore } from '../../../store/sqlite/sqlite-event-store.js';
import { TOKEN_REVOCATIONS_STREAM, TokenRevocations } from './auth.feature.js';

const revoked = (jti: string): NewEvent => ({
  id: `00000000-0000-8000-8000-${jti.padStart(12, '0').slice(-12)}`,
  type: 'auth.TokenRevoked',
  data: { jti, by: { id: 'admin-1', role: 'admin' }, reason: 'lost', at: '2026-11-30T10:00:00.000Z' },
  meta: {
    actor: { id: 'admin-1', role: 'admin' },
    commandId: `c-${jti}`,
    correlationId: `c-${jti}`,
    causationId: null,
    recordedAt: '2026-11-30T10:00:00.000Z',
    schemaVersion: 1,
  },
});

describe('the revoked-token list', () => {
  it('skips no revocation: one appended by another process before one this process publishes is still read (review S1)', async () => {
    const store = new SqliteEventStore({ path: join(mkdtempSync(join(tmpdir(), 'arbitra-revoked-')), 'events.db') });
    const bus = new InProcessEventBus();
    const list = await TokenRevocations.start({ store, bus }, 0);
    // The CLI (another process) revokes X: this process is not told.
    await store.append(TOKEN_REVOCATIONS_STREAM, [revoked('000000000x01')], 'any');
    // This process revokes Y and publishes it.
    const mine = await store.append(TOKEN_REVOCATIONS_STREAM, [revoked('000000000y02')], 'any');
    await bus.publish(mine.events);
    expect(list.isRevoked('000000000y02')).toBeDefined();
    await list.refresh();
    expect(list.isRevoked('000000000x01')).toBeDefined();
    list.close();
    await store.close();
  });
});
