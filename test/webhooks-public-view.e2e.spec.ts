import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { webhookDispatcher, type WebhookDispatcher } from '../libs/runtime/features/webhooks/index.js';
import { LOCAL_RECEIVER, RecordsHarness } from './support/records-harness.js';
import { oneTableRound } from './support/servers-alike.js';

interface Delivered {
  webhook: string;
  event: { id: string; stream: string; revision: number; position: number; type: string; recordedAt: string; data: unknown };
}

/**
 * Issue 32: a public webhook's receiver is the public. Its deliveries must not tell that, or how much, was recorded
 * unpublished (a pairing, a penalty for its round) between two public events: as the public live stream's ids, each
 * delivery's `revision` counts the public's own messages.
 */
describe('public webhooks do not move on an unpublished pairing (issue 32)', () => {
  let h: RecordsHarness;
  let dispatcher: WebhookDispatcher;
  let server: Server;
  const got: Delivered[] = [];

  beforeAll(async () => {
    h = await RecordsHarness.start(undefined, undefined, LOCAL_RECEIVER);
    dispatcher = webhookDispatcher(h.core) as WebhookDispatcher;
    server = createServer((req, res) => {
      let body = '';
      req.setEncoding('utf8');
      req.on('data', (c: string) => (body += c));
      req.on('end', () => (got.push(JSON.parse(body) as Delivered), res.end()));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    server.close();
    await h.stop();
  });

  it('a tournament paired (and penalised) unpublished before a public event delivers, byte for byte, what one without it does', async () => {
    const admin = h.token('admin');
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
    await h.post('/v1/webhooks', { id: 'pub', url, secret: 'public-receiver-secret', eventTypes: ['tournament.'] }, admin);
    await h.post('/v1/webhooks', { id: 'all', url, secret: 'official-receiver-secret', eventTypes: ['tournament.'], audience: 'everything' }, admin);

    const correction = { result: { kind: 'played', outcome: 'second', score: { first: 380, second: 420 } }, reason: 'scoresheet slip' };
    const penalty = { player: 'bob', points: 3, reason: 'phone rang', ref: 'Q-1', round: 2 };
    for (const [t, hiddenFirst] of [
      ['quiet-a', true],
      ['quiet-b', false],
    ] as const) {
      const chief = h.token('chief-arbiter', [t], `chief-${t}`);
      await h.post('/v1/tournaments', { id: t, name: 'Quiet Open', discipline: 'scrabble', pairingSystems: ['round-robin'], roundsPlanned: 3 }, chief);
      for (const id of ['ann', 'bob', 'cat']) await h.post(`/v1/tournaments/${t}/players`, { id, name: `Player ${id}` }, chief);
      await h.post(`/v1/tournaments/${t}/rounds/1/pairings`, oneTableRound('ann', 'bob', 'cat'), chief);
      await h.post(`/v1/tournaments/${t}/rounds/1/publish`, {}, chief);
      await h.post(
        `/v1/tournaments/${t}/rounds/1/results`,
        { table: 1, result: { kind: 'played', outcome: 'first', score: { first: 420, second: 380 } } },
        chief,
      );
      const hidden = async () => {
        await h.post(`/v1/tournaments/${t}/rounds/2/pairings`, oneTableRound('bob', 'cat', 'ann'), chief);
        await h.post(`/v1/tournaments/${t}/penalties`, penalty, chief);
      };
      // quiet-a: round 2 paired (with its bye) and penalised in the ledger before the public correction of round 1; quiet-b: after it.
      if (hiddenFirst) await hidden();
      await h.post(`/v1/tournaments/${t}/rounds/1/results/1/corrections`, correction, chief);
      if (!hiddenFirst) await hidden();
      await h.post(`/v1/tournaments/${t}/rounds/2/publish`, {}, chief);
    }
    await dispatcher.settle();

    // What tells one record from another in any case (its id, stream, log position, time) set aside.
    const publicOf = (t: string) =>
      got
        .filter((d) => d.webhook === 'pub' && d.event.stream === `tournament-${t}`)
        .map((d) => JSON.stringify({ ...d.event, id: '…', stream: '…', position: 0, recordedAt: '…' }).replaceAll(t, 'T'));
    const a = publicOf('quiet-a');
    const b = publicOf('quiet-b');
    expect(a.map((x) => JSON.parse(x).type)).toEqual([
      'tournament.TournamentCreated',
      'tournament.PlayerRegistered',
      'tournament.PlayerRegistered',
      'tournament.PlayerRegistered',
      'tournament.RoundPublished',
      'tournament.ResultRecorded',
      'tournament.ResultCorrected',
      'tournament.RoundPublished',
    ]);
    expect(a).toEqual(b);
    expect(a.map((x) => JSON.parse(x).revision)).toEqual(a.map((_, i) => i));
    // The officials' webhook sees the hidden events and the stream's own revisions.
    const official = got.filter((d) => d.webhook === 'all' && d.event.stream === 'tournament-quiet-a').map((d) => [d.event.type, d.event.revision]);
    // The officials' webhook sees the hidden events (round 2's pairing and its bye) and the stream's own revisions.
    expect(official.slice(8, 11)).toEqual([
      ['tournament.RoundPaired', 8],
      ['tournament.ResultRecorded', 9],
      ['tournament.ResultCorrected', 10],
    ]);
    // Before issue 32's fix the public delivery of that correction carried revision 10 on quiet-a, 8 on quiet-b.
    expect(JSON.parse(a[6]).revision).toBe(6);
  });
});
