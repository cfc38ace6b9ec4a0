import { afterEach, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { loadAuditConfig } from '../apps/records/audit-config.js';
import { BrokenLogError, cliSigning } from '../apps/records/audit-wiring.js';
import { FEATURES } from '../apps/records/registry.js';
import { ArbitraCore } from '../libs/runtime/arbitra-core.js';
import { loadConfig } from '../libs/runtime/config.js';
import { PostgresEventStore } from '../libs/store/postgres/postgres-event-store.js';
import { TAIL_ACCEPTED } from '../apps/records/unsigned-tail.js';
import type { EventMeta } from '../libs/store/event-store.port.js';
import { rewritePostgresLog } from '../libs/store/postgres/testing/pg-tamper.js';
import { describeWithPostgres, freshDatabase } from '../libs/store/postgres/testing/pg-test-env.js';
import { recordTournament, signingKeyFile } from './support/audit-scenario.js';
import { RecordsHarness } from './support/records-harness.js';
import { SseClient } from './support/sse-client.js';
import type { TokenRevocations } from '../libs/runtime/features/auth/index.js';

/**
 * Issue 32's store attacks on a PostgreSQL log, as test/audit-store-checks and test/audit-tail make them on SQLite:
 * what the hash chains cannot see (triggers, the command_id and hash columns, the allocator) and the unsigned tail.
 * The tamperer has the database owner's rights and uses plain SQL.
 */
describeWithPostgres('issue 32 store attacks on PostgreSQL', (serverUrl) => {
  const cleanup: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const c of cleanup.splice(0).reverse()) await c();
  });

  const keyed = (key: string) => ({ signingKeyFile: key, checkpointEveryEvents: 1000, acceptUnsignedTail: false, allowBrokenLog: false });
  const unkeyed = { signingKeyFile: undefined, acceptUnsignedTail: false };

  /** A database of its own and a server on it (its own data dir), stopped by the test or at its end. */
  async function server(
    url?: string,
    audit = {},
    env: Record<string, string> = {},
  ): Promise<{ h: RecordsHarness; url: string; sql: (q: string, v?: unknown[]) => Promise<pg.QueryResult> }> {
    if (!url) {
      const db = await freshDatabase(serverUrl, 'arbitra_i32');
      cleanup.push(db.drop);
      url = db.url;
    }
    const h = await RecordsHarness.start(mkdtempSync(join(tmpdir(), 'arbitra-i32-pg-')), audit, { ARBITRA_STORE: 'postgres', ARBITRA_PG_URL: url, ...env });
    cleanup.push(async () => {
      await h.stop().catch(() => undefined);
    });
    const dbUrl = url;
    const sql = async (q: string, v: unknown[] = []) => {
      const c = new pg.Client({ connectionString: dbUrl });
      await c.connect();
      try {
        return await c.query(q, v);
      } finally {
        await c.end();
      }
    };
    return { h, url, sql };
  }

  async function recorded() {
    const s = await server();
    const admin = s.h.token('admin');
    await s.h.post('/v1/tournaments', { id: 'pg-open', name: 'PG Open', discipline: 'scrabble', pairingSystems: ['round-robin'] }, admin, 201, {
      'idempotency-key': 'create-pg-open',
    });
    await s.h.post('/v1/tournaments/pg-open/players', { id: 'ann', name: 'Ann' }, admin);
    await s.h.stop();
    return s;
  }

  it('the command_id column edited away from meta.commandId (a retry would be recorded twice): start refused naming the position', async () => {
    const { h, sql } = await recorded();
    const { rows } = await sql("SELECT position FROM events WHERE command_id LIKE '%create-pg-open'");
    const position = Number(rows[0].position);
    await sql('ALTER TABLE events DISABLE TRIGGER events_no_update');
    await sql("UPDATE events SET command_id = 'something-else' WHERE position = $1", [position]);
    await sql('ALTER TABLE events ENABLE TRIGGER events_no_update');
    await expect(h.boot()).rejects.toThrow(BrokenLogError);
    await expect(h.boot()).rejects.toThrow(new RegExp(`position ${position}: the command_id column says something-else`));
  });

  it('the hash column or the position allocator edited (the next append would chain from them): start refused', async () => {
    const { h, sql } = await recorded();
    const head = Number((await sql('SELECT max(position) AS p FROM events')).rows[0].p);
    await sql('ALTER TABLE events DISABLE TRIGGER events_no_update');
    await sql("UPDATE events SET hash = 'f00d' WHERE position = 1");
    await sql('ALTER TABLE events ENABLE TRIGGER events_no_update');
    await expect(h.boot()).rejects.toThrow(/position 1: the hash column says f00d, the event's meta.hash [0-9a-f]{64}/);
    await sql('ALTER TABLE events DISABLE TRIGGER events_no_update');
    await sql("UPDATE events SET hash = meta::json->>'hash' WHERE position = 1");
    await sql('ALTER TABLE events ENABLE TRIGGER events_no_update');
    await sql("UPDATE log_head SET hash = 'f00d'");
    await expect(h.boot()).rejects.toThrow(new RegExp(`log_head\\) says position ${head} hash f00d, the log's last event is at ${head}`));
  });

  it('an immutability trigger dropped, disabled, or its function made to let edits through: start refused naming it', async () => {
    const { h, sql } = await recorded();
    await sql('DROP TRIGGER events_no_update ON events');
    await expect(h.boot()).rejects.toThrow(/the immutability triggers events_no_update were dropped/);
    await sql('CREATE TRIGGER events_no_update BEFORE UPDATE OR DELETE ON events FOR EACH ROW EXECUTE FUNCTION arbitra_events_immutable()');
    await h.boot(); // put back as the schema made it: the log is as it was
    await h.stop();

    await sql('ALTER TABLE checkpoints DISABLE TRIGGER checkpoints_no_truncate');
    await expect(h.boot()).rejects.toThrow(/the immutability triggers checkpoints_no_truncate are disabled/);
    await sql('ALTER TABLE checkpoints ENABLE TRIGGER checkpoints_no_truncate');

    await sql('CREATE OR REPLACE FUNCTION arbitra_events_immutable() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN OLD; END $$');
    await expect(h.boot()).rejects.toThrow(/the immutability triggers events_no_update, events_no_truncate were changed/);
  });

  it('a log stripped of its global chain (every stream re-hashed) fails, not a note', async () => {
    const { h, url } = await recorded();
    await rewritePostgresLog(
      url,
      (events) =>
        events.map((e) => {
          const { globalPrevHash: _dropped, ...meta } = e.meta;
          return { ...e, meta: meta as EventMeta };
        }),
      { rehash: 'streams' },
    );
    await expect(h.boot()).rejects.toThrow(/no event carries a global link: the global chain was stripped/);
  });

  it('a forged ResultCorrected appended after the last checkpoint while no server ran: start refused', async () => {
    const { h, url } = await server(undefined, keyed(signingKeyFile()));
    await recordTournament(h, 'pg-tail-forged');
    await h.stop();
    const signedHead = (await h.boot(), await h.core.store.headPosition());
    await h.stop();
    await rewritePostgresLog(
      url,
      (events) => {
        const result = events.filter((e) => e.type === 'tournament.ResultRecorded').at(-1)!;
        const last = events.filter((e) => e.stream === result.stream).at(-1)!;
        return [...events, { ...result, id: randomUUID(), revision: last.revision + 1, type: 'tournament.ResultCorrected' }];
      },
      { rehash: 'all' },
    );
    await expect(h.boot()).rejects.toThrow(BrokenLogError);
    await expect(h.boot()).rejects.toThrow(new RegExp(`1 events past the last signed checkpoint \\(position ${signedHead}, head ${signedHead + 1}\\)`));
  });

  it('a tail left unsigned is signed only with --accept-unsigned-tail (recorded); another live server’s tail is its own', async () => {
    const key = signingKeyFile();
    const { h, url } = await server(undefined, keyed(key));
    await recordTournament(h, 'pg-tail-a');
    const signed = (await h.restart(), await h.core.store.headPosition());
    // A second server on the same log, started while the first runs with events past the last checkpoint: not refused.
    await h.post('/v1/tournaments', { id: 'pg-tail-b', name: 'Tail B', discipline: 'scrabble', pairingSystems: ['round-robin'] }, h.token('admin'));
    expect(await h.core.store.headPosition()).toBeGreaterThan(signed);
    const other = (await server(url, keyed(key))).h;
    await other.stop();
    await h.stop();
    // Both stopped cleanly: the head is signed, nothing to accept.
    await h.boot();
    await h.stop();

    // A server without the key appends and stops: its events carry no seal, so the next keyed start, alone, refuses.
    h.audit = { ...h.audit, ...unkeyed };
    await h.boot();
    const from = await h.core.store.headPosition();
    await h.post('/v1/tournaments', { id: 'pg-tail-c', name: 'Tail C', discipline: 'scrabble', pairingSystems: ['round-robin'] }, h.token('admin'));
    const head = await h.core.store.headPosition();
    await h.stop();
    h.audit = { ...h.audit, ...keyed(key) };
    await expect(h.boot()).rejects.toThrow(
      new RegExp(`${head - from} events past the last signed checkpoint \\(position ${from}, head ${head}\\).*--accept-unsigned-tail`),
    );
    h.audit = { ...h.audit, acceptUnsignedTail: true };
    await h.boot();
    const [accepted] = await h.core.store.readAll(head, 1);
    expect(accepted).toMatchObject({
      type: TAIL_ACCEPTED,
      meta: { actor: { id: 'operator', role: 'system' } },
      data: { checkpoint: { position: from }, head: { position: head }, events: head - from, flag: '--accept-unsigned-tail' },
    });
    const cps = (await h.http().get('/v1/audit/checkpoints?limit=1000').expect(200)).body.checkpoints as Array<{ position: number }>;
    expect(cps.at(-1)?.position).toBe(accepted.position);
    await h.stop();
    h.audit = { ...h.audit, acceptUnsignedTail: false };
    await h.boot();
  });

  it('a start where the read models are ahead of the log (its unsigned tail cut) is refused as tampering', async () => {
    const key = signingKeyFile();
    const { h, url } = await server(undefined, keyed(key));
    await recordTournament(h, 'pg-tail-cut');
    const signed = (await h.restart(), await h.core.store.headPosition());
    await h.stop();
    h.audit = { ...h.audit, ...unkeyed };
    await h.boot();
    await h.post('/v1/tournaments', { id: 'pg-tail-cut-2', name: 'Cut 2', discipline: 'scrabble', pairingSystems: ['round-robin'] }, h.token('admin'));
    await h.get('/v1/tournaments/pg-tail-cut-2').expect(200);
    await h.stop();
    await rewritePostgresLog(url, (events) => events.slice(0, signed), { rehash: 'none' });
    for (const audit of [keyed(key), unkeyed]) {
      h.audit = { ...h.audit, ...audit };
      await expect(h.boot()).rejects.toThrow(new RegExp(`read models are ahead of the log: .* applied position \\d+, the log ends at ${signed}`));
    }
  });

  it('a revocation recorded by another server on the log ends this server’s open live stream of that token', async () => {
    const shared = { ARBITRA_JWT_SECRET: 'one-secret-for-both-servers-of-this-test' };
    const a = await server(undefined, {}, shared);
    const b = (await server(a.url, {}, shared)).h;
    const chief = a.h.token('chief-arbiter', ['pg-live'], 'chief-live');
    await a.h.post('/v1/tournaments', { id: 'pg-live', name: 'PG Live', discipline: 'scrabble', pairingSystems: ['round-robin'] }, chief);
    await a.h.app.listen(0, '127.0.0.1');
    const base = `http://127.0.0.1:${(a.h.app.getHttpServer().address() as AddressInfo).port}`;
    const { token, jti } = a.h.tokens.issueWithId({ sub: 'arbiter-elsewhere', role: 'arbiter', tournaments: ['pg-live'] });
    const stream = await SseClient.open(base, '/v1/tournaments/pg-live/live', { authorization: `Bearer ${token}` });
    try {
      await stream.waitFor(stream.has('tournament.TournamentCreated'));
      await b.post('/v1/auth/revocations', { jti, reason: 'revoked at the other server' }, b.token('admin'));
      // Read from the log as the periodic refresh does (every 5 s), without waiting for its timer.
      await (a.h as unknown as { revocations: TokenRevocations }).revocations.refresh();
      await stream.ended;
      expect(stream.events.at(-1)).toMatchObject({ event: 'end', data: { reason: 'token-revoked' } });
    } finally {
      stream.close();
    }
  });

  it('`revoke` (the CLI’s signing) on PostgreSQL: refused over a tail no running server owns, not while a server runs', async () => {
    const key = signingKeyFile();
    const { h, url } = await server(undefined, keyed(key));
    await h.post('/v1/tournaments', { id: 'pg-cli', name: 'PG CLI', discipline: 'scrabble', pairingSystems: ['round-robin'] }, h.token('admin'));
    await h.restart();
    await h.post('/v1/tournaments/pg-cli/players', { id: 'ann', name: 'Ann' }, h.token('admin'));
    // As cli.ts builds it for `revoke`: its own store and core on the same log.
    const cli = async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'arbitra-i32-cli-'));
      const config = loadConfig({ ARBITRA_DATA_DIR: dataDir, ARBITRA_STORE: 'postgres', ARBITRA_PG_URL: url });
      const core = new ArbitraCore({ config, store: await PostgresEventStore.open({ connectionString: url }), features: FEATURES });
      try {
        const signing = await cliSigning(core, dataDir, { ...loadAuditConfig({}), signingKeyFile: key });
        return typeof signing === 'string' ? signing : 'may append';
      } finally {
        await core.close();
      }
    };
    // The running server's tail is its own to sign.
    expect(await cli()).toBe('may append');
    await h.stop();
    h.audit = { ...h.audit, ...unkeyed };
    await h.boot();
    await h.post('/v1/tournaments/pg-cli/players', { id: 'bob', name: 'Bob' }, h.token('admin'));
    await h.stop();
    expect(await cli()).toMatch(/past the last signed checkpoint .*--accept-unsigned-tail first/);
  });
});
