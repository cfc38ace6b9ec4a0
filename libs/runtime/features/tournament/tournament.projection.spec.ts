import { describe, expect, it } from '@jest/globals';
import { pair } from '../../../domain/pairing/index.js';
import { computeStandings } from '../../../domain/standings/index.js';
import { pairingRequestFor, standingsInputFor, type TournamentCommand, type TournamentEvent } from '../../../domain/tournament/index.js';
import {
  create,
  ctx,
  extend,
  game,
  pairManual,
  publish,
  record,
  register,
  run,
  scrabble,
  stateOf,
  won,
} from '../../../domain/tournament/testing/tournament.test-support.js';
import type { RecordedEvent } from '../../../store/event-store.port.js';
import { recordedEvents } from '../../projections/testing/recorded-events.js';
import { MemoryDocuments, type Projection } from '../../projections/projection.js';
import { defaultPairingSeed } from './provisional-pairings.js';
import { crosstableOf, standingsOf } from './tournament-documents.js';
import { tournamentsProjection } from './tournament.projection.js';
import {
  COLLECTIONS,
  type CrosstableDocument,
  type ProvisionalDocument,
  type RoundDocument,
  type StandingsDocument,
  type TournamentIndexEntry,
  type TournamentListItem,
  type TournamentSummary,
} from './tournament-read-model.js';

/** The log as the store would give it: one stream `tournament-t1`, positions from 1. */
const recorded = recordedEvents;

/** Applies the log as one batch, as the runner does (apply each event, then flush once). */
function project(projection: Projection, log: readonly RecordedEvent[], docs = new MemoryDocuments()): MemoryDocuments {
  for (const e of log) if (projection.handles(e.type)) projection.apply(e, docs);
  projection.flush?.(docs);
  return docs;
}

/** Every document, by collection and key (the order they were first written in differs between one batch and many). */
const dump = (docs: MemoryDocuments) =>
  JSON.stringify(
    [...docs.collections]
      .map(([c, m]) => [c, [...m].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))] as const)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
  );

/** Pairs the next round with the Australian draw the way the HTTP layer does, then publishes it. */
function pairNext(history: TournamentEvent[], round: number): TournamentEvent[] {
  const seed = defaultPairingSeed('t1', 'main', round);
  const result = pair('australian-draw', pairingRequestFor(stateOf(history), 'main', round, seed));
  const cmd: TournamentCommand = {
    type: 'tournament.pair-round',
    context: ctx(),
    data: { round, pairing: { kind: 'system', system: 'australian-draw', seed, result } },
  };
  return extend(history, cmd, publish(round));
}

const six = () =>
  run(
    create({ roundsPlanned: 3, pairingSystems: ['australian-draw', 'king-of-the-hill', 'mahjong-swiss'] }),
    ...['a', 'b', 'c', 'd', 'e', 'f'].map((id, i) => register(id, { rating: 2000 - 10 * i })),
  );

describe('tournament read models', () => {
  it('keeps summary, rounds and standings equal to the domain functions over the folded state', () => {
    let h = pairNext(six(), 1);
    h = extend(h, record(1, 1, scrabble(420, 380)), record(1, 2, scrabble(300, 310)));
    const docs = project(tournamentsProjection, recorded(h));
    const summary = docs.get<TournamentSummary>(COLLECTIONS.summary, 't1') as TournamentSummary;
    expect(summary.rounds).toEqual([
      { division: 'main', round: 1, status: 'published', published: true, method: 'system', system: 'australian-draw', tables: 3, bye: null, missing: [3] },
    ]);
    expect(summary.asOf).toEqual({ revision: h.length - 1, position: h.length, at: '2026-11-29T10:00:00.000Z' });
    const round = docs.get<RoundDocument>(COLLECTIONS.round, 't1/main/1') as RoundDocument;
    expect(Object.keys(round.results)).toEqual(['t1', 't2']);
    expect(round.explanation.length).toBeGreaterThan(0);
    const standings = project(tournamentsProjection, recorded(h)).get<StandingsDocument>(COLLECTIONS.standings, 't1/main') as StandingsDocument;
    expect(standings.rows).toEqual(computeStandings(standingsInputFor(stateOf(h), 'main')));
    // Round 1 has 2 of its 3 results: nothing is complete yet, round 1 is in progress.
    expect([standings.throughRound, standings.roundInProgress]).toEqual([null, 1]);
  });

  it("keeps the public's asOf counting only the changes the public sees (issue 32)", () => {
    const index = (h: TournamentEvent[]) =>
      project(tournamentsProjection, recorded(h)).get<TournamentIndexEntry>(COLLECTIONS.index, 't1') as TournamentIndexEntry;
    const registered = six(); // the creation and six registrations: public changes 0 to 6
    expect(index(registered).publicAsOf).toMatchObject({ revision: 6, position: 6 });
    // Round 1 paired: unseen by the public, so its asOf stays.
    const paired = extend(registered, pairManual(1, [game(1, 'a', 'b'), game(2, 'c', 'd'), game(3, 'e', 'f')]));
    expect(paired.length).toBe(registered.length + 1);
    expect(index(paired).publicAsOf).toEqual(index(registered).publicAsOf);
    // Its publication is the public's seventh change; the officials' asOf keeps the stream's revision and the log's position.
    const published = extend(paired, publish(1));
    expect(index(published).publicAsOf).toMatchObject({ revision: 7, position: 7 });
    expect(index(published).asOf).toMatchObject({ revision: published.length - 1, position: published.length });
  });

  it('is deterministic and plain JSON: two runs over the same log give identical documents', () => {
    let h = pairNext(six(), 1);
    h = extend(h, record(1, 1, scrabble(420, 380)), record(1, 2, scrabble(300, 310)), record(1, 3, scrabble(400, 400)));
    h = pairNext(h, 2);
    const log = recorded(h);
    const a = project(tournamentsProjection, log);
    const b = project(tournamentsProjection, log);
    expect(dump(a)).toBe(dump(b));
    for (const m of a.collections.values()) for (const v of m.values()) expect(JSON.parse(JSON.stringify(v))).toEqual(v);
  });

  it('derives the same documents whether the log is applied in one batch or one event per batch', () => {
    let h = pairNext(six(), 1);
    h = extend(h, record(1, 1, scrabble(420, 380)), record(1, 2, scrabble(300, 310)), record(1, 3, scrabble(400, 400)));
    h = pairNext(h, 2);
    const log = recorded(h);
    const oneBatch = project(tournamentsProjection, log);
    const perEvent = new MemoryDocuments();
    for (const e of log) project(tournamentsProjection, [e], perEvent);
    expect(dump(perEvent)).toBe(dump(oneBatch));
  });

  it('provisional: follows each result, and equals pair() with the default seed on the state at that point', () => {
    let h = pairNext(six(), 1);
    const before = project(tournamentsProjection, recorded(h)).get<ProvisionalDocument>(COLLECTIONS.provisional, 't1/main') as ProvisionalDocument;
    expect(before).toMatchObject({ round: 2, seed: 't1:main:2', pendingTables: [1, 2, 3] });
    h = extend(h, record(1, 1, scrabble(420, 380)));
    const after = project(tournamentsProjection, recorded(h)).get<ProvisionalDocument>(COLLECTIONS.provisional, 't1/main') as ProvisionalDocument;
    expect(after.pendingTables).toEqual([2, 3]);
    expect(after.asOf.position).toBe(h.length);
    expect(after.systems['australian-draw']).toEqual({
      status: 'paired',
      pairing: pair('australian-draw', pairingRequestFor(stateOf(h), 'main', 2, 't1:main:2')),
    });
    expect(after.systems['king-of-the-hill']).toMatchObject({ status: 'paired' });
    // A mahjong system cannot pair a 2-player discipline: a typed refusal is stored instead.
    expect(after.systems['mahjong-swiss']).toMatchObject({ status: 'refused', type: 'tournament/pairing-format' });
  });

  it("provisional: stores the pairing system's typed refusal (mahjong field not divisible by 4), then pairs once the field is", () => {
    const h = run(create({ discipline: 'mahjong', pairingSystems: ['mahjong-swiss'] }), ...['a', 'b', 'c', 'd', 'e', 'f'].map((id) => register(id)));
    const docs = project(tournamentsProjection, recorded(h));
    expect(docs.get<ProvisionalDocument>(COLLECTIONS.provisional, 't1/main')?.systems['mahjong-swiss']).toMatchObject({
      status: 'refused',
      type: 'pairing/field-not-divisible-by-4',
      rule: expect.any(String),
    });
    const h2 = extend(h, register('g'), register('h'));
    const docs2 = project(tournamentsProjection, recorded(h2));
    const ok = docs2.get<ProvisionalDocument>(COLLECTIONS.provisional, 't1/main')?.systems['mahjong-swiss'];
    expect(ok?.status).toBe('paired');
    expect(ok?.status === 'paired' && ok.pairing.tables).toHaveLength(2);
  });

  it('provisional: leaves out a player withdrawn from the next round, and refuses past the planned rounds', () => {
    let h = pairNext(six(), 1);
    h = extend(h, { type: 'tournament.withdraw-player', context: ctx(), data: { playerId: 'f', fromRound: 2 } });
    const doc = project(tournamentsProjection, recorded(h)).get<ProvisionalDocument>(COLLECTIONS.provisional, 't1/main') as ProvisionalDocument;
    const ad = doc.systems['australian-draw'];
    expect(ad?.status === 'paired' && ad.pairing.bye).not.toBeNull();
    expect(ad?.status === 'paired' && ad.pairing.games.flatMap((g) => [g.first, g.second])).not.toContain('f');
    let full = pairNext(six(), 1);
    for (let round = 1; round <= 3; round++) {
      full = extend(full, record(round, 1, scrabble(400, 300)), record(round, 2, scrabble(400, 300)), record(round, 3, scrabble(400, 300)));
      if (round < 3) full = pairNext(full, round + 1);
    }
    const last = project(tournamentsProjection, recorded(full)).get<ProvisionalDocument>(COLLECTIONS.provisional, 't1/main') as ProvisionalDocument;
    expect(last.round).toBe(4);
    expect(last.systems['australian-draw']).toMatchObject({ status: 'refused', type: 'tournament/rounds-planned-exceeded' });
  });

  it('keeps tournaments apart by stream', () => {
    const a = recorded(six(), 'tournament-t1');
    const b = recorded(run(create({ id: 't2', name: 'Other' })), 'tournament-t2').map((e) => ({ ...e, position: e.position + a.length }));
    const docs = project(tournamentsProjection, [...a, ...b]);
    expect(docs.get<TournamentSummary>(COLLECTIONS.summary, 't1')?.players).toHaveLength(6);
    expect(docs.get<TournamentSummary>(COLLECTIONS.summary, 't2')?.players).toHaveLength(0);
  });

  it('recomputes standings and provisional pairings only for the division an event concerns', () => {
    const h = run(
      create({ divisions: ['open', 'junior'], pairingSystems: ['australian-draw'] }),
      ...['a', 'b', 'c', 'd'].map((id) => register(id, { division: 'open' })),
      ...['x', 'y'].map((id) => register(id, { division: 'junior' })),
    );
    const log = recorded(h);
    const standings = project(tournamentsProjection, log);
    expect(standings.get<StandingsDocument>(COLLECTIONS.standings, 't1/open')?.rows.map((r) => r.player)).toEqual(['a', 'b', 'c', 'd']);
    // The stored standings are the public's: their asOf counts the public's changes from 0 (the creation), issue 32.
    expect(standings.get<StandingsDocument>(COLLECTIONS.standings, 't1/junior')?.asOf.position).toBe(log.length - 1); // y registered last
    expect(standings.get<StandingsDocument>(COLLECTIONS.standings, 't1/open')?.asOf.position).toBe(4); // d: the fourth change after the creation
    const provisional = project(tournamentsProjection, log);
    const junior = provisional.get<ProvisionalDocument>(COLLECTIONS.provisional, 't1/junior')?.systems['australian-draw'];
    expect(junior?.status === 'paired' && junior.pairing.games).toEqual([expect.objectContaining({ table: 1 })]);
    expect(provisional.get<ProvisionalDocument>(COLLECTIONS.provisional, 't1/open')?.seed).toBe('t1:open:1');
  });

  it('Arbitra reading of FIDE TB 2023 §16: live standings count a round in progress as not yet played for players without a result; the projection and ?round= use the same rule', () => {
    // 5-player chess: R1 A–B ½–½, C–D 1–0, E bye; R2 E–B 1–0, A–C 1–0, D bye; R3 paired and published (B's bye recorded), no game played yet.
    let h = run(create({ discipline: 'chess-rapid', pairingSystems: ['round-robin'] }), ...['a', 'b', 'c', 'd', 'e'].map((id) => register(id)));
    h = extend(h, pairManual(1, [game(1, 'a', 'b'), game(2, 'c', 'd')], 'e'), publish(1), record(1, 1, won('draw')), record(1, 2, won('first')));
    h = extend(h, pairManual(2, [game(1, 'e', 'b'), game(2, 'a', 'c')], 'd'), publish(2), record(2, 1, won('first')), record(2, 2, won('first')));
    h = extend(h, pairManual(3, [game(1, 'a', 'e'), game(2, 'c', 'd')], 'b'), publish(3));
    const t = stateOf(h);
    const asOf = { revision: h.length - 1, position: h.length, at: '2026-11-29T10:00:00.000Z' };
    const live = project(tournamentsProjection, recorded(h)).get<StandingsDocument>(COLLECTIONS.standings, 't1/main') as StandingsDocument;
    const throughR2 = standingsOf(t, 'main', asOf, 2);
    const tb = (doc: StandingsDocument, id: string) => doc.rows.find((r) => r.player === id)?.tieBreaks;
    expect([live.throughRound, live.roundInProgress]).toEqual([2, 3]);
    expect([throughR2.throughRound, throughR2.roundInProgress]).toEqual([2, null]);
    expect(Object.fromEntries((tb(live, 'e') ?? []).map((x) => [x.code, x.value]))).toMatchObject({ BH: 2.5, 'BH-C1': 2, PS: 3 });
    for (const id of ['a', 'c', 'd', 'e']) expect(tb(live, id)).toEqual(tb(throughR2, id));
    expect(live.rows.find((r) => r.player === 'b')).toMatchObject({ rank: 2, score: 1.5, rounds: 3 });
    // ?round=3 while round 3 is in progress: the same rule, the same rows.
    const asked = standingsOf(t, 'main', live.asOf, 3);
    expect(asked).toEqual(live);
    // Once every result of round 3 is in, the round is complete for everyone.
    const done = extend(h, record(3, 1, won('second')), record(3, 2, won('draw')));
    const after = project(tournamentsProjection, recorded(done)).get<StandingsDocument>(COLLECTIONS.standings, 't1/main') as StandingsDocument;
    expect([after.throughRound, after.roundInProgress]).toEqual([3, null]);
    expect(after.rows).toEqual(computeStandings({ ...standingsInputFor(stateOf(done), 'main'), completeThrough: undefined }));
  });

  it('provisional (RULES.knockoutField): shows the knockout of the players still in, with every bye and who is out', () => {
    // given a 6-player knockout whose round 1 gave byes to a and b, and the first-named player won each match
    let h = run(
      create({ discipline: 'xiguaqi', pairingSystems: ['knockout', 'random'] }),
      ...['a', 'b', 'c', 'd', 'e', 'f'].map((id, i) => register(id, { rating: 2000 - i })),
    );
    const round1 = pair('knockout', pairingRequestFor(stateOf(h), 'main', 1, 's1', undefined, 'knockout'));
    expect(round1.byes).toEqual(['a', 'b']);
    h = extend(
      h,
      { type: 'tournament.pair-round', context: ctx(), data: { round: 1, pairing: { kind: 'system', system: 'knockout', seed: 's1', result: round1 } } },
      publish(1),
    );
    for (const g of round1.games) h = extend(h, record(1, g.table, { kind: 'played', outcome: 'first', games: { first: 2, second: 1 } }));
    // when the provisional pairings of round 2 are projected
    const doc = project(tournamentsProjection, recorded(h)).get<ProvisionalDocument>(COLLECTIONS.provisional, 't1/main') as ProvisionalDocument;
    // then knockout pairs the four still in and names the losers as eliminated; random still pairs everyone
    expect(doc.round).toBe(2);
    const knockout = doc.systems.knockout;
    expect(knockout?.status).toBe('paired');
    if (knockout?.status !== 'paired') throw new Error('not paired');
    const losers = round1.games.map((g) => g.second).sort();
    expect(knockout.pairing.games.flatMap((g) => [g.first, g.second]).sort()).toEqual(['a', 'b', ...round1.games.map((g) => g.first)].sort());
    expect(knockout.pairing.out?.map((o) => o.player).sort()).toEqual(losers);
    expect(knockout.pairing.byes).toEqual([]);
    expect(doc.systems.random?.status).toBe('paired');
  });

  it('RULES.unpublishedHidden: the public standings and crosstable leave out a round paired but not published (its bye too); officials see it, marked', () => {
    // given round 1 complete and published, and round 2 paired with c's bye but not published
    let h = run(create({ discipline: 'chess-rapid', pairingSystems: ['round-robin'] }), ...['a', 'b', 'c'].map((id) => register(id)));
    h = extend(h, pairManual(1, [game(1, 'a', 'b')], 'c'), publish(1), record(1, 1, won('first')));
    h = extend(h, pairManual(2, [game(1, 'a', 'c')], 'b'));
    // when the standings are projected
    const docs = project(tournamentsProjection, recorded(h));
    const standings = docs.get<StandingsDocument>(COLLECTIONS.standings, 't1/main') as StandingsDocument;
    const crosstable = docs.get<CrosstableDocument>(COLLECTIONS.crosstable, 't1/main') as CrosstableDocument;
    // then the public document counts round 1 only: b's round-2 bye is nowhere
    expect(standings.rows.find((r) => r.player === 'b')).toMatchObject({ score: 0, rounds: 1 });
    expect([standings.throughRound, standings.roundInProgress, standings.unpublishedRounds]).toEqual([1, null, []]);
    expect(crosstable.rows.every((r) => r.cells.length === 1)).toBe(true);
    // and the officials' view counts the bye and says round 2 is unpublished
    const officials = standingsOf(stateOf(h), 'main', standings.asOf, undefined, 'officials');
    expect(officials.rows.find((r) => r.player === 'b')).toMatchObject({ score: 1, rounds: 2 });
    expect(officials.unpublishedRounds).toEqual([2]);
    expect(
      crosstableOf(stateOf(h), 'main', standings.asOf, undefined, 'officials')
        .rows.find((r) => r.player === 'b')
        ?.cells.map((c) => c.kind),
    ).toEqual(['played', 'bye']);
    // and when round 2 is published (a later batch), the public document counts the bye
    const published = extend(h, publish(2));
    project(tournamentsProjection, recorded(published).slice(h.length), docs);
    expect(docs.get<StandingsDocument>(COLLECTIONS.standings, 't1/main')?.rows.find((r) => r.player === 'b')).toMatchObject({ score: 1, rounds: 2 });
  });

  it('RULES.unpublishedHidden: the summary marks a round paired but not published, and the list counts published rounds apart', () => {
    const h = extend(six(), pairManual(1, [game(1, 'a', 'b'), game(2, 'c', 'd'), game(3, 'e', 'f')]));
    const docs = project(tournamentsProjection, recorded(h));
    expect(docs.get<TournamentSummary>(COLLECTIONS.summary, 't1')?.rounds.map((r) => [r.round, r.status, r.published])).toEqual([[1, 'paired', false]]);
    expect(docs.get<TournamentListItem>(COLLECTIONS.index, 't1')).toMatchObject({ roundsPaired: 1, roundsPublished: 0 });
  });

  it('marks a withdrawn player in the summary, the standings and the crosstable, with the round withdrawn from', () => {
    // given a player who withdrew from round 2 after playing round 1
    let h = run(create({ discipline: 'chess-rapid', pairingSystems: ['round-robin'] }), ...['a', 'b', 'c', 'd'].map((id) => register(id)));
    h = extend(h, pairManual(1, [game(1, 'a', 'b'), game(2, 'c', 'd')]), publish(1), record(1, 1, won('first')), record(1, 2, won('second')));
    h = extend(h, { type: 'tournament.withdraw-player', context: ctx(), data: { playerId: 'b', fromRound: 2, reason: 'illness' } });
    // when the read models are projected
    const summary = project(tournamentsProjection, recorded(h)).get<TournamentSummary>(COLLECTIONS.summary, 't1') as TournamentSummary;
    const docs = project(tournamentsProjection, recorded(h));
    const standings = docs.get<StandingsDocument>(COLLECTIONS.standings, 't1/main') as StandingsDocument;
    // (and a withdrawal projected in a batch of its own marks the player too)
    const later = project(tournamentsProjection, recorded(h).slice(-1), project(tournamentsProjection, recorded(h).slice(0, -1)));
    expect(later.get<StandingsDocument>(COLLECTIONS.standings, 't1/main')?.rows.find((r) => r.player === 'b')).toMatchObject({
      withdrawn: true,
      withdrawnFromRound: 2,
    });
    // then b is marked withdrawn from round 2 everywhere, and the others are not
    expect(summary.players.map((p) => [p.id, p.withdrawn, p.withdrawnFromRound])).toEqual([
      ['a', false, null],
      ['b', true, 2],
      ['c', false, null],
      ['d', false, null],
    ]);
    expect(standings.rows.filter((r) => r.withdrawn).map((r) => [r.player, r.withdrawnFromRound])).toEqual([['b', 2]]);
    expect(docs.get<CrosstableDocument>(COLLECTIONS.crosstable, 't1/main')?.rows.find((r) => r.player === 'b')?.withdrawnFromRound).toBe(2);
  });
});
