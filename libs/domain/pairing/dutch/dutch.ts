/**
 * The FIDE Dutch system (FIDE Handbook C.04.3, 2025 text, with the general handling rules C.04.1):
 * score brackets paired from the top down (B.1), each by `pairBracket` (B.2–B.3 and the criteria
 * of C), the pairing-allocated bye in the lowest bracket (C.2, C.9), colours by E.1–E.5. Pure.
 */
import { refuse } from '../../kernel/errors.js';
import { pairKey } from '../field.js';
import { pairBracket, type Pair } from './bracket.js';
import { absoluteClash, colourOf, ranksAbove } from './colours.js';
import { completes } from './completion.js';
import type { Colour, DutchPlayer } from './players.js';

const RULE = 'FIDE Handbook C.04.3 (Dutch system) with C.04.1';

export interface DutchRequest {
  readonly round: number;
  /** Rounds the tournament plans (topscorers, A.7 / C.3, exist only when pairing the last round). */
  readonly totalRounds: number;
  /** The colour the top player takes in round 1 (E.5's initial colour). */
  readonly initialColour: Colour;
  readonly players: readonly DutchPlayer[];
  readonly forbidden: ReadonlyArray<readonly [string, string]>;
  /** Points of a win (topscorer threshold, A.7). Default 1. */
  readonly win?: number;
  /** Search steps a bracket may take once it has a valid candidate; default 20,000. */
  readonly budget?: number;
}

export interface DutchGame {
  readonly white: string;
  readonly black: string;
  /** The colour rule that decided (E.1–E.5). */
  readonly colourRule: string;
}

export interface DutchResult {
  readonly games: readonly DutchGame[];
  readonly bye: string | null;
  readonly explanation: readonly string[];
}

/**
 * Search steps per bracket once a valid candidate exists: enough for every round of 1,076 generated tournaments to come
 * out as bbpPairings pairs them (docs/testing.md), where a remainder floating two players needs more than 20,000.
 */
export const DEFAULT_DUTCH_BUDGET = 100_000;

/** A.2: score, then pairing number. */
const byRanking = (a: DutchPlayer, b: DutchPlayer): number => b.score - a.score || a.tpn - b.tpn;

const names = (ps: readonly DutchPlayer[]): string => ps.map((p) => `${p.id} (${p.tpn})`).join(', ');

export function dutchPairing(req: DutchRequest): DutchResult {
  const players = req.players.slice().sort(byRanking);
  const win = req.win ?? 1;
  const explanation: string[] = [];
  const forbidden = new Set(req.forbidden.map(([a, b]) => pairKey(a, b)));
  // A.7: topscorers only when pairing the last round: more than half the maximum possible score so far.
  const last = req.round >= req.totalRounds;
  const topscorer = (p: DutchPlayer): boolean => last && p.score > ((req.round - 1) * win) / 2;
  // C.1 no rematch (played games, C.04.1 b), forbidden pairs; C.3 no two non-topscorers with the same absolute preference.
  const compatible = (a: DutchPlayer, b: DutchPlayer): boolean =>
    a.id !== b.id && !a.opponents.has(b.id) && (forbidden.size === 0 || !forbidden.has(pairKey(a.id, b.id))) && !absoluteClash(a, b, topscorer);

  // C.2 and C.9: the bye goes to an eligible player of the lowest score that still lets the round complete (C.4).
  let byeScore = Infinity;
  if (players.length % 2 === 1) {
    const scores = [...new Set(players.map((p) => p.score))].sort((a, b) => a - b);
    byeScore = scores.find((s) => completes(players, compatible, (p) => p.byeEligible && p.score <= s)) ?? NaN;
  }
  const byeOk = (p: DutchPlayer): boolean => p.byeEligible && p.score <= byeScore;
  if (Number.isNaN(byeScore) || !completes(players, compatible, byeOk))
    refuse(
      'pairing/no-valid-dutch-pairing',
      `fide-dutch: round ${req.round} has no pairing that meets the absolute criteria (no rematch, no second bye, colours) for these ${players.length} players`,
      `${RULE} C.1–C.4`,
      { kind: 'conflict' },
    );
  explanation.push(
    `FIDE Dutch (C.04.3): ${players.length} players in score brackets, paired from the top down; colours by E.1–E.5, initial colour ${req.initialColour === 'W' ? 'white' : 'black'}${last ? '; last round: topscorers (A.7) are exempt from C.3' : ''}`,
  );

  const scoresDesc = [...new Set(players.map((p) => p.score))].sort((a, b) => b - a);
  const groups = scoresDesc.map((s) => players.filter((p) => p.score === s));
  const pairs: Pair[] = [];
  let mdps: DutchPlayer[] = [];
  let bye: DutchPlayer | null = null;
  for (let g = 0; g < groups.length; g++) {
    const residents = groups[g] as DutchPlayer[];
    const isLast = g === groups.length - 1;
    const below = groups.slice(g + 1).flat();
    const result = pairBracket({
      mdps,
      residents,
      next: isLast ? [] : (groups[g + 1] as DutchPlayer[]),
      below,
      last: isLast,
      byeDown: players.length % 2 === 1 && !isLast && !below.some(byeOk),
      compatible,
      byeOk,
      scores: scoresDesc,
      round: req.round,
      budget: req.budget ?? DEFAULT_DUTCH_BUDGET,
    });
    pairs.push(...result.pairs);
    const head = `bracket ${scoresDesc[g]}: ${residents.length} resident(s)${mdps.length > 0 ? ` + ${mdps.length} moved down (${names(mdps)})` : ''}`;
    const how = result.exchanges > 0 ? `, after ${result.exchanges} exchange(s) between S1 and S2 (D.2)` : '';
    const floated =
      result.floaters.length > 0 ? (isLast ? `; bye: ${names(result.floaters)} (C.2, C.9)` : `; downfloaters (C.5–C.8): ${names(result.floaters)}`) : '';
    const unmet = result.unmet.length > 0 ? `; criteria not fully met: ${result.unmet.join(', ')}` : '; every colour and float criterion met';
    const budget = result.exhausted ? '; search budget reached: the best candidate found is kept' : '';
    explanation.push(`${head}: ${result.pairs.length} pair(s)${how}${floated}${unmet}${budget}`);
    if (isLast) bye = result.floaters[0] ?? null;
    else mdps = result.floaters;
  }
  if (pairs.length * 2 + (bye ? 1 : 0) !== players.length)
    refuse('pairing/no-valid-dutch-pairing', `fide-dutch: round ${req.round} could not pair every player`, `${RULE} C.4`, { kind: 'conflict' });

  // Tables: the higher score of the pair, then the lower, then the higher-ranked player's pairing number (C.04.2 D.9 order).
  const ordered = pairs
    .map(([a, b]) => (ranksAbove(a, b) ? ([a, b] as const) : ([b, a] as const)))
    .sort(([a1, b1], [a2, b2]) => a2.score - a1.score || b2.score - b1.score || a1.tpn - a2.tpn);
  const games = ordered.map(([a, b]) => {
    const { colour, rule } = colourOf(a, b, req.initialColour);
    return colour === 'W' ? { white: a.id, black: b.id, colourRule: rule } : { white: b.id, black: a.id, colourRule: rule };
  });
  if (bye)
    explanation.push(
      `pairing-allocated bye: ${bye.id} (${bye.tpn}), score ${bye.score}: eligible (C.2) and in the lowest bracket that completes the round (C.4, C.9)`,
    );
  return { games, bye: bye ? (bye as DutchPlayer).id : null, explanation };
}
