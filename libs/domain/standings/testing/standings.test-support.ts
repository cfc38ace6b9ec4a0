import type { GameResult, Outcome, PairCounts } from '../results.js';
import type { ScoringProfile } from '../scoring-profile.js';
import type { TieBreakCode } from '../tie-breaks.js';

/** Test support (not a spec): profiles mirroring the tournament defaults, and result builders. */
const wdl = { win: 1, draw: 0.5, loss: 0 };
export const scrabbleProfile: ScoringProfile = {
  discipline: 'scrabble',
  points: wdl,
  bye: { outcome: 'win', spread: 50 },
  forfeitSpread: 100,
  doubleForfeitSpread: 100,
  tieBreaks: ['SPREAD'],
  penaltiesApplyTo: 'spread',
};
export const chessProfile = (tieBreaks: TieBreakCode[] = ['BH-C1', 'BH', 'SB', 'DE', 'WON', 'PS']): ScoringProfile => ({
  discipline: 'chess-rapid',
  points: wdl,
  bye: { outcome: 'win', spread: 0 },
  forfeitSpread: 0,
  doubleForfeitSpread: 0,
  tieBreaks,
  penaltiesApplyTo: 'score',
});
export const goProfile: ScoringProfile = { ...chessProfile(['SOS', 'SODOS', 'SOSOS']), discipline: 'go' };
export const xiguaqiProfile: ScoringProfile = { ...chessProfile(['GAME-WINS', 'CAPTURED-DIFF']), discipline: 'xiguaqi' };
export const mahjongProfile: ScoringProfile = {
  ...chessProfile([]),
  discipline: 'mahjong',
  points: { win: 0, draw: 0, loss: 0 },
  bye: { outcome: 'loss', spread: 0 },
};

export const played = (
  round: number,
  table: number,
  first: string,
  second: string,
  outcome: Outcome,
  extra: { score?: PairCounts; games?: PairCounts; captured?: PairCounts } = {},
): GameResult => ({
  kind: 'played',
  round,
  table,
  first,
  second,
  outcome,
  ...extra,
});
export const sc = (round: number, table: number, first: string, second: string, a: number, b: number): GameResult =>
  played(round, table, first, second, a > b ? 'first' : a < b ? 'second' : 'draw', { score: { first: a, second: b } });
export const bye = (round: number, player: string): GameResult => ({ kind: 'bye', round, player });
export const forfeit = (round: number, table: number, first: string, second: string, absent: 'first' | 'second'): GameResult => ({
  kind: 'forfeit',
  round,
  table,
  first,
  second,
  absent,
});
export const players = (...ids: string[]) => ids.map((id) => ({ id, name: id.toUpperCase() }));
