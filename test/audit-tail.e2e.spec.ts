import { describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BrokenLogError } from '../apps/records/audit-wiring.js';
import { TAIL_ACCEPTED } from '../apps/records/unsigned-tail.js';
import { rewriteLog } from '../libs/store/testing/tamper.js';
import { recordTournament, signingKeyFile } from './support/audit-scenario.js';
import { RecordsHarness } from './support/records-harness.js';

/** Issue 32, "the unsigned tail": signed at clean shutdown; a tail found at start is refused unless accepted, on the record. */
describe('the unsigned tail (issue 32)', () => {
  const keyed = (key: string) => ({ signingKeyFile: key, checkpointEveryEvents: 1000, acceptUnsignedTail: false, allowBrokenLog: false });
  const unkeyed = { signingKeyFile: undefined, acceptUnsignedTail: false };

  it('a clean shutdown signs the head: the next start finds no tail', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'arbitra-tail-'));
    const h = await RecordsHarness.start(dataDir, keyed(signingKeyFile()));
    await recordTournament(h, 'tail-clean');
    await h.stop();
    await h.boot();
    const head = await h.core.store.headPosition();
    const cps = (await h.http().get('/v1/audit/checkpoints?limit=1000').expect(200)).body.checkpoints as Array<{ position: number }>;
    expect(cps.at(-1)?.position).toBe(head);
    await h.stop();
  });

  it('a forged ResultCorrected appended after the last checkpoint while the server was stopped: start refused', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'arbitra-tail-forged-'));
    const h = await RecordsHarness.start(dataDir, keyed(signingKeyFile()));
    await recordTournament(h, 'tail-forged');
    await h.stop();
    const signedHead = (await h.boot(), await h.core.store.headPosition());
    await h.stop();
    // Well formed: its stream's next revision, every hash and global link recomputed.
    rewriteLog(
      join(dataDir, 'events.db'),
      (events) => {
        const result = events.filter((e) => e.type === 'tournament.ResultRecorded').at(-1)!;
        const last = events.filter((e) => e.stream === result.stream).at(-1)!;
        const forged = { ...result, id: randomUUID(), revision: last.revision + 1, type: 'tournament.ResultCorrected' };
        return [...events, forged];
      },
      { rehash: 'all' },
    );
    await expect(h.boot()).rejects.toThrow(BrokenLogError);
    await expect(h.boot()).rejects.toThrow(new RegExp(`1 events past the last signed checkpoint \\(position ${signedHead}, head ${signedHead + 1}\\)`));
  });

  it('a tail left unsigned (a server without the key appended) is signed only with --accept-unsigned-tail, which is recorded', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'arbitra-tail-accept-'));
    const key = signingKeyFile();
    const h = await RecordsHarness.start(dataDir, keyed(key));
    await recordTournament(h, 'tail-a');
    await h.stop();
    const signed = (await h.boot(), await h.core.store.headPosition());
    await h.stop();
    h.audit = { ...h.audit, ...unkeyed };
    await h.boot();
    await h.post('/v1/tournaments', { id: 'tail-b', name: 'Tail B', discipline: 'scrabble', pairingSystems: ['round-robin'] }, h.token('admin'));
    const head = await h.core.store.headPosition();
    await h.stop();

    h.audit = { ...h.audit, ...keyed(key) };
    await expect(h.boot()).rejects.toThrow(/past the last signed checkpoint.*--accept-unsigned-tail/);
    h.audit = { ...h.audit, acceptUnsignedTail: true };
    await h.boot();
    const [accepted] = await h.core.store.readAll(head, 1);
    expect(accepted).toMatchObject({
      type: TAIL_ACCEPTED,
      meta: { actor: { id: 'operator', role: 'system' } },
      data: { checkpoint: { position: signed }, head: { position: head }, events: head - signed, flag: '--accept-unsigned-tail' },
    });
    const cps = (await h.http().get('/v1/audit/checkpoints?limit=1000').expect(200)).body.checkpoints as Array<{ position: number }>;
    expect(cps.at(-1)?.position).toBe(accepted.position);
    await h.stop();
    // Once accepted and signed, a start needs no flag.
    h.audit = { ...h.audit, acceptUnsignedTail: false };
    await h.boot();
    await h.stop();
  });

  it('a start where the read models are ahead of the log (its unsigned tail cut) is refused as tampering', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'arbitra-tail-cut-'));
    const key = signingKeyFile();
    const h = await RecordsHarness.start(dataDir, keyed(key));
    await recordTournament(h, 'tail-cut');
    await h.stop();
    const signed = (await h.boot(), await h.core.store.headPosition());
    await h.stop();
    h.audit = { ...h.audit, ...unkeyed };
    await h.boot();
    await h.post('/v1/tournaments', { id: 'tail-cut-2', name: 'Cut 2', discipline: 'scrabble', pairingSystems: ['round-robin'] }, h.token('admin'));
    await h.get('/v1/tournaments/tail-cut-2').expect(200);
    await h.stop();
    // The tail past the signed checkpoint cut: the log's chains and checkpoints all hold.
    rewriteLog(join(dataDir, 'events.db'), (events) => events.slice(0, signed), { rehash: 'none' });
    for (const audit of [keyed(key), unkeyed]) {
      h.audit = { ...h.audit, ...audit };
      await expect(h.boot()).rejects.toThrow(new RegExp(`read models are ahead of the log: .* applied position \\d+, the log ends at ${signed}`));
    }
  });
});
