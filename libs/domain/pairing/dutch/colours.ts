/** FIDE Dutch colour rules: the colour criteria of a pair (C.04.3 C.3, C.10–C.13) and colour allocation (E.1–E.5). */
import type { Colour, DutchPlayer } from './players.js';

const flip = (c: Colour): Colour => (c === 'W' ? 'B' : 'W');

/** Higher in the ranking order of A.2 (score, then pairing number). */
export function ranksAbove(a: DutchPlayer, b: DutchPlayer): boolean {
  return a.score !== b.score ? a.score > b.score : a.tpn < b.tpn;
}

/** |CD| > 1: an absolute preference by imbalance (A.6 a). */
const imbalanced = (p: DutchPlayer): boolean => Math.abs(p.cd) > 1;
const absolute = (p: DutchPlayer): boolean => p.strength === 'absolute';
const strongOrAbsolute = (p: DutchPlayer): boolean => p.strength === 'absolute' || p.strength === 'strong';

/**
 * The colour-criteria violations of a pair, in the order of C.04.3 C (2025): [C.10 a topscorer pair
 * both |CD| > 1 wanting the same colour, C.11 a topscorer pair where the yielding one gets the same colour a
 * third time, C.12 a player not getting the colour preference, C.13 a strong preference not granted].
 */
export function colourViolations(a: DutchPlayer, b: DutchPlayer): [number, number, number, number] {
  if (a.pref === null || b.pref === null || a.pref !== b.pref) return [0, 0, 0, 0];
  const c10 = imbalanced(a) && imbalanced(b) ? 1 : 0;
  let c11 = 0;
  if (absolute(a) && absolute(b)) {
    // The one who yields (E.2: the smaller |CD| yields; equal → either) gets its repeated colour a third time.
    if (Math.abs(a.cd) === Math.abs(b.cd)) c11 = a.repeated !== null && a.repeated === b.repeated ? 1 : 0;
    else c11 = (Math.abs(a.cd) > Math.abs(b.cd) ? b : a).repeated === flip(a.pref) ? 1 : 0;
  }
  const c13 = strongOrAbsolute(a) && strongOrAbsolute(b) && !(absolute(a) && absolute(b)) ? 1 : 0;
  return [c10, c11, 1, c13];
}

/** C.3: two non-topscorers with the same absolute colour preference never meet. */
export function absoluteClash(a: DutchPlayer, b: DutchPlayer, topscorer: (p: DutchPlayer) => boolean): boolean {
  return absolute(a) && absolute(b) && a.pref === b.pref && !topscorer(a) && !topscorer(b);
}

/** E.3: the colours of the two players in the most recent round in which they differed (played games only). */
function lastDifference(a: DutchPlayer, b: DutchPlayer): [Colour, Colour] | null {
  for (let i = a.colours.length - 1, j = b.colours.length - 1; i >= 0 && j >= 0; i--, j--) {
    if (a.colours[i] !== b.colours[j]) return [a.colours[i] as Colour, b.colours[j] as Colour];
  }
  return null;
}

/**
 * The colour `a` gets against `b` (C.04.3 E): E.1 both preferences; E.2 the stronger one (absolute over strong
 * over mild; both absolute: the wider |CD|); E.3 alternate from the last round they had different colours; E.4
 * the higher-ranked player's preference; E.5 the higher-ranked player takes the initial colour with an odd
 * pairing number, the other colour with an even one. Returns the rule that decided.
 */
export function colourOf(a: DutchPlayer, b: DutchPlayer, initial: Colour): { colour: Colour; rule: string } {
  if (a.pref === null && b.pref !== null) return { colour: flip(b.pref), rule: 'E.1' };
  if (a.pref !== null && (b.pref === null || b.pref !== a.pref)) return { colour: a.pref, rule: 'E.1' };
  if (a.pref !== null && b.pref === a.pref) {
    if (absolute(a) && (!absolute(b) || Math.abs(a.cd) > Math.abs(b.cd))) return { colour: a.pref, rule: 'E.2' };
    if (absolute(b) && (!absolute(a) || Math.abs(b.cd) > Math.abs(a.cd))) return { colour: flip(b.pref), rule: 'E.2' };
    if (a.strength === 'strong' && b.strength !== 'strong' && !absolute(b)) return { colour: a.pref, rule: 'E.2' };
    if (b.strength === 'strong' && a.strength !== 'strong' && !absolute(a)) return { colour: flip(b.pref), rule: 'E.2' };
    const diff = lastDifference(a, b);
    if (diff) return { colour: diff[1], rule: 'E.3' };
    return { colour: ranksAbove(a, b) ? a.pref : flip(a.pref), rule: 'E.4' };
  }
  // No preference on either side: E.5 by the higher-ranked player's pairing number.
  const higher = ranksAbove(a, b) ? a : b;
  const higherGets = higher.tpn % 2 === 1 ? initial : flip(initial);
  return { colour: higher === a ? higherGets : flip(higherGets), rule: 'E.5' };
}
