import { describe, expect, it } from '@jest/globals';
import type { RecordedEvent } from '../../../store/event-store.port.js';
import { ledgerIssueFor } from './game-penalties.process.js';

const ARB = { id: 'arb-9', role: 'arbiter' as const };
const rec = (stream: string, revision: number, type: string, data: object): RecordedEvent =>
  ({
    id: `ev-${stream}-${revision}`,
    stream,
    revision,
    position: revision + 1,
    type,
    data,
    meta: { actor: ARB, recordedAt: '2026-12-01T09:00:00.000Z' },
  }) as unknown as RecordedEvent;
const PLAYERS = [
  { id: 'ann', name: 'Ann' },
  { id: 'bob', name: 'Bob' },
];
const link = { tournamentId: 'rapid', round: 2, table: 3, division: 'main', firstSeat: 0 };
const chessStart = (l: object | null) => rec('chess-game-g1', 0, 'chess.GameStarted', { players: PLAYERS, link: l });
const imposed = (penalty: object) => rec('chess-game-g1', 5, 'chess.PenaltyImposed', { seat: 1, penalty, rule: 'rapid rules 24', reason: 'phone' });

describe('game penalties to the ledger (the mapping)', () => {
  it('a chess time penalty: seconds to the opponent, the offender targeted at the link’s round and table, a stable penalty id', () => {
    const issue = ledgerIssueFor(imposed({ kind: 'time-to-opponent', ms: 90_000 }), chessStart(link));
    expect(issue).toEqual({
      tournamentId: 'rapid',
      data: {
        penaltyId: 'game-g1-5',
        discipline: 'chess-rapid',
        target: { player: 'bob', round: 2, table: 3, division: 'main', game: 'g1' },
        offence: 'arbiter-penalty',
        kind: 'time-to-opponent',
        amount: 90,
        rule: { section: 'rapid rules 24' },
        reason: 'phone',
        appliedIn: { game: 'g1', event: 'ev-chess-game-g1-5', by: ARB },
      },
    });
    expect(ledgerIssueFor(imposed({ kind: 'time-to-opponent', ms: 90_000 }), chessStart(link))).toEqual(issue);
  });

  it('a chess loss is a game forfeit without an amount', () => {
    expect(ledgerIssueFor(imposed({ kind: 'loss' }), chessStart(link))?.data).toMatchObject({ kind: 'game-forfeit', target: { player: 'bob' } });
    expect(ledgerIssueFor(imposed({ kind: 'loss' }), chessStart(link))?.data).not.toHaveProperty('amount');
  });

  it('an unlinked game copies nothing', () => {
    expect(ledgerIssueFor(imposed({ kind: 'loss' }), chessStart(null))).toBeNull();
  });

  it('a Scrabble TD penalty incident is points; a TD warning a warning; other incidents nothing', () => {
    const start = rec('scrabble-game-s1', 0, 'scrabble.GameCreated', { players: PLAYERS, link, by: ARB });
    const incident = (kind: string, points: number) =>
      rec('scrabble-game-s1', 9, 'scrabble.IncidentRecorded', { kind, seat: 0, description: 'noise', rule: 'WESPA Rules v3 Preamble', points, by: ARB });
    expect(ledgerIssueFor(incident('td-penalty', 5), start)?.data).toMatchObject({
      kind: 'points',
      amount: 5,
      offence: 'td-penalty',
      target: { player: 'ann' },
    });
    expect(ledgerIssueFor(incident('td-warning', 0), start)?.data).toMatchObject({ kind: 'warning', offence: 'td-warning' });
    expect(ledgerIssueFor(incident('fast-draw', 0), start)).toBeNull();
  });
});

describe('WMC 行為守則, 罰則 罰分 and 缺席: a mahjong penalty is the ledger entry of who sat in the seat', () => {
  const mjStart = rec('mahjong-table-m1', 0, 'mahjong.SessionStarted', {
    players: [...PLAYERS, { id: 'cat', name: 'Cat' }, { id: 'dan', name: 'Dan' }],
    link,
  });
  const phone = (data: object) =>
    rec('mahjong-table-m1', 7, 'mahjong.PenaltyRecorded', {
      seat: 1,
      hand: 3,
      offence: 'phone',
      kind: 'points',
      amount: 10,
      rule: 'WMC 行為守則, 衣飾禮儀',
      reason: 'rang',
      ...data,
    });

  it('a substitute’s penalty (`player` names them) targets the substitute, not the seat’s player as paired', () => {
    expect(ledgerIssueFor(phone({ player: 'sub-1' }), mjStart)?.data.target).toEqual({ player: 'sub-1', round: 2, table: 3, division: 'main', game: 'm1' });
  });

  it('the seat’s own player named, or an older event without `player`: the seat’s player as the session started', () => {
    expect(ledgerIssueFor(phone({ player: 'bob' }), mjStart)?.data.target.player).toBe('bob');
    expect(ledgerIssueFor(phone({}), mjStart)?.data.target.player).toBe('bob');
  });
});
