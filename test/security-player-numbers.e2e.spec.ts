import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import type { Response } from 'supertest';
import { RecordsHarness } from './support/records-harness.js';
import { differences, fakeDateOnly, oneTableRound } from './support/servers-alike.js';

const T = 'quiet-cup';
/** A game Ann plays (started by an arbiter, not linked): her moves are her commands. */
const G = 'quiet-board';
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;
const HASH = /[0-9a-f]{64}/g;
const MOVE_KEY = { 'idempotency-key': 'ann-move-1' };

/** An answer as bytes: status, ETag and body (event and command ids are random: no number anyone reads anything from). */
const bytes = (r: Response): string =>
  `${r.status}\netag: ${r.headers.etag ?? ''}\n\n${(r.text || JSON.stringify(r.body)).replace(UUID, '<uuid>').replace(HASH, '<hash>')}`;

/** One server: a tournament with round 1 published (Ann penalised in it) and a chess game of Ann's. */
class Run {
  h!: RecordsHarness;
  chief = '';
  arbiter = '';
  ann = '';

  async start(): Promise<void> {
    this.h = await RecordsHarness.start();
    this.chief = this.h.token('chief-arbiter', [T], 'chief-quiet');
    this.arbiter = this.h.token('arbiter', [], 'arb-board');
    this.ann = this.h.token('player', [T], 'ann');
    const players = [
      { id: 'ann', name: 'Ann Lee' },
      { id: 'bob', name: 'Bob Chan' },
    ];
    await this.h.post('/v1/chess/games', { id: G, players, timeControl: { minutes: 30 } }, this.arbiter);
    await this.h.post(`/v1/tournaments`, { id: T, name: 'Quiet Cup', discipline: 'scrabble', pairingSystems: ['round-robin'], roundsPlanned: 3 }, this.chief);
    for (const id of ['ann', 'bob', 'cat']) await this.h.post(`/v1/tournaments/${T}/players`, { id, name: `Player ${id}` }, this.chief);
    await this.h.post(`/v1/tournaments/${T}/rounds/1/pairings`, oneTableRound('ann', 'bob', 'cat'), this.chief);
    await this.h.post(`/v1/tournaments/${T}/rounds/1/publish`, {}, this.chief);
    const result = { table: 1, result: { kind: 'played', outcome: 'first', score: { first: 420, second: 380 } } };
    await this.h.post(`/v1/tournaments/${T}/rounds/1/results`, result, this.chief);
    await this.h.post(`/v1/tournaments/${T}/penalties`, { player: 'ann', points: 2, reason: 'late arrival', ref: 'P-1', round: 1 }, this.chief);
  }

  /** Round 2 paired and Bob penalised in it (the ledger's entry of another player, of an unpublished round). */
  async hidden(): Promise<void> {
    await this.h.post(`/v1/tournaments/${T}/rounds/2/pairings`, oneTableRound('bob', 'cat', 'ann'), this.chief);
    await this.h.post(`/v1/tournaments/${T}/penalties`, { player: 'bob', points: 3, reason: 'phone rang', ref: 'Q-1', round: 2 }, this.chief);
  }

  /** What Ann reads of her own commands and ledger, as bytes, in the order she sends and reads them. */
  async annsAnswers(): Promise<Map<string, string>> {
    const seen = new Map<string, string>();
    const move = await this.h.post(`/v1/chess/games/${G}/moves`, { seat: 0, move: 'e4' }, this.ann, 201, MOVE_KEY);
    seen.set('move', bytes(move));
    seen.set('move replayed', bytes(await this.h.post(`/v1/chess/games/${G}/moves`, { seat: 0, move: 'e4' }, this.ann, 201, MOVE_KEY)));
    // The position she was given works as ?waitFor= on the game's reads: her move is in what she reads.
    const read = await this.h.http().get(`/v1/chess/games/${G}?waitFor=${move.body.position}`).set('authorization', this.ann);
    seen.set('game after her move', bytes(read));
    seen.set('game ?waitFor= past the game', bytes(await this.h.http().get(`/v1/chess/games/${G}?waitFor=999999`).set('authorization', this.ann)));
    await this.h.core.settle();
    seen.set('ledger', bytes(await this.h.http().get(`/v1/tournaments/${T}/penalty-ledger/players/ann`).set('authorization', this.ann)));
    seen.set(
      'ledger ?waitFor= past the log',
      bytes(await this.h.http().get(`/v1/tournaments/${T}/penalty-ledger/players/ann?waitFor=999999`).set('authorization', this.ann)),
    );
    const contested = (await this.h.core.store.readStream(`penalties-${T}`)).find((e) => (e.data as { penaltyId: string }).penaltyId === 'P-1')!.id;
    const lodge = {
      appealId: 'ann-appeal',
      tournamentId: T,
      contestedEventId: contested,
      appellant: { id: 'ann', capacity: 'player', forPlayer: 'ann' },
      grounds: 'I was on time',
      remedySought: 'cancel the penalty',
    };
    const appeal = await this.h.post('/v1/appeals', lodge, this.ann);
    seen.set('appeal', bytes(appeal));
    seen.set('appeal replayed', bytes(await this.h.post('/v1/appeals', lodge, this.ann)));
    const statement = { statementId: 'ann-1', kind: 'appellant', author: 'Ann Lee', text: 'the clock read 9:58', references: [] };
    const path = `/v1/appeals/${appeal.body.events[0].data.appealId as string}/statements`;
    seen.set('statement', bytes(await this.h.post(path, statement, this.ann, 201, { 'idempotency-key': 'ann-statement-1' })));
    seen.set('statement replayed', bytes(await this.h.post(path, statement, this.ann, 201, { 'idempotency-key': 'ann-statement-1' })));
    return seen;
  }

  async stop(): Promise<void> {
    await this.h.stop();
  }
}

/**
 * Issue 32: a player's own command answers (and their idempotent replays) and his own penalty ledger carry no number
 * that counts what he may not see. Two servers record the same history visible to Ann; one of them also pairs round 2
 * and penalises Bob in it, unpublished, before Ann moves, appeals and reads her ledger. Her answers are byte for byte
 * the same on both; the officials keep the log's positions.
 */
describe('a player’s command answers and own ledger count only what he may see (issue 32)', () => {
  let a: Run;
  let b: Run;
  beforeEach(() => {
    fakeDateOnly('2026-12-06T09:00:00.000Z'); // both servers record the same times
    a = new Run();
    b = new Run();
  });
  afterEach(async () => {
    await a.stop();
    await b.stop();
    jest.useRealTimers();
  });

  it('a move, its replay, an appeal, a statement and the ledger answer the player alike whatever else was recorded; officials keep the log', async () => {
    await a.start();
    await b.start();
    await a.hidden();
    const [seenA, seenB] = [await a.annsAnswers(), await b.annsAnswers()];
    expect(seenA.get('move')).toMatch(/^201\n/);
    expect(seenA.get('game after her move')).toMatch(/^200\n/);
    expect(seenA.get('ledger')).toMatch(/^200\n/);
    expect(seenA.get('appeal')).toMatch(/^201\n/);
    expect(seenA.get('statement replayed')).toMatch(/^201\n[^]*"position":1,"duplicate":true/);
    expect(differences(seenA, seenB)).toEqual([]);

    // Ann's numbers: the game's revision, and her ledger entries counted among themselves.
    const move = JSON.parse(seenA.get('move')!.split('\n\n')[1]) as {
      revision: number;
      position: number;
      events: Array<{ revision: number; position: number }>;
    };
    expect(move).toMatchObject({ revision: 1, position: 1, events: [{ revision: 1, position: 1 }] });
    expect(seenA.get('move replayed')).toContain('"duplicate":true');
    expect(seenA.get('game after her move')).toContain('"e4"');
    const ledger = (await a.h.http().get(`/v1/tournaments/${T}/penalty-ledger/players/ann`).set('authorization', a.ann).expect(200)).body;
    expect(ledger).toMatchObject({ discipline: 'scrabble', asOf: { revision: 0, position: 0 }, penalties: [{ penaltyId: 'P-1' }] });
    // A number past the game (a log position she held from before) waits for everything recorded: no 400 naming a head.
    await a.h.http().get(`/v1/chess/games/${G}?waitFor=999999`).set('authorization', a.ann).expect(200);

    // b records the same hidden events after Ann's; her ledger still reads alike (Bob's entry is not hers).
    await b.hidden();
    await b.h.core.settle();
    const ledgers = await Promise.all(
      [a, b].map(async (run) => bytes(await run.h.http().get(`/v1/tournaments/${T}/penalty-ledger/players/ann`).set('authorization', run.ann))),
    );
    expect(ledgers[0]).toBe(ledgers[1]);

    // Officials: the log's positions in their answers and in Ann's ledger as they read it.
    const official = await a.h.post(`/v1/chess/games/${G}/moves`, { seat: 1, move: 'e5' }, a.arbiter);
    const stored = (await a.h.core.store.readStream(`chess-game-${G}`)).at(-1)!;
    expect(official.body).toMatchObject({ revision: 2, position: stored.position });
    expect(stored.position).toBeGreaterThan(2);
    const officialRead = await a.h.http().get(`/v1/chess/games/${G}?waitFor=${stored.position}`).set('authorization', a.arbiter).expect(200);
    expect(JSON.stringify(officialRead.body.moves)).toContain('"e5"');
    const ledgerStream = await a.h.core.store.readStream(`penalties-${T}`);
    const chiefLedger = (await a.h.get(`/v1/tournaments/${T}/penalty-ledger/players/ann`, a.chief).expect(200)).body;
    expect(chiefLedger.asOf).toMatchObject({ revision: ledgerStream.at(-1)!.revision, position: ledgerStream.at(-1)!.position });
  });
});
