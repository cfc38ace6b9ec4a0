import { defineDiscipline, type RecordedFact } from '../../discipline-kit/descriptor.js';
import { POINTS_DEFAULT, WARNING_DEFAULT, WIN_DRAW_LOSS } from '../../discipline-kit/defaults.js';
import type { Actor } from '../../kernel/command.js';
import { WESPA_V1 } from '../../ratings/wespa.js';
import { RULES } from './scrabble.rules.js';
import { SCRABBLE_PAGES } from './page.js';

const dataOf = <T>(e: RecordedFact) => e.data as T;

declare module '../../standings/results.js' {
  /** Names the discipline (`Discipline`); the descriptor below is registered in discipline-kit/registry.ts. */
  interface DisciplineNames {
    scrabble: true;
  }
}

/** Scrabble under the WESPA rules: what the shared services need (discipline-kit/descriptor.ts). */
export const SCRABBLE_DESCRIPTOR = defineDiscipline({
  id: 'scrabble',
  game: {
    aggregate: 'scrabble-game',
    startEvent: 'scrabble.GameCreated',
    sessionEnds: ['scrabble.GameEnded', 'scrabble.GameForfeited', 'scrabble.GameFinished'],
  },
  tournament: {
    name: 'wespa',
    discipline: 'scrabble',
    format: 'two-player',
    scores: 'required',
    // WESPA seed example table: ranked by 勝出局數 (wins) then 總分數差異 (spread); a draw is half a win.
    points: WIN_DRAW_LOSS,
    // Profile default, NOT from the seed text: a bye as a win by 50 is common WESPA-rated practice.
    bye: { outcome: 'win', spread: 50 },
    // WESPA seed 缺席: a player who forfeits through absence loses, 對手勝100分 (the opponent wins by 100).
    forfeitSpread: 100,
    // Arbitra reading of 缺席 applied to both players: each absent player loses by 100.
    doubleForfeitSpread: 100,
    tieBreaks: ['SPREAD'],
    penaltiesApplyTo: 'spread',
  },
  tieBreaks: ['SPREAD', 'WON', 'DE'],
  // WESPA statement on rankings and ratings (in force 1 September 2020): ranked with 30 WESPA-rated games in the last 12 months.
  ratings: { engines: ['wespa-elo', 'glicko2'], profile: { engine: WESPA_V1, ranked: { minGames: 30, windowDays: 365 } } },
  appeals: {
    profile: {
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
    decisions: [
      { type: 'scrabble.ChallengeResolved', kind: 'challenge-adjudication' },
      { type: 'scrabble.LateChallengeAllowed', kind: 'challenge-adjudication' },
      { type: 'scrabble.GameFinished', kind: 'result' },
      { type: 'scrabble.SignedResultCorrected', kind: 'result' },
      { type: 'scrabble.GameForfeited', kind: 'result' },
      { type: 'scrabble.ScoreCorrected', kind: 'result' },
      { type: 'scrabble.TimePenaltyApplied', kind: 'penalty' },
      { type: 'scrabble.IncidentRecorded', kind: 'ruling' },
      { type: 'scrabble.ExtraTimeGranted', kind: 'ruling' },
      { type: 'scrabble.ClockSwitched', kind: 'ruling' },
    ],
  },
  penalties: {
    profile: {
      kinds: {
        warning: WARNING_DEFAULT,
        points: POINTS_DEFAULT,
        // WESPA summary, 缺席: the absent player forfeits (the opponent wins by 100).
        'game-forfeit': 'WESPA summary 缺席',
        disqualification: 'Arbitra default: the tournament director may disqualify',
      },
    },
    inGame: {
      // WESPA seed 過時: points off per minute over, applied to the game's score when it ends (or entered by the TD).
      'scrabble.TimePenaltyApplied': (e) => {
        const d = dataOf<{ seat: number; overMs: number | null; points: number; by: Actor }>(e);
        const over = d.overMs === null ? 'entered by the TD' : `${Math.ceil(d.overMs / 60_000)} started minute(s) over`;
        return { seat: d.seat, kind: 'points', amount: d.points, offence: 'overtime', section: RULES.overtime, reason: `time penalty: ${over}`, by: d.by };
      },
      // WESPA Rules v3 Preamble: the TD's warnings and penalties, recorded in the game as incidents.
      'scrabble.IncidentRecorded': (e) => {
        const d = dataOf<{ kind: string; seat: number | null; description: string; rule: string; points: number; by: Actor }>(e);
        if (d.seat === null) return null;
        const base = { seat: d.seat, section: d.rule, reason: d.description, by: d.by };
        if (d.kind === 'td-penalty' && d.points > 0) return { ...base, kind: 'points', amount: d.points, offence: 'td-penalty' };
        if (d.kind === 'td-warning') return { ...base, kind: 'warning', offence: 'td-warning' };
        return null;
      },
    },
  },
  // Issue 28 (pages): names, record link, board (page.ts).
  pages: SCRABBLE_PAGES,
});
