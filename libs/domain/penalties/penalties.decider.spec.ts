import { describe, expect, it } from '@jest/globals';
import { deciderSpec } from '../kernel/testing/decider-spec.js';
import { penaltiesDecider } from './penalties.decider.js';
import { AT, CHIEF, issue, issued, PLAYER } from './penalties.fixtures.js';
import type { PenaltyKind } from './penalties.types.js';

const spec = deciderSpec(penaltiesDecider);

describe('penalty ledger: issuing (decider)', () => {
  it('records a WMC warning with the target, the issuer and role, the rule cited, the kind, no amount and the reason', () => {
    spec
      .given([])
      .when(issue({ kind: 'warning' }))
      .then([
        {
          type: 'penalties.PenaltyIssued',
          data: {
            penaltyId: 'P-1',
            target: { player: 'a', round: 1, table: 2 },
            kind: 'warning',
            amount: null,
            rule: { profile: 'wmc', section: '行為守則 罰則 警告' },
            reason: 'claimed without calling',
            issuedBy: { id: 'arb-lee', role: 'arbiter' },
            at: AT,
            escalation: null,
          },
        },
      ]);
  });

  const amounts: Array<[PenaltyKind, 'mahjong' | 'chess-rapid', number | undefined, string]> = [
    ['points', 'mahjong', 10, '行為守則 罰則 罰分'],
    ['penalty-tiles', 'mahjong', 2, '麻將規則 罰張'],
    ['no-win', 'mahjong', undefined, '行為守則 罰則 失去和牌資格'],
    ['no-claim', 'mahjong', undefined, '行為守則 罰則 不準鳴牌'],
    ['game-forfeit', 'mahjong', undefined, '行為守則 罰則 棄權'],
    ['disqualification', 'mahjong', undefined, '行為守則 罰則 取消資格、列入黑名單'],
    ['blacklist', 'mahjong', undefined, '行為守則 罰則 取消資格、列入黑名單'],
    ['time-to-opponent', 'chess-rapid', 120, '第21條'],
  ];
  it.each(amounts)('records a %s penalty (%s) with its amount and the section its profile cites', (kind, discipline, amount, section) => {
    spec
      .given([])
      .when(issue({ kind, discipline, ...(amount !== undefined && { amount }) }))
      .then([{ type: 'penalties.PenaltyIssued', data: { kind, amount: amount ?? null, rule: { section } } }]);
  });

  it('requires a positive amount for points, seconds and tiles (whole seconds and tiles), and refuses one for other kinds', () => {
    spec
      .given([])
      .when(issue({ kind: 'points' }))
      .thenRefuses('penalties/amount-required', { kind: 'invalid', field: 'amount', rule: 'positive amount' });
    spec
      .given([])
      .when(issue({ kind: 'points', amount: -5 }))
      .thenRefuses('penalties/amount-required', { field: 'amount' });
    spec
      .given([])
      .when(issue({ kind: 'penalty-tiles', amount: 1.5 }))
      .thenRefuses('penalties/amount-required', { field: 'amount' });
    spec
      .given([])
      .when(issue({ kind: 'time-to-opponent', discipline: 'chess-rapid', amount: 0 }))
      .thenRefuses('penalties/amount-required', { field: 'amount' });
    spec
      .given([])
      .when(issue({ kind: 'warning', amount: 5 }))
      .thenRefuses('penalties/amount-forbidden', { kind: 'invalid', field: 'amount', rule: 'carry none' });
    spec
      .given([])
      .when(issue({ kind: 'disqualification', amount: 1 }))
      .thenRefuses('penalties/amount-forbidden', { field: 'amount' });
  });

  it("refuses a kind the discipline's profile does not know (no time added to the clock in WMC mahjong, no penalty tiles in chess)", () => {
    const e = spec
      .given([])
      .when(issue({ kind: 'time-to-opponent', amount: 60 }))
      .thenRefuses('penalties/kind', { kind: 'invalid', field: 'kind' });
    expect(e.message).toContain('wmc');
    spec
      .given([])
      .when(issue({ kind: 'penalty-tiles', discipline: 'chess-rapid', amount: 1 }))
      .thenRefuses('penalties/kind', { field: 'kind' });
  });

  it('refuses a rule cited from another profile, an empty section, an empty reason, a bad offence code or target', () => {
    spec
      .given([])
      .when(issue({ kind: 'warning', rule: { profile: 'wespa', section: 'x' } }))
      .thenRefuses('penalties/rule-profile', { field: 'rule.profile' });
    spec
      .given([])
      .when(issue({ kind: 'warning', rule: { section: ' ' } }))
      .thenRefuses('penalties/rule-section', { field: 'rule.section' });
    spec
      .given([])
      .when(issue({ kind: 'warning', reason: '  ' }))
      .thenRefuses('penalties/reason', { field: 'reason', rule: 'reason in words' });
    spec
      .given([])
      .when(issue({ kind: 'warning', offence: 'No Call!' }))
      .thenRefuses('penalties/offence', { field: 'offence' });
    spec
      .given([])
      .when(issue({ kind: 'warning', target: { player: 'a', round: 0 } }))
      .thenRefuses('penalties/target', { field: 'target.round' });
    spec
      .given([])
      .when(issue({ kind: 'warning', target: { player: '' } }))
      .thenRefuses('penalties/target', { field: 'target.player' });
  });

  it('keeps an explicit section of the profile when the arbiter cites one', () => {
    spec
      .given([])
      .when(issue({ kind: 'points', amount: 5, rule: { profile: 'wmc', section: '比賽章程 暫停' } }))
      .then([{ data: { rule: { profile: 'wmc', section: '比賽章程 暫停' } } }]);
  });

  it('refuses a penalty id already in the ledger (409 naming penaltyId and the first penalty)', () => {
    const e = spec
      .given([issued({ kind: 'points', amount: 10 })])
      .when(issue({ kind: 'points', amount: 10 }))
      .thenRefuses('penalties/penalty-id-taken', { kind: 'conflict', field: 'penaltyId', rule: 'never issued twice' });
    expect(e.message).toContain('10 points to player a in round 1');
  });

  it('refuses a player, or any non-official, issuing a penalty', () => {
    spec
      .given([])
      .when(issue({ kind: 'warning' }, PLAYER))
      .thenRefuses('penalties/not-an-official', { rule: 'issued by the tournament officials' });
  });

  it("refuses a ledger switching discipline (the tournament's discipline picks one profile)", () => {
    spec
      .given([issued({ kind: 'warning' })])
      .when(issue({ penaltyId: 'P-2', kind: 'warning', discipline: 'go' }))
      .thenRefuses('penalties/discipline', { field: 'discipline' });
  });
});

describe('penalty ledger: escalation after a warning', () => {
  it('WMC 行為守則 罰則 警告 (如果再犯便會判罰): a repeated offence after a warning is recorded as a points deduction, naming the warning', () => {
    spec
      .given([issued({ kind: 'warning' })])
      .when(issue({ penaltyId: 'P-2', kind: 'warning', target: { player: 'a', round: 2 } }))
      .then([
        {
          type: 'penalties.PenaltyIssued',
          data: {
            penaltyId: 'P-2',
            kind: 'points',
            amount: 5,
            rule: { profile: 'wmc', section: expect.stringContaining('再犯便會判罰') },
            escalation: { escalatedFrom: 'warning', priorWarnings: ['P-1'], rule: { profile: 'wmc' } },
          },
        },
      ]);
  });

  it('WMC 罰則 警告: another offence, another player, or a warning since cancelled is not a repeat', () => {
    const first = issued({ kind: 'warning' });
    spec
      .given([first])
      .when(issue({ penaltyId: 'P-2', kind: 'warning', offence: 'slow-draw' }))
      .then([{ data: { kind: 'warning', escalation: null } }]);
    spec
      .given([first])
      .when(issue({ penaltyId: 'P-2', kind: 'warning', target: { player: 'b' } }))
      .then([{ data: { kind: 'warning', escalation: null } }]);
    const cancelled = {
      type: 'penalties.PenaltyCancelled' as const,
      data: { penaltyId: 'P-1', reason: 'r', authority: { kind: 'chief-arbiter' as const }, decidedBy: CHIEF, at: AT },
    };
    spec
      .given([first, cancelled])
      .when(issue({ penaltyId: 'P-2', kind: 'warning' }))
      .then([{ data: { kind: 'warning', escalation: null } }]);
  });

  it.each(['rule-2', 'rule-5'])('Rapid chess 第21條(3): a second breach of %s after a warning adds 2 minutes to the opponent’s clock', (offence) => {
    const warned = issued({ kind: 'warning', discipline: 'chess-rapid', offence, rule: { profile: 'fide-rapid', section: '第24條' } });
    spec
      .given([warned])
      .when(issue({ penaltyId: 'P-2', kind: 'warning', discipline: 'chess-rapid', offence }))
      .then([
        { data: { kind: 'time-to-opponent', amount: 120, rule: { profile: 'fide-rapid', section: '第21條(3)' }, escalation: { priorWarnings: ['P-1'] } } },
      ]);
  });

  it('Rapid chess 第21條(3) covers breaches of 第2條 and 第5條 only: a repeated touch-move or conduct warning stays a warning (第21條(1), 第24條)', () => {
    for (const offence of ['touch-move', 'spectator-talk']) {
      const warned = issued({ kind: 'warning', discipline: 'chess-rapid', offence, rule: { profile: 'fide-rapid', section: '第24條' } });
      spec
        .given([warned])
        .when(issue({ penaltyId: 'P-2', kind: 'warning', discipline: 'chess-rapid', offence }))
        .then([{ data: { kind: 'warning', amount: null, escalation: null } }]);
    }
    // Each rule's breaches are counted apart, as the game counts them (chess.rule-breach).
    const rule2 = issued({ kind: 'warning', discipline: 'chess-rapid', offence: 'rule-2', rule: { profile: 'fide-rapid', section: '第24條' } });
    spec
      .given([rule2])
      .when(issue({ penaltyId: 'P-2', kind: 'warning', discipline: 'chess-rapid', offence: 'rule-5' }))
      .then([{ data: { kind: 'warning', escalation: null } }]);
  });

  it('a profile without escalation (ING go) records a repeated warning as a warning', () => {
    const warned = issued({ kind: 'warning', discipline: 'go', rule: { profile: 'ing', section: 'x' } });
    spec
      .given([warned])
      .when(issue({ penaltyId: 'P-2', kind: 'warning', discipline: 'go' }))
      .then([{ data: { kind: 'warning', escalation: null } }]);
  });
});
