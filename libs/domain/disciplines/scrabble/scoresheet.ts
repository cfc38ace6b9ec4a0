/**
 * The score sheet (seed 分數: "雙方必須記錄每1步的分數及累積總分"): each turn, its score, both
 * cumulative totals and the clock after the turn, plus penalty and end-of-game lines.
 */
import type { ScrabbleEvent } from './scrabble.events.js';
import type { ScrabbleState } from './scrabble.state.js';
import { endRacksOf, gameLog, stateOf } from './game-log.js';
import type { Seat } from './seat.js';

export interface ScoreSheetRow {
  readonly turn: number | null;
  readonly seat: Seat;
  readonly player: string;
  /** "QI 8G", "exchange 3", "pass", "phoney withdrawn", "challenge penalty", "end rack AEI", "time penalty". */
  readonly entry: string;
  readonly score: number;
  readonly cumulative: readonly [number, number];
  /** Remaining time of both sides when the turn was completed (ms), when it is a turn. */
  readonly clockRemainingMs: readonly [number, number] | null;
  readonly status: 'pending' | 'accepted' | 'withdrawn' | null;
}

/** `endRacks` (from `endRacksOf(events)`) names the racks behind end-rack lines when `source` is a folded state. */
export function scoreSheet(source: ScrabbleState | readonly ScrabbleEvent[], endRacks?: readonly { seat: Seat; rack: readonly string[] }[]): ScoreSheetRow[] {
  const state = stateOf(source);
  if (state.phase === 'none') return [];
  const game = state.game;
  const racks = endRacks ?? (Array.isArray(source) ? endRacksOf(source as ScrabbleEvent[]) : []);
  return gameLog(game, racks).map((l) => {
    const t = l.turn;
    let entry: string;
    switch (l.kind) {
      case 'turn': {
        const m = t?.move;
        const letters = m?.kind === 'exchange' ? (m.tiles ?? t?.written?.exchanged ?? null) : null;
        const exchange = `exchange ${m?.kind === 'exchange' ? m.count : ''}${letters ? ` (${letters.join('')})` : ''}`;
        entry =
          t?.kind === 'lost-turn'
            ? 'lost turn (challenge)'
            : !m
              ? '?'
              : m.kind === 'play'
                ? `${m.word} ${m.coordinate}`
                : m.kind === 'exchange'
                  ? exchange
                  : 'pass';
        break;
      }
      case 'play-withdrawn':
        entry = 'phoney withdrawn';
        break;
      case 'challenge-penalty':
        entry = 'challenge penalty';
        break;
      case 'end-rack':
        entry = `end rack ${l.rack ? l.rack.join('') : ''}`.trim();
        break;
      case 'time-penalty':
        entry = 'time penalty';
        break;
      case 'td-penalty':
        entry = 'TD penalty';
        break;
      case 'correction':
        entry = 'correction';
        break;
      // Seed 分數: 「除非雙方因分數顛倒而獲比賽總監同意更改」 — the reversal shows with its TD decision.
      case 'reversal':
        entry = `scores reversed (TD decision: ${l.decision?.tdDecision ?? '?'})`;
        break;
    }
    return {
      turn: t?.n ?? null,
      seat: l.seat,
      player: game.players[l.seat].name,
      entry,
      score: l.points,
      cumulative: l.totals,
      clockRemainingMs: l.kind === 'turn' && t ? (t.remainingMs ?? null) : null,
      status: l.kind === 'turn' && t ? t.status : null,
    };
  });
}
