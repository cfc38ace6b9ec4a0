import { describe, it } from '@jest/globals';
import { deciderSpec } from '../kernel/testing/decider-spec.js';
import type { Actor } from '../kernel/command.js';
import { appealDecider } from './appeals.decider.js';
import type { AppealEvent, CommitteeMember } from './appeals.types.js';
import { ANN, CHIEF, T, cmd, history } from './testing/fixtures.js';

const spec = deciderSpec(appealDecider);
const C1: Actor = { id: 'c1', role: 'appeals-committee' };
const member = (id: string, role: 'chair' | 'member' = 'member', federation: string | null = null): CommitteeMember => ({ id, name: id, role, federation });
const THREE = [member('c1', 'chair'), member('c2'), member('c3')];
const VOTES = [
  { member: 'c1', vote: 'uphold' as const },
  { member: 'c2', vote: 'uphold' as const },
  { member: 'c3', vote: 'dismiss' as const },
];
const CORRECT = { kind: 'correct-result' as const, round: 1, table: 1, result: { kind: 'played' as const, outcome: 'second' as const } };

describe('appeals: the steps, in order, each recording who and when', () => {
  it('acknowledged by an official; a player may not; not twice', () => {
    spec
      .given(history('lodged'))
      .when(cmd('appeals.acknowledge', {}, CHIEF, T(21)))
      .then([{ type: 'appeals.AppealAcknowledged', data: { by: CHIEF, at: T(21) } }]);
    spec
      .given(history('lodged'))
      .when(cmd('appeals.acknowledge', {}, ANN))
      .thenRefuses('appeals/not-an-official');
    spec.given(history('acknowledged')).when(cmd('appeals.acknowledge', {})).thenRefuses('appeals/out-of-order');
    spec.given([]).when(cmd('appeals.acknowledge', {})).thenRefuses('appeals/not-lodged', { kind: 'not-found' });
  });

  it('committee formed with the profile’s size and one chair', () => {
    spec
      .given(history('acknowledged'))
      .when(cmd('appeals.form-committee', { members: THREE }))
      .then([{ type: 'appeals.CommitteeFormed', data: { members: THREE, by: CHIEF } }]);
    spec
      .given(history('acknowledged'))
      .when(cmd('appeals.form-committee', { members: THREE.slice(0, 2) }))
      .thenRefuses('appeals/committee-size', { field: 'members' });
    spec
      .given(history('acknowledged'))
      .when(cmd('appeals.form-committee', { members: [member('c1'), member('c2'), member('c3')] }))
      .thenRefuses('appeals/committee-chair', { field: 'members' });
    spec
      .given(history('lodged'))
      .when(cmd('appeals.form-committee', { members: THREE }))
      .thenRefuses('appeals/out-of-order');
  });

  it('a member who is a party, or the official who made the contested decision, is refused', () => {
    spec
      .given(history('acknowledged'))
      .when(cmd('appeals.form-committee', { members: [member('c1', 'chair'), member('bob'), member('c3')] }))
      .thenRefuses('appeals/member-is-party', { field: 'members[1].id' });
    spec
      .given(history('acknowledged'))
      .when(cmd('appeals.form-committee', { members: [member('c1', 'chair'), member('c2'), member('arb-li')] }))
      .thenRefuses('appeals/member-involved', { field: 'members[2].id', rule: 'involved in it' });
  });

  it('FIDE-style: members from different federations', () => {
    const fide: AppealEvent[] = history('acknowledged').map((e) =>
      e.type === 'appeals.AppealLodged' ? { ...e, data: { ...e.data, discipline: 'chess-rapid', profile: 'fide-chess', deposit: 100 } } : e,
    );
    spec
      .given(fide)
      .when(cmd('appeals.form-committee', { members: [member('c1', 'chair', 'HKG'), member('c2', 'member', 'HKG'), member('c3', 'member', 'MAC')] }))
      .thenRefuses('appeals/federations-not-distinct', { field: 'members[1].federation', rule: 'different federations' });
  });

  it('statements and evidence: by the appellant or officials, referring to recorded events; an id once', () => {
    const st = { statementId: 's1', kind: 'witness' as const, author: 'Carol', text: 'I saw QI accepted in the lexicon', references: ['evt-verdict'] };
    spec
      .given(history('committee'))
      .when(cmd('appeals.attach-statement', st, ANN, T(25)))
      .then([{ type: 'appeals.StatementAttached', data: { ...st, by: ANN, at: T(25) } }]);
    const withS1 = [...history('committee'), { type: 'appeals.StatementAttached', data: { ...st, by: ANN, at: T(25) } } as AppealEvent];
    spec.given(withS1).when(cmd('appeals.attach-statement', st)).thenRefuses('appeals/statement-exists', { field: 'statementId' });
    spec
      .given(history('committee'))
      .when(cmd('appeals.attach-statement', st, { id: 'eve', role: 'player' }))
      .thenRefuses('appeals/not-an-official');
    spec.given(history('decided')).when(cmd('appeals.attach-statement', st)).thenRefuses('appeals/out-of-order');
  });

  it('hearing: scheduled, then held with minutes', () => {
    spec
      .given(history('committee'))
      .when(cmd('appeals.schedule-hearing', { hearingAt: T(60), place: 'Room 2' }))
      .then([{ type: 'appeals.HearingScheduled', data: { hearingAt: T(60), place: 'Room 2' } }]);
    spec
      .given(history('committee'))
      .when(cmd('appeals.hold-hearing', { present: [], minutes: 'm' }))
      .thenRefuses('appeals/out-of-order');
    spec
      .given(history('scheduled'))
      .when(cmd('appeals.hold-hearing', { present: ['c1'], minutes: '' }))
      .thenRefuses('appeals/minutes-required', { field: 'minutes' });
    spec
      .given(history('scheduled'))
      .when(cmd('appeals.hold-hearing', { present: ['c1', 'ann'], minutes: 'both heard' }, C1, T(61)))
      .then([{ type: 'appeals.HearingHeld', data: { minutes: 'both heard', by: C1, at: T(61) } }]);
  });

  it('decision: by a member, every member voting, the majority carrying the outcome, remedies when upheld', () => {
    const decide = (over = {}, actor: Actor = C1) =>
      cmd('appeals.decide', { outcome: 'upheld', reasons: 'QI is valid', votes: VOTES, remedies: [CORRECT], ...over }, actor, T(70));
    spec
      .given(history('heard'))
      .when(decide())
      .then([{ type: 'appeals.AppealDecided', data: { outcome: 'upheld', remedies: [CORRECT], final: true, deposit: null, by: C1 } }]);
    spec.given(history('committee')).when(decide()).thenRefuses('appeals/out-of-order');
    spec.given(history('heard')).when(decide({}, CHIEF)).thenRefuses('appeals/not-a-member');
    spec
      .given(history('heard'))
      .when(decide({ votes: VOTES.slice(0, 2) }))
      .thenRefuses('appeals/votes-missing', { field: 'votes' });
    spec
      .given(history('heard'))
      .when(decide({ outcome: 'dismissed', remedies: [] }))
      .thenRefuses('appeals/votes-do-not-carry', { field: 'outcome' });
    spec
      .given(history('heard'))
      .when(decide({ remedies: [] }))
      .thenRefuses('appeals/remedy-required', { field: 'remedies' });
    spec
      .given(history('heard'))
      .when(decide({ votes: [...VOTES, { member: 'zed', vote: 'uphold' }] }))
      .thenRefuses('appeals/vote-not-member', { field: 'votes[3].member' });
  });

  it('re-pairing the next round: ordered only while it is not yet paired; otherwise refused with the reason', () => {
    const rePair = (found: 'not-paired' | 'paired-unpublished' | 'published' | 'played') => ({ kind: 're-pair-next-round' as const, round: 1, found });
    const decide = (found: Parameters<typeof rePair>[0]) =>
      cmd('appeals.decide', { outcome: 'upheld', reasons: 'r', votes: VOTES, remedies: [CORRECT, rePair(found)] }, C1);
    spec
      .given(history('heard'))
      .when(decide('not-paired'))
      .then([{ type: 'appeals.AppealDecided' }]);
    spec.given(history('heard')).when(decide('played')).thenRefuses('appeals/cannot-re-pair', { field: 'remedies[1]' });
    spec.given(history('heard')).when(decide('published')).thenRefuses('appeals/cannot-re-pair', { field: 'remedies[1]' });
  });

  it('FIDE-style: the deposit is refunded when the appeal is upheld, retained when dismissed', () => {
    const fide: AppealEvent[] = history('heard').map((e) =>
      e.type === 'appeals.AppealLodged' ? { ...e, data: { ...e.data, discipline: 'chess-rapid', profile: 'fide-chess', deposit: 100 } } : e,
    );
    spec
      .given(fide)
      .when(cmd('appeals.decide', { outcome: 'upheld', reasons: 'r', votes: VOTES, remedies: [CORRECT] }, C1))
      .then([{ type: 'appeals.AppealDecided', data: { deposit: 'refunded' } }]);
    const against = VOTES.map((v) => ({ ...v, vote: 'dismiss' as const }));
    spec
      .given(fide)
      .when(cmd('appeals.decide', { outcome: 'dismissed', reasons: 'r', votes: against, remedies: [] }, C1))
      .then([{ type: 'appeals.AppealDecided', data: { deposit: 'retained' } }]);
  });

  it('final after the decision; nothing after final', () => {
    spec
      .given(history('decided'))
      .when(cmd('appeals.finalise', { note: 'remedies applied' }))
      .then([{ type: 'appeals.AppealFinalised', data: { note: 'remedies applied', by: CHIEF } }]);
    spec
      .given(history('heard'))
      .when(cmd('appeals.finalise', { note: '' }))
      .thenRefuses('appeals/out-of-order');
  });
});
