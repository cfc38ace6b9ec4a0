import type { Discipline } from '../standings/results.js';
import type { ScoringProfile } from '../standings/scoring-profile.js';
import type { TieBreakCode } from '../standings/tie-breaks.js';

/**
 * A tournament's rules profile: named defaults per discipline, every value overridable at
 * creation. `tournament.TournamentCreated` records the FULL effective profile, so later changes
 * to these defaults never change a stored tournament.
 */
export interface RulesProfile extends ScoringProfile {
  /** The named default it started from, e.g. `wespa`. */
  readonly name: string;
  /** Whether a played result must carry the game score (Scrabble), may (Go, Xiguaqi) or must not. */
  readonly scores: 'required' | 'optional' | 'none';
  /** 2-player games or mahjong tables of four. */
  readonly format: 'two-player' | 'mahjong-table';
  /** Chess rapid: 30 or 60 minutes a game (rapid rules 1), which sets the rounds a day (rapid rules 23). */
  readonly rapidMinutes?: 30 | 60;
  /**
   * Go: each player's basic time in minutes for every game of the event (Ing rules 第七条 基时: fixed in advance,
   * 事先规定). When set, a linked game takes it and a game naming other minutes is refused. Unset: each game's own.
   */
  readonly goBasicMinutes?: number;
}

/** Overrides accepted at creation; nested values are replaced whole. */
export type RulesProfileOverrides = Partial<Omit<RulesProfile, 'discipline' | 'format'>>;

const WIN_DRAW_LOSS = { win: 1, draw: 0.5, loss: 0 } as const;

/**
 * The part chess, Go and xiguaqi share: two-player games scored win/draw/loss, a bye a win with no
 * spread, no spread on a forfeit, penalties off the score. Each profile cites its source for it.
 */
function winDrawLossProfile(p: Pick<RulesProfile, 'name' | 'discipline' | 'scores' | 'tieBreaks'>): RulesProfile {
  return {
    name: p.name,
    discipline: p.discipline,
    format: 'two-player',
    scores: p.scores,
    points: WIN_DRAW_LOSS,
    bye: { outcome: 'win', spread: 0 },
    forfeitSpread: 0,
    doubleForfeitSpread: 0,
    tieBreaks: p.tieBreaks,
    penaltiesApplyTo: 'score',
  };
}

export const DEFAULT_PROFILES: Readonly<Record<Discipline, RulesProfile>> = {
  scrabble: {
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
  // Profile default: a pairing-allocated bye scores as a win (FIDE Swiss practice), unplayed for tie-breaks.
  'chess-rapid': winDrawLossProfile({ name: 'fide-rapid', discipline: 'chess-rapid', scores: 'none', tieBreaks: ['BH-C1', 'BH', 'SB', 'DE', 'WON', 'PS'] }),
  // ING 第八条 裁败: absence (缺席) is a 裁定败, a loss; wins decide, then SOS, SODOS, SOSOS.
  // Profile default, not from the ING text: a bye counts as a win.
  // Optional override `mcmahon: { bar, floor }` (a profile value; the Ing excerpt does not speak of McMahon): rank by
  // McMahon score, ratings EGD GoR-style (standings/mcmahon.ts). Not set by default.
  go: winDrawLossProfile({ name: 'ing', discipline: 'go', scores: 'optional', tieBreaks: ['SOS', 'SODOS', 'SOSOS'] }),
  mahjong: {
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
  // 第十条: matches are 三局两胜 / 五局三胜; ranking by match wins, then game wins, then captured difference
  // (第二十四条 成绩计算 is listed in the table of contents but its text is missing from the seed: Arbitra default).
  xiguaqi: winDrawLossProfile({ name: 'xiguaqi-cn', discipline: 'xiguaqi', scores: 'none', tieBreaks: ['GAME-WINS', 'CAPTURED-DIFF'] }),
};

/** The effective profile: the discipline default with the overrides laid over it (not validated here). */
export function effectiveProfile(discipline: Discipline, overrides: RulesProfileOverrides = {}): RulesProfile {
  const base = DEFAULT_PROFILES[discipline];
  const defined = Object.fromEntries(Object.entries(overrides).filter(([, v]) => v !== undefined)) as RulesProfileOverrides;
  return {
    ...base,
    ...defined,
    discipline: base.discipline,
    format: base.format,
    points: { ...(defined.points ?? base.points) },
    bye: { ...(defined.bye ?? base.bye) },
    tieBreaks: [...(defined.tieBreaks ?? base.tieBreaks)] as TieBreakCode[],
    ...(defined.mcmahon && { mcmahon: { ...defined.mcmahon } }),
  };
}
