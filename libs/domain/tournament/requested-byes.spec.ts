import { describe, expect, it } from '@jest/globals';
import { pair } from '../pairing/index.js';
import { dutchPlayers } from '../pairing/dutch/players.js';
import { computeStandings } from '../standings/standings.js';
import { crosstable } from '../standings/crosstable.js';
import { dutchRecordFor } from './dutch-record.js';
import { pairingRequestFor, seedingOrder } from './index.js';
import { standingsInputFor } from './standings-input.js';
import type { TournamentCommand } from './tournament.commands.js';
import { create, ctx, extend, game, given, pairManual, publish, record, register, run, spec, stateOf, won } from './testing/tournament.test-support.js';

const bye = (playerId: string, round: number, value?: unknown): TournamentCommand => ({
  type: 'tournament.mark-absent',
  context: ctx(),
  data: { playerId, round, ...(value !== undefined && { bye: value as 'zero' }) },
});
const chess = (profile = {}) =>
  run(
    create({ discipline: 'chess-rapid', pairingSystems: ['fide-dutch'], roundsPlanned: 5, profile }),
    ...['a', 'b', 'c', 'd', 'e', 'f'].map((id, i) => register(id, { rating: 2000 - 10 * i })),
  );
const scoreOf = (h: ReturnType<typeof run>) => Object.fromEntries(computeStandings(standingsInputFor(stateOf(h), 'main')).map((r) => [r.player, r.score]));

describe('byes requested in advance (issue 29; FIDE TRF-16 H, F, Z)', () => {
  it('TRF-16 H/F/Z: records the bye as the client sent it; without one the event is the zero-point absence recorded before', () => {
    const h = chess();
    expect(given(h).when(bye('a', 1, 'half'))).toEqual([
      { type: 'tournament.PlayerMarkedAbsent', data: { playerId: 'a', round: 1, reason: null, bye: 'half' } },
    ]);
    expect(given(h).when(bye('a', 1, 'zero'))[0]?.data).toEqual({ playerId: 'a', round: 1, reason: null, bye: 'zero' });
    expect(given(h).when(bye('a', 1))[0]?.data).toEqual({ playerId: 'a', round: 1, reason: null });
  });

  it('refuses a value that is not a bye and one the profile does not offer, naming the field bye', () => {
    spec
      .given(chess())
      .when(bye('a', 1, 'double'))
      .thenRefuses('tournament/requested-bye', { field: 'bye' });
    const e = given(chess({ requestedByes: ['half'] })).refuses(bye('a', 1, 'full'));
    expect([e.type, e.kind, e.field]).toEqual(['tournament/requested-bye', 'invalid', 'bye']);
    expect(e.message).toBe("this tournament's profile offers no full-point bye on request (requestedByes: half)");
    // A Scrabble profile offers none; the zero-point bye is always possible.
    const scrabble = run(create(), register('a'), register('b'));
    expect(given(scrabble).refuses(bye('a', 1, 'half')).field).toBe('bye');
    expect(given(scrabble).when(bye('a', 1, 'zero'))[0]?.data).toMatchObject({ bye: 'zero' });
  });

  it('Ing 第八条 罚停 / WESPA 缺席: requestedByes is a chess profile value; Go refuses it at creation naming profile.requestedByes', () => {
    const go = {
      type: 'tournament.create',
      context: ctx('admin'),
      data: { id: 'g', name: 'Go', discipline: 'go', pairingSystems: ['mcmahon'], profile: { requestedByes: ['half'] } },
    };
    spec
      .given([])
      .when(go as TournamentCommand)
      .thenRefuses('tournament/profile-value', { field: 'profile.requestedByes' });
    spec
      .given([])
      .when(create({ discipline: 'chess-rapid', pairingSystems: ['fide-dutch'], profile: { requestedByes: ['half', 'half'] } }))
      .thenRefuses('tournament/profile-value', { field: 'profile.requestedByes' });
  });

  it("counts the bye's points in the standings once its round is paired, as the profile scores a draw and a win", () => {
    let h = extend(chess({ points: { win: 3, draw: 1, loss: 0 } }), bye('e', 1, 'half'), bye('f', 1, 'full'));
    expect(scoreOf(h)).toMatchObject({ e: 0, f: 0 });
    h = extend(h, pairManual(1, [game(1, 'a', 'b'), game(2, 'c', 'd')]), publish(1), record(1, 1, won('first')), record(1, 2, won('draw')));
    expect(scoreOf(h)).toEqual({ a: 3, b: 0, c: 1, d: 1, e: 1, f: 3 });
    const cells = Object.fromEntries(crosstable(standingsInputFor(stateOf(h), 'main')).map((r) => [r.player, r.cells[0]]));
    expect(cells.e).toMatchObject({ kind: 'requested-bye', outcome: 'draw', opponent: null, points: 1 });
    expect(cells.f).toMatchObject({ kind: 'requested-bye', outcome: 'win', points: 3 });
  });

  it('a withdrawal announced later, from an earlier round, takes the requested bye with it', () => {
    const withdraw: TournamentCommand = { type: 'tournament.withdraw-player', context: ctx(), data: { playerId: 'e', fromRound: 1 } };
    const h = extend(chess(), bye('e', 1, 'half'), withdraw, bye('f', 1, 'half'));
    const paired = extend(h, pairManual(1, [game(1, 'a', 'b'), game(2, 'c', 'd')]), publish(1), record(1, 1, won('first')), record(1, 2, won('first')));
    expect(scoreOf(paired)).toMatchObject({ e: 0, f: 0.5 });
  });

  it('FIDE TB 2023-09 art. 16.4 and 7.1/7.2: a requested bye is an unplayed round (BH dummy opponent), a full-point bye a WIN but not WON', () => {
    let h = extend(chess({ tieBreaks: ['BH', 'WIN', 'WON'] }), bye('e', 1, 'half'), bye('f', 1, 'full'));
    h = extend(h, pairManual(1, [game(1, 'a', 'b'), game(2, 'c', 'd')]), publish(1), record(1, 1, won('first')), record(1, 2, won('first')));
    const rows = Object.fromEntries(
      computeStandings(standingsInputFor(stateOf(h), 'main')).map((r) => [r.player, Object.fromEntries(r.tieBreaks.map((x) => [x.code, x.value]))]),
    );
    // One round: BH is the dummy opponent's score, the player's own.
    expect(rows.e).toEqual({ BH: 0.5, WIN: 0, WON: 0 });
    expect(rows.f).toEqual({ BH: 1, WIN: 1, WON: 0 });
  });

  it('C.04.1 (2025) 4 / TRF H and F as the checker reads them: the Dutch record has the unplayed round with its points, no PAB after a full-point bye', () => {
    let h = extend(chess(), bye('e', 1, 'half'), bye('f', 1, 'full'), bye('d', 1));
    h = extend(h, pairManual(1, [game(1, 'a', 'b')], 'c'), publish(1), record(1, 1, won('first')));
    const t = stateOf(h);
    const seedOf = new Map(seedingOrder(t, 'main').map((p, i) => [p.id, i + 1]));
    const rows = new Map(dutchRecordFor(t, 'main', 2, seedOf).rows.map((r) => [r.id, r.entries]));
    expect(rows.get('e')).toEqual([{ round: 1, opponent: null, colour: null, played: false, points: 0.5, pab: false }]);
    expect(rows.get('f')).toEqual([{ round: 1, opponent: null, colour: null, played: false, points: 1, pab: false }]);
    expect(rows.get('d')).toEqual([]);
    const players = new Map(dutchPlayers(dutchRecordFor(t, 'main', 2, seedOf).rows, ['a', 'b', 'c', 'd', 'e', 'f'], 2).map((p) => [p.id, p]));
    expect([players.get('e')?.score, players.get('e')?.byeEligible, players.get('e')?.floats[0]]).toEqual([0.5, true, 'down']);
    expect([players.get('f')?.score, players.get('f')?.byeEligible]).toEqual([1, false]);
    // Round 2 pairs with those scores: the full-point bye holder meets a winner of round 1.
    const r2 = pair('fide-dutch', pairingRequestFor(t, 'main', 2, 's', undefined, 'fide-dutch'));
    expect(r2.games.flatMap((g) => [g.first, g.second]).sort()).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
  });
});
