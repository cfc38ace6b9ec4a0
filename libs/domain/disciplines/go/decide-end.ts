/** The end of a played game: dead stones agreed or ruled, the Ing area count with penalty points, both signatures. */
import { invalid, refuse } from '../../kernel/index.js';
import { areaCount, chainAt, parsePoint, place } from './board.js';
import { penaltyPoints } from './clock.js';
import { RULES } from './go.rules.js';
import { colour, ended } from './decide-play.js';
import type { Count, EndReason, GoEvent, GoGame, GoResult, Seat } from './go.types.js';

/** The dead stones named: each a stone on the board, its whole chain taken with it; sorted, without repeats. */
export function deadChains(g: GoGame, stones: readonly string[], field: string): string[] {
  const all = new Set<string>();
  for (const s of stones) {
    const v = parsePoint(s, g.boardSize);
    const chain = v ? chainAt(g.board, v) : [];
    if (chain.length === 0) invalid('go/dead-stone', `${s} names no stone on the board`, RULES.deadStones, field);
    chain.forEach((p) => all.add(p));
  }
  return [...all].sort();
}

/**
 * Ing rules 第九条 计制: the area of each side once the dead stones are off (neutral points shared), less
 * White's compensation (profile), less each side's penalty points net of offsetting (第七条 延时 (1)).
 */
export function count(g: GoGame, dead: readonly string[]): Count {
  let board = [...g.board];
  for (const p of dead) board = place(board, parsePoint(p, g.boardSize) as [number, number], '.');
  const a = areaCount(board);
  const area: [number, number] = [a.black + a.neutral / 2, a.white + a.neutral / 2];
  const points = (seat: 0 | 1) => Math.max(g.penaltyPoints[seat], penaltyPoints(g.rules, g.clock.remainingMs[seat]));
  const pp: [number, number] = [points(0), points(1)];
  // Ing rules 第七条 延时 (1): 若双方皆有罚点其所罚点数得互相抵销.
  const offset = Math.min(pp[0], pp[1]);
  const net: [number, number] = [pp[0] - offset, pp[1] - offset];
  const margin = area[0] - area[1] - g.compensation - net[0] + net[1];
  // Ing profile: Black wins a tie (tieWinner), unless the profile says otherwise.
  const tie: Seat | null = g.rules.tieWinner === 'black' ? 0 : g.rules.tieWinner === 'white' ? 1 : null;
  const winner: Seat | null = margin > 0 ? 0 : margin < 0 ? 1 : tie;
  const text = winner === null ? '0' : `${colour(winner)}+${Math.abs(margin)}`;
  const rule = `${RULES.counting}; ${RULES.compensation}; ${RULES.penaltyAgainstScore}`;
  return { area, compensation: g.compensation, penaltyPoints: pp, netPenaltyPoints: net, margin, winner, text, rule };
}

export function agreed(g: GoGame, stones: readonly string[], by: 'players' | 'arbiter', note?: string): GoEvent[] {
  return [
    { type: 'go.DeadStonesAgreed', data: { stones, by, ...(note && { note }), rule: RULES.deadStones } },
    { type: 'go.Counted', data: count(g, stones) },
  ];
}

export function sign(g: GoGame, seat: Seat, at: string): GoEvent[] {
  if (g.signatures[seat]) refuse('go/already-signed', `seat ${seat} has signed the result`, RULES.signature, { field: 'seat' });
  const signed: GoEvent = { type: 'go.ResultSigned', data: { seat } };
  if (!g.signatures[seat === 0 ? 1 : 0] || !g.count) return [signed];
  const c = g.count;
  const result: GoResult = { winner: c.winner, reason: 'count', margin: c.margin, text: c.text, rule: c.rule };
  return [signed, ended(g, result, at)];
}

const SUFFIX: Partial<Record<EndReason, string>> = { resignation: 'R', time: 'T', absence: 'F', withdrawal: 'F', retraction: 'F', defiance: 'F' };

/** A result as the score sheet or an imported record writes it (Ing rules 第十条 裁判). */
export function recordedResult(winner: Seat | null, reason: EndReason, margin: number | undefined): GoResult {
  if (reason === 'count' && (margin === undefined || !Number.isFinite(margin) || margin < 0))
    invalid('go/result-margin', 'a counted result gives the winner\u2019s margin in points (0 or more)', RULES.recordedResult, 'margin');
  const text = winner === null ? '0' : `${colour(winner)}+${reason === 'count' ? margin : (SUFFIX[reason] ?? '')}`;
  return {
    winner,
    reason,
    ...(reason === 'count' && { margin: winner === 1 ? -(margin as number) : (margin as number) }),
    text,
    rule: RULES.recordedResult,
  };
}
