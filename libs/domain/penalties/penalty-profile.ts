import type { Discipline } from '../standings/results.js';
import type { PenaltyKind } from './penalties.types.js';

/** What a kind's amount counts, or null when the kind carries no amount. */
export const AMOUNT_UNIT: Readonly<Record<PenaltyKind, 'points' | 'seconds' | 'tiles' | null>> = {
  warning: null,
  points: 'points',
  'time-to-opponent': 'seconds',
  'penalty-tiles': 'tiles',
  'no-win': null,
  'no-claim': null,
  'game-forfeit': null,
  disqualification: null,
  blacklist: null,
};

/**
 * A repeat of the same offence by the same player after a warning is recorded as `to`, with `amount`. With
 * `offences`, only those offence codes escalate; a repeat of any other stays a warning (the arbiter decides).
 */
export interface EscalationRule {
  readonly to: PenaltyKind;
  readonly amount: number;
  readonly section: string;
  readonly offences?: readonly string[];
}

/**
 * A discipline's penalties: the kinds its rules know, each with the section to cite by default, and
 * how a repeat after a warning escalates (null: the rules say nothing; the arbiter decides).
 * `name` is the rules profile's name (libs/domain/tournament/profiles.ts), cited in every penalty.
 */
export interface PenaltyProfile {
  readonly name: string;
  readonly discipline: Discipline;
  readonly kinds: Readonly<Partial<Record<PenaltyKind, string>>>;
  readonly escalation: EscalationRule | null;
}

/** Points off the standings: how the tournament's own profile applies them (penaltiesApplyTo), kept from before the ledger. */
const POINTS_DEFAULT = 'Arbitra default: points off the offender in the standings (the tournament profile says score or spread)';
const WARNING_DEFAULT = 'Arbitra default: a warning is recorded and counts for repeats';

export const PENALTY_PROFILES: Readonly<Partial<Record<Discipline, PenaltyProfile>>> = {
  mahjong: {
    name: 'wmc',
    discipline: 'mahjong',
    kinds: {
      // WMC 行為守則, 罰則: 警告 (minor offences such as not announcing a call are warned; a repeat is penalised).
      warning: '行為守則 罰則 警告',
      // WMC 行為守則, 罰則: 罰分 — taken off the offender only, nothing added to the opponents unless a ruling says so.
      points: '行為守則 罰則 罰分',
      // WMC 麻將規則, 罰張 (and 罰則: 罰張).
      'penalty-tiles': '麻將規則 罰張',
      // WMC 行為守則, 罰則: 失去和牌資格.
      'no-win': '行為守則 罰則 失去和牌資格',
      // WMC 行為守則, 罰則: 不準鳴牌.
      'no-claim': '行為守則 罰則 不準鳴牌',
      // WMC 行為守則, 罰則: 棄權.
      'game-forfeit': '行為守則 罰則 棄權',
      // WMC 行為守則, 罰則: 取消資格、列入黑名單 (cheating, collusion, deliberate obstruction).
      disqualification: '行為守則 罰則 取消資格、列入黑名單',
      blacklist: '行為守則 罰則 取消資格、列入黑名單',
    },
    // WMC 行為守則, 罰則: 警告 "如果再犯便會判罰" and 罰分 "累犯鳴牌不揚聲…會判罰扣分". The text names no amount for a
    // repeat: 5 points is an Arbitra default, the smallest deduction the WMC text names (打牌時限, 暫停: 罰扣5分).
    escalation: { to: 'points', amount: 5, section: '行為守則 罰則 警告 (再犯便會判罰) / 罰分 (累犯)' },
  },
  'chess-rapid': {
    name: 'fide-rapid',
    discipline: 'chess-rapid',
    kinds: {
      // Rapid chess rules 第24條: the arbiter may penalise a player who errs.
      warning: '第24條',
      points: POINTS_DEFAULT,
      // Rapid chess rules 第21條: 2 minutes added to the opponent's clock.
      'time-to-opponent': '第21條',
      'game-forfeit': '第24條',
      disqualification: '第24條',
    },
    // Rapid chess rules 第21條(3): a second or later breach of 第2條 or 第5條 adds 2 minutes to the opponent's clock.
    // Only those two: other breaches cost 2 minutes at the first (第21條(1)) or are the arbiter's call (第24條). The
    // offence codes are the game's own (chess.rule-breach `breach`); each rule's breaches are counted apart, as the game counts them
    // (an Arbitra reading: 「第2次或更多次違反本規則第2條或第5條」 may also be read as counting them together).
    escalation: { to: 'time-to-opponent', amount: 120, section: '第21條(3)', offences: ['rule-2', 'rule-5'] },
  },
  go: {
    name: 'ing',
    discipline: 'go',
    kinds: {
      warning: WARNING_DEFAULT,
      points: POINTS_DEFAULT,
      // ING 第八条 罚则: 裁败 (absence, abandoning, taking back a move, overstepping time, defying the referee).
      'game-forfeit': '第八条 罚则 裁败',
      // ING 第八条 罚则: 罚停 (the remaining rounds are lost).
      disqualification: '第八条 罚则 罚停',
      // ING 第八条 罚则: 失格 (barred from competing for years).
      blacklist: '第八条 罚则 失格',
    },
    escalation: null,
  },
  scrabble: {
    name: 'wespa',
    discipline: 'scrabble',
    kinds: {
      warning: WARNING_DEFAULT,
      points: POINTS_DEFAULT,
      // WESPA summary, 缺席: the absent player forfeits (the opponent wins by 100).
      'game-forfeit': 'WESPA summary 缺席',
      disqualification: 'Arbitra default: the tournament director may disqualify',
    },
    escalation: null,
  },
  xiguaqi: {
    name: 'xiguaqi-cn',
    discipline: 'xiguaqi',
    kinds: {
      // Xiguaqi rules 第十四条 赛场纪律 lists the players' duties (不得无故弃权…, 不得…妨碍对方思考…) but names no
      // sanction: a warning and a disqualification are Arbitra defaults, not the text's.
      warning: WARNING_DEFAULT,
      points: POINTS_DEFAULT,
      // Xiguaqi rules 第十三条 终局: a game the referee rules lost (判负) ends.
      'game-forfeit': '第十三条 终局 判负',
      disqualification: 'Arbitra default: the referee may disqualify (第十四条 赛场纪律 lists duties but names no sanction)',
    },
    escalation: null,
  },
};

export function penaltyProfileOf(discipline: Discipline): PenaltyProfile | undefined {
  return PENALTY_PROFILES[discipline];
}
