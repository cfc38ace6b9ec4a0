import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { connect, type AddressInfo } from 'node:net';
import { type SqliteEventStore } from '../libs/store/sqlite/sqlite-event-store.js';
import { RecordsHarness } from './support/records-harness.js';

/** Sends raw bytes and collects the whole answer (the server closes the connection after it). */
function raw(port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.end(request));
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('data', (c: string) => (answer += c));
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
  });
}

/** Issue 32's low items answered at the HTTP edge: oversized requests, a full disk, readiness naming its failed check. */
describe('refusals at the edge are problem+json and say why (issue 32)', () => {
  let h: RecordsHarness;
  let port: number;
  beforeAll(async () => {
    h = await RecordsHarness.start();
    await h.app.listen(0, '127.0.0.1');
    port = (h.app.getHttpServer().address() as AddressInfo).port;
  });
  afterAll(() => h.stop());

  it('a request line over the header size limit answers 431 as problem+json', async () => {
    const answer = await raw(port, `GET /v1/tournaments?q=${'a'.repeat(20_000)} HTTP/1.1\r\nhost: x\r\n\r\n`);
    const [head, body] = answer.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 431 /);
    expect(head).toContain('content-type: application/problem+json');
    expect(JSON.parse(body)).toMatchObject({ type: 'urn:arbitra:problem:http/header-too-large', status: 431 });
  });

  it('disk full answers 503 with Retry-After, nothing recorded; once space is back a command is recorded again', async () => {
    const admin = h.token('admin');
    const db = (h.core.store as SqliteEventStore).db;
    const head = await h.core.store.headPosition();
    // The file may not grow: the next append fails as a full disk does (SQLITE_FULL).
    const pages = db.pragma('page_count', { simple: true }) as number;
    db.pragma(`max_page_count = ${pages}`);
    const body = { id: 'full-open', name: 'Full Open', discipline: 'scrabble', pairingSystems: ['round-robin'] };
    let refusedId = '';
    let r;
    for (let i = 0; i < 500 && (r === undefined || r.status === 201); i++) {
      refusedId = `full-open-${i}`;
      r = await h
        .http()
        .post('/v1/tournaments')
        .set('authorization', admin)
        .send({ ...body, id: refusedId });
    }
    if (!r) throw new Error('no request sent');
    expect(r.status).toBe(503);
    expect(r.headers['content-type']).toContain('application/problem+json');
    expect(r.headers['retry-after']).toBe('60');
    expect(r.body).toMatchObject({ type: 'urn:arbitra:problem:store/full' });
    const after = await h.core.store.headPosition();
    db.pragma('max_page_count = 1073741823');
    expect((await h.core.store.readAll(after, 10)).map((e) => (e.data as { id?: string }).id)).not.toContain(refusedId);
    expect(after).toBeGreaterThanOrEqual(head);
    await h.post('/v1/tournaments', { ...body, id: 'after-full' }, admin);
  });

  it('/health/ready’s 503 names the failed check', async () => {
    const store = h.core.store;
    const headPosition = store.headPosition.bind(store);
    store.headPosition = () => Promise.reject(new Error('the disk is gone'));
    try {
      const r = await h.http().get('/health/ready');
      expect(r.status).toBe(503);
      expect(r.headers['content-type']).toContain('application/problem+json');
      expect(r.body.failed).toContain('store');
      expect(r.body.detail).toContain('store');
    } finally {
      store.headPosition = headPosition;
    }
    expect((await h.http().get('/health/ready')).status).toBe(200);
  });
});

describe('an Idempotency-Key reused: one rule (issue 32)', () => {
  let h: RecordsHarness;
  beforeAll(async () => {
    h = await RecordsHarness.start();
  });
  afterAll(() => h.stop());

  it('on another stream, or on the same stream with another body: 422 idempotency-key-reused, nothing recorded; the true retry replays', async () => {
    const admin = h.token('admin');
    const key = { 'idempotency-key': 'reused-key-1' };
    const first = { id: 'key-open', name: 'Key Open', discipline: 'scrabble', pairingSystems: ['round-robin'] };
    await h.post('/v1/tournaments', first, admin, 201, key);
    const head = await h.core.store.headPosition();
    for (const other of [
      { ...first, id: 'key-open-2' }, // another stream
      { ...first, name: 'Key Open (renamed)' }, // the same stream, another body
    ]) {
      const r = await h.post('/v1/tournaments', other, admin, 422, key);
      expect(r.body).toMatchObject({ type: 'urn:arbitra:problem:command/idempotency-key-reused', field: 'Idempotency-Key' });
    }
    expect(await h.core.store.headPosition()).toBe(head);
    const retry = await h.post('/v1/tournaments', first, admin, 201, key);
    expect(retry.body.position).toBe(head);
  });
});

describe('pairingSystems has a size limit (issue 32)', () => {
  let h: RecordsHarness;
  beforeAll(async () => {
    h = await RecordsHarness.start();
  });
  afterAll(() => h.stop());

  it('10,000 entries, or one system twice, are refused with 400 naming the field; nothing recorded', async () => {
    const admin = h.token('admin');
    const head = await h.core.store.headPosition();
    for (const pairingSystems of [Array.from({ length: 10_000 }, () => 'round-robin'), ['round-robin', 'round-robin']]) {
      const r = await h.post('/v1/tournaments', { id: 'big-open', name: 'Big Open', discipline: 'scrabble', pairingSystems }, admin, 400);
      expect(r.headers['content-type']).toContain('application/problem+json');
      expect(r.body.errors.map((e: { field: string }) => e.field)).toContain('pairingSystems');
    }
    expect(await h.core.store.headPosition()).toBe(head);
  });
});

describe('a points penalty of an unpublished round is not public until the round is published (issue 32)', () => {
  let h: RecordsHarness;
  beforeAll(async () => {
    h = await RecordsHarness.start();
  });
  afterAll(() => h.stop());

  it('summary and standings leave it out, reason included, until publication; then they show it', async () => {
    const T = 'pen-hidden';
    const chief = h.token('chief-arbiter', [T], 'chief-pen');
    await h.post('/v1/tournaments', { id: T, name: 'Pen Open', discipline: 'scrabble', pairingSystems: ['round-robin'], roundsPlanned: 1 }, chief);
    for (const id of ['ann', 'bob']) await h.post(`/v1/tournaments/${T}/players`, { id, name: `Player ${id}` }, chief);
    const round1 = { kind: 'manual', reason: 'test', games: [{ table: 1, first: 'ann', second: 'bob' }], tables: [], bye: null };
    await h.post(`/v1/tournaments/${T}/rounds/1/pairings`, round1, chief);
    await h.post(`/v1/tournaments/${T}/penalties`, { player: 'ann', points: 2, reason: 'slow play at table one', ref: 'L-1', round: 1 }, chief);
    const annPenalty = async (token: string | null) => {
      const rows = (await h.get(`/v1/tournaments/${T}/standings`, token).expect(200)).body.divisions[0].rows as Array<{
        player: string;
        penaltyPoints: number;
      }>;
      return rows.find((r) => r.player === 'ann')?.penaltyPoints;
    };
    const summaryText = async () => JSON.stringify((await h.get(`/v1/tournaments/${T}`).expect(200)).body);
    // Officials see it at once (the command's position was waited for): the deduction is in the read models.
    expect(await annPenalty(chief)).toBe(2);
    expect(await annPenalty(null)).toBe(0);
    expect(await summaryText()).not.toContain('slow play at table one');
    await h.post(`/v1/tournaments/${T}/rounds/1/publish`, {}, chief);
    expect(await annPenalty(null)).toBe(2);
    expect(await summaryText()).toContain('slow play at table one');
  });
});
