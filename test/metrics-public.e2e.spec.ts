import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Gauge } from 'prom-client';
import { RecordsHarness } from './support/records-harness.js';

const T = 'metered-open';

/** Every metric that moves when something is recorded, published or not: for admin tokens only. */
const RECORD_METRICS = [
  'arbitra_log_head_position',
  'arbitra_projection_lag_events',
  'arbitra_commands_total',
  'arbitra_command_duration_seconds',
  'arbitra_events_appended_total',
  'arbitra_append_conflicts_total',
];

/** The metric families an exposition names (its `# TYPE` lines). */
function families(text: string): string[] {
  return text
    .split('\n')
    .filter((line) => line.startsWith('# TYPE '))
    .map((line) => line.split(' ')[2]);
}

/** The lines of an exposition that name a record metric (samples, HELP and TYPE alike). */
function recordLines(text: string): string[] {
  return text.split('\n').filter((line) => RECORD_METRICS.some((name) => line.includes(name)));
}

/** The value of an unlabelled sample. */
function value(text: string, name: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${name} `));
  if (!line) throw new Error(`no sample ${name} in:\n${text}`);
  return Number(line.split(' ')[1]);
}

describe('public /metrics (ARBITRA_METRICS_PUBLIC=true) says nothing of what was recorded (issue 32)', () => {
  let h: RecordsHarness;
  let chief: string;
  beforeAll(async () => {
    h = await RecordsHarness.start(undefined, undefined, { ARBITRA_METRICS_PUBLIC: 'true' });
    chief = h.token('chief-arbiter', [T], 'chief-metered');
    await h.post('/v1/tournaments', { id: T, name: 'Metered Open', discipline: 'scrabble', pairingSystems: ['round-robin'], roundsPlanned: 3 }, chief);
    for (const id of ['ann', 'bob', 'cat']) await h.post(`/v1/tournaments/${T}/players`, { id, name: `Player ${id}` }, chief);
    const round1 = { kind: 'manual', reason: 'test', games: [{ table: 1, first: 'ann', second: 'bob' }], tables: [], bye: 'cat' };
    await h.post(`/v1/tournaments/${T}/rounds/1/pairings`, round1, chief);
    await h.post(`/v1/tournaments/${T}/rounds/1/publish`, {}, chief);
    const result = { table: 1, result: { kind: 'played', outcome: 'first', score: { first: 420, second: 380 } } };
    await h.post(`/v1/tournaments/${T}/rounds/1/results`, result, chief);
  });
  afterAll(() => h.stop());

  const scrape = async (token?: string) => {
    await h.core.settle();
    const req = h.http().get('/metrics');
    const r = await (token ? req.set('authorization', token) : req).expect(200);
    return r;
  };

  it('pairing a round without publishing it: the anonymous answer has no record metric before or after, an admin sees the head move', async () => {
    const before = await scrape();
    expect(before.headers['cache-control']).toBe('private, no-store');
    expect(recordLines(before.text)).toEqual([]);
    // What stays public: the process and the reads served.
    expect(families(before.text)).toEqual(expect.arrayContaining(['arbitra_http_reads_total', 'arbitra_process_process_cpu_user_seconds_total']));
    const adminBefore = await scrape(h.token('admin'));
    expect(value(adminBefore.text, 'arbitra_log_head_position')).toBe(h.position);

    const round2 = { kind: 'manual', reason: 'test', games: [{ table: 1, first: 'bob', second: 'cat' }], tables: [], bye: 'ann' };
    await h.post(`/v1/tournaments/${T}/rounds/2/pairings`, round2, chief);
    expect((await h.get(`/v1/tournaments/${T}`, chief).expect(200)).body.rounds).toHaveLength(2);

    const during = await scrape();
    expect(recordLines(during.text)).toEqual([]);
    expect(families(during.text)).toEqual(families(before.text));
    // Neither a player's token nor a chief arbiter's (the head counts every tournament's records) opens the rest.
    for (const token of [h.token('player', [], 'ann'), chief]) expect(recordLines((await scrape(token)).text)).toEqual([]);

    const admin = await scrape(h.token('admin'));
    expect(admin.headers['cache-control']).toBe('private, no-store');
    expect(value(admin.text, 'arbitra_log_head_position')).toBe(h.position);
    expect(h.position).toBeGreaterThan(value(adminBefore.text, 'arbitra_log_head_position'));
    expect(families(admin.text)).toEqual(expect.arrayContaining([...RECORD_METRICS, ...families(during.text)]));
    expect(admin.text).toMatch(/^arbitra_events_appended_total\{aggregate="[^"]+"\} \d+$/m);
    expect(admin.text).toMatch(/^arbitra_projection_lag_events\{projection="[^"]+"\} 0$/m);
  });

  it('keeps a metric registered by a feature (as the projector does) for admins: private unless made public', async () => {
    new Gauge({ name: 'arbitra_test_feature_gauge', help: 'a feature metric', registers: [h.core.metrics.registry] }).set(7);
    expect((await scrape()).text).not.toContain('arbitra_test_feature_gauge');
    expect((await scrape(h.token('admin'))).text).toMatch(/^arbitra_test_feature_gauge 7$/m);
  });
});
