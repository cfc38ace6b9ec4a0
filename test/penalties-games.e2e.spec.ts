import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { RecordsHarness } from './support/records-harness.js';

/**
 * Issue 10 (one ledger for all disciplines) and issue 13 (chess arbiter penalties into the ledger): a
 * penalty recorded inside a game linked to a tournament is copied into that tournament's ledger, marked as
 * already applied in the game, and the standings do not deduct it a second time. An unlinked game's
 * penalties stay in the game.
 */
const T0 = Date.now() - 600_000;
const at = (s: number) => new Date(T0 + s * 1000).toISOString();
const PLAYERS = [
  { id: 'ann', name: 'Ann Lee' },
  { id: 'bob', name: 'Bob Chan' },
];
const MANUAL = { kind: 'manual', reason: 'test', games: [{ table: 1, first: 'bob', second: 'ann' }], tables: [], bye: null };

interface Row {
  player: string;
  spread: number;
  wins: number;
  penaltyPoints: number;
}

describe('records server: penalties recorded in games reach the tournament’s ledger (issues 10, 13)', () => {
  let h: RecordsHarness;
  const post = (path: string, body: object, token: string | null, status = 201) => h.post(path, body, token, status);
  const get = (path: string, token: string | null = null) => h.get(path, token);
  const settle = async () => {
    await h.core.settle();
    h.position = await h.core.store.headPosition();
  };
  const openTournament = async (id: string, discipline: string, chief: string) => {
    await post('/v1/tournaments', { id, name: id, discipline, roundsPlanned: 1, pairingSystems: ['round-robin'] }, chief);
    for (const p of PLAYERS) await post(`/v1/tournaments/${id}/players`, p, chief);
    await post(`/v1/tournaments/${id}/rounds/1/pairings`, MANUAL, chief);
    await post(`/v1/tournaments/${id}/rounds/1/publish`, {}, chief);
  };

  beforeAll(async () => {
    h = await RecordsHarness.start();
  });
  afterAll(async () => {
    await h.stop();
  });

  it('a Scrabble time penalty in a linked game is listed in the ledger and counted once: the standings equal the game result only', async () => {
    const TID = 'club-cup';
    const chief = h.token('chief-arbiter', [TID], 'td-1');
    const td = h.token('arbiter', [TID], 'td-ho');
    await openTournament(TID, 'scrabble', chief);
    const start = { players: PLAYERS, starter: 0, clockSide: 'right', clockSideChosenBy: 1, tilesCounted: 100 };
    await post('/v1/scrabble/games', { id: 'cup-1', ...start, link: { tournamentId: TID, round: 1, table: 1 }, at: at(0) }, td);
    await post('/v1/scrabble/games/cup-1/draws', { seat: 0, count: 7, at: at(1) }, td);
    await post('/v1/scrabble/games/cup-1/draws', { seat: 1, count: 7, at: at(2) }, td);
    await post('/v1/scrabble/games/cup-1/moves', { seat: 0, move: { kind: 'play', coordinate: '8G', word: 'QI' }, announcedScore: 22, at: at(10) }, td);
    for (let i = 0; i < 6; i++) await post('/v1/scrabble/games/cup-1/moves', { seat: i % 2 === 0 ? 1 : 0, move: { kind: 'pass' }, at: at(20 + i) }, td);
    const racks = [
      { seat: 0, rack: 'AEINR' },
      { seat: 1, rack: 'STUVWXY' },
    ];
    await post('/v1/scrabble/games/cup-1/end-racks', { racks, at: at(30) }, td);
    // WESPA seed 過時: the TD enters Bob's overtime, 10 points, into the game (its score drops from -23 to -33).
    const pen = await post('/v1/scrabble/games/cup-1/time-penalties', { seat: 1, points: 10, at: at(31) }, td);
    await post('/v1/scrabble/games/cup-1/signatures', { seat: 0, at: at(32) }, td);
    const fin = await post('/v1/scrabble/games/cup-1/signatures', { seat: 1, at: at(33) }, td);
    expect(fin.body.events.at(-1).data.result).toMatchObject({ scores: [17, -33], winner: 0 });
    await settle();

    const ledger = await get(`/v1/tournaments/${TID}/penalty-ledger`, chief).expect(200);
    expect(ledger.body.penalties).toHaveLength(1);
    expect(ledger.body.penalties[0]).toMatchObject({
      discipline: 'scrabble',
      target: { player: 'bob', round: 1, table: 1, game: 'cup-1', division: 'main' },
      kind: 'points',
      amount: 10,
      offence: 'overtime',
      rule: { profile: 'wespa', section: expect.stringContaining('WESPA seed 過時') },
      issuedBy: { id: 'td-ho', role: 'arbiter' },
      appliedIn: { game: 'cup-1', event: pen.body.events[0].id, by: { id: 'td-ho', role: 'arbiter' } },
    });
    const standings = await get(`/v1/tournaments/${TID}/standings`).expect(200);
    const rows: Row[] = standings.body.divisions[0].rows;
    // The game result (17 to -33, spread 50) and nothing more: the 10 points are not taken off Bob again.
    expect(rows.find((r) => r.player === 'ann')).toMatchObject({ wins: 1, spread: 50, penaltyPoints: 0 });
    expect(rows.find((r) => r.player === 'bob')).toMatchObject({ wins: 0, spread: -50, penaltyPoints: 0 });

    // Caught up again (a restart, a redelivery): the same penalty is not copied twice.
    await h.core.processManagers.catchUp();
    await settle();
    expect((await get(`/v1/tournaments/${TID}/penalty-ledger`, chief).expect(200)).body.penalties).toHaveLength(1);
  });

  it('a chess arbiter penalty in a linked game appears in the ledger with the rule cited and the arbiter as issuer', async () => {
    const TID = 'rapid-cup';
    const chief = h.token('chief-arbiter', [TID], 'chief-1');
    const arb = h.token('arbiter', [TID], 'arb-9');
    await openTournament(TID, 'chess-rapid', chief);
    await post('/v1/chess/games', { id: 'rc-1', players: PLAYERS, timeControl: { minutes: 30 }, link: { tournamentId: TID, round: 1, table: 1 } }, arb);
    const timed = await post(
      '/v1/chess/games/rc-1/penalties',
      { seat: 1, penalty: { kind: 'time-to-opponent', ms: 120_000 }, rule: 'rapid rules 24', reason: 'phone rang' },
      arb,
    );
    await post(
      '/v1/chess/games/rc-1/penalties',
      { seat: 0, penalty: { kind: 'loss' }, rule: 'rapid rules 24 / FIDE 11.3', reason: 'used a phone in the hall' },
      arb,
    );
    await settle();
    const ledger = await get(`/v1/tournaments/${TID}/penalty-ledger`, chief).expect(200);
    expect(ledger.body.penalties).toMatchObject([
      {
        discipline: 'chess-rapid',
        target: { player: 'bob', round: 1, table: 1, game: 'rc-1' },
        kind: 'time-to-opponent',
        amount: 120,
        rule: { profile: 'fide-rapid', section: 'rapid rules 24' },
        reason: 'phone rang',
        issuedBy: { id: 'arb-9', role: 'arbiter' },
        appliedIn: { game: 'rc-1', event: timed.body.events[0].id },
      },
      { target: { player: 'ann', game: 'rc-1' }, kind: 'game-forfeit', amount: null, rule: { section: 'rapid rules 24 / FIDE 11.3' } },
    ]);
  });

  it('an unlinked game’s penalties are not copied anywhere', async () => {
    const arb = h.token('arbiter', [], 'arb-free');
    await post('/v1/chess/games', { id: 'casual', players: PLAYERS, timeControl: { minutes: 30 } }, arb);
    await post(
      '/v1/chess/games/casual/penalties',
      { seat: 1, penalty: { kind: 'time-to-opponent', ms: 60_000 }, rule: 'rapid rules 24', reason: 'noise' },
      arb,
    );
    await settle();
    const all = await h.core.store.readAll(0, 100_000);
    expect(all.filter((e) => e.type === 'penalties.PenaltyIssued' && JSON.stringify(e.data).includes('"casual"'))).toEqual([]);
  });
});
