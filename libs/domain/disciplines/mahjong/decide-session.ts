/** Starting a table session, the seat draw (執位) of each round, and a substitute (代打者) in an empty seat. */
import { invalid, refuse } from '../../kernel/index.js';
import { RULES, WMC_TABLE, type MahjongTableProfile } from './mahjong.rules.js';
import { countDice, isWindDraw } from './seating.js';
import { roundOf } from './table-state.js';
import type { MahjongCommand, MahjongEvent, MahjongState, MahjongTable } from './mahjong.types.js';

type Cmd<T extends MahjongCommand['type']> = Extract<MahjongCommand, { type: T }>;

export function decideStart(command: Cmd<'mahjong.start-session'>, state: MahjongState): MahjongEvent[] {
  if (state.phase !== 'none')
    refuse('mahjong/already-started', 'this id names a table session already started', 'Arbitra: a game id names one game', { field: 'id' });
  const { players, link, profile } = command.data;
  if (players.length !== 4) invalid('mahjong/players', 'a table seats four players', RULES.players, 'players');
  if (new Set(players.map((p) => p.id)).size !== 4) invalid('mahjong/players', 'the four players are four different players', RULES.players, 'players');
  const merged: MahjongTableProfile = { ...WMC_TABLE, ...profile, id: profile ? `${WMC_TABLE.id}+overrides` : WMC_TABLE.id };
  for (const [k, v] of Object.entries(merged))
    if (typeof v === 'number' && (!Number.isInteger(v) || v < 0)) invalid('mahjong/profile', `${k} is a whole number ≥ 0`, RULES.session, `profile.${k}`);
  if (merged.handsPerRound < 1 || merged.rounds < 1) invalid('mahjong/profile', 'a session has at least one hand', RULES.session, 'profile');
  return [
    {
      type: 'mahjong.SessionStarted',
      data: { players: players.map((p) => ({ id: p.id, name: p.name })), link: link ?? null, profile: merged, at: command.context.at },
    },
  ];
}

export function decideSeats(command: Cmd<'mahjong.draw-seats'>, t: MahjongTable): MahjongEvent[] {
  const { round, winds, dice } = command.data;
  if (!isWindDraw(winds)) invalid('mahjong/seat-draw', 'each seat draws one of the four wind tiles E, S, W, N', RULES.seating, 'winds');
  // 執位 at the start of the session; 入座: 比賽一圈後換位 — the next round's seating before its first hand.
  const expected = t.seatings.length + 1;
  if (round !== expected) refuse('mahjong/seat-draw-round', `the next seating to record is round ${expected}'s`, RULES.reseat, { field: 'round' });
  if (round > t.profile.rounds) invalid('mahjong/seat-draw-round', `a session has ${t.profile.rounds} rounds`, RULES.session, 'round');
  const playing = t.card.length + 1;
  if (round > 1 && roundOf(t, playing) !== round)
    refuse('mahjong/seat-draw-round', `seats change after round ${round - 1} is complete (hand ${playing} is next)`, RULES.reseat, { field: 'round' });
  const last = t.card[t.card.length - 1];
  if (last && last.confirmedBy.length < 4)
    refuse('mahjong/hand-not-confirmed', `hand ${last.hand} is not yet confirmed by all four players`, RULES.handOrder, { field: 'round' });
  let firstPicker = null;
  let pickFrom = null;
  if (dice) {
    const ok = (d: readonly number[]) => d.length === 2 && d.every((x) => Number.isInteger(x) && x >= 1 && x <= 6);
    if (!ok(dice.first)) invalid('mahjong/dice', 'two six-sided dice, 1–6 each (擲兩個六面1到6點的骰子)', RULES.diceCount, 'dice.first');
    if (!ok(dice.second)) invalid('mahjong/dice', 'two six-sided dice, 1–6 each (擲兩個六面1到6點的骰子)', RULES.diceCount, 'dice.second');
    // 執位 4–5: the first throw counts who throws again; the second counts who picks first, from the odd or even end.
    const second = countDice(dice.thrower, dice.first[0] + dice.first[1]);
    const total = dice.second[0] + dice.second[1];
    firstPicker = countDice(second, total);
    pickFrom = total % 2 === 1 ? ('odd-end' as const) : ('even-end' as const);
  }
  const dealer = winds.indexOf('E') as 0 | 1 | 2 | 3;
  return [{ type: 'mahjong.SeatsDrawn', data: { round, winds: [...winds], dealer, dice: dice ?? null, firstPicker, pickFrom, rule: RULES.seating } }];
}

export function decideSubstitute(command: Cmd<'mahjong.seat-substitute'>, t: MahjongTable): MahjongEvent[] {
  const { seat, substitute, kind, reason } = command.data;
  if (![0, 1, 2, 3].includes(seat)) invalid('mahjong/seat', 'seats are 0–3', RULES.players, 'seat');
  if (t.players.some((p, i) => i !== seat && p.id === substitute.id))
    invalid('mahjong/substitute', `${substitute.id} already plays at this table`, RULES.substitute, 'substitute.id');
  if (!reason.trim()) invalid('mahjong/reason', 'a substitution states its reason', RULES.substitute, 'reason');
  return [{ type: 'mahjong.SubstituteSeated', data: { seat, substitute, replaces: t.players[seat], kind, reason, rule: RULES.substitute } }];
}
