import { defineDiscipline, type RecordedFact } from '../../discipline-kit/descriptor.js';
import { POINTS_DEFAULT, winDrawLossProfile } from '../../discipline-kit/defaults.js';
import { FIDE_RAPID_2024 } from '../../ratings/fide.js';
import { CHESS_PAGES } from './page.js';

declare module '../../standings/results.js' {
  /** Names the discipline (`Discipline`); the descriptor below is registered in discipline-kit/registry.ts. */
  interface DisciplineNames {
    'chess-rapid': true;
  }
}

/** Rapid rules 23 (附錄二 60分鐘和30分鐘快棋規則): the most rounds a day, by the minutes a player (profile `rapidMinutes`). */
const ROUNDS_PER_DAY_RULE = 'rapid rules 23: at most 4 rounds a day of 60-minute games, at most 6 a day of 30-minute games';
// Byes worth points on request are a FIDE Swiss notion (TRF-16 H, F); the Go and Scrabble texts score an absent player nothing.
const REQUESTED_BYES_RULE =
  'Arbitra: byes worth points on request are a FIDE Swiss notion (TRF-16 H, F), chess only; the Go (Ing 第八条 罚停: 未赛成绩 裁定败) and Scrabble (WESPA 缺席) texts score an absent player nothing';

/** Rapid chess under the rapid rules (附錄二): what the shared services need (discipline-kit/descriptor.ts). */
export const CHESS_RAPID_DESCRIPTOR = defineDiscipline({
  id: 'chess-rapid',
  folder: 'chess',
  game: { aggregate: 'chess-game', startEvent: 'chess.GameStarted', sessionEnds: ['chess.GameEnded'] },
  // Profile default: a pairing-allocated bye scores as a win (FIDE Swiss practice), unplayed for tie-breaks.
  // Requested byes: half- and full-point (TRF-16 H, F) offered by default; a tournament's regulations may offer fewer.
  tournament: {
    ...winDrawLossProfile({ name: 'fide-rapid', discipline: 'chess-rapid', scores: 'none', tieBreaks: ['BH-C1', 'BH', 'SB', 'DE', 'WON', 'PS'] }),
    requestedByes: ['half', 'full'],
  },
  tieBreaks: ['BH', 'BH-C1', 'SB', 'DE', 'WON', 'WIN', 'PS'],
  tournamentRules: {
    // Rapid rules 23: a chess-rapid tournament says its time control (30 or 60 minutes), which sets its rounds a day.
    profileFields: { rapidMinutes: ROUNDS_PER_DAY_RULE, requestedByes: REQUESTED_BYES_RULE },
    // Rapid rules 23: no more than 4 rounds a day at 60 minutes a game, 6 at 30 minutes. A tournament that does not say
    // its time control gets the 60-minute limit, the stricter one.
    roundsPerDay: { limit: (profile) => (profile.rapidMinutes === 30 ? 6 : 4), rule: ROUNDS_PER_DAY_RULE },
  },
  // FIDE C.04.3 (the Dutch system): written for chess colours and FIDE's bye rules; a chess tournament gets it by default.
  pairing: { systems: ['fide-dutch'], default: ['fide-dutch'] },
  // FIDE lists a player as inactive after a year without a rated game.
  ratings: { engines: ['fide-rapid', 'glicko2'], profile: { engine: FIDE_RAPID_2024, ranked: { minGames: 1, windowDays: 365 } } },
  appeals: {
    profile: {
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
    decisions: [
      { type: 'chess.GameEnded', kind: 'result' },
      { type: 'chess.PenaltyImposed', kind: 'penalty' },
      { type: 'chess.IllegalMoveRuled', kind: 'ruling' },
      { type: 'chess.BreachRuled', kind: 'ruling' },
      { type: 'chess.DrawClaimRefused', kind: 'ruling' },
      { type: 'chess.TimeAdded', kind: 'ruling' },
    ],
  },
  penalties: {
    profile: {
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
    inGame: {
      // Rapid chess rules 第24條 (the arbiter's penalties): time added to the opponent's clock, or the game lost; the rule is the arbiter's.
      'chess.PenaltyImposed': (e: RecordedFact) => {
        const d = e.data as { seat: number; penalty: { kind: 'loss' } | { kind: 'time-to-opponent'; ms: number }; rule: string; reason: string };
        const base = { seat: d.seat, offence: 'arbiter-penalty', section: d.rule, reason: d.reason, by: e.meta.actor };
        if (d.penalty.kind === 'loss') return { ...base, kind: 'game-forfeit' };
        // The ledger counts whole seconds (at least one) of time added to the opponent's clock.
        return { ...base, kind: 'time-to-opponent', amount: Math.max(1, Math.round(d.penalty.ms / 1000)) };
      },
    },
  },
  // Issue 28 (pages): names, record link, board (page.ts).
  pages: CHESS_PAGES,
});
