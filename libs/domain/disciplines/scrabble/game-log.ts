/**
 * The game read in order: one line per score-sheet entry (a turn, a withdrawal, a challenge
 * penalty, end-rack points, a time or TD penalty), with running totals. Shared by the score sheet
 * and the GCG export.
 */
import { fold } from '../../kernel/decider.js';
import { evolve } from './scrabble.evolve.js';
import { initialState } from './scrabble.decider.js';
import type { ScrabbleEvent } from './scrabble.events.js';
import type { Game, LedgerEntry, LedgerKind, ScrabbleState, TurnRecord } from './scrabble.state.js';
import type { Seat } from './seat.js';

export interface LogLine {
  readonly kind: LedgerKind;
  readonly seat: Seat;
  readonly turn: TurnRecord | null;
  readonly points: number;
  /** Both players' totals after this line. */
  readonly totals: readonly [number, number];
  readonly rack: readonly string[] | null;
  /** For a reversal of signed scores: the TD decision. */
  readonly decision: LedgerEntry['decision'] | null;
}

export function stateOf(source: ScrabbleState | readonly ScrabbleEvent[]): ScrabbleState {
  return Array.isArray(source) ? fold({ initialState, evolve }, source as ScrabbleEvent[]) : (source as ScrabbleState);
}

/**
 * The score a withdrawn play stood at when it was challenged off: the amount its withdrawal line removes
 * (announced score plus any agreed correction — seed 分數: 「分數計算錯誤可以於…雙方同意下的任何時候解決」).
 * The play's line and its withdrawal line use this same score, so the sheet nets to 0 for the turn.
 */
function withdrawnScore(game: Game, turn: TurnRecord): number {
  const w = game.ledger.find((e) => e.kind === 'play-withdrawn' && e.turn === turn.n);
  return w ? -w.points : turn.announced;
}

export function gameLog(game: Game, endRacks: readonly { seat: Seat; rack: readonly string[] }[] = []): LogLine[] {
  const totals: [number, number] = [0, 0];
  const out: LogLine[] = [];
  let endIdx = 0;
  for (const e of game.ledger) {
    if (e.kind === 'correction') continue; // folded into the turn's standing score
    const turn = e.turn === null ? null : (game.turns.find((t) => t.n === e.turn) ?? null);
    let points = e.points;
    if (e.kind === 'turn' && turn) points = turn.status === 'withdrawn' ? withdrawnScore(game, turn) : turn.score;
    totals[e.seat] += points;
    const rack = e.kind === 'end-rack' ? (endRacks[endIdx++]?.rack ?? null) : null;
    out.push({ kind: e.kind, seat: e.seat, turn, points, totals: [totals[0], totals[1]], rack, decision: e.decision ?? null });
  }
  return out;
}

/** The racks behind each end-rack ledger entry, in order, from the events. */
export function endRacksOf(events: readonly ScrabbleEvent[]): { seat: Seat; rack: readonly string[] }[] {
  return events.flatMap((e) => (e.type === 'scrabble.EndRackScored' ? [{ seat: e.data.seat, rack: e.data.rack }] : []));
}
