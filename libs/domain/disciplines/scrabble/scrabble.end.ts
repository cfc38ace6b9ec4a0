/** End of the game: going out, six zeros, overtime limit; end-rack points, time penalties, result. */
import { invalid, refuse } from '../../kernel/errors.js';
import { boardTiles } from './board.js';
import { overtimeMs, remainingAt } from './clock.js';
import { overtimePenalty } from './profile.js';
import { fullBag, rackFormOf, rackValue, removeTiles, sameTiles, parseTiles, sortTiles } from './tiles.js';
import type { Emitter } from './scrabble.emitter.js';
import type { DataOf } from './scrabble.commands.js';
import type { EndReason, GameResult } from './scrabble.events.js';
import type { Game } from './scrabble.state.js';
import { RULES } from './scrabble.rules.js';
import { refuseIfSigned } from './scrabble.signing.js';
import { other, type Seat } from './seat.js';

/** Tiles not on the board (bag + both racks + anything set aside). */
export function tilesOffBoard(game: Game): string[] {
  return removeTiles(fullBag(), boardTiles(game.board).map(rackFormOf)) ?? [];
}

/** Unseen tiles from `seat`'s view: bag + opponent's rack = off-board tiles minus own known rack. Null when the own rack is not known. */
export function unseenTiles(game: Game, seat: Seat): string[] | null {
  const own = game.racks[seat].tiles;
  if (!own) return null;
  return removeTiles(tilesOffBoard(game), own);
}

export function resultOf(game: Game, forfeitBy: Seat | null = null): GameResult {
  if (forfeitBy !== null) {
    const scores: [number, number] = [0, 0];
    scores[other(forfeitBy)] = game.profile.forfeitSpread; // Seed 缺席: "放棄 - 即對手勝100分"
    return { players: game.players, scores, spread: game.profile.forfeitSpread, winner: other(forfeitBy), forfeit: true };
  }
  const [a, b] = game.scores;
  return { players: game.players, scores: [a, b], spread: Math.abs(a - b), winner: a === b ? null : a > b ? 0 : 1, forfeit: false };
}

/**
 * Seed 過時: 「每過1分鐘扣10分…如果過時10分鐘，遊戲結束」 — the game ends at the overtime limit, so the
 * overtime counted for the penalty is at most the limit (10 minutes, 100 points by default), however
 * late the end is recorded (e.g. EndOnOvertime entered at 10:30 over counts 10:00).
 */
export function countedOvertimeMs(over: readonly [number, number], limitMs: number): [number, number] {
  return [Math.min(over[0], limitMs), Math.min(over[1], limitMs)];
}

export function endGame(em: Emitter, reason: EndReason, outBy: Seat | null): void {
  const g = em.game;
  const [r0, r1] = remainingAt(g.clock, em.ctx.at, g.profile.timePerSideMs);
  const over = countedOvertimeMs(overtimeMs(g.clock, em.ctx.at, g.profile.timePerSideMs), g.profile.overtimeLimitMs);
  em.record('scrabble.GameEnded', { reason, outBy, ...(!g.source && { remainingMs: [r0, r1] as const }) });
  // Seed 過時: 10 points per minute or part of a minute over.
  for (const seat of [0, 1] as const) {
    const points = overtimePenalty(over[seat], g.profile);
    if (points > 0) em.record('scrabble.TimePenaltyApplied', { seat, overMs: over[seat], points });
  }
  const game = em.game;
  if (reason === 'went-out' && outBy !== null) {
    // The bag is empty and the player is out: the opponent's rack is every tile not on the board.
    const rack = sortTiles(tilesOffBoard(game));
    em.record('scrabble.EndRackScored', { seat: outBy, rackOf: other(outBy), rack, points: game.profile.goingOutMultiplier * rackValue(rack), derived: true });
    return;
  }
  if (game.racks[0].tiles && game.racks[1].tiles) {
    // Seed 餘下之棋子: each player loses the value of their own rack.
    for (const seat of [0, 1] as const) {
      const rack = game.racks[seat].tiles ?? [];
      em.record('scrabble.EndRackScored', { seat, rackOf: seat, rack, points: 0 - rackValue(rack), derived: true });
    }
  }
}

function parseRack(s: string | null, seat: Seat): string[] | null {
  if (s === null) return null;
  const t = parseTiles(s);
  if (!t) invalid('scrabble/bad-rack', `rack "${s}" of seat ${seat} holds a character that is not a tile (A-Z or ?)`, RULES.ownRack, 'racks');
  return t;
}

export function decideEnterEndRacks(em: Emitter, c: DataOf<'scrabble.enter-end-racks'>): void {
  const s = em.state;
  refuseIfSigned(s, 'entering end racks', 'racks');
  if (s.phase !== 'ended') refuse('scrabble/not-ended', 'end racks are entered once the game has ended', RULES.endGame);
  const g = s.game;
  const entered = [parseRack(c.racks[0], 0), parseRack(c.racks[1], 1)] as const;
  if (s.end.reason === 'went-out' && s.end.outBy !== null) {
    const opp = other(s.end.outBy);
    const derived = sortTiles(tilesOffBoard(g));
    const e = entered[opp];
    if (e && !sameTiles(e, derived)) em.record('scrabble.RackDisagreementFlagged', { seat: opp, entered: sortTiles(e), derived });
    return;
  }
  if (s.end.racksSettled) {
    for (const seat of [0, 1] as const) {
      const e = entered[seat],
        known = g.racks[seat].tiles;
      if (e && known && !sameTiles(e, known)) em.record('scrabble.RackDisagreementFlagged', { seat, entered: sortTiles(e), derived: sortTiles(known) });
    }
    return;
  }
  if (!entered[0] || !entered[1])
    invalid(
      'scrabble/both-racks-needed',
      'after six scoreless turns or the overtime limit both racks are needed: each player loses their own rack',
      RULES.ownRack,
      'racks',
    );
  for (const seat of [0, 1] as const) {
    if (entered[seat]!.length !== g.racks[seat].count)
      refuse('scrabble/rack-count-mismatch', `seat ${seat} holds ${g.racks[seat].count} tiles; ${entered[seat]!.length} were entered`, RULES.ownRack, {
        field: 'racks',
      });
  }
  if (!removeTiles(tilesOffBoard(g), [...entered[0]!, ...entered[1]!]))
    refuse('scrabble/rack-not-unseen', 'the entered racks hold tiles that are already on the board', RULES.ownRack, { field: 'racks' });
  for (const seat of [0, 1] as const) {
    const rack = sortTiles(entered[seat]!);
    em.record('scrabble.EndRackScored', { seat, rackOf: seat, rack, points: 0 - rackValue(rack), derived: false });
  }
}
