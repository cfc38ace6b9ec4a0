/**
 * SGF RE (FF[4]: "0"/"Draw", "B+R", "W+T", "B+F", "W+3.5", "B+", "Void", "?") and the localised forms real
 * records write in RE (issue 30): Chinese 黑胜 / 白胜黑 / 黑中盘胜 / 白胜3目半 / 黑超时胜 / 和棋, Japanese 黒中押し勝ち /
 * 白3目半勝ち / 時間切れ / 持碁 / ジゴ, Korean 흑 불계승 / 백 3.5집승 / 시간승. A margin in points (目/집/点) is kept;
 * one in stones (子, Chinese counting) is not converted: the winner is recorded as written (reason "recorded").
 */
import type { EndReason, Seat } from '../../../domain/disciplines/go/index.js';

export type SgfResult = { readonly winner: Seat | null; readonly reason: EndReason; readonly margin?: number } | 'none';

const BLACK = /^(黑|黒|흑)/u;
const WHITE = /^(白|백)/u;
const DRAW = /^(0|draw|jigo|和棋|和|持碁|ジゴ|무승부|빅)$/iu;
const NONE = /^(void|\?|无胜负|無勝負|無効)$/iu;
const RESIGN = /(中盘|中盤|中押し|불계)/u;
const TIME = /(超时|超時|時間切れ|时间|시간)/u;
const FORFEIT = /(不战|不戰|不戦|弃权|棄權|기권)/u;

/** Reads RE; `undefined` when the text is neither SGF's form nor a localised one Arbitra knows. */
export function readSgfResult(text: string): SgfResult | undefined {
  const re = text.trim();
  if (DRAW.test(re)) return { winner: null, reason: 'count', margin: 0 };
  if (NONE.test(re)) return 'none';
  const sgf = /^([BW])\+(.*)$/i.exec(re);
  if (sgf) {
    const winner: Seat = sgf[1].toUpperCase() === 'B' ? 0 : 1;
    const how = sgf[2].trim().toUpperCase();
    if (how === 'R' || how === 'RESIGN') return { winner, reason: 'resignation' };
    if (how === 'T' || how === 'TIME') return { winner, reason: 'time' };
    if (how === 'F' || how === 'FORFEIT') return { winner, reason: 'absence' };
    if (how === '') return { winner, reason: 'recorded' };
    const margin = Number(how);
    return Number.isFinite(margin) && margin >= 0 ? { winner, reason: 'count', margin } : undefined;
  }
  // Localised: the winner's colour first (白胜黑: White beats Black), then how.
  const winner: Seat | null = BLACK.test(re) ? 0 : WHITE.test(re) ? 1 : null;
  if (winner === null || !/(胜|勝|승)/u.test(re)) return undefined;
  if (RESIGN.test(re)) return { winner, reason: 'resignation' };
  if (TIME.test(re)) return { winner, reason: 'time' };
  if (FORFEIT.test(re)) return { winner, reason: 'absence' };
  // 3目半 / 3.5目 / 半目 / 3집반: whole points, and a half written after (or alone before) the unit.
  const points = /(\d+(?:\.\d+)?)?\s*(半)?\s*(目|집|点|點)\s*(半|반)?/u.exec(re);
  if (points && (points[1] || points[2])) return { winner, reason: 'count', margin: Number(points[1] ?? 0) + (points[2] || points[4] ? 0.5 : 0) };
  return { winner, reason: 'recorded' };
}
