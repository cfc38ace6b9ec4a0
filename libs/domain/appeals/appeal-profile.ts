import type { Discipline } from '../standings/results.js';

/**
 * How appeals run in a discipline: who hears them, by when, who sits, deposit and finality. One
 * workflow (lodge → acknowledged → committee → statements → hearing → decision → remedies → final),
 * these parameters per discipline. Each parameter taken from a rule text cites it; the others are
 * Arbitra defaults, marked as ours ("Arbitra default"), until a federation's text says otherwise.
 */
export type AppealProfileId = 'wmc-mahjong' | 'xiguaqi' | 'wespa-scrabble' | 'fide-chess' | 'ing-go' | 'arbitra-default';

/**
 * A kind of the arbiter's ruling against which no appeal lies: the recorded event type and the grounds it records
 * (ContestedDecision.ground: a Go game's end reason, a ledger penalty's `kind:offence`), with what it is in words.
 */
export interface ArbiterFinalRuling {
  readonly type: string;
  readonly grounds: readonly string[];
  readonly what: string;
}

export interface AppealProfile {
  readonly id: AppealProfileId;
  /** Who the written appeal goes to. */
  readonly lodgedWith: 'chief-arbiter' | 'organising-body' | 'tournament-committee' | 'appeals-committee';
  readonly form: 'written';
  /** The appeal must be lodged within `minutes` of the end of the session or of the decision itself. */
  readonly deadline: { readonly from: 'session-end' | 'decision'; readonly minutes: number; readonly rule: string };
  readonly committee: {
    /** Exactly this many members hear the appeal. */
    readonly size: number;
    /** One of them is the chair. */
    readonly chair: boolean;
    /** Members come from different federations (each member names theirs). */
    readonly distinctFederations: boolean;
    /** No official who acted in the contested game or decision sits on it. */
    readonly excludeActingOfficials: boolean;
    readonly rule: string;
  };
  /** A deposit paid with the appeal, refunded when it is upheld (or varied), else retained. */
  readonly deposit: { readonly amount: number; readonly refundedIfUpheld: boolean; readonly rule: string } | null;
  /** The decision on the appeal is final: no appeal lies against it. */
  readonly final: boolean;
  /** A decision taken by the chief arbiter is itself final (it cannot be appealed). */
  readonly chiefDecisionFinal: boolean;
  readonly finalityRule: string;
  /** Rulings of the arbiter that are final under the rule text (no appeal lies against them); null: none. */
  readonly arbiterFinal: { readonly rulings: readonly ArbiterFinalRuling[]; readonly rule: string } | null;
}

/** Arbitra's own appeal workflow, for a discipline whose rule text says nothing on appeals. */
const ARBITRA_DEFAULT: AppealProfile = {
  id: 'arbitra-default',
  lodgedWith: 'appeals-committee',
  form: 'written',
  deadline: { from: 'session-end', minutes: 30, rule: 'Arbitra default: written appeal within 30 minutes after the session' },
  committee: { size: 3, chair: true, distinctFederations: false, excludeActingOfficials: true, rule: 'Arbitra default: three members, no acting official' },
  deposit: null,
  final: false,
  chiefDecisionFinal: false,
  finalityRule: 'Arbitra default: a further appeal to the federation is possible',
  arbiterFinal: null,
};

export const APPEAL_PROFILES: Readonly<Record<AppealProfileId, AppealProfile>> = {
  'wmc-mahjong': {
    id: 'wmc-mahjong',
    // WMC rules, 申訴程式: 應於此節完後30分鐘內以書面提交給裁判長 (written, to the chief referee, within 30 minutes after the session).
    lodgedWith: 'chief-arbiter',
    form: 'written',
    deadline: { from: 'session-end', minutes: 30, rule: 'WMC rules, 申訴程式: 應於此節完後30分鐘內以書面提交給裁判長' },
    // WMC rules, 申訴程式: the chief referee decides (裁判長有最終決定權): a committee of one, the chief referee.
    committee: { size: 1, chair: true, distinctFederations: false, excludeActingOfficials: false, rule: 'WMC rules, 申訴程式: 裁判長有最終決定權' },
    deposit: null,
    // WMC rules, 申訴程式: 對於一切裁決，裁判長有最終決定權，選手不得異議 (the chief's decision is final).
    final: true,
    chiefDecisionFinal: true,
    finalityRule: 'WMC rules, 申訴程式: 對於一切裁決，裁判長有最終決定權，選手不得異議',
    arbiterFinal: null,
  },
  xiguaqi: {
    id: 'xiguaqi',
    // 西瓜棋规则 第十五条 四: 如有疑义可通过组织程序立即向大会提出申诉 (immediately, through the organising body).
    // "Immediately" is operationalised as 10 minutes after the decision: Arbitra default, ours.
    lodgedWith: 'organising-body',
    form: 'written',
    deadline: { from: 'decision', minutes: 10, rule: '西瓜棋规则 第十五条 四: 通过组织程序立即向大会提出申诉 (立即: 10 minutes, Arbitra default)' },
    committee: {
      size: 3,
      chair: true,
      distinctFederations: false,
      excludeActingOfficials: true,
      rule: 'Arbitra default: three members for the 大会, no acting official',
    },
    deposit: null,
    final: true,
    chiefDecisionFinal: false,
    finalityRule: 'Arbitra default: the organising body (大会) decides the appeal for good',
    arbiterFinal: null,
  },
  'wespa-scrabble': {
    id: 'wespa-scrabble',
    // The WESPA summary we hold says nothing on appeals. WESPA practice: the TD's decision binds; it is appealed to
    // the tournament committee. Deadline, size and finality below are Arbitra defaults, ours.
    lodgedWith: 'tournament-committee',
    form: 'written',
    deadline: { from: 'session-end', minutes: 30, rule: 'Arbitra default for WESPA events: written appeal within 30 minutes after the session' },
    committee: {
      size: 3,
      chair: true,
      distinctFederations: false,
      excludeActingOfficials: true,
      rule: 'Arbitra default for WESPA events: a tournament committee of three, none of them the TD or arbiter who acted',
    },
    deposit: null,
    final: true,
    chiefDecisionFinal: false,
    finalityRule: 'Arbitra default for WESPA events: the tournament committee decides for good',
    arbiterFinal: null,
  },
  'fide-chess': {
    id: 'fide-chess',
    // FIDE-style appeals committee (facts from FIDE's procedural rules, not our rule text): a chair and two members from
    // different federations, no acting arbiter, written appeal by a deadline fixed in advance, deposit refunded if upheld.
    lodgedWith: 'appeals-committee',
    form: 'written',
    deadline: { from: 'session-end', minutes: 60, rule: 'Arbitra default for FIDE-style events: written appeal within 60 minutes after the session' },
    committee: {
      size: 3,
      chair: true,
      distinctFederations: true,
      excludeActingOfficials: true,
      rule: 'FIDE-style appeals committee: a chair and two members from different federations, no acting arbiter',
    },
    deposit: { amount: 100, refundedIfUpheld: true, rule: 'FIDE-style appeals committee: a deposit with the appeal, refunded if it is upheld' },
    final: true,
    chiefDecisionFinal: false,
    finalityRule: 'FIDE-style appeals committee: its decision is final',
    arbiterFinal: null,
  },
  'ing-go': {
    // Ing rules 第十条 裁判: 裁判对于犯规之裁定以及对礼节之纠正有绝对权利。对局者必须服从其裁定或纠正 (the arbiter's
    // rulings on fouls and corrections of etiquette are absolute; the players must obey them): no appeal lies against
    // them. The excerpt does not define 犯规; Arbitra reads as the fouls the arbiter rules on 第八条 裁败 (3) 悔着 and
    // (5) 抗命 (go.rule-loss grounds retraction and defiance, recorded as go.GameEnded with that reason); an etiquette
    // correction (第九条 礼节) is a ledger warning with the offence code `etiquette` (Arbitra's code). The excerpt says nothing else on appeals: the arbiter's other
    // decisions (a disputed move, dead stones, a withdrawal or absence, results, pairings) stay appealable, and the
    // workflow, deadline, committee and finality are Arbitra defaults, ours (as 'arbitra-default').
    ...ARBITRA_DEFAULT,
    id: 'ing-go',
    arbiterFinal: {
      rulings: [
        { type: 'go.GameEnded', grounds: ['retraction', 'defiance'], what: 'a foul (第八条 裁败: 悔着 retracting a move, 抗命 defying the arbiter)' },
        // A correction is a warning: a heavier sanction is the organisers' on the arbiter's report (加重处罚之), appealable.
        { type: 'penalties.PenaltyIssued', grounds: ['warning:etiquette'], what: 'a correction of etiquette (第九条 礼节)' },
      ],
      rule: 'Ing rules 第十条 裁判: 裁判对于犯规之裁定以及对礼节之纠正有绝对权利 (the arbiter’s rulings on fouls and corrections of etiquette are absolute)',
    },
  },
  'arbitra-default': ARBITRA_DEFAULT,
};

const BY_DISCIPLINE: Readonly<Record<Discipline, AppealProfileId>> = {
  scrabble: 'wespa-scrabble',
  mahjong: 'wmc-mahjong',
  'chess-rapid': 'fide-chess',
  xiguaqi: 'xiguaqi',
  go: 'ing-go',
};

export function appealProfileFor(discipline: Discipline): AppealProfile {
  return APPEAL_PROFILES[BY_DISCIPLINE[discipline]];
}
