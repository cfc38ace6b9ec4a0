/**
 * The tile scorer: every arrangement of the hand, each arrangement's elements, the best total for the winner
 * (世界麻將大賽規則, 和牌的計分 11 自由數和: the winner arranges the concealed tiles in the most favourable shape, and
 * one shape only counts). Totals follow 計分系統 基本規則 4-6 through {@link totalOf}.
 */
import { regularArrangements, sevenPairs, thirteenOrphans, type Meld } from './arrange.js';
import type { CatalogueElement, ScoringProfile } from './catalogue.js';
import { totalOf, type ClaimRefusal } from './claims.js';
import { classes, nineGates, regularElements, sevenPairsElements, thirteenOrphansElements, type HandFacts } from './elements.js';
import type { HandInput, HandScore } from './hand-types.js';
import { validateHand } from './validate-hand.js';
import { KINDS, countTiles, isHonour, tileIndex, tileName, windIndex } from './tiles.js';

const catalogueMaps = new WeakMap<ScoringProfile, Map<string, CatalogueElement>>();
function catalogueMap(profile: ScoringProfile): Map<string, CatalogueElement> {
  let m = catalogueMaps.get(profile);
  if (!m) catalogueMaps.set(profile, (m = new Map(profile.catalogue.map((e) => [e.code, e]))));
  return m;
}

/** Text of every set and pair, built once: '123m', '555p', '6666s', 'EEE', 'WdWd'. */
const compact = (tiles: number[]): string =>
  isHonour(tiles[0]) ? tiles.map(tileName).join('') : tiles.map((t) => tileName(t)[0]).join('') + tileName(tiles[0])[1];
const TEXT = {
  chow: Array.from({ length: KINDS }, (_, t) => (t < 27 && t % 9 <= 6 ? compact([t, t + 1, t + 2]) : '')),
  pung: Array.from({ length: KINDS }, (_, t) => compact([t, t, t])),
  kong: Array.from({ length: KINDS }, (_, t) => compact([t, t, t, t])),
  pair: Array.from({ length: KINDS }, (_, t) => compact([t, t])),
};
const setText = (m: Meld): string => {
  const text = TEXT[m.kind][m.tile];
  return m.concealed ? (m.kind === 'kong' ? `{${text}}` : text) : `[${text}]`;
};
const pairText = (t: number): string => TEXT.pair[t];

interface Candidate {
  codes: string[];
  describe: () => string;
}

/** The counts, exposed sets and facts the scorer works from (the hand must be valid: {@link validateHand}). */
export function handFacts(hand: HandInput): { concealedCounts: number[]; exposed: Meld[]; facts: HandFacts } {
  const concealedCounts = countTiles(hand.concealed);
  const counts = concealedCounts.slice();
  const exposed: Meld[] = hand.exposed.map((s) => {
    const idx = s.tiles.map(tileIndex).sort((a, b) => a - b);
    for (const i of idx) counts[i]++;
    return { kind: s.kind, tile: idx[0], concealed: s.kind === 'kong' && s.concealedKong === true };
  });
  const winning = tileIndex(hand.winningTile);
  const before = hand.exposed.length === 0 ? concealedCounts.slice() : null;
  if (before) before[winning]--;
  const facts: HandFacts = {
    counts,
    winning,
    selfDrawn: hand.selfDrawn,
    seat: windIndex(hand.seatWind),
    concealed: exposed.every((m) => m.concealed),
    before,
    lastTile: hand.lastTile === true,
    robbingKong: hand.robbingKong === true,
    kongReplacement: hand.kongReplacement === true,
    heaven: hand.blessingOfHeaven === true,
    earth: hand.blessingOfEarth === true,
    tiles: classes(counts),
    nineGates: false,
  };
  facts.nineGates = nineGates(facts);

  return { concealedCounts, exposed, facts };
}

/** Best scoring over every arrangement; a refusal (with the field) if the tiles are not a winning hand. */
export function scoreHand(hand: HandInput, profile: ScoringProfile): HandScore | { refused: ClaimRefusal } {
  const refusal = validateHand(hand);
  if (refusal) return { refused: refusal };

  const { concealedCounts, exposed, facts } = handFacts(hand);

  const candidates: Candidate[] = [];
  for (const a of regularArrangements(concealedCounts, 4 - exposed.length)) {
    const sets = exposed.concat(a.sets.map((code) => ({ kind: code & 1 ? 'pung' : 'chow', tile: code >> 1, concealed: true }) as Meld));
    candidates.push({ codes: regularElements(sets, a.pair, facts), describe: () => [...sets.map(setText), pairText(a.pair)].join(' ') });
  }
  if (exposed.length === 0) {
    const pairs = sevenPairs(concealedCounts);
    if (pairs) candidates.push({ codes: sevenPairsElements(facts), describe: () => pairs.map(pairText).join(' ') });
    const orphanPair = thirteenOrphans(concealedCounts);
    if (orphanPair >= 0) {
      const text = () => {
        const all: string[] = [];
        for (let i = 0; i < KINDS; i++) for (let k = 0; k < concealedCounts[i]; k++) all.push(tileName(i));
        return all.join(' ');
      };
      candidates.push({ codes: thirteenOrphansElements(facts), describe: text });
    }
  }
  if (candidates.length === 0) {
    return {
      refused: {
        rule: 'mahjong/not-a-winning-hand',
        field: 'hand.concealed',
        message: 'the tiles form neither four sets and a pair nor a special shape (麻將規則, 和牌形 2-4: 不符合和牌形…是不能和牌的)',
      },
    };
  }

  const map = catalogueMap(profile);
  let best: { score: ReturnType<typeof totalOf>; candidate: Candidate } | undefined;
  for (const candidate of candidates) {
    const elements: { element: CatalogueElement; points: number }[] = [];
    for (const code of candidate.codes) {
      const element = map.get(code);
      if (element) elements.push({ element, points: element.points });
    }
    const score = totalOf(elements, profile);
    if (!best || score.total > best.score.total || (score.total === best.score.total && score.rawSum > best.score.rawSum)) best = { score, candidate };
  }
  const { score, candidate } = best!;
  return { elements: score.counted, total: score.total, decomposition: candidate.describe() };
}
