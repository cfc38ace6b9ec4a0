import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { RecordsHarness } from './support/records-harness.js';

describe('records server: request bodies are JSON only', () => {
  let h: RecordsHarness;
  let chief: string;
  beforeAll(async () => {
    h = await RecordsHarness.start();
    chief = h.token('chief-arbiter', ['media-open'], 'td-1');
    await h.post(
      '/v1/tournaments',
      { id: 'media-open', name: 'Media Open', discipline: 'scrabble', roundsPlanned: 3, pairingSystems: ['australian-draw'] },
      chief,
    );
  });
  afterAll(async () => {
    await h.stop();
  });

  it('a form or plain-text body is refused 415 problem+json, and nothing is recorded', async () => {
    for (const [type, body] of [
      ['application/x-www-form-urlencoded', 'id=ann&name=Ann'],
      ['text/plain', '{"id":"ann","name":"Ann"}'],
    ]) {
      const head = await h.core.store.headPosition();
      const r = await h.http().post('/v1/tournaments/media-open/players').set('authorization', chief).set('content-type', type).send(body);
      expect([type, r.status, r.headers['content-type']]).toEqual([type, 415, expect.stringMatching(/^application\/problem\+json/)]);
      expect(await h.core.store.headPosition()).toBe(head);
    }
    // JSON is read as before.
    await h.post('/v1/tournaments/media-open/players', { id: 'ann', name: 'Ann' }, chief);
  });
});
