import { describe, expect, it } from '@jest/globals';
import { deciderSpec } from '../kernel/testing/decider-spec.js';
import { appealDecider } from './appeals.decider.js';
import { ANN, ARBITER, CHIEF, CONTESTED, T, cmd, history, lodgeData } from './testing/fixtures.js';

const spec = deciderSpec(appealDecider);
const lodge = (over = {}, actor = ANN, at = T(20)) => cmd('appeals.lodge', lodgeData(over), actor, at);

describe('appeals: lodging', () => {
  it('a player lodges in time: the appeal names the decision, grounds, remedy sought, the deadline from the profile, who and when', () => {
    spec
      .given([])
      .when(lodge())
      .then([
        {
          type: 'appeals.AppealLodged',
          data: {
            appealId: 'a1',
            profile: 'wespa-scrabble',
            lodgedWith: 'tournament-committee',
            contested: { eventId: 'evt-verdict', kind: 'challenge-adjudication' },
            grounds: expect.stringContaining('QI'),
            deadline: { from: 'session-end', minutes: 30, at: T(40) },
            late: null,
            by: ANN,
            at: T(20),
          },
        },
      ]);
  });

  it('a late appeal is refused citing the profile rule; nothing is recorded', () => {
    spec
      .given([])
      .when(lodge({}, ANN, T(41)))
      .thenRefuses('appeals/late', { field: 'contestedEventId', rule: '30 minutes after the session' });
  });

  it('the WMC deadline is 30 minutes after the session, cited from 申訴程式', () => {
    const d = { discipline: 'mahjong' as const, contested: { ...CONTESTED, type: 'mahjong.RulingRecorded', kind: 'ruling' as const } };
    spec
      .given([])
      .when(lodge(d, ANN, T(41)))
      .thenRefuses('appeals/late', { rule: '申訴程式' });
    spec
      .given([])
      .when(lodge(d, ANN, T(39)))
      .then([{ type: 'appeals.AppealLodged', data: { profile: 'wmc-mahjong', lodgedWith: 'chief-arbiter' } }]);
  });

  it('xiguaqi: "immediately" (第十五条 四) runs from the decision, not the session end', () => {
    const d = { discipline: 'xiguaqi' as const };
    spec
      .given([])
      .when(lodge(d, ANN, T(11)))
      .thenRefuses('appeals/late', { rule: '第十五条 四' });
    spec
      .given([])
      .when(lodge(d, ANN, T(9)))
      .then([{ type: 'appeals.AppealLodged', data: { deadline: { from: 'decision', at: T(10) } } }]);
  });

  it('the deadline does not run while the session is still being played', () => {
    spec
      .given([])
      .when(lodge({ contested: { ...CONTESTED, sessionEndedAt: null } }, ANN, T(300)))
      .then([{ type: 'appeals.AppealLodged', data: { deadline: { at: null }, late: null } }]);
  });

  it('the chief arbiter accepts a late appeal with a recorded reason; nobody else may, and not without a reason', () => {
    const late = { lateAcceptance: { reason: 'the appellant was in hospital' } };
    spec
      .given([])
      .when(lodge(late, CHIEF, T(90)))
      .then([{ type: 'appeals.AppealLodged', data: { late: { reason: 'the appellant was in hospital', acceptedBy: CHIEF }, by: CHIEF } }]);
    spec
      .given([])
      .when(lodge(late, ANN, T(90)))
      .thenRefuses('appeals/late-acceptance-not-chief', { field: 'lateAcceptance' });
    spec
      .given([])
      .when(lodge({ lateAcceptance: { reason: ' ' } }, CHIEF, T(90)))
      .thenRefuses('appeals/late-reason-required', { field: 'lateAcceptance.reason' });
    spec
      .given([])
      .when(lodge(late, CHIEF, T(20)))
      .thenRefuses('appeals/not-late', { field: 'lateAcceptance' });
  });

  it('WMC: the chief referee’s own decision is final and cannot be appealed', () => {
    const d = { discipline: 'mahjong' as const, contested: { ...CONTESTED, kind: 'ruling' as const, decidedBy: CHIEF } };
    spec.given([]).when(lodge(d)).thenRefuses('appeals/decision-final', { field: 'contestedEventId', rule: '最終決定權' });
  });

  it('Ing rules 第十条 裁判 (绝对权利): the arbiter’s ruling on a foul (悔着, 抗命) or a correction of etiquette cannot be appealed', () => {
    const goEnd = (ground: string) => ({
      discipline: 'go' as const,
      contested: { ...CONTESTED, stream: 'go-game-g1', type: 'go.GameEnded', kind: 'ruling' as const, ground },
    });
    for (const ground of ['retraction', 'defiance'])
      spec
        .given([])
        .when(lodge(goEnd(ground)))
        .thenRefuses('appeals/arbiter-final', { kind: 'conflict', field: 'contestedEventId', rule: 'Ing rules 第十条 裁判' });
    const etiquette = {
      discipline: 'go' as const,
      contested: { ...CONTESTED, stream: 'penalties-open', type: 'penalties.PenaltyIssued', kind: 'penalty' as const, ground: 'warning:etiquette' },
    };
    spec.given([]).when(lodge(etiquette)).thenRefuses('appeals/arbiter-final', { field: 'contestedEventId', rule: '对礼节之纠正有绝对权利' });
  });

  it('Ing rules 第十条 裁判 covers fouls and etiquette only: a withdrawal ruling, a slow-play penalty, a result stay appealable (Arbitra default)', () => {
    const go = (contested: Partial<typeof CONTESTED>) => ({ discipline: 'go' as const, contested: { ...CONTESTED, ...contested } });
    const appealable = [
      go({ stream: 'go-game-g1', type: 'go.GameEnded', kind: 'ruling', ground: 'withdrawal' }),
      go({ stream: 'penalties-open', type: 'penalties.PenaltyIssued', kind: 'penalty', ground: 'points:slow-play' }),
      // A sanction for etiquette beyond the correction (加重处罚之, by the organisers on the arbiter's report) stays appealable.
      go({ stream: 'penalties-open', type: 'penalties.PenaltyIssued', kind: 'penalty', ground: 'disqualification:etiquette' }),
      go({ stream: 'tournament-open', type: 'tournament.ResultRecorded', kind: 'result' }),
    ];
    for (const d of appealable)
      spec
        .given([])
        .when(lodge(d))
        .then([{ type: 'appeals.AppealLodged', data: { profile: 'ing-go', contested: { type: d.contested.type } } }]);
  });

  it('a final appeal decision cannot be appealed again', () => {
    const d = { contested: { ...CONTESTED, kind: 'appeal-decision' as const, appealProfile: 'wespa-scrabble' as const } };
    spec.given([]).when(lodge(d)).thenRefuses('appeals/decision-final', { field: 'contestedEventId' });
  });

  it('who may lodge: the player themself; a captain or representative naming the player, lodged by the chief arbiter; not for a non-party; only decisions', () => {
    spec
      .given([])
      .when(lodge({ appellant: { id: 'ann', capacity: 'player', forPlayer: 'bob' } }))
      .thenRefuses('appeals/appellant', { field: 'appellant.forPlayer' });
    spec
      .given([])
      .when(lodge({ appellant: { id: 'cap-x', capacity: 'captain', forPlayer: 'ann' } }, CHIEF))
      .then([{ type: 'appeals.AppealLodged', data: { appellant: { id: 'cap-x', capacity: 'captain', forPlayer: 'ann' }, by: CHIEF } }]);
    spec
      .given([])
      .when(lodge({ appellant: { id: 'eve', capacity: 'player', forPlayer: 'eve' } }, { id: 'eve', role: 'player' }))
      .thenRefuses('appeals/not-a-party', { field: 'appellant.forPlayer' });
    spec
      .given([])
      .when(lodge({ contested: { ...CONTESTED, kind: 'other' } }))
      .thenRefuses('appeals/not-a-decision', { field: 'contestedEventId' });
    spec.given([]).when(lodge({}, ARBITER)).thenRefuses('appeals/not-appellant');
    spec
      .given([])
      .when(lodge({ grounds: '' }))
      .thenRefuses('appeals/grounds-required', { field: 'grounds' });
  });

  it('issue 10 review: a player cannot appeal in another player’s name as their captain or representative (refused naming appellant.capacity)', () => {
    for (const capacity of ['captain', 'representative'] as const) {
      spec
        .given([])
        .when(lodge({ appellant: { id: 'cap-x', capacity, forPlayer: 'ann' } }, { id: 'cap-x', role: 'player' }))
        .thenRefuses('appeals/not-on-behalf', { field: 'appellant.capacity', rule: 'lodged by the chief arbiter on their behalf' });
    }
  });

  it('FIDE-style: a deposit is required', () => {
    const d = { discipline: 'chess-rapid' as const };
    spec.given([]).when(lodge(d)).thenRefuses('appeals/deposit-required', { field: 'deposit' });
    spec
      .given([])
      .when(lodge({ ...d, deposit: 100 }))
      .then([{ type: 'appeals.AppealLodged', data: { profile: 'fide-chess', deposit: 100 } }]);
  });

  it('an appeal id is lodged once', () => {
    spec.given(history('lodged')).when(lodge()).thenRefuses('appeals/already-lodged', { field: 'appealId' });
  });
});
