import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { RecordsHarness } from './support/records-harness.js';

const T = 'idem-open';

describe('Idempotency-Key over HTTP (IETF draft-ietf-httpapi-idempotency-key-header)', () => {
  let h: RecordsHarness;
  let chief: string;

  beforeAll(async () => {
    h = await RecordsHarness.start();
    chief = h.token('chief-arbiter', [T], 'td-1');
    await h.post('/v1/tournaments', { id: T, name: 'Idempotency Open', discipline: 'scrabble', pairingSystems: ['australian-draw'] }, chief);
  });
  afterAll(async () => {
    await h.stop();
  });

  it('the same key with the same body replays the first answer; with a different body it is a 422 naming the key, and the first command stands', async () => {
    const key = { 'idempotency-key': 'register-0001' };
    const first = await h.post(`/v1/tournaments/${T}/players`, { id: 'p1', name: 'Player One', rating: 1800 }, chief, 201, key);
    expect(first.body.duplicate).toBe(false);

    const retry = await h.post(`/v1/tournaments/${T}/players`, { id: 'p1', name: 'Player One', rating: 1800 }, chief, 201, key);
    expect(retry.body).toMatchObject({ duplicate: true, revision: first.body.revision, events: first.body.events });

    const other = await h.post(`/v1/tournaments/${T}/players`, { id: 'p2', name: 'Player Two', rating: 1700 }, chief, 422, key);
    expect(other.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(other.body).toMatchObject({
      status: 422,
      type: 'urn:arbitra:problem:command/idempotency-key-reused',
      field: 'Idempotency-Key',
      idempotencyKey: 'register-0001',
    });
    expect(other.body.detail).toContain('register-0001');

    const t = await h.get(`/v1/tournaments/${T}`).expect(200);
    expect(t.body.players.map((p: { id: string }) => p.id)).toEqual(['p1']);
    // The second player is not lost for good: with its own key it is recorded.
    await h.post(`/v1/tournaments/${T}/players`, { id: 'p2', name: 'Player Two', rating: 1700 }, chief, 201, { 'idempotency-key': 'register-0002' });
  });

  it('a server-computed pairing: the same request replays, a different request under the key is a 422', async () => {
    const key = { 'idempotency-key': 'pair-round-1-0001' };
    const first = await h.post(`/v1/tournaments/${T}/rounds/1/pairings`, { kind: 'system', system: 'australian-draw' }, chief, 201, key);
    const retry = await h.post(`/v1/tournaments/${T}/rounds/1/pairings`, { kind: 'system', system: 'australian-draw' }, chief, 201, key);
    expect(retry.body).toMatchObject({ duplicate: true, revision: first.body.revision });
    const other = await h.post(`/v1/tournaments/${T}/rounds/1/pairings`, { kind: 'system', system: 'australian-draw', seed: 'another-seed' }, chief, 422, key);
    expect(other.body).toMatchObject({ field: 'Idempotency-Key', idempotencyKey: 'pair-round-1-0001' });
  });

  it('a game command with an observed time replays under its key after later moves (it was refused as before the record)', async () => {
    const arbiter = h.token('arbiter', [], 'arb-idem');
    const players = [
      { id: 'w', name: 'White' },
      { id: 'b', name: 'Black' },
    ];
    const ago = (s: number) => new Date(Date.now() - s * 1000).toISOString();
    await h.post('/v1/chess/games', { id: 'idem-chess', players, timeControl: { minutes: 30 }, at: ago(10) }, arbiter);
    const at = ago(8);
    const key = { 'idempotency-key': 'idem-chess-move-1' };
    const first = await h.post('/v1/chess/games/idem-chess/moves', { seat: 0, move: 'e4', at }, arbiter, 201, key);
    await h.post('/v1/chess/games/idem-chess/moves', { seat: 1, move: 'e5', at: ago(4) }, arbiter);
    const retry = await h.post('/v1/chess/games/idem-chess/moves', { seat: 0, move: 'e4', at }, arbiter, 201, key);
    expect(retry.body).toMatchObject({ duplicate: true, revision: first.body.revision, events: first.body.events });
    // Another body under the key is still refused naming it, and a new command before the record still is.
    const other = await h.post('/v1/chess/games/idem-chess/moves', { seat: 0, move: 'd4', at }, arbiter, 422, key);
    expect(other.body).toMatchObject({ field: 'Idempotency-Key' });
    const late = await h.post('/v1/chess/games/idem-chess/moves', { seat: 0, move: 'Nf3', at }, arbiter, 422);
    expect(late.body).toMatchObject({ type: 'urn:arbitra:problem:games/time-before-record', field: 'at' });
  });

  it('an import retried under its key gets the first answer; another import of the same id is still 409', async () => {
    const arbiter = h.token('arbiter', [], 'arb-import');
    const pgn = '[Event "Club"]\n[White "A"]\n[Black "B"]\n[Result "0-1"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n';
    const body = {
      id: 'idem-import',
      pgn,
      players: [
        { id: 'ia', name: 'A' },
        { id: 'ib', name: 'B' },
      ],
    };
    const key = { 'idempotency-key': 'idem-import-0001' };
    const first = await h.post('/v1/chess/games/import', body, arbiter, 201, key);
    const retry = await h.post('/v1/chess/games/import', body, arbiter, 201, key);
    expect(retry.body).toMatchObject({ id: 'idem-import', duplicate: true, revision: first.body.revision, position: first.body.position });
    const again = await h.post('/v1/chess/games/import', body, arbiter, 409);
    expect(again.body).toMatchObject({ type: 'urn:arbitra:problem:games/already-exists', field: 'id' });
    const gcg = { id: 'idem-gcg', gcg: '#player1 ann Ann\n#player2 bob Bob\n>ann: ?QI 8G QI +22 22\n' };
    const gcgKey = { 'idempotency-key': 'idem-gcg-0001' };
    const firstGcg = await h.post('/v1/scrabble/games/import', gcg, arbiter, 201, gcgKey);
    const retryGcg = await h.post('/v1/scrabble/games/import', gcg, arbiter, 201, gcgKey);
    expect(retryGcg.body).toMatchObject({ duplicate: true, revision: firstGcg.body.revision });
    await h.post('/v1/scrabble/games/import', gcg, arbiter, 409);
  });

  it('the older POST …/penalties: its ETag is the tournament revision its If-Match pins, and a retry under its key gets the first answer', async () => {
    const etag = (await h.get(`/v1/tournaments/${T}`, chief).expect(200)).headers.etag;
    const key = { 'idempotency-key': 'legacy-penalty-0001', 'if-match': etag };
    const first = await h.post(`/v1/tournaments/${T}/penalties`, { player: 'p1', points: 2, reason: 'slow', ref: 'L-1', round: 1 }, chief, 201, key);
    expect(first.headers.etag).toBe(etag);
    // Echoing the ETag it answered pins the same tournament revision (it was the ledger's, and a 412).
    await h.post(`/v1/tournaments/${T}/penalties`, { player: 'p1', points: 1, reason: 'noise', ref: 'L-2', round: 1 }, chief, 201, {
      'if-match': first.headers.etag,
    });
    // The tournament moves on; the retry gets its first answer, not a 412.
    await h.post(`/v1/tournaments/${T}/players`, { id: 'p-late', name: 'Late', rating: 1400 }, chief);
    const retry = await h.post(`/v1/tournaments/${T}/penalties`, { player: 'p1', points: 2, reason: 'slow', ref: 'L-1', round: 1 }, chief, 201, key);
    expect(retry.body).toMatchObject({ duplicate: true, revision: first.body.revision });
    await h.post(`/v1/tournaments/${T}/penalties`, { player: 'p1', points: 1, reason: 'late', ref: 'L-3', round: 1 }, chief, 412, { 'if-match': etag });
  });

  it("a command sent without a key is recorded under the server's new id, without the fingerprint only a keyed retry would need", async () => {
    const plain = await h.post(`/v1/tournaments/${T}/players`, { id: 'p9', name: 'Player Nine', rating: 1500 }, chief, 201);
    const keyed = await h.post(`/v1/tournaments/${T}/players`, { id: 'p10', name: 'Player Ten', rating: 1500 }, chief, 201, {
      'idempotency-key': 'register-0010',
    });
    const [unkeyedEvent, keyedEvent] = await Promise.all(
      [plain, keyed].map(async (r) => (await h.core.store.readStream(r.body.stream, r.body.revision, 1))[0]),
    );
    expect(unkeyedEvent.meta.commandId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7/);
    expect(unkeyedEvent.meta.commandFingerprint).toBeUndefined();
    expect(keyedEvent.meta.commandId).toBe('key:chief-arbiter:td-1:register-0010');
    expect(keyedEvent.meta.commandFingerprint).toMatch(/^[0-9a-f]{64}$/);
  });
});
