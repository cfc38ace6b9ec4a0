import { describe, expect, it } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RecordsHarness } from './support/records-harness.js';

/** The built CLI (`npm run arbitra -- …`): needs `npm run build` first (npm test does it). */
const cli = join(new URL('..', import.meta.url).pathname, 'dist/apps/records/cli.js');

function arbitra(dataDir: string, ...args: string[]) {
  if (!existsSync(cli)) throw new Error(`${cli} is missing: run \`npm run build\` first`);
  return spawnSync(process.execPath, [cli, ...args], { env: { ...process.env, ARBITRA_DATA_DIR: dataDir, ARBITRA_SQLITE_SYNC: 'NORMAL' }, encoding: 'utf8' });
}

describe('CLI tokens: TTL cap and revocation (issue 7 item 7)', () => {
  it('refuses --ttl 100y with a message naming the maximum, and prints the jti of a token it issues', () => {
    const dir = mkdtempSync(join(tmpdir(), 'arbitra-cli-'));
    const long = arbitra(dir, 'token', '--role', 'admin', '--ttl', '100y');
    expect(long.status).toBe(2);
    expect(long.stdout).toBe('');
    expect(long.stderr).toContain('ttl 100y is longer than the maximum token lifetime 90d (ARBITRA_TOKEN_MAX_TTL)');
    const ok = arbitra(dir, 'token', '--role', 'admin', '--ttl', '90d');
    expect(ok.status).toBe(0);
    expect(ok.stdout).toMatch(/^ey/);
    expect(ok.stderr).toMatch(/token id \(jti\): [0-9a-f-]{36}, expires /);
  });

  it('`revoke --jti` records auth.TokenRevoked in the data dir; the server refuses that token from its next start', async () => {
    const h = await RecordsHarness.start();
    try {
      const token = h.token('admin', [], 'ops-1');
      await h.http().get('/v1/events').set('authorization', token).expect(200);
      const jti = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8')).jti as string;
      await h.stop();
      const noReason = arbitra(h.config.dataDir, 'revoke', '--jti', jti);
      expect(noReason.status).toBe(2);
      const r = arbitra(h.config.dataDir, 'revoke', '--jti', jti, '--reason', 'left the federation', '--by', 'secretary');
      expect(r.stderr).toBe('');
      expect(r.status).toBe(0);
      expect(r.stdout).toContain(`revoked ${jti}`);
      await h.boot();
      const refused = await h.http().get('/v1/events').set('authorization', token).expect(401);
      expect(refused.body.detail).toContain('revoked');
      const list = await h.http().get('/v1/auth/revocations').set('authorization', h.token('admin')).expect(200);
      expect(list.body.revocations).toEqual([expect.objectContaining({ jti, reason: 'left the federation', by: { id: 'secretary', role: 'admin' } })]);
    } finally {
      await h.stop();
    }
  });
});
