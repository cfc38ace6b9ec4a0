/**
 * Checks of a given hand before it is scored: every refusal names the field the client sent and the rule.
 * Citations: 世界麻將大賽規則, 麻將規則 (順子刻子槓子對子, 和牌形, 搶槓, 開槓) and the definition of the winning facts.
 */
import type { ClaimRefusal } from './claims.js';
import type { HandInput } from './hand-types.js';
import { COPIES, KINDS, WINDS, isTile, rankOf, suitOf, tileIndex } from './tiles.js';

/** 麻將規則 和牌形 2: four sets and a pair, 14 tiles with a kong counted as a set of three. */
const HAND_TILES = 14;

const refuse = (field: string, rule: string, message: string): ClaimRefusal => ({ field, rule, message });

function exposedShape(kind: string, idx: number[]): boolean {
  if (kind === 'pung' || kind === 'kong') return idx.length === (kind === 'pung' ? 3 : 4) && idx.every((i) => i === idx[0]);
  if (kind !== 'chow' || idx.length !== 3) return false;
  // 麻將規則, 順子刻子槓子對子 1: a chow is three consecutive tiles of one suit.
  return suitOf(idx[0]) < 3 && suitOf(idx[2]) === suitOf(idx[0]) && idx[1] === idx[0] + 1 && idx[2] === idx[0] + 2 && rankOf(idx[0]) <= 7;
}

export function validateHand(hand: HandInput): ClaimRefusal | null {
  if (!(WINDS as readonly string[]).includes(hand.seatWind)) return refuse('hand.seatWind', 'mahjong/seat-wind', "the seat wind is one of 'E','S','W','N'");
  if (!isTile(hand.winningTile)) return refuse('hand.winningTile', 'mahjong/not-a-tile', `'${hand.winningTile}' is not a tile`);
  const counts = new Array<number>(KINDS).fill(0);
  for (let i = 0; i < hand.concealed.length; i++) {
    const t = tileIndex(hand.concealed[i]);
    if (t < 0) return refuse(`hand.concealed[${i}]`, 'mahjong/not-a-tile', `'${hand.concealed[i]}' is not a tile`);
    counts[t]++;
  }
  const winningInHand = counts[tileIndex(hand.winningTile)] > 0;
  for (let s = 0; s < hand.exposed.length; s++) {
    const set = hand.exposed[s];
    for (let j = 0; j < set.tiles.length; j++) {
      if (!isTile(set.tiles[j])) return refuse(`hand.exposed[${s}].tiles[${j}]`, 'mahjong/not-a-tile', `'${set.tiles[j]}' is not a tile`);
    }
    const idx = set.tiles.map(tileIndex).sort((a, b) => a - b);
    if (!exposedShape(set.kind, idx)) {
      return refuse(`hand.exposed[${s}]`, 'mahjong/exposed-set-shape', `the tiles are not a ${set.kind} (麻將規則, 順子刻子槓子對子 1-3)`);
    }
    if (set.concealedKong && set.kind !== 'kong') {
      return refuse(`hand.exposed[${s}].concealedKong`, 'mahjong/exposed-set-shape', 'only a kong can be a concealed kong');
    }
    for (const i of idx) counts[i]++;
  }
  if (hand.concealed.length + 3 * hand.exposed.length !== HAND_TILES) {
    return refuse(
      'hand.concealed',
      'mahjong/tile-count',
      `a winning hand is four sets and a pair: ${HAND_TILES - 3 * hand.exposed.length} concealed tiles with ${hand.exposed.length} exposed set(s), ` +
        `not ${hand.concealed.length} (麻將規則, 和牌形 2)`,
    );
  }
  for (let i = 0; i < KINDS; i++) {
    if (counts[i] > COPIES)
      return refuse('hand.concealed', 'mahjong/tile-copies', `the set has ${COPIES} of each tile; the hand has ${counts[i]} (麻將規則, 麻將牌的構成 2)`);
  }
  if (!winningInHand) {
    return refuse('hand.winningTile', 'mahjong/winning-tile-not-in-hand', 'the concealed tiles include the winning tile');
  }
  if (hand.robbingKong && hand.selfDrawn) {
    return refuse(
      'hand.robbingKong',
      'mahjong/robbing-kong-is-a-discard-win',
      '搶槓 counts as a win on a discard, not a self-draw (麻將規則, 搶槓 1: 搶槓一律算作銃和)',
    );
  }
  if (hand.kongReplacement && (!hand.selfDrawn || !hand.exposed.some((s) => s.kind === 'kong'))) {
    return refuse(
      'hand.kongReplacement',
      'mahjong/kong-replacement',
      '嶺上開花 is a self-draw on the replacement tile of a declared kong (麻將規則, 開槓 8: 嶺上開花一律算作自摸和)',
    );
  }
  if (hand.blessingOfHeaven && (!hand.selfDrawn || hand.seatWind !== 'E' || hand.exposed.length > 0 || hand.blessingOfEarth)) {
    return refuse('hand.blessingOfHeaven', 'mahjong/blessing-of-heaven', '天和 is East winning on the 14 dealt tiles, nothing declared');
  }
  if (hand.blessingOfEarth && (hand.selfDrawn || hand.seatWind === 'E' || hand.exposed.length > 0)) {
    return refuse('hand.blessingOfEarth', 'mahjong/blessing-of-earth', "地和 is a non-dealer winning on East's first discard, nothing declared");
  }
  return null;
}
