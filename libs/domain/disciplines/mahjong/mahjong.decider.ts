/** The mahjong table decider: decide a command on the recorded table session, or refuse it naming the rule. */
import { invalid, refuse, type Decider } from '../../kernel/index.js';
import { RULES } from './mahjong.rules.js';
import { decideSeats, decideStart, decideSubstitute } from './decide-session.js';
import { decideClaim, decideDeal, decideDiscard, decideRecordHand, decideResolveClaims } from './decide-hand.js';
import { decideChiefRuling, decideConfirm, decideCorrect, decideScoreFlag, decideSign } from './decide-card.js';
import { decideConduct, decideExpose, decideSevereOvertime, decideTimeOut, decideTurnTime, decideWrongClaim, decideWrongCount } from './decide-penalties.js';
import { evolve } from './mahjong.evolve.js';
import { occupant } from './table-state.js';
import type { MahjongCommand, MahjongEvent, MahjongState, MahjongTable } from './mahjong.types.js';

export const initialState = (): MahjongState => ({ phase: 'none' });

export function decide(command: MahjongCommand, state: MahjongState): MahjongEvent[] {
  if (command.type === 'mahjong.start-session') return decideStart(command, state);
  if (state.phase === 'none') refuse('mahjong/not-started', 'the table session has not been started', RULES.started, { kind: 'not-found', field: 'id' });
  return namePenalised(decideOnTable(command, state), state.table);
}

/** Each penalty names who sat in its seat when it was decided: after a substitution (缺席) that is not the seat's first player. */
const namePenalised = (events: MahjongEvent[], t: MahjongTable): MahjongEvent[] =>
  events.map((e) => (e.type === 'mahjong.PenaltyRecorded' ? { ...e, data: { ...e.data, player: occupant(t, e.data.seat).id } } : e));

function decideOnTable(command: MahjongCommand, state: Exclude<MahjongState, { phase: 'none' }>): MahjongEvent[] {
  const t = state.table;
  if (command.type === 'mahjong.rule-chief-referee') return decideChiefRuling(command, t);
  if (state.phase === 'locked') refuse('mahjong/card-locked', 'the score card is signed and submitted', RULES.finished, { field: 'id' });
  switch (command.type) {
    case 'mahjong.draw-seats':
      return decideSeats(command, t);
    case 'mahjong.seat-substitute':
      return decideSubstitute(command, t);
    case 'mahjong.record-deal':
      return decideDeal(command, t);
    case 'mahjong.record-discard':
      return decideDiscard(command, t);
    case 'mahjong.record-claim':
      return decideClaim(command, t);
    case 'mahjong.resolve-claims':
      return decideResolveClaims(command, t);
    case 'mahjong.record-hand':
      return decideRecordHand(command, t);
    case 'mahjong.confirm-hand':
      return decideConfirm(command, t);
    case 'mahjong.correct-hand':
      return decideCorrect(command, t);
    case 'mahjong.rule-score-flag':
      return decideScoreFlag(command, t);
    case 'mahjong.sign-scorecard':
      return decideSign(command, t);
    case 'mahjong.expose-tiles':
      return decideExpose(command, t);
    case 'mahjong.rule-wrong-count':
      return decideWrongCount(command, t);
    case 'mahjong.rule-wrong-claim':
      return decideWrongClaim(command, t);
    case 'mahjong.record-turn-time':
      return decideTurnTime(command, t);
    case 'mahjong.rule-severe-overtime':
      return decideSevereOvertime(command, t);
    case 'mahjong.record-time-out':
      return decideTimeOut(command, t);
    case 'mahjong.record-conduct':
      return decideConduct(command, t);
    default:
      return invalid('mahjong/unknown-command', `unknown command ${(command as { type: string }).type}`, RULES.started);
  }
}

export const mahjongDecider: Decider<MahjongCommand, MahjongEvent, MahjongState> = { initialState, decide, evolve };
