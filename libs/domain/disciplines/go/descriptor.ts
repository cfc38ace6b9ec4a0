import { defineDiscipline } from '../../discipline-kit/descriptor.js';
import { ARBITRA_DEFAULT_APPEAL, POINTS_DEFAULT, WARNING_DEFAULT, winDrawLossProfile } from '../../discipline-kit/defaults.js';
import { EGD_2021 } from '../../ratings/egd.js';
import { GO_PAGES } from './page.js';

declare module '../../standings/results.js' {
  /** Names the discipline (`Discipline`); the descriptor below is registered in discipline-kit/registry.ts. */
  interface DisciplineNames {
    go: true;
  }
}

/** Go under the Ing rules (应氏计点制围棋规则): what the shared services need (discipline-kit/descriptor.ts). */
export const GO_DESCRIPTOR = defineDiscipline({
  id: 'go',
  game: { aggregate: 'go-game', startEvent: 'go.GameStarted', sessionEnds: ['go.GameEnded'] },
  // ING 第八条 裁败: absence (缺席) is a 裁定败, a loss; wins decide, then SOS, SODOS, SOSOS.
  // Profile default, not from the ING text: a bye counts as a win.
  // Optional override `mcmahon: { bar, floor }` (a profile value; the Ing excerpt does not speak of McMahon): rank by
  // McMahon score, ratings EGD GoR-style (standings/mcmahon.ts). Not set by default.
  tournament: winDrawLossProfile({ name: 'ing', discipline: 'go', scores: 'optional', tieBreaks: ['SOS', 'SODOS', 'SOSOS'] }),
  tieBreaks: ['SOS', 'SODOS', 'SOSOS', 'DE'],
  // Profile values for Go tournaments only (the values themselves are checked in tournament/decide-setup.ts).
  tournamentRules: {
    profileFields: {
      // Ing rules 第七条 基时: each player's basic time is fixed in advance (事先规定) for the event.
      goBasicMinutes: "Ing rules 第七条 基时: each player's basic time is fixed in advance (事先规定) for the event: whole minutes, 1 to 600, Go only",
      // EGD tournament table format (A. Cieply, "Tournament classes", "Tournament table format"): Go's results table.
      egd: 'EGD tournament table format (A. Cieply, "Tournament classes", "Tournament table format"): Go only',
      // Arbitra profile value: the McMahon band reads Go ranks (the Ing excerpt does not speak of McMahon).
      mcmahon: 'Arbitra profile value (Go only; the Ing excerpt does not speak of McMahon): the McMahon bar and floor',
    },
  },
  // McMahon pairing reads Go ranks (standings/mcmahon.ts): Go's own; no default (a tournament names its system).
  pairing: { systems: ['mcmahon'] },
  // One game in two years keeps a player on the ranked list (unconfirmed; Arbitra value).
  ratings: { engines: ['egd-gor', 'glicko2'], profile: { engine: EGD_2021, ranked: { minGames: 1, windowDays: 730 } } },
  appeals: {
    // Ing rules 第十条 裁判: 裁判对于犯规之裁定以及对礼节之纠正有绝对权利。对局者必须服从其裁定或纠正 (the arbiter's
    // rulings on fouls and corrections of etiquette are absolute; the players must obey them): no appeal lies against
    // them. The excerpt does not define 犯规; Arbitra reads as the fouls the arbiter rules on 第八条 裁败 (3) 悔着 and
    // (5) 抗命 (go.rule-loss grounds retraction and defiance, recorded as go.GameEnded with that reason); an etiquette
    // correction (第九条 礼节) is a ledger warning with the offence code `etiquette` (Arbitra's code). The excerpt says nothing else on appeals: the arbiter's other
    // decisions (a disputed move, dead stones, a withdrawal or absence, results, pairings) stay appealable, and the
    // workflow, deadline, committee and finality are Arbitra defaults, ours (as 'arbitra-default').
    profile: {
      ...ARBITRA_DEFAULT_APPEAL,
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
    decisions: [
      {
        type: 'go.GameEnded',
        kind: 'result',
        // A game ended by the arbiter's ruling (go.rule-loss, an absence, a withdrawal) is a ruling, not a result of play.
        ground: (data) => {
          const reason = (data as { result?: { reason?: unknown } } | null)?.result?.reason;
          return typeof reason === 'string' ? reason : null;
        },
        rulingGrounds: ['absence', 'withdrawal', 'retraction', 'defiance'],
      },
    ],
  },
  penalties: {
    profile: {
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
    },
  },
  // Issue 28 (pages): names, record link, board (page.ts).
  pages: GO_PAGES,
});
