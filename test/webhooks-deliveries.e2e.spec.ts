import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DELIVERY_PAGE, ManualClock, webhookDispatcher, type WebhookDispatcher } from '../libs/runtime/features/webhooks/index.js';
import { LOCAL_RECEIVER, RecordsHarness } from './support/records-harness.js';

/** A local HTTP receiver: `status(i)` answers request i (0, 1, …); each request's delivery id and attempt are kept. */
async function receiver(status: (i: number) => number) {
  const got: Array<{ delivery: string; attempt: number; status: number }> = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (body += c));
    req.on('end', () => {
      const answer = status(got.length);
      const parsed = JSON.parse(body) as { delivery: string; attempt: number };
      got.push({ delivery: parsed.delivery, attempt: parsed.attempt, status: answer });
      res.statusCode = answer;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { got, server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook` };
}

interface Attempt {
  deliveryId: string;
  attempt: number;
  status: number | null;
  outcome: string;
}
interface Page {
  webhook: string;
  attempts: Attempt[];
  next: number | null;
  total: number;
}

const SECRET = 'federation-shared-secret-42';
const short = (a: Attempt) => [a.deliveryId, a.attempt, a.outcome];

describe('webhooks: the paged delivery log (e2e)', () => {
  let h: RecordsHarness;
  let admin: string;
  let dispatcher: WebhookDispatcher;
  const clock = new ManualClock('2026-12-01T08:00:00.000Z');
  const servers: Server[] = [];
  /** What the receiver of `pager` got, as the log should list it: [delivery, attempt, outcome], in order. */
  let expected: Array<[string, number, string]>;

  const page = async (query: string): Promise<Page> =>
    (await h.http().get(`/v1/webhooks/pager/deliveries${query}`).set('authorization', admin).expect(200)).body as Page;

  /** Every page from the first, following `next`; the `next` of each page is kept. */
  async function walk(query: string): Promise<{ attempts: Attempt[]; nexts: Array<number | null>; sizes: number[] }> {
    const attempts: Attempt[] = [];
    const nexts: Array<number | null> = [];
    const sizes: number[] = [];
    let after: number | null | undefined;
    do {
      const p = await page(`?${query}${after === undefined ? '' : `&after=${after}`}`);
      attempts.push(...p.attempts);
      sizes.push(p.attempts.length);
      nexts.push(p.next);
      after = p.next;
    } while (after !== null && nexts.length < 100);
    return { attempts, nexts, sizes };
  }

  beforeAll(async () => {
    h = await RecordsHarness.start(undefined, undefined, LOCAL_RECEIVER);
    admin = h.token('admin');
    dispatcher = webhookDispatcher(h.core) as WebhookDispatcher;
    dispatcher.useClock(clock);
    // Every 7th request fails (503): its delivery is retried 1 s later (on the manual clock) and then delivered.
    const r = await receiver((i) => (i % 7 === 3 ? 503 : 200));
    servers.push(r.server);
    await h.post('/v1/webhooks', { id: 'pager', url: r.url, secret: SECRET, eventTypes: ['tournament.PlayerRegistered'] }, admin);
    await h.post('/v1/tournaments', { id: 'pager-open', name: 'Pager Open', discipline: 'scrabble', pairingSystems: ['round-robin'] }, admin);
    for (let i = 0; i < 61; i++) await h.post('/v1/tournaments/pager-open/players', { id: `p${i}`, name: `Player ${i}` }, admin);
    await dispatcher.settle();
    while (clock.pending().length > 0) {
      clock.advance();
      await dispatcher.settle();
    }
    expected = r.got.map((g) => [g.delivery, g.attempt, g.status === 200 ? 'delivered' : 'retry']);
    // 61 deliveries, 10 of them with a retry: more attempts than one stored document holds.
    expect(expected).toHaveLength(71);
    expect(expected.length).toBeGreaterThan(DELIVERY_PAGE);
  });
  afterAll(async () => {
    for (const s of servers) s.close();
    await h.stop();
  });

  it('oldest first: pages of `limit` in log order, `next` continues, the last page has next null; without parameters the first 100', async () => {
    const first = await page('?limit=30');
    expect(first.attempts.map(short)).toEqual(expected.slice(0, 30));
    expect(first.next).toBe(30);
    expect(first.total).toBe(71);
    // The second page crosses a stored document's end (50).
    const second = await page('?limit=30&after=30');
    expect(second.attempts.map(short)).toEqual(expected.slice(30, 60));
    expect(second.next).toBe(60);
    const last = await page('?limit=30&after=60');
    expect(last.attempts.map(short)).toEqual(expected.slice(60));
    expect(last.next).toBeNull();

    const all = await walk('limit=7');
    expect(all.attempts.map(short)).toEqual(expected);
    expect(all.nexts).toEqual([7, 14, 21, 28, 35, 42, 49, 56, 63, 70, null]);
    expect(all.sizes).toEqual([7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 1]);

    const whole = await page('');
    expect(whole.attempts.map(short)).toEqual(expected);
    expect(whole.next).toBeNull();
    // A page that ends exactly at the end is the last one.
    expect((await page('?after=41&limit=30')).next).toBeNull();
    expect((await page('?after=40&limit=30')).next).toBe(70);
    expect(await page('?after=71')).toMatchObject({ attempts: [], next: null, total: 71 });
  });

  it('newest first: the latest attempt on the first page, `next` goes back in time to the first attempt', async () => {
    const first = await page('?order=newest&limit=30');
    expect(first.attempts.map(short)).toEqual(expected.slice(41).reverse());
    expect(first.next).toBe(42);
    const second = await page('?order=newest&limit=30&after=42');
    expect(second.attempts.map(short)).toEqual(expected.slice(11, 41).reverse());
    expect(second.next).toBe(12);
    const last = await page('?order=newest&limit=30&after=12');
    expect(last.attempts.map(short)).toEqual(expected.slice(0, 11).reverse());
    expect(last.next).toBeNull();
    expect((await walk('order=newest&limit=9')).attempts.map(short)).toEqual([...expected].reverse());
  });

  it('filtered by outcome: only the failed attempts (retry), paged with their own cursor', async () => {
    const retries = expected.filter((a) => a[2] === 'retry');
    expect(retries).toHaveLength(10);
    const walked = await walk('outcome=retry&limit=4');
    expect(walked.attempts.map(short)).toEqual(retries);
    expect(walked.nexts).toEqual([4, 8, null]);
    const newest = await page('?outcome=retry&order=newest&limit=2');
    expect(newest).toMatchObject({ next: 9, total: 10 });
    expect(newest.attempts.map(short)).toEqual(retries.slice(8).reverse());
    expect((await page('?outcome=delivered&limit=1000')).attempts.map(short)).toEqual(expected.filter((a) => a[2] === 'delivered'));
    expect(await page('?outcome=failed')).toMatchObject({ attempts: [], next: null, total: 0 });
  });

  it.each([
    ['limit=0', 'limit', 'min'],
    ['limit=1001', 'limit', 'max'],
    ['limit=ten', 'limit', 'isInt'],
    ['after=-1', 'after', 'min'],
    ['after=1.5', 'after', 'isInt'],
    ['order=sideways', 'order', 'isIn'],
    ['outcome=lost', 'outcome', 'isIn'],
    ['page=2', 'page', 'whitelistValidation'],
    ['waitFor=soon', 'waitFor', 'isInt'],
  ])('refuses ?%s: 400 problem+json naming %s and the rule %s', async (query, field, rule) => {
    const r = await h.http().get(`/v1/webhooks/pager/deliveries?${query}`).set('authorization', admin).expect(400);
    expect(r.headers['content-type']).toContain('application/problem+json');
    expect(r.body).toMatchObject({ status: 400, field });
    // Every broken rule is listed (for "ten": not a whole number, and so not within 1–1000 either).
    expect(r.body.errors).toContainEqual(expect.objectContaining({ field, rule }));
    expect(r.body.detail).toContain(field);
  });

  it('accepts ?waitFor= like every GET: a recorded position answers the page, one beyond the log is 400 naming waitFor', async () => {
    const head = await h.core.store.headPosition();
    expect((await page(`?waitFor=${head}&limit=5`)).attempts.map(short)).toEqual(expected.slice(0, 5));
    const r = await h
      .http()
      .get(`/v1/webhooks/pager/deliveries?waitFor=${head + 1000}`)
      .set('authorization', admin)
      .expect(400);
    expect(r.body).toMatchObject({ field: 'waitFor', type: 'urn:arbitra:problem:read-model/position-not-recorded' });
  });

  it('an unknown webhook is 404; only the admin reads the log', async () => {
    const r = await h.http().get('/v1/webhooks/nobody/deliveries?limit=5').set('authorization', admin).expect(404);
    expect(r.body).toMatchObject({ field: 'id' });
    await h
      .http()
      .get('/v1/webhooks/pager/deliveries?limit=5')
      .set('authorization', h.token('chief-arbiter', ['pager-open']))
      .expect(403);
  });
});

describe('webhooks: what the dispatcher holds in memory (e2e)', () => {
  const harnesses: RecordsHarness[] = [];
  const servers: Server[] = [];
  afterEach(async () => {
    for (const h of harnesses.splice(0)) await h.stop();
  });
  afterAll(() => servers.forEach((s) => s.close()));

  it('an open delivery (a retry due) is held; once delivered it is not, nor any closed one after a restart', async () => {
    const h = await RecordsHarness.start(undefined, undefined, LOCAL_RECEIVER);
    harnesses.push(h);
    const admin = h.token('admin');
    const dispatcher = () => webhookDispatcher(h.core) as WebhookDispatcher;
    const clock = new ManualClock('2026-12-01T08:00:00.000Z');
    dispatcher().useClock(clock);
    // Requests 0–4 are answered; request 5 (the 5th player's first attempt) fails, then every one fails for the `stuck` player.
    let stuck = false;
    const r = await receiver((i) => (i === 5 || stuck ? 503 : 200));
    servers.push(r.server);
    await h.post('/v1/webhooks', { id: 'held', url: r.url, secret: SECRET, eventTypes: ['tournament.PlayerRegistered'] }, admin);
    await h.post('/v1/tournaments', { id: 'held-open', name: 'Held Open', discipline: 'scrabble', pairingSystems: ['round-robin'] }, admin);
    for (let i = 0; i < 6; i++) await h.post('/v1/tournaments/held-open/players', { id: `p${i}`, name: `Player ${i}` }, admin);
    await dispatcher().settle();
    // Five delivered (closed): none of them is held; the sixth waits for its retry: held.
    expect(r.got.map((g) => g.status)).toEqual([200, 200, 200, 200, 200, 503]);
    const open = r.got[5].delivery;
    expect(dispatcher().held()).toEqual({ open: [open], positions: 1 });

    clock.advance();
    await dispatcher().settle();
    expect(r.got.map((g) => [g.delivery, g.status]).slice(6)).toEqual([[open, 200]]);
    expect(dispatcher().held()).toEqual({ open: [], positions: 1 });

    // A restart folds the log again: the seven closed attempts are not held; a delivery left open is.
    stuck = true;
    await h.post('/v1/tournaments/held-open/players', { id: 'late', name: 'Late' }, admin);
    await dispatcher().settle();
    const late = r.got[7].delivery;
    expect(dispatcher().held().open).toEqual([late]);
    await h.restart();
    // The restarted dispatcher (the real clock) retries at once: attempt 2 fails and the next ones are due later (2 s, 4 s, …).
    await dispatcher().settle();
    expect([r.got[8].delivery, r.got[8].attempt]).toEqual([late, 2]);
    expect(r.got.slice(8).every((g) => g.delivery === late)).toBe(true);
    expect(dispatcher().held()).toEqual({ open: [late], positions: 1 });
    // Nothing closed was delivered again.
    expect(new Set(r.got.slice(0, 7).map((g) => g.delivery)).size).toBe(6);
    expect(r.got.filter((g) => g.delivery !== late)).toHaveLength(7);
  });
});
