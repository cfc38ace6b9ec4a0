/** The hand in progress: discards and claims when recorded, a claim conflict resolved, and the hand's outcome on the card. */
import { invalid, refuse } from '../../kernel/index.js';
import { isTile } from './scoring/index.js';
import { resolveClaims } from './claim-priority.js';
import { RULES } from './mahjong.rules.js';
import { afterDiscard } from './penalty-tiles.js';
import { relation, WINDS, type Seat } from './seating.js';
import { scoreOutcome } from './score-win.js';
import { handWinds, requireHandInProgress } from './table-state.js';
import type { HandOutcome, MahjongCommand, MahjongEvent, MahjongTable, PenaltyData } from './mahjong.types.js';

type Cmd<T extends MahjongCommand['type']> = Extract<MahjongCommand, { type: T }>;

export function checkSeat(seat: number, field = 'seat'): asserts seat is Seat {
  if (![0, 1, 2, 3].includes(seat)) invalid('mahjong/seat', 'seats are 0–3', RULES.players, field);
}

function checkTiles(tiles: readonly string[], field: string): void {
  tiles.forEach((x, i) => {
    if (!isTile(x)) invalid('mahjong/tile', `${x} is not a tile (1m–9m, 1p–9p, 1s–9s, E S W N, Wd Gd Rd)`, 'WMC 麻將規則, 麻將牌的構成', `${field}[${i}]`);
  });
}

/** 開門: counted from the dealer, counter-clockwise by the seats' winds, to the dealer's dice total. */
export function decideDeal(command: Cmd<'mahjong.record-deal'>, t: MahjongTable): MahjongEvent[] {
  const { dealerDice, openerDice } = command.data;
  const ok = (d: readonly number[]) => d.length === 2 && d.every((x) => Number.isInteger(x) && x >= 1 && x <= 6);
  if (!ok(dealerDice)) invalid('mahjong/dice', 'two six-sided dice, 1–6 each', RULES.deal, 'dealerDice');
  if (!ok(openerDice)) invalid('mahjong/dice', 'two six-sided dice, 1–6 each', RULES.deal, 'openerDice');
  const h = requireHandInProgress(t);
  if (h.deal || h.discards.length > 0) refuse('mahjong/deal-recorded', `hand ${h.hand} is already dealt`, RULES.deal, { field: 'dealerDice' });
  const { winds, dealer } = handWinds(t, h.hand);
  const total = dealerDice[0] + dealerDice[1];
  const opener = winds.indexOf(WINDS[(total - 1) % 4]) as Seat;
  const breakCount = total + openerDice[0] + openerDice[1];
  return [
    {
      type: 'mahjong.DealRecorded',
      data: { hand: h.hand, dealer, dealerDice: [...dealerDice], opener, openerDice: [...openerDice], breakCount, rule: RULES.deal },
    },
  ];
}

export function decideDiscard(command: Cmd<'mahjong.record-discard'>, t: MahjongTable): MahjongEvent[] {
  const { seat, tile } = command.data;
  checkSeat(seat);
  checkTiles([tile], 'tile');
  const h = requireHandInProgress(t);
  const events: MahjongEvent[] = [{ type: 'mahjong.DiscardRecorded', data: { hand: h.hand, seat, tile, index: h.discards.length } }];
  // 罰張 2: once the player discards another tile (even another live penalty tile), the live penalty tiles are dead.
  const { died } = afterDiscard(h.seats[seat], tile);
  if (died.length > 0) events.push({ type: 'mahjong.PenaltyTilesDead', data: { hand: h.hand, seat, tiles: died } });
  return events;
}

export function decideClaim(command: Cmd<'mahjong.record-claim'>, t: MahjongTable): MahjongEvent[] {
  const { seat, kind, tiles } = command.data;
  checkSeat(seat);
  checkTiles(tiles, 'tiles');
  const h = requireHandInProgress(t);
  const last = h.discards[h.discards.length - 1];
  // 鳴牌 2: only the last discard can be claimed.
  if (!last)
    refuse('mahjong/no-discard', 'there is no discard to claim in this hand', 'WMC 麻將規則, 鳴牌 2 (只有對最後剛打出的一張牌可以鳴牌)', { field: 'seat' });
  if (last.seat === seat) invalid('mahjong/own-discard', 'a player does not claim their own discard', 'WMC 麻將規則, 鳴牌 1', 'seat');
  const s = h.seats[seat];
  if (s.noClaim) refuse('mahjong/no-claim', `seat ${seat} may not claim this hand (${s.noClaim})`, RULES.noClaim, { field: 'seat' });
  const { winds } = handWinds(t, h.hand);
  if (kind === 'chow' && relation(winds, last.seat, seat) !== 'next')
    refuse('mahjong/chow-not-next', `seat ${seat} is not the next player of seat ${last.seat}: only 上家's discard can be chowed`, RULES.chowFromLeft, {
      field: 'kind',
    });
  const size = kind === 'kong' ? 4 : 3;
  if (tiles.length !== size || !tiles.includes(last.tile))
    invalid('mahjong/claim-set', `a ${kind} is ${size} tiles including the claimed ${last.tile}`, 'WMC 麻將規則, 順子﹑刻子﹑槓子', 'tiles');
  return [{ type: 'mahjong.ClaimRecorded', data: { hand: h.hand, seat, kind, tiles: [...tiles], from: last.seat } }];
}

export function decideResolveClaims(command: Cmd<'mahjong.resolve-claims'>, t: MahjongTable): MahjongEvent[] {
  const { discarder, claims } = command.data;
  checkSeat(discarder, 'discarder');
  const h = requireHandInProgress(t);
  if (claims.length < 2) invalid('mahjong/claims', 'a conflict is two or more claims on one discard', RULES.claimPriority, 'claims');
  const { winds } = handWinds(t, h.hand);
  const seen = new Set<number>();
  claims.forEach((c, i) => {
    checkSeat(c.seat, `claims[${i}].seat`);
    if (c.seat === discarder) invalid('mahjong/own-discard', 'a player does not claim their own discard', 'WMC 麻將規則, 鳴牌 1', `claims[${i}].seat`);
    if (seen.has(c.seat)) invalid('mahjong/claims', `seat ${c.seat} claims once`, RULES.claimPriority, `claims[${i}].seat`);
    seen.add(c.seat);
    // 鳴牌優先規條 3: only legal claims have priority; a chow of anyone but the next player is not one.
    if (c.kind === 'chow' && relation(winds, discarder, c.seat) !== 'next')
      invalid('mahjong/chow-not-next', `seat ${c.seat} cannot chow seat ${discarder}'s discard`, RULES.chowFromLeft, `claims[${i}].kind`);
  });
  return [{ type: 'mahjong.ClaimConflictResolved', data: { hand: h.hand, discarder, resolution: resolveClaims(discarder, claims, winds) } }];
}

/** 錯和 (or 雞和 當作錯和): the hand goes on; the tiles exposed in the claim become penalty tiles. */
export function falseWinEvents(hand: number, seat: Seat, claimed: PenaltyScoring, computed: PenaltyScoring | null, exposed: readonly string[]): MahjongEvent[] {
  const events: MahjongEvent[] = [{ type: 'mahjong.FalseWinRecorded', data: { hand, seat, claimed, computed, rule: `${RULES.minimum}; ${RULES.falseWin}` } }];
  if (exposed.length > 0) {
    const penalty: PenaltyData = {
      seat,
      hand,
      offence: 'false-win',
      kind: 'penalty-tiles',
      amount: exposed.length,
      tiles: [...exposed],
      rule: RULES.falseWin,
      reason: `false win (錯和, ${claimed.total} points claimed): the exposed hand becomes penalty tiles`,
    };
    events.push({ type: 'mahjong.PenaltyRecorded', data: penalty });
  }
  return events;
}
/**
 * WMC 麻將規則, 錯鳴 6 (錯和): 違規暴露了的牌全部成為罰張 — the false winner's own exposed tiles. A discarded (or robbed)
 * winning tile was never theirs: it is not a penalty tile (one copy taken out of the hand). A self-drawn one is theirs.
 */
export function falseWinTiles(outcome: Extract<HandOutcome, { kind: 'win' }>): string[] {
  const tiles = [...(outcome.hand?.concealed ?? [])];
  if (outcome.by === 'self-draw') return tiles;
  const winning = outcome.winningTile ?? outcome.hand?.winningTile;
  const i = winning === undefined ? -1 : tiles.indexOf(winning);
  if (i >= 0) tiles.splice(i, 1);
  return tiles;
}
type PenaltyScoring = Extract<MahjongEvent, { type: 'mahjong.FalseWinRecorded' }>['data']['claimed'];

export function decideRecordHand(command: Cmd<'mahjong.record-hand'>, t: MahjongTable): MahjongEvent[] {
  const { hand, outcome } = command.data;
  const h = requireHandInProgress(t);
  if (hand !== h.hand) refuse('mahjong/hand-number', `hand ${h.hand} is being played, not hand ${hand}`, RULES.handOrder, { field: 'hand' });
  const pending = h.seats.findIndex((s) => s.severeOvertime === 'pending');
  if (pending >= 0)
    refuse('mahjong/severe-overtime-pending', `seat ${pending}'s severe overtime awaits the referee's ruling on an explanation`, RULES.severeOvertime, {
      field: 'hand',
    });
  const { winds, dealer } = handWinds(t, hand);
  const scored = scoreOutcome(t, hand, winds, dealer, outcome, h);
  if (scored.kind === 'false-win') {
    const exposed = outcome.kind === 'win' && outcome.hand ? falseWinTiles(outcome) : [];
    return falseWinEvents(hand, scored.seat, scored.claimed, scored.computed, exposed);
  }
  // Object.assign, not a spread followed by new keys (slow on Node 20)
  return [
    {
      type: 'mahjong.HandRecorded',
      data: Object.assign({}, scored.result, { flag: scored.flag, rule: outcome.kind === 'drawn' ? RULES.drawnHand : RULES.payments }),
    },
  ];
}
