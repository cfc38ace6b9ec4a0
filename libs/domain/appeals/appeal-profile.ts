import type { Discipline } from '../standings/results.js';

/**
 * How appeals run in a discipline: who hears them, by when, who sits, deposit and finality. One
 * workflow (lodge → acknowledged → committee → statements → hearing → decision → remedies → final),
 * these parameters per discipline. Each parameter taken from a rule text cites it; the others are
 * Arbitra defaults, marked as ours ("Arbitra default"), until a federation's text says otherwise.
 */
export type AppealProfileId = 'wmc-mahjong' | 'xiguaqi' | 'wespa-scrabble' | 'fide-chess' | 'arbitra-default';

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
}

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
  },
  'arbitra-default': {
    id: 'arbitra-default',
    lodgedWith: 'appeals-committee',
    form: 'written',
    deadline: { from: 'session-end', minutes: 30, rule: 'Arbitra default: written appeal within 30 minutes after the session' },
    committee: { size: 3, chair: true, distinctFederations: false, excludeActingOfficials: true, rule: 'Arbitra default: three members, no acting official' },
    deposit: null,
    final: false,
    chiefDecisionFinal: false,
    finalityRule: 'Arbitra default: a further appeal to the federation is possible',
  },
};

const BY_DISCIPLINE: Readonly<Record<Discipline, AppealProfileId>> = {
  scrabble: 'wespa-scrabble',
  mahjong: 'wmc-mahjong',
  'chess-rapid': 'fide-chess',
  xiguaqi: 'xiguaqi',
  go: 'arbitra-default',
};

export function appealProfileFor(discipline: Discipline): AppealProfile {
  return APPEAL_PROFILES[BY_DISCIPLINE[discipline]];
}
