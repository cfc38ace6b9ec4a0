import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { signingKeyFile } from './support/audit-scenario.js';
import { RecordsHarness } from './support/records-harness.js';

interface Listed {
  seq: number;
  position: number;
  signedAt: string;
}

const PLAYERS = [
  { id: 'ann', name: 'Ann' },
  { id: 'bob', name: 'Bob' },
];
const MANUAL = { kind: 'manual', reason: 'test', games: [{ table: 1, first: 'ann', second: 'bob' }], tables: [], bye: null };

/**
 * Issue 32, the public checkpoints: a checkpoint signed while a round is paired and not yet published would tell the
 * public that, and about when, something was recorded. Without an admin token (or the tournament's own officials')
 * the checkpoints stop before the earliest unpublished pairing, and appear in order once it is published.
 */
describe('public checkpoints during an unpublished round (issue 32)', () => {
  let h: RecordsHarness;
  const Q = 'quiet-cup';
  const R = 'later-cup';
  const P = 'open-cup';
  let admin: string;
  let chiefQ: string;
  let chiefR: string;
  let arbiterP: string;
  let player: string;
  /** The checkpoints list and keys as a reader sees them: status 200, bodies as served. */
  const seen = async (token: string | null, after = 0) => {
    const list = h.http().get(`/v1/audit/checkpoints?after=${after}&limit=1000`);
    const keys = h.http().get('/v1/audit/keys');
    const [l, k] = await Promise.all([token ? list.set('authorization', token) : list, token ? keys.set('authorization', token) : keys]);
    expect(l.status).toBe(200);
    expect(k.status).toBe(200);
    return {
      checkpoints: l.body.checkpoints as Listed[],
      next: l.body.next as number,
      text: l.text,
      keys: k.text,
      lastUsedAt: k.body.keys[0].lastUsedAt as string,
    };
  };
  const tournament = async (id: string, chief: string) => {
    await h.post('/v1/tournaments', { id, name: id, discipline: 'scrabble', pairingSystems: ['round-robin'], roundsPlanned: 1 }, chief);
    for (const p of PLAYERS) await h.post(`/v1/tournaments/${id}/players`, p, chief);
  };

  beforeAll(async () => {
    // Checkpoints only when forced (signNow), at shutdown and at start.
    h = await RecordsHarness.start(undefined, { signingKeyFile: signingKeyFile(), checkpointEveryEvents: 1_000_000 });
    admin = h.token('admin');
    chiefQ = h.token('chief-arbiter', [Q], 'td-q');
    chiefR = h.token('chief-arbiter', [R], 'td-r');
    arbiterP = h.token('arbiter', [P], 'arb-p');
    player = h.token('player', [], 'ann');
  });
  afterAll(() => h.stop());

  it('pairing without publishing: the public list and keys stay as they were, across signing and a restart; officials see more', async () => {
    await tournament(Q, chiefQ);
    await tournament(P, h.token('chief-arbiter', [P], 'td-p'));
    const c1 = (await h.checkpointer!.signNow())!;
    const before = await seen(null);
    expect(before.checkpoints.at(-1)?.position).toBe(c1.position);

    const pairing = (await h.post(`/v1/tournaments/${Q}/rounds/1/pairings`, MANUAL, chiefQ)).body.position as number;
    // Public records after the pairing, then a checkpoint covering both, then a restart (which signs at shutdown and start).
    await h.post(`/v1/tournaments/${P}/players`, { id: 'cyd', name: 'Cyd' }, arbiterP);
    const c2 = (await h.checkpointer!.signNow())!;
    expect(c2.position).toBeGreaterThan(pairing);
    await h.restart();
    admin = h.token('admin');
    chiefQ = h.token('chief-arbiter', [Q], 'td-q');
    chiefR = h.token('chief-arbiter', [R], 'td-r');
    arbiterP = h.token('arbiter', [P], 'arb-p');
    player = h.token('player', [], 'ann');

    for (const token of [null, player, arbiterP, chiefR]) {
      const now = await seen(token);
      expect(now.text).toBe(before.text);
      expect(now.keys).toBe(before.keys);
      expect(now.lastUsedAt).toBe(c1.signedAt);
      // Paging on from the last one seen gives nothing yet, and says to page on from the same place.
      const onward = await seen(token, before.next);
      expect(onward.checkpoints).toEqual([]);
      expect(onward.next).toBe(before.next);
    }
    // Admin and the quiet tournament's own chief arbiter see the checkpoints signed since the pairing.
    for (const token of [admin, chiefQ]) {
      const all = await seen(token);
      expect(all.checkpoints.map((c) => c.position)).toContain(c2.position);
      expect(all.checkpoints.length).toBeGreaterThan(before.checkpoints.length);
      expect(all.lastUsedAt).not.toBe(c1.signedAt);
    }
  });

  it('the earliest unpublished pairing holds the list: publishing it releases the checkpoints before the next one, in order', async () => {
    const public1 = await seen(null);
    // A second tournament pairs its round unpublished, then a checkpoint.
    await tournament(R, chiefR);
    const pairingR = (await h.post(`/v1/tournaments/${R}/rounds/1/pairings`, MANUAL, chiefR)).body.position as number;
    const c3 = (await h.checkpointer!.signNow())!;
    expect((await seen(null)).text).toBe(public1.text);

    // Q publishes: what was withheld for Q up to R's pairing appears, paging on from where the public stopped.
    await h.post(`/v1/tournaments/${Q}/rounds/1/publish`, {}, chiefQ);
    const c4 = (await h.checkpointer!.signNow())!;
    const released = await seen(null, public1.next);
    expect(released.checkpoints.length).toBeGreaterThan(0);
    expect(released.checkpoints.every((c) => c.position < pairingR)).toBe(true);
    expect(released.checkpoints[0].seq).toBe(public1.next + 1);
    const positions = released.checkpoints.map((c) => c.position);
    expect(positions).not.toContain(c3.position);
    expect(positions).not.toContain(c4.position);

    // R publishes: the rest appear, none skipped: the public's pages join into the admin's list.
    await h.post(`/v1/tournaments/${R}/rounds/1/publish`, {}, chiefR);
    const c5 = (await h.checkpointer!.signNow())!;
    const rest = await seen(null, released.next);
    expect(rest.checkpoints.map((c) => c.position)).toEqual(expect.arrayContaining([c3.position, c4.position, c5.position]));
    const pages = [...public1.checkpoints, ...released.checkpoints, ...rest.checkpoints];
    const all = await seen(admin);
    expect(pages).toEqual(all.checkpoints);
    expect(rest.lastUsedAt).toBe(c5.signedAt);
  });
});
