import { defineDiscipline } from '../../discipline-kit/descriptor.js';
import { POINTS_DEFAULT, WARNING_DEFAULT, winDrawLossProfile } from '../../discipline-kit/defaults.js';
import { XIGUAQI_PAGES } from './page.js';

declare module '../../standings/results.js' {
  /** Names the discipline (`Discipline`); the descriptor below is registered in discipline-kit/registry.ts. */
  interface DisciplineNames {
    xiguaqi: true;
  }
}

/** Xiguaqi under 西瓜棋比赛的棋盘、棋子及规则: what the shared services need (discipline-kit/descriptor.ts). */
export const XIGUAQI_DESCRIPTOR = defineDiscipline({
  id: 'xiguaqi',
  // 第十条: a match is 三局两胜 / 五局三胜: the session is the match, and ends with it.
  game: { aggregate: 'xiguaqi-game', startEvent: 'xiguaqi.MatchStarted', sessionEnds: ['xiguaqi.MatchEnded'] },
  // 第十条: matches are 三局两胜 / 五局三胜; ranking by match wins, then game wins, then captured difference
  // (第二十四条 成绩计算 is listed in the table of contents but its text is missing from the seed: Arbitra default).
  tournament: winDrawLossProfile({ name: 'xiguaqi-cn', discipline: 'xiguaqi', scores: 'none', tieBreaks: ['GAME-WINS', 'CAPTURED-DIFF'] }),
  tieBreaks: ['GAME-WINS', 'CAPTURED-DIFF', 'DE'],
  // A match result carries its games and captured pieces (for GAME-WINS and CAPTURED-DIFF); no other discipline's does.
  tournamentRules: {
    resultCounts: {
      // 第十条: matches are 三局两胜 or 五局三胜: the games each side won.
      games: '西瓜棋 第十条: matches are 三局两胜 or 五局三胜; games are counted for xiguaqi matches only',
      // 第九条: captured pieces are counted (each side has 6 per game).
      captured: '西瓜棋 第九条: captured pieces are counted; for xiguaqi matches only',
    },
  },
  appeals: {
    profile: {
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
    // 第十五条 四: 如有疑义…提出申诉: a game's end (第十三条 终局, a loss the referee rules included) and the match's result.
    decisions: [
      { type: 'xiguaqi.GameEnded', kind: 'result' },
      { type: 'xiguaqi.MatchEnded', kind: 'result' },
    ],
  },
  penalties: {
    profile: {
      kinds: {
        // Xiguaqi rules 第十四条 赛场纪律 lists the players' duties (不得无故弃权…, 不得…妨碍对方思考…) but names no
        // sanction: a warning and a disqualification are Arbitra defaults, not the text's.
        warning: WARNING_DEFAULT,
        points: POINTS_DEFAULT,
        // Xiguaqi rules 第十三条 终局: a game the referee rules lost (判负) ends.
        'game-forfeit': '第十三条 终局 判负',
        disqualification: 'Arbitra default: the referee may disqualify (第十四条 赛场纪律 lists duties but names no sanction)',
      },
    },
  },
  // Issue 28 (pages): names, record link, board (page.ts).
  pages: XIGUAQI_PAGES,
});
