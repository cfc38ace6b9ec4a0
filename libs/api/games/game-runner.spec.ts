import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { FastifyReply } from 'fastify';
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DomainError, type CommandContext, type DomainEvent } from '../../domain/kernel/index.js';
import { ArbitraCore } from '../../runtime/arbitra-core.js';
import { streamOf } from '../../runtime/command-handler.js';
import { MemoryDocuments } from '../../runtime/projections/projection.js';
import {
  GAME_COLLECTIONS,
  gameFeatureModule,
  gamesProjectionFor,
  OFFICIALS_OBSERVE,
  ownSeatOnly,
  resultPosterFor,
  sees,
  type GameFeature,
  type GameListItem,
  type SeatPlayer,
  type TournamentLink,
} from '../../runtime/games/index.js';
import { SqliteEventStore } from '../../store/sqlite/sqlite-event-store.js';
import { recordedEvent } from '../../store/testing/recorded-event.js';
import type { AuthedRequest } from '../auth/auth.guard.js';
import type { Principal } from '../auth/principal.js';
import { ProblemException } from '../problem.js';
import { viewerFor } from './game-access.js';
import { redactEvent } from './game-reads.js';
import { GameRunner, loadGame } from './game-runner.js';

/**
 * Issue 8: the generic runner, access, read model and result poster hold for N seats, proven with
 * a four-seat toy discipline defined here (not Scrabble): its command envelope, hidden hands, a
 * table result for a tournament.
 */
type ToyBody =
  | { type: 'toy.start'; players: SeatPlayer[]; link: TournamentLink | null }
  | { type: 'toy.play'; seat: number; points: number; hand: string[] }
  | { type: 'toy.seat'; seat: number; player: SeatPlayer }
  | { type: 'toy.finish' };
type ToyCommand = ToyBody extends infer B ? (B extends { type: infer T } ? { type: T; data: Omit<B, 'type'>; context: CommandContext } : never) : never;
type ToyEvent =
  | DomainEvent<'toy.Started', { players: SeatPlayer[]; link: TournamentLink | null }>
  | DomainEvent<'toy.Played', { seat: number; points: number; hand: string[] }>
  | DomainEvent<'toy.Seated', { seat: number; player: SeatPlayer }>
  | DomainEvent<'toy.Finished', { scores: number[]; players: SeatPlayer[]; link: TournamentLink | null }>;
type ToyState = { phase: 'none' } | { phase: 'playing' | 'finished'; players: SeatPlayer[]; link: TournamentLink | null; scores: number[] };

const toyDecider = {
  initialState: (): ToyState => ({ phase: 'none' }),
  decide(c: ToyCommand, s: ToyState): ToyEvent[] {
    if (c.type === 'toy.start') return [{ type: 'toy.Started', data: { players: c.data.players, link: c.data.link } }];
    if (s.phase !== 'playing') throw new DomainError('toy/not-playing', 'the game is not being played', 'toy rules');
    if (c.type === 'toy.play') return [{ type: 'toy.Played', data: { seat: c.data.seat, points: c.data.points, hand: c.data.hand } }];
    if (c.type === 'toy.seat') return [{ type: 'toy.Seated', data: { seat: c.data.seat, player: c.data.player } }];
    return [{ type: 'toy.Finished', data: { scores: s.scores, players: s.players, link: s.link } }];
  },
  evolve(s: ToyState, e: ToyEvent): ToyState {
    if (e.type === 'toy.Started') return { phase: 'playing', players: e.data.players, link: e.data.link, scores: e.data.players.map(() => 0) };
    if (s.phase === 'none') return s;
    if (e.type === 'toy.Played') return { ...s, scores: s.scores.map((x, i) => (i === e.data.seat ? x + e.data.points : x)) };
    // A substitute takes the seat (as at a mahjong table).
    if (e.type === 'toy.Seated') return { ...s, players: s.players.map((p, i) => (i === e.data.seat ? e.data.player : p)) };
    return { ...s, phase: 'finished' };
  },
};

const TOY: GameFeature<ToyCommand, ToyEvent, ToyState, ToyBody, { plays: number }> = {
  discipline: 'toy',
  tournamentDisciplines: ['mahjong'],
  aggregate: { name: 'toy-game', decider: toyDecider },
  seats: 4,
  exists: (s) => s.phase !== 'none',
  players: (s) => (s.phase === 'none' ? [] : s.players),
  link: (s) => (s.phase === 'none' ? null : s.link),
  playerActsFor: ownSeatOnly,
  observedTime: OFFICIALS_OBSERVE,
  clock: null,
  hidesInformation: (s) => s.phase === 'playing',
  command: ({ type, ...data }, context) => ({ type, data, context }) as ToyCommand,
  resultEvents: ['toy.Finished'],
  toTournamentResult(event, gameId) {
    const d = event.data as { scores: number[]; players: SeatPlayer[]; link: TournamentLink | null };
    if (!d.link) return null;
    const { tournamentId, round, table } = d.link;
    const result = { kind: 'mahjong-table' as const, seats: d.players.map((p, i) => ({ player: p.id, points: d.scores[i] })) };
    return {
      tournamentId,
      command: (context) => ({ type: 'tournament.record-result', context, data: { round, table, result, source: { kind: 'game', gameId } } }),
    };
  },
  redactState: (s) => s,
  redactEventData: (e, v) => {
    const d = e.data as { seat?: number; hand?: string[] };
    return d.hand && !sees(v, d.seat) ? { ...d, hand: null } : d;
  },
  readModel: {
    version: 1,
    extras: (before, e) => ({ plays: (before?.plays ?? 0) + (e.type === 'toy.Played' ? 1 : 0) }),
    summary: (s) => ({ phase: s.phase, scores: s.phase === 'none' ? [] : s.scores }),
  },
};

const PLAYERS = ['p0', 'p1', 'p2', 'p3'].map((id) => ({ id, name: id.toUpperCase() }));
const who = (id: string, role: Principal['role'], tournaments: string[] = []): Principal => ({ id, role, tournaments });
const request = (principal: Principal | undefined): AuthedRequest => ({ principal, headers: {} }) as unknown as AuthedRequest;
const reply = { header: () => reply } as unknown as FastifyReply;

async function refusal(p: Promise<unknown>): Promise<{ status: number; code: string; field?: string }> {
  try {
    await p;
  } catch (e) {
    if (e instanceof ProblemException) return { status: e.status, code: e.code, ...(e.extras.field !== undefined && { field: e.extras.field }) };
    throw e;
  }
  throw new Error('expected a refusal');
}

describe('the generic game runner with a four-seat discipline', () => {
  let core: ArbitraCore;
  let run: GameRunner<ToyCommand, ToyEvent, ToyState, ToyBody, { plays: number }>;
  const td = who('td-1', 'arbiter');
  const revision = async (id: string) => (await core.commands.load(TOY.aggregate, streamOf(TOY.aggregate, id))).revision;

  beforeAll(async () => {
    core = new ArbitraCore({
      config: { dataDir: mkdtempSync(join(tmpdir(), 'arbitra-toy-')), sqliteSync: 'OFF', groupCommit: false },
      features: [gameFeatureModule(TOY)],
    });
    await core.start();
    run = new GameRunner(core, TOY);
    await run.start(request(td), reply, 't1', {}, { type: 'toy.start', players: PLAYERS, link: null });
  });
  afterAll(async () => {
    await core.close();
  });

  it("a game without a table clock refuses an official's clock reading (422 naming clockReading) instead of dropping it; nothing is recorded", async () => {
    const before = await revision('t1');
    const reading = { clockReading: { remainingMs: [60_000, 60_000] } };
    expect(await refusal(run.official(request(td), reply, 't1', reading, { type: 'toy.play', seat: 0, points: 1, hand: [] }))).toEqual({
      status: 422,
      code: 'games/no-clock',
      field: 'clockReading',
    });
    expect(await refusal(run.start(request(td), reply, 't9', reading, { type: 'toy.start', players: PLAYERS, link: null }))).toMatchObject({
      status: 422,
      field: 'clockReading',
    });
    expect(await revision('t1')).toBe(before);
    expect(await revision('t9')).toBe(-1);
  });

  it('a player records for their own seat, even the fourth; never for another seat (403 naming the seat)', async () => {
    const made = (await run.self(request(who('p3', 'player')), reply, 't1', {}, 3, { type: 'toy.play', seat: 3, points: 5, hand: ['x'] })) as {
      events: { type: string }[];
    };
    expect(made.events.map((e) => e.type)).toEqual(['toy.Played']);
    const before = await revision('t1');
    expect(await refusal(run.self(request(who('p3', 'player')), reply, 't1', {}, 1, { type: 'toy.play', seat: 1, points: 5, hand: [] }))).toEqual({
      status: 403,
      code: 'games/not-your-seat',
      field: 'seat',
    });
    expect(await refusal(run.self(request(who('p9', 'player')), reply, 't1', {}, 0, { type: 'toy.play', seat: 0, points: 1, hand: [] }))).toMatchObject({
      status: 403,
      code: 'games/not-a-player',
    });
    expect(await refusal(run.official(request(who('p2', 'player')), reply, 't1', {}, { type: 'toy.finish' }))).toMatchObject({
      status: 403,
      code: 'games/players-may-not',
    });
    expect(await refusal(run.official(request(who('td-2', 'arbiter')), reply, 't1', {}, { type: 'toy.finish' }))).toMatchObject({
      status: 403,
      code: 'games/not-your-game',
    });
    expect(await revision('t1')).toBe(before);
  });

  it("an unknown game is 404; observed times are officials' only, never before the record nor in the future", async () => {
    expect(await refusal(run.official(request(td), reply, 'nope', {}, { type: 'toy.finish' }))).toMatchObject({
      status: 404,
      code: 'games/unknown-game',
      field: 'id',
    });
    const before = await revision('t1');
    const hourAgo = new Date(Date.now() - 3_600_000).toISOString();
    expect(
      await refusal(
        run.self(request(who('p2', 'player')), reply, 't1', { at: new Date().toISOString() }, 2, { type: 'toy.play', seat: 2, points: 1, hand: [] }),
      ),
    ).toMatchObject({
      status: 403,
      code: 'games/players-may-not-time',
      field: 'at',
    });
    expect(await refusal(run.self(request(td), reply, 't1', { at: hourAgo }, 2, { type: 'toy.play', seat: 2, points: 1, hand: [] }))).toMatchObject({
      status: 422,
      code: 'games/time-before-record',
    });
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString();
    expect(await refusal(run.self(request(td), reply, 't1', { at: tomorrow }, 2, { type: 'toy.play', seat: 2, points: 1, hand: [] }))).toMatchObject({
      status: 422,
      code: 'games/time-in-future',
    });
    expect(await revision('t1')).toBe(before);
    await run.self(request(td), reply, 't1', {}, 2, { type: 'toy.play', seat: 2, points: 7, hand: ['y'] });
    expect(await revision('t1')).toBe(before + 1);
  });

  it('a player of a linked game acts only with a token naming that tournament', async () => {
    const link = { tournamentId: 'mj-open', round: 1, table: 4 };
    await run.start(request(who('admin', 'admin')), reply, 'linked', {}, { type: 'toy.start', players: PLAYERS, link });
    expect(await refusal(run.self(request(who('p1', 'player')), reply, 'linked', {}, 1, { type: 'toy.play', seat: 1, points: 1, hand: [] }))).toMatchObject({
      status: 403,
      code: 'auth/tournament-not-granted',
    });
    await run.self(request(who('p1', 'player', ['mj-open'])), reply, 'linked', {}, 1, { type: 'toy.play', seat: 1, points: 1, hand: [] });
  });

  it("each unlinked game is recorded by the official who started it, command after command, never by another's", async () => {
    const other = who('td-2', 'arbiter');
    await run.start(request(other), reply, 't2', {}, { type: 'toy.start', players: PLAYERS, link: null });
    for (let i = 0; i < 3; i++) {
      await run.official(request(td), reply, 't1', {}, { type: 'toy.play', seat: 0, points: 1, hand: [] });
      await run.official(request(other), reply, 't2', {}, { type: 'toy.play', seat: 0, points: 1, hand: [] });
      expect(await refusal(run.official(request(other), reply, 't1', {}, { type: 'toy.play', seat: 0, points: 1, hand: [] }))).toMatchObject({
        status: 403,
        code: 'games/not-your-game',
      });
      expect(await refusal(run.official(request(td), reply, 't2', {}, { type: 'toy.play', seat: 0, points: 1, hand: [] }))).toMatchObject({
        status: 403,
        code: 'games/not-your-game',
      });
    }
    expect((await loadGame(core, TOY, 't1')).createdBy.id).toBe('td-1');
    expect((await loadGame(core, TOY, 't2')).createdBy.id).toBe('td-2');
  });

  it('each seat sees its own hidden hand only while the game hides information; officials see all', async () => {
    const g = await loadGame(core, TOY, 't1');
    expect(g.players).toHaveLength(4);
    const events = await core.store.readStream(streamOf(TOY.aggregate, 't1'));
    const played = events.find((e) => e.type === 'toy.Played')!;
    const hand = (p: Principal | undefined) => (redactEvent(TOY, played, viewerFor(p, g, TOY.hidesInformation(g.state))).data as { hand: unknown }).hand;
    expect(hand(who('p3', 'player'))).toEqual(['x']);
    expect(hand(who('p0', 'player'))).toBeNull();
    expect(hand(undefined)).toBeNull();
    expect(hand(td)).toEqual(['x']);
  });
});

describe('a game another process appends to (a second writer of the same SQLite file)', () => {
  let core: ArbitraCore;
  let other: SqliteEventStore;
  let run: GameRunner<ToyCommand, ToyEvent, ToyState, ToyBody, { plays: number }>;
  const td = who('td-1', 'arbiter');
  const stream = (id: string) => streamOf(TOY.aggregate, id);
  const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();
  /** The other process seats `player` at `seat`, recorded at `at`. */
  async function seatElsewhere(id: string, seat: number, player: SeatPlayer, at = new Date().toISOString()) {
    const revision = (await other.readStream(stream(id))).length - 1;
    const commandId = randomUUID();
    const meta = { actor: { id: td.id, role: td.role }, commandId, correlationId: commandId, causationId: null, recordedAt: at, schemaVersion: 1 };
    await other.append(stream(id), [{ id: randomUUID(), type: 'toy.Seated', data: { seat, player }, meta }], revision);
  }

  beforeAll(async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'arbitra-toy-two-'));
    core = new ArbitraCore({ config: { dataDir, sqliteSync: 'OFF', groupCommit: false }, features: [gameFeatureModule(TOY)] });
    await core.start();
    other = new SqliteEventStore({ path: join(dataDir, 'events.db'), synchronous: 'OFF' });
    run = new GameRunner(core, TOY);
  });
  afterAll(async () => {
    await other.close();
    await core.close();
  });

  it('a player it unseated is refused (403) and nothing is recorded; the substitute it seated records at once', async () => {
    await run.start(request(td), reply, 'sub', {}, { type: 'toy.start', players: PLAYERS, link: null });
    await run.self(request(who('p0', 'player')), reply, 'sub', {}, 0, { type: 'toy.play', seat: 0, points: 1, hand: [] });
    await seatElsewhere('sub', 0, { id: 'p8', name: 'P8' });
    const before = (await other.readStream(stream('sub'))).length;
    expect(await refusal(run.self(request(who('p0', 'player')), reply, 'sub', {}, 0, { type: 'toy.play', seat: 0, points: 2, hand: [] }))).toMatchObject({
      status: 403,
      code: 'games/not-a-player',
    });
    expect(await other.readStream(stream('sub'))).toHaveLength(before);
    await seatElsewhere('sub', 1, { id: 'p9', name: 'P9' });
    const made = (await run.self(request(who('p9', 'player')), reply, 'sub', {}, 1, { type: 'toy.play', seat: 1, points: 3, hand: [] })) as {
      events: { type: string; revision: number }[];
    };
    expect(made.events).toEqual([expect.objectContaining({ type: 'toy.Played', revision: before + 1 })]);
  });

  it('an observed time before an event it recorded is refused (422); one after it is recorded', async () => {
    await run.start(request(td), reply, 'timed', { at: minutesAgo(10) }, { type: 'toy.start', players: PLAYERS, link: null });
    await seatElsewhere('timed', 2, { id: 'p7', name: 'P7' }, minutesAgo(1));
    expect(await refusal(run.official(request(td), reply, 'timed', { at: minutesAgo(5) }, { type: 'toy.finish' }))).toMatchObject({
      status: 422,
      code: 'games/time-before-record',
    });
    const made = (await run.official(request(td), reply, 'timed', { at: minutesAgo(0.5) }, { type: 'toy.finish' })) as { events: { type: string }[] };
    expect(made.events.map((e) => e.type)).toEqual(['toy.Finished']);
  });
});

describe('the generic read model and result poster with a four-seat discipline', () => {
  const rec = (type: string, data: unknown, n: number, stream = 'toy-game-t9') => recordedEvent(type, data, n, stream);
  const link = { tournamentId: 'mj-open', round: 2, table: 3 };

  it('one document per game (discipline, folded state, extras, createdBy, asOf) and one list entry naming the discipline', () => {
    const projection = gamesProjectionFor(TOY);
    const docs = new MemoryDocuments();
    projection.apply(rec('toy.Started', { players: PLAYERS, link }, 1), docs);
    projection.apply(rec('toy.Played', { seat: 3, points: 9, hand: [] }, 2), docs);
    expect(projection.name).toBe('toy-games');
    expect(docs.get(GAME_COLLECTIONS.game, 't9')).toMatchObject({
      id: 't9',
      discipline: 'toy',
      state: { phase: 'playing', scores: [0, 0, 0, 9] },
      plays: 1,
      createdBy: { id: 'td-1' },
      asOf: { revision: 1, position: 2 },
    });
    expect(docs.get<GameListItem>(GAME_COLLECTIONS.index, 't9')).toMatchObject({
      id: 't9',
      discipline: 'toy',
      players: PLAYERS,
      phase: 'playing',
      scores: [0, 0, 0, 9],
      link,
    });
  });

  it("a finished linked game posts the feature's tournament command; an unlinked one posts nothing", () => {
    const poster = resultPosterFor(TOY);
    expect(poster.name).toBe('toy-result-to-tournament');
    expect(poster.handles('toy.Played')).toBe(false);
    const out = poster.react(rec('toy.Finished', { scores: [1, 2, 3, 4], players: PLAYERS, link }, 3));
    expect(out.map((r) => [r.aggregate.name, r.id])).toEqual([['tournament', 'mj-open']]);
    const ctx: CommandContext = { at: '2026-11-29T10:00:00.000Z', actor: { id: 'pm', role: 'system' }, commandId: 'pm:1' };
    expect(out[0].command(ctx)).toMatchObject({
      type: 'tournament.record-result',
      context: ctx,
      data: {
        round: 2,
        table: 3,
        result: {
          kind: 'mahjong-table',
          seats: [
            { player: 'p0', points: 1 },
            { player: 'p1', points: 2 },
            { player: 'p2', points: 3 },
            { player: 'p3', points: 4 },
          ],
        },
        source: { gameId: 't9' },
      },
    });
    expect(poster.react(rec('toy.Finished', { scores: [0, 0, 0, 0], players: PLAYERS, link: null }, 3))).toEqual([]);
  });
});
