import { describe, expect, it } from '@jest/globals';
import type { CommandContext } from '../../../domain/kernel/index.js';
import { feedStandings } from '../../../domain/penalties/index.js';
import type { OpenTournament } from '../../../domain/tournament/index.js';
import { recordedEvent } from '../../../store/testing/recorded-event.js';
import { ledgerIssueFor } from '../penalties/game-penalties.process.js';
import { mahjongTournamentResult } from './mahjong.game-feature.js';

const PLAYERS = ['ann', 'bob', 'cat', 'dan'].map((id) => ({ id, name: id }));
const link = { tournamentId: 'wmc', round: 2, table: 3, division: 'main' };
const ctx: CommandContext = { at: '2026-12-01T10:00:00.000Z', actor: { id: 'pm', role: 'system' }, commandId: 'pm:1' };
const stream = 'mahjong-table-t9';

describe('the mahjong GameFeature: the locked card reaches the tournament table', () => {
  it('a locked card posts each paired player’s table points (zero-sum) to that round and table', () => {
    const e = recordedEvent('mahjong.ScorecardLocked', { totals: [210, -30, -150, -30], players: PLAYERS, link, at: ctx.at }, 40, stream);
    expect(mahjongTournamentResult(e, 't9')?.command(ctx)).toEqual({
      type: 'tournament.record-result',
      context: ctx,
      data: {
        division: 'main',
        round: 2,
        table: 3,
        result: { kind: 'mahjong-table', seats: PLAYERS.map((p, i) => ({ player: p.id, points: [210, -30, -150, -30][i] })) },
        source: { kind: 'game', gameId: 't9' },
      },
    });
  });

  it('a chief-referee ruling after submission corrects the result, sent as the chief referee who decided it (WMC 總則 3); an unlinked session posts nothing', () => {
    const data = { hand: 2, totals: [1, -1, 0, 0], players: PLAYERS, link, ground: 'appeal', reference: 'A-1', reason: 'r' };
    const e = recordedEvent('mahjong.ChiefRefereeRuled', data, 41, stream);
    const ruled = { ...e, meta: { ...e.meta, actor: { id: 'chief-chan', role: 'chief-arbiter' as const } } };
    expect(mahjongTournamentResult(ruled, 't9')?.command(ctx)).toMatchObject({
      type: 'tournament.correct-result',
      context: { at: ctx.at, commandId: ctx.commandId, actor: { id: 'chief-chan', role: 'chief-arbiter' } },
      data: { round: 2, table: 3, reason: expect.stringContaining('appeal A-1') },
    });
    expect(mahjongTournamentResult(recordedEvent('mahjong.ScorecardLocked', { ...data, link: null }, 41, stream), 't9')).toBeNull();
  });
});

describe('mahjong penalties reach the ledger, and its 罰分 the standings (WMC 行為守則 罰則 罰分)', () => {
  const start = recordedEvent('mahjong.SessionStarted', { players: PLAYERS, link, profile: {}, at: ctx.at }, 1, stream);
  const time = recordedEvent(
    'mahjong.PenaltyRecorded',
    { seat: 2, hand: 4, offence: 'time', kind: 'points', amount: 10, rule: 'WMC 麻將規則, 打牌時限', reason: 'over time' },
    30,
    stream,
  );

  it('a time penalty of seat 2 is issued to that player at the table’s round, marked as recorded in the game but not in its result', () => {
    expect(ledgerIssueFor(time, start)).toEqual({
      tournamentId: 'wmc',
      data: {
        penaltyId: 'game-t9-29',
        discipline: 'mahjong',
        target: { player: 'cat', round: 2, table: 3, game: 't9', division: 'main' },
        offence: 'time',
        kind: 'points',
        amount: 10,
        rule: { section: 'WMC 麻將規則, 打牌時限' },
        reason: 'over time',
        appliedIn: { game: 't9', event: 'e-30', by: { id: 'td-1', role: 'arbiter' }, notInResult: true },
      },
    });
  });

  it('the standings deduct it from the offender (the table points exclude it), unlike a penalty the game’s score already holds', () => {
    const t = { status: 'open', players: [{ id: 'cat', division: 'main' }], penalties: [] } as unknown as OpenTournament;
    const issued = (notInResult: boolean) => ({
      type: 'penalties.PenaltyIssued' as const,
      data: {
        penaltyId: 'P',
        discipline: 'mahjong' as const,
        target: { player: 'cat', round: 2 },
        offence: 'time',
        kind: 'points' as const,
        amount: 10,
        rule: { profile: 'wmc', section: 's' },
        reason: 'over time',
        issuedBy: { id: 'td-1', role: 'arbiter' as const },
        at: ctx.at,
        escalation: null,
        appliedIn: { game: 't9', event: 'e-30', by: { id: 'td-1', role: 'arbiter' as const }, ...(notInResult && { notInResult }) },
      },
    });
    expect((feedStandings(t, issued(true)) as OpenTournament).penalties).toEqual([{ player: 'cat', points: 10, round: 2, reason: 'over time', ref: 'P' }]);
    expect((feedStandings(t, issued(false)) as OpenTournament).penalties).toEqual([]);
  });
});
