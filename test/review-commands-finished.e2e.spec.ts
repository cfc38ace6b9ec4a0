import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { SERVED_DRIVERS } from './contract/drivers.js';
import { RecordsHarness } from './support/records-harness.js';

/**
 * Review of the command path: every game command of a discipline, sent again once its game has ended, is refused
 * with problem+json naming the field and the rule, and records nothing (docs/how-it-works.md, Errors).
 */
describe.each(SERVED_DRIVERS.map((d) => [d.discipline, d] as const))('a finished game of %s', (discipline, driver) => {
  let h: RecordsHarness;
  const sent: { path: string; body: Record<string, unknown> }[] = [];
  const id = `review-${discipline}-done`;

  beforeAll(async () => {
    h = await RecordsHarness.start();
    const arbiter = h.token('arbiter', [], `arb-${discipline}`);
    const players = Array.from({ length: driver.seats }, (_, i) => ({ id: `${discipline}-r${i + 1}`, name: `Player ${i + 1}` }));
    await h.post(`/v1/${driver.route}/games`, driver.start({ id, players }), arbiter);
    const post = h.post.bind(h);
    h.post = (path, body, ...rest) => (sent.push({ path, body: body as Record<string, unknown> }), post(path, body, ...rest));
    await driver.play({ h, arbiter, id, players, link: undefined as never }).finally(() => (h.post = post));
  });
  afterAll(async () => {
    await h.stop();
  });

  it('refuses each of its commands sent again (without an observed time) naming the field and the rule, and records nothing', async () => {
    const arbiter = h.token('arbiter', [], `arb-${discipline}`);
    const head = await h.core.store.headPosition();
    const answers = [];
    for (const { path, body } of sent.filter((c) => c.path.startsWith(`/v1/${driver.route}/games/${id}/`))) {
      const { at: _at, clockReading: _clock, ...again } = body;
      const r = await h.http().post(path).set('authorization', arbiter).send(again);
      answers.push({ path, status: r.status, type: r.body.type, field: r.body.field, rule: r.body.rule });
    }
    expect(answers.length).toBeGreaterThan(0);
    for (const a of answers)
      expect(a).toEqual({
        path: a.path,
        status: 409,
        type: expect.stringMatching(/^urn:arbitra:problem:/),
        field: expect.any(String),
        rule: expect.any(String),
      });
    expect(await h.core.store.headPosition()).toBe(head);
  });
});
