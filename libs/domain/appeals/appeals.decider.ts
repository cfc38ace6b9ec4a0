import { assertNever, type Decider } from '../kernel/decider.js';
import { decideLodge } from './decide-lodge.js';
import {
  decideAcknowledge,
  decideAttachStatement,
  decideDecision,
  decideFinalise,
  decideFormCommittee,
  decideHoldHearing,
  decideScheduleHearing,
} from './decide-steps.js';
import type { AppealCommand, AppealEvent, AppealState } from './appeals.types.js';

export const initialAppealState = (): AppealState => ({
  step: null,
  appealId: null,
  tournamentId: null,
  profile: null,
  appellant: null,
  contested: null,
  members: [],
  statements: [],
  deposit: null,
});

/** One appeal (stream `appeal-<id>`): pure; the contested decision's facts arrive on the lodge command. */
export const appealDecider: Decider<AppealCommand, AppealEvent, AppealState> = {
  initialState: initialAppealState,
  decide(command, state) {
    switch (command.type) {
      case 'appeals.lodge':
        return decideLodge(command, state);
      case 'appeals.acknowledge':
        return decideAcknowledge(command, state);
      case 'appeals.form-committee':
        return decideFormCommittee(command, state);
      case 'appeals.attach-statement':
        return decideAttachStatement(command, state);
      case 'appeals.schedule-hearing':
        return decideScheduleHearing(command, state);
      case 'appeals.hold-hearing':
        return decideHoldHearing(command, state);
      case 'appeals.decide':
        return decideDecision(command, state);
      case 'appeals.finalise':
        return decideFinalise(command, state);
      default:
        return assertNever(command, 'appeal command');
    }
  },
  evolve(state, event) {
    switch (event.type) {
      case 'appeals.AppealLodged':
        return {
          ...state,
          step: 'lodged',
          appealId: event.data.appealId,
          tournamentId: event.data.tournamentId,
          profile: event.data.profile,
          appellant: event.data.appellant,
          contested: event.data.contested,
          deposit: event.data.deposit,
        };
      case 'appeals.AppealAcknowledged':
        return { ...state, step: 'acknowledged' };
      case 'appeals.CommitteeFormed':
        return { ...state, step: 'committee-formed', members: event.data.members };
      case 'appeals.StatementAttached':
        return { ...state, statements: [...state.statements, event.data.statementId] };
      case 'appeals.HearingScheduled':
        return { ...state, step: 'hearing-scheduled' };
      case 'appeals.HearingHeld':
        return { ...state, step: 'heard' };
      case 'appeals.AppealDecided':
        return { ...state, step: 'decided' };
      case 'appeals.AppealFinalised':
        return { ...state, step: 'final' };
      default:
        return state;
    }
  },
};
