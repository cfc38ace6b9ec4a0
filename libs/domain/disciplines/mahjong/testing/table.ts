/** Test support for the table decider: commands with a referee's context, a started table, hands played to order. */
import { fold, type Actor } from '../../../kernel/index.js';
import { mahjongDecider } from '../mahjong.decider.js';
import {
  mahjongCommand,
  type HandOutcome,
  type MahjongCommand,
  type MahjongEvent,
  type MahjongState,
  type MahjongStep,
  type Seat,
  type Wind,
} from '../mahjong.types.js';

export const AT = '2026-12-01T09:00:00.000Z';
export const REFEREE: Actor = { id: 'ref-1', role: 'arbiter' };
export const CHIEF: Actor = { id: 'chief', role: 'chief-arbiter' };
export const PLAYERS = ['ann', 'bob', 'cat', 'dan'].map((id) => ({ id, name: id.toUpperCase() }));

let n = 0;
export const cmd = (step: MahjongStep, actor: Actor = REFEREE): MahjongCommand => mahjongCommand(step, { at: AT, actor, commandId: `c${++n}` });

/** Seat 0 drew East, seat 1 South, seat 2 West, seat 3 North. */
export const DRAWN: Wind[] = ['E', 'S', 'W', 'N'];
export const START: MahjongStep = { type: 'mahjong.start-session', players: PLAYERS };

/** Runs steps in order through the decider, returning every event (a refusal throws). */
export function play(steps: readonly (MahjongStep | MahjongCommand)[], from: MahjongEvent[] = []): MahjongEvent[] {
  const events = [...from];
  for (const s of steps) {
    const c = 'context' in s ? s : cmd(s);
    events.push(...mahjongDecider.decide(c, fold(mahjongDecider, events)));
  }
  return events;
}

export const stateOf = (events: readonly MahjongEvent[]): MahjongState => fold(mahjongDecider, events);

export const confirmAll = (hand: number): MahjongStep[] => ([0, 1, 2, 3] as Seat[]).map((seat) => ({ type: 'mahjong.confirm-hand', seat, hand }));

/** A started table with the seat draw of round 1. */
export const seated = (): MahjongEvent[] => play([START, { type: 'mahjong.draw-seats', round: 1, winds: DRAWN }]);

export type Win = Extract<HandOutcome, { kind: 'win' }>;
export const win = (winner: Seat, by: 'self-draw' | 'discard' | 'robbing-kong', elements: string[], from?: Seat): Win => ({
  kind: 'win',
  winner,
  by,
  elements,
  ...(from !== undefined && { from }),
});

/** Hands 1..n drawn and confirmed (and the round-2 seating when reaching it). */
export function handsPlayed(count: number, base = seated()): MahjongEvent[] {
  let events = base;
  for (let hand = 1; hand <= count; hand++) {
    if (hand === 5) events = play([{ type: 'mahjong.draw-seats', round: 2, winds: ['S', 'W', 'N', 'E'] }], events);
    events = play([{ type: 'mahjong.record-hand', hand, outcome: { kind: 'drawn' } }, ...confirmAll(hand)], events);
  }
  return events;
}
