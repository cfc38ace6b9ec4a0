import { defineDiscipline, playersAtStart, type RecordedFact } from '../../discipline-kit/descriptor.js';
import type { PenaltyKind } from '../../penalties/penalties.types.js';
import { EMA_RANKING_V2 } from '../../ratings/mahjong-ema.js';
import { MAHJONG_PAGES } from './page.js';

const seatedAtStart = playersAtStart('mahjong.SessionStarted');

/** WMC rules, 申訴程式: 應於此節完後30分鐘內以書面提交給裁判長 (written, to the chief referee, within 30 minutes after the session). */
const WMC_APPEAL_DEADLINE = 'WMC rules, 申訴程式: 應於此節完後30分鐘內以書面提交給裁判長';

declare module '../../standings/results.js' {
  /** Names the discipline (`Discipline`); the descriptor below is registered in discipline-kit/registry.ts. */
  interface DisciplineNames {
    mahjong: true;
  }
}

/** Mahjong tables under the World Mahjong Contest rules: what the shared services need (discipline-kit/descriptor.ts). */
export const MAHJONG_DESCRIPTOR = defineDiscipline({
  id: 'mahjong',
  game: {
    aggregate: 'mahjong-table',
    startEvent: 'mahjong.SessionStarted',
    // WMC 申訴程式: the deadline runs from the end of the session (此節完後): the locked score card ends it.
    sessionEnds: ['mahjong.ScorecardLocked'],
    // The four seated at the table, and whoever was seated in a seat later (行為守則 缺席: a substitute).
    players: (events: readonly RecordedFact[]) => {
      const substitutes = events
        .filter((e) => e.type === 'mahjong.SubstituteSeated')
        .map((e) => (e.data as { substitute?: { id?: unknown } }).substitute?.id)
        .filter((id): id is string => typeof id === 'string');
      return [...new Set([...seatedAtStart(events), ...substitutes])];
    },
  },
  tournament: {
    name: 'wmc',
    discipline: 'mahjong',
    format: 'mahjong-table',
    scores: 'none',
    // WMC: 以多局的得分及失分合計﹐來覺得(sic: 決定)勝負名次: ranked by total table points; 罰分 is taken off the offender only.
    points: { win: 0, draw: 0, loss: 0 },
    bye: { outcome: 'loss', spread: 0 },
    forfeitSpread: 0,
    doubleForfeitSpread: 0,
    tieBreaks: [],
    penaltiesApplyTo: 'score',
  },
  // WMC text ranks by the total of points won and lost (以多局的得分及失分合計﹐來覺得(sic: 決定)勝負名次) and names no tie-break.
  tieBreaks: [],
  // The mahjong ranking reads placings: the EMA's method, whose results count for three years (ratings/mahjong-ema.ts);
  // listing needs two results (the engine leaves others unrated).
  ratings: { engines: ['mahjong-ranking'], profile: { engine: EMA_RANKING_V2, ranked: { minGames: 1, windowDays: 1095 } }, placings: true },
  appeals: {
    profile: {
      id: 'wmc-mahjong',
      // WMC rules, 申訴程式: 應於此節完後30分鐘內以書面提交給裁判長 (written, to the chief referee, within 30 minutes after the session).
      lodgedWith: 'chief-arbiter',
      form: 'written',
      deadline: { from: 'session-end', minutes: 30, rule: WMC_APPEAL_DEADLINE },
      // WMC rules, 申訴程式: the chief referee decides (裁判長有最終決定權): a committee of one, the chief referee.
      committee: { size: 1, chair: true, distinctFederations: false, excludeActingOfficials: false, rule: 'WMC rules, 申訴程式: 裁判長有最終決定權' },
      deposit: null,
      // WMC rules, 申訴程式: 對於一切裁決，裁判長有最終決定權，選手不得異議 (the chief's decision is final).
      final: true,
      chiefDecisionFinal: true,
      finalityRule: 'WMC rules, 申訴程式: 對於一切裁決，裁判長有最終決定權，選手不得異議',
      arbiterFinal: null,
    },
    // WMC 申訴程式 (對於一切裁決): the referees' rulings at the table, its penalties and its result; each is the table's, so
    // its parties are the players seated at it and its deadline runs from the end of the session (sessionEnds).
    decisions: [
      { type: 'mahjong.ScoreFlagRuled', kind: 'ruling' },
      { type: 'mahjong.ChiefRefereeRuled', kind: 'ruling' },
      { type: 'mahjong.SevereOvertimeRuled', kind: 'ruling' },
      { type: 'mahjong.PenaltyRecorded', kind: 'penalty' },
      { type: 'mahjong.ScorecardLocked', kind: 'result' },
    ],
  },
  penalties: {
    profile: {
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
    // WMC 行為守則 罰則 罰分: the table points the session posts sum to zero, so its 罰分 come off the offender in the standings.
    notInResult: true,
    inGame: {
      // Every penalty of a WMC table (罰張, 相公, 錯鳴, 打牌時限, 暫停, conduct) is one event citing its section. It names
      // who sat in the seat (`player`: a substitute after 行為守則 缺席); older events do not, and are the seat's player's.
      'mahjong.PenaltyRecorded': (e) => {
        const d = e.data as { seat: number; player?: string; kind: PenaltyKind; amount?: number; offence: string; rule: string; reason: string };
        return {
          seat: d.seat,
          ...(d.player !== undefined && { player: d.player }),
          kind: d.kind,
          ...(d.amount !== undefined && { amount: d.amount }),
          offence: d.offence,
          section: d.rule,
          reason: d.reason,
          by: e.meta.actor,
        };
      },
    },
  },
  // Issue 28 (pages): names, record link, board (page.ts).
  pages: MAHJONG_PAGES,
});
