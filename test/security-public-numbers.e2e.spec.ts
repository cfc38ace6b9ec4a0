import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { webhookDispatcher, type WebhookDispatcher } from '../libs/runtime/features/webhooks/index.js';
import { LOCAL_RECEIVER, RecordsHarness } from './support/records-harness.js';
import { SseClient } from './support/sse-client.js';
import { differences, fakeDateOnly, oneTableRound } from './support/servers-alike.js';

const T = 'quiet-open';
/** A game beside the tournament: its public numbers must not count the tournament's unpublished records either. */
const G = 'quiet-game';

/** Every anonymous answer of the tournament: JSON, CSV-like exports, pages, the live stream read at once, health. */
const PATHS = [
  '/v1/tournaments',
  '/v1/tournaments?waitFor=0',
  `/v1/tournaments/${T}`,
  `/v1/tournaments/${T}?waitFor=0`,
  `/v1/tournaments/${T}/standings`,
  `/v1/tournaments/${T}/standings?waitFor=0`,
  `/v1/tournaments/${T}/standings?round=1`,
  `/v1/tournaments/${T}/crosstable`,
  `/v1/tournaments/${T}/crosstable?round=1`,
  `/v1/tournaments/${T}/rounds/1/pairings`,
  `/v1/tournaments/${T}/rounds/1/results`,
  `/v1/tournaments/${T}/rounds/2/pairings`,
  `/v1/tournaments/${T}/rounds/2/results`,
  `/v1/tournaments/${T}/rounds/2/pairings/explain`,
  `/v1/scrabble/tournaments/${T}/tou`,
  `/v1/scrabble/tournaments/${T}/tsh`,
  '/v1/players/ann',
  '/v1/rankings/scrabble',
  '/v1/ratings/scrabble/periods',
  '/v1/games',
  `/v1/chess/games/${G}`,
  `/v1/chess/games/${G}/events`,
  `/v1/games/chess/${G}/live`,
  `/pages/tournaments/${T}`,
  `/pages/tournaments/${T}/rounds/1`,
  `/pages/tournaments/${T}/rounds/2`,
  `/pages/tournaments/${T}/standings`,
  `/pages/tournaments/${T}/crosstable`,
  `/pages/tournaments/${T}/players/ann`,
  `/v1/tournaments/${T}/live`,
  `/v1/tournaments/${T}/live?lastEventId=3`,
  '/health/ready',
];
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;
const HASH = /[0-9a-f]{64}/g;
const HEADERS = ['etag', 'last-modified', 'content-type', 'cache-control', 'content-length'];

interface Delivered {
  webhook: string;
  event: { id: string; stream: string; revision: number; position: number; type: string };
}

/** One server, its public webhook's receiver and an anonymous live stream opened before anything was recorded. */
class Run {
  h!: RecordsHarness;
  dispatcher!: WebhookDispatcher;
  server!: Server;
  stream!: SseClient;
  base = '';
  chief = '';
  arbiter = '';
  /** The server's id of the appeal lodged in `appealed` (issue 32: appeal ids are the server's). */
  appealId = '';
  readonly got: Delivered[] = [];

  async start(): Promise<void> {
    this.h = await RecordsHarness.start(undefined, undefined, LOCAL_RECEIVER);
    await this.h.app.listen(0, '127.0.0.1');
    this.base = `http://127.0.0.1:${(this.h.app.getHttpServer().address() as AddressInfo).port}`;
    this.dispatcher = webhookDispatcher(this.h.core) as WebhookDispatcher;
    this.server = createServer((req, res) => {
      let body = '';
      req.setEncoding('utf8');
      req.on('data', (c: string) => (body += c));
      req.on('end', () => (this.got.push(JSON.parse(body) as Delivered), res.end()));
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/hook`;
    const admin = this.h.token('admin');
    await this.h.post('/v1/webhooks', { id: 'pub', url, secret: 'public-receiver-secret', eventTypes: ['tournament.', 'chess.'] }, admin);
    await this.h.post('/v1/webhooks', { id: 'all', url, secret: 'official-receiver-secret', eventTypes: ['tournament.'], audience: 'everything' }, admin);
    this.chief = this.h.token('chief-arbiter', [T], 'chief-quiet');
    this.arbiter = this.h.token('arbiter', [], 'arb-game');
    const players = [
      { id: 'ann', name: 'Ann Lee' },
      { id: 'bob', name: 'Bob Chan' },
    ];
    await this.h.post('/v1/chess/games', { id: G, players, timeControl: { minutes: 30 } }, this.arbiter);
    await this.move(0, 'e4');
    await this.h.post('/v1/tournaments', { id: T, name: 'Quiet Open', discipline: 'scrabble', pairingSystems: ['round-robin'], roundsPlanned: 3 }, this.chief);
    this.stream = await SseClient.open(this.base, `/v1/tournaments/${T}/live`);
    for (const id of ['ann', 'bob', 'cat']) await this.h.post(`/v1/tournaments/${T}/players`, { id, name: `Player ${id}` }, this.chief);
    await this.h.post(`/v1/tournaments/${T}/rounds/1/pairings`, oneTableRound('ann', 'bob', 'cat'), this.chief);
    await this.h.post(`/v1/tournaments/${T}/rounds/1/publish`, {}, this.chief);
    await this.h.post(
      `/v1/tournaments/${T}/rounds/1/results`,
      { table: 1, result: { kind: 'played', outcome: 'first', score: { first: 420, second: 380 } } },
      this.chief,
    );
  }

  /** Round 2 paired (with its bye) and a points penalty for it: for the officials only until round 2 is published. */
  async hidden(): Promise<void> {
    await this.h.post(`/v1/tournaments/${T}/rounds/2/pairings`, oneTableRound('bob', 'cat', 'ann'), this.chief);
    await this.h.post(`/v1/tournaments/${T}/penalties`, { player: 'bob', points: 3, reason: 'phone rang', ref: 'Q-1', round: 2 }, this.chief);
  }

  async move(seat: number, move: string): Promise<void> {
    await this.h.post(`/v1/chess/games/${G}/moves`, { seat, move }, this.arbiter);
  }

  async correct(): Promise<void> {
    const correction = { result: { kind: 'played', outcome: 'second', score: { first: 380, second: 420 } }, reason: 'scoresheet slip' };
    await this.h.post(`/v1/tournaments/${T}/rounds/1/results/1/corrections`, correction, this.chief);
  }

  /** Every public channel, as bytes: each anonymous answer (status, caching headers, body), the live stream, the public webhook's bodies. */
  async channels(): Promise<Map<string, string>> {
    await this.h.core.settle();
    await this.dispatcher.settle();
    const answers = new Map<string, string>();
    for (const path of PATHS) {
      const r = await this.h
        .http()
        .get(path)
        .buffer(true)
        .parse((res, done) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (c: string) => (text += c));
          res.on('end', () => done(null, text));
        });
      const headers = HEADERS.map((name) => `${name}: ${r.headers[name] ?? ''}`).join('\n');
      // A game's events show their ids, their commands' and their hashes (random, and over them): no number the public could read anything from.
      const body = path.includes('games') ? String(r.body).replace(UUID, '<uuid>').replace(HASH, '<hash>') : String(r.body);
      answers.set(path, `${r.status}\n${headers}\n\n${body.replace(/"requestId":"[^"]*"/, '"requestId":"…"')}`);
    }
    answers.set('live (followed)', JSON.stringify(this.stream.events));
    // An event's id is random (its command's): not a number the public could read anything from.
    const pub = this.got.filter((d) => d.webhook === 'pub').map((d) => JSON.stringify({ ...d.event, id: '…' }));
    answers.set('webhook pub', pub.join('\n'));
    return answers;
  }

  /**
   * Ann appeals the correction of round 1; a committee upholds it and the remedy corrects the result back (a
   * `tournament.ResultCorrected` caused by the decision); the federation publishes a rating list of the period.
   */
  async appealed(): Promise<void> {
    const ann = this.h.token('player', [T], 'ann');
    const contested = (await this.h.core.store.readStream(`tournament-${T}`)).filter((e) => e.type === 'tournament.ResultCorrected').at(-1)!.id;
    const lodge = {
      appealId: 'ap-key',
      tournamentId: T,
      contestedEventId: contested,
      appellant: { id: 'ann', capacity: 'player', forPlayer: 'ann' },
      grounds: 'the scoresheet was right',
      remedySought: 'restore the result',
    };
    this.appealId = (await this.h.post('/v1/appeals', lodge, ann)).body.events[0].data.appealId;
    const members = ['c-1', 'c-2', 'c-3'];
    const chair = this.h.token('appeals-committee', [T], members[0]);
    const path = `/v1/appeals/${this.appealId}`;
    await this.h.post(`${path}/acknowledgement`, {}, this.chief);
    await this.h.post(`${path}/committee`, { members: members.map((id, i) => ({ id, name: `Member ${id}`, role: i === 0 ? 'chair' : 'member' })) }, this.chief);
    await this.h.post(`${path}/hearing`, { hearingAt: new Date(Date.now() + 600_000).toISOString(), place: 'Room 1' }, chair);
    await this.h.post(`${path}/hearing/minutes`, { present: [...members, 'ann'], minutes: 'heard' }, chair);
    const remedy = { kind: 'correct-result', round: 1, table: 1, result: { kind: 'played', outcome: 'first', score: { first: 420, second: 380 } } };
    const votes = members.map((member) => ({ member, vote: 'uphold' }));
    await this.h.post(`${path}/decision`, { outcome: 'upheld', reasons: 'the scoresheet was right', votes, remedies: [remedy] }, chair);
    const admin = this.h.token('admin');
    await this.h.post(
      '/v1/ratings/scrabble/periods',
      { period: '2026-12', closesOn: '2026-12-31', tournaments: [T], engine: { name: 'wespa-elo', version: 1 } },
      admin,
    );
    await this.h.core.settle();
    await this.h.post('/v1/ratings/scrabble/periods/2026-12/list', {}, admin);
  }

  /**
   * Bob appeals a published points penalty of round 1 (`P-1`); a committee upholds it and cancels the penalty (a
   * `penalties.PenaltyCancelled` caused by the decision).
   */
  async penaltyAppealed(): Promise<void> {
    await this.h.post(`/v1/tournaments/${T}/penalties`, { player: 'bob', points: 5, reason: 'late arrival', ref: 'P-1', round: 1 }, this.chief);
    const bob = this.h.token('player', [T], 'bob');
    const contested = (await this.h.core.store.readStream(`penalties-${T}`)).find((e) => (e.data as { penaltyId: string }).penaltyId === 'P-1')!.id;
    const lodge = {
      tournamentId: T,
      contestedEventId: contested,
      appellant: { id: 'bob', capacity: 'player', forPlayer: 'bob' },
      grounds: 'the clock was wrong',
      remedySought: 'cancel the penalty',
    };
    this.appealId = (await this.h.post('/v1/appeals', lodge, bob)).body.events[0].data.appealId;
    const members = ['c-1', 'c-2', 'c-3'];
    const chair = this.h.token('appeals-committee', [T], members[0]);
    const path = `/v1/appeals/${this.appealId}`;
    await this.h.post(`${path}/acknowledgement`, {}, this.chief);
    await this.h.post(`${path}/committee`, { members: members.map((id, i) => ({ id, name: `Member ${id}`, role: i === 0 ? 'chair' : 'member' })) }, this.chief);
    await this.h.post(`${path}/hearing`, { hearingAt: new Date(Date.now() + 600_000).toISOString(), place: 'Room 1' }, chair);
    await this.h.post(`${path}/hearing/minutes`, { present: [...members, 'bob'], minutes: 'heard' }, chair);
    const votes = members.map((member) => ({ member, vote: 'uphold' }));
    const remedies = [{ kind: 'cancel-penalty', penaltyId: 'P-1' }];
    await this.h.post(`${path}/decision`, { outcome: 'upheld', reasons: 'the clock was wrong', votes, remedies }, chair);
  }

  /** The appeal as its appellant reads it (timeline as JSON, HTML, Markdown; the file), and the public rating list, as bytes. */
  async appealChannels(reader = 'ann'): Promise<Map<string, string>> {
    await this.h.core.settle();
    // The committee's tokens are scoped to the tournament: officials, who read the log's positions.
    const readers: Record<string, string | null> = { [reader]: this.h.token('player', [T], reader), public: null };
    const answers = new Map<string, string>();
    const paths = [
      ...['', '?format=html', '?format=md'].map((q) => `${reader} /timeline${q}`),
      `${reader} `,
      'public /v1/rankings/scrabble',
      'public /v1/rankings/scrabble?format=csv',
      'public /v1/ratings/scrabble/periods',
      'public /pages/ratings/scrabble',
    ];
    for (const key of paths) {
      const [who, rest] = key.split(' ') as [string, string];
      const path = rest.startsWith('/v1/') || rest.startsWith('/pages/') ? rest : `/v1/appeals/${this.appealId}${rest}`;
      const token = readers[who];
      const req = this.h.http().get(path);
      if (token) void req.set('authorization', token);
      const r = await req.buffer(true).parse((res, done) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => done(null, text));
      });
      const headers = HEADERS.map((name) => `${name}: ${r.headers[name] ?? ''}`).join('\n');
      // Event ids and appeal ids are random: no number the reader could read anything from.
      const body = String(r.body).replaceAll(this.appealId, '<appeal>').replace(UUID, '<uuid>').replace(HASH, '<hash>');
      answers.set(key, `${r.status}\n${headers}\n\n${body}`);
    }
    return answers;
  }

  async stop(): Promise<void> {
    this.stream.close();
    this.server.close();
    await this.h.stop();
  }
}

/**
 * Issue 32: every number the public reads (asOf, ETags, live ids and positions, webhook revisions and positions, health)
 * is derived from what the public may see. Two servers record the same public history of a tournament; one of them
 * also pairs round 2 (with a bye) and penalises it, unpublished, before a public correction of round 1. Every
 * anonymous answer must be byte for byte the same on both, before and after round 2 is published; the officials keep
 * the log's global positions.
 */
describe('public answers carry no number that counts unpublished records (issue 32)', () => {
  let a: Run;
  let b: Run;
  beforeEach(() => {
    fakeDateOnly('2026-12-05T09:00:00.000Z'); // both servers record the same times
    a = new Run();
    b = new Run();
  });
  afterEach(async () => {
    await a.stop();
    await b.stop();
    jest.useRealTimers();
  });

  it('a tournament paired and penalised unpublished answers every public channel as one without it; officials keep global positions', async () => {
    await a.start();
    await b.start();
    // a: round 2 paired and penalised before the public correction of round 1; b: not (yet).
    await a.hidden();
    for (const run of [a, b]) {
      await run.correct();
      await run.move(1, 'e5');
    }
    const [beforeA, beforeB] = [await a.channels(), await b.channels()];
    expect(beforeA.get(`/v1/tournaments/${T}`)).toMatch(/^200\n/);
    expect(differences(beforeA, beforeB)).toEqual([]);

    // b records the same hidden events after the correction; both publish round 2.
    await b.hidden();
    for (const run of [a, b]) {
      await run.h.post(`/v1/tournaments/${T}/rounds/2/publish`, {}, run.chief);
      await run.stream.waitFor((e) => e.some((x) => x.event === 'tournament.RoundPublished' && x.data.data.round === 2));
    }
    const [afterA, afterB] = [await a.channels(), await b.channels()];
    expect(differences(afterA, afterB)).toEqual([]);
    expect(afterA.get(`/v1/tournaments/${T}`)).not.toBe(beforeA.get(`/v1/tournaments/${T}`));
    expect(beforeA.get(`/v1/tournaments/${T}/rounds/2/pairings`)).toMatch(/^404\n/);
    expect(afterA.get(`/v1/tournaments/${T}/rounds/2/pairings`)).toMatch(/^200\n/);

    // The public's live stream resumes by its own numbers: from message 6 on, what the stream sent after it.
    const followed = a.stream.events;
    expect(followed.map((e) => e.id)).toEqual(followed.map((_, i) => i));
    const resumed = await SseClient.open(a.base, `/v1/tournaments/${T}/live`, { 'last-event-id': '5' });
    await resumed.waitFor((e) => e.length >= followed.length - 6);
    resumed.close();
    expect(resumed.events).toEqual(followed.slice(6));

    // Officials: the log's global positions and the stream's revisions, on both channels.
    const official = await a.h.get(`/v1/tournaments/${T}`, a.chief).expect(200);
    expect(official.body.asOf.position).toBe(a.h.position);
    const head = await a.h.http().get('/health/ready').set('authorization', a.h.token('admin')).expect(200);
    // The log's head (beyond the last command: the webhooks' delivery records follow it).
    expect(head.body.info.store.head).toBe(await a.h.core.store.headPosition());
    const mine = await SseClient.open(a.base, `/v1/tournaments/${T}/live`, { authorization: a.chief });
    await mine.waitFor((e) => e.some((x) => x.event === 'tournament.RoundPublished' && x.data.data.round === 2));
    mine.close();
    expect(mine.events.map((e) => e.id)).toEqual(mine.events.map((_, i) => i));
    expect(mine.events.at(-1)?.data).toMatchObject({ position: a.h.position });
    const all = a.got.filter((d) => d.webhook === 'all');
    expect(all.at(-1)?.event.position).toBe(a.h.position);
    // The game's starter reads its events at the log's positions, admin its list entry.
    const last = (await a.h.get(`/v1/chess/games/${G}/events`, a.arbiter).expect(200)).body.events.at(-1);
    expect(last).toMatchObject({ revision: 2, position: expect.any(Number) });
    expect(last.position).toBeGreaterThan(2);
    const listed = (await a.h.get('/v1/games', a.h.token('admin')).expect(200)).body.games.find((g: { id: string }) => g.id === G);
    expect(listed.asOf).toMatchObject({ revision: 2, position: last.position });
  });

  it('an appeal decided on a tournament with unpublished records reads alike to its appellant; officials keep log positions', async () => {
    await a.start();
    await b.start();
    // a: round 2 paired and penalised (unpublished) before the correction that is appealed; b: after the appeal.
    await a.hidden();
    for (const run of [a, b]) {
      await run.correct();
      await run.appealed();
    }
    await b.hidden();
    const [seenA, seenB] = [await a.appealChannels(), await b.appealChannels()];
    expect(seenA.get('ann /timeline')).toMatch(/^200\n/);
    expect(seenA.get('public /v1/rankings/scrabble')).toMatch(/^200\n/);
    expect(differences(seenA, seenB)).toEqual([]);

    // The appellant's numbers: the appeal's own revisions, and the remedy's event at the tournament's public position.
    const ann = (await a.h.get(`/v1/appeals/${a.appealId}/timeline`, a.h.token('player', [T], 'ann')).expect(200)).body;
    expect(ann.positions).toBe('public');
    const steps = ann.entries.filter((e: { kind: string }) => e.kind === 'step');
    expect(steps.map((e: { position: number }) => e.position)).toEqual(steps.map((_: unknown, i: number) => i));
    const remedy = ann.entries.find((e: { kind: string }) => e.kind === 'remedy');
    expect(remedy).toMatchObject({ status: 'applied', position: 5.001 });
    const publicAsOf = (await a.h.get(`/v1/tournaments/${T}`).expect(200)).body.asOf;
    expect(remedy.effect.event.position).toBe(publicAsOf.position);
    expect(ann.contested.context).toEqual([expect.objectContaining({ revision: 0, contested: true })]);

    // An official of the tournament reads the log's positions.
    const log = await a.h.core.store.readStream(`appeal-${a.appealId}`);
    const chief = (await a.h.get(`/v1/appeals/${a.appealId}/timeline`, a.chief).expect(200)).body;
    expect(chief.positions).toBe('log');
    const officialSteps = chief.entries.filter((e: { kind: string }) => e.kind === 'step');
    expect(officialSteps.map((e: { position: number }) => e.position)).toEqual(log.map((e) => e.position));
    const corrected = (await a.h.core.store.readStream(`tournament-${T}`)).filter((e) => e.type === 'tournament.ResultCorrected');
    expect(chief.entries.find((e: { kind: string }) => e.kind === 'remedy').effect.event.position).toBe(corrected.at(-1)!.position);
    const file = (await a.h.get(`/v1/appeals/${a.appealId}`, a.chief).expect(200)).body;
    expect(file.events.map((e: { position: number }) => e.position)).toEqual(log.map((e) => e.position));
  });

  it('a contested penalty’s context shows its appellant none of their ledger entries of an unpublished round; officials see them', async () => {
    await a.start();
    await b.start();
    // a: bob penalised in round 2 (unpublished) before the penalty of round 1 he appeals; b: after the appeal.
    await a.hidden();
    for (const run of [a, b]) await run.penaltyAppealed();
    await b.hidden();
    const [seenA, seenB] = [await a.appealChannels('bob'), await b.appealChannels('bob')];
    expect(seenA.get('bob /timeline')).toMatch(/^200\n/);
    expect(differences(seenA, seenB)).toEqual([]);
    for (const run of [a, b])
      for (const [key, text] of await run.appealChannels('bob')) if (key.startsWith('bob')) expect(text).not.toMatch(/Q-1|phone rang|amount 3,/);

    // The appellant's context: the contested penalty and its cancellation, numbered among themselves.
    const bob = (await a.h.get(`/v1/appeals/${a.appealId}/timeline`, a.h.token('player', [T], 'bob')).expect(200)).body;
    expect(bob.contested.context.map((e: { revision: number; type: string }) => [e.revision, e.type])).toEqual([
      [0, 'penalties.PenaltyIssued'],
      [1, 'penalties.PenaltyCancelled'],
    ]);

    // The chief arbiter and the committee (officials of the tournament) see the whole ledger of the player.
    for (const official of [a.chief, a.h.token('appeals-committee', [T], 'c-2')]) {
      for (const format of ['', '?format=html', '?format=md']) {
        const r = await a.h.get(`/v1/appeals/${a.appealId}/timeline${format}`, official).expect(200);
        expect(format ? r.text : JSON.stringify(r.body)).toMatch(/amount 3,/);
      }
    }

    // Once round 2 is published, its penalty is the public's, and the appellant's context shows it.
    await a.h.post(`/v1/tournaments/${T}/rounds/2/publish`, {}, a.chief);
    await a.h.core.settle();
    const later = (await a.h.get(`/v1/appeals/${a.appealId}/timeline`, a.h.token('player', [T], 'bob')).expect(200)).body;
    expect(later.contested.context.map((e: { summary: string }) => e.summary).join('\n')).toMatch(/amount 3,/);
  });
});
