/**
 * FIDE Dutch system (Handbook C.04.3, 2025 text, with the general rules C.04.1): what the engine
 * knows of each player, derived from a cross-table of earlier rounds (the tournament record or a
 * TRF-16 file). Pure.
 */

export type Colour = 'W' | 'B';
export type Float = 'down' | 'up' | null;

/** One earlier round of one player, as the record says it. */
export interface CrossEntry {
  readonly round: number;
  /** The opponent of a played or forfeited game; null for a bye or an absence. */
  readonly opponent: string | null;
  /** Colour of a played game (or the colour drawn for a forfeited one); null when no colour was drawn. */
  readonly colour: Colour | null;
  /** True only when the game was actually played over the board (C.04.1 f: forfeits are not played games). */
  readonly played: boolean;
  readonly points: number;
  /** True for the pairing-allocated bye (C.04.1 c). */
  readonly pab: boolean;
}

export interface CrossRow {
  readonly id: string;
  /** Pairing number (C.04.3 A.2: the initial ranking), 1 = top. */
  readonly tpn: number;
  /** Entries of earlier rounds; a round not listed is one the player took no part in (late entry, absence). */
  readonly entries: readonly CrossEntry[];
}

/** A player to pair, with everything the Dutch rules read from the history. */
export interface DutchPlayer {
  readonly id: string;
  readonly tpn: number;
  readonly score: number;
  /** Colours of the played games, oldest first (C.04.3 A.6 counts played games only). */
  readonly colours: readonly Colour[];
  /** Colour difference CD = whites − blacks over played games (A.6). */
  readonly cd: number;
  /** Colour preference (A.6): absolute, strong, mild or none. */
  readonly pref: Colour | null;
  readonly strength: 'absolute' | 'strong' | 'mild' | null;
  /** Same colour in the last two played games (A.6 a: absolute preference by repetition). */
  readonly repeated: Colour | null;
  readonly opponents: ReadonlySet<string>;
  /** C.04.3 C.2 (2025): no PAB to a player who already had one, or scored a win's points without playing. */
  readonly byeEligible: boolean;
  readonly playedGames: number;
  /** Float of the previous round and of the round before it (A.4: an unplayed round with points is a downfloat). */
  readonly floats: readonly [Float, Float];
}

/** Virtual points (C.04.5 accelerated pairings) a player has before a round: added for pairing only. */
export type VirtualPoints = (id: string, round: number) => number;
const NONE: VirtualPoints = () => 0;

/** Each player's pairing score before `round`: the points of rounds before it, plus the round's virtual points. */
function scoreBefore(row: CrossRow, round: number, virtual: VirtualPoints): number {
  let s = virtual(row.id, round);
  for (const e of row.entries) if (e.round < round) s += e.points;
  return s;
}

/**
 * The float a player received in `round` (C.04.3 A.4): down when paired with a lower score, up when
 * with a higher one; a round not played but scored above a loss (a bye, a forfeit win) is a downfloat.
 */
function floatIn(row: CrossRow, round: number, rows: ReadonlyMap<string, CrossRow>, lossPoints: number, virtual: VirtualPoints): Float {
  const e = row.entries.find((x) => x.round === round);
  if (!e) return null;
  if (!e.played) return e.points > lossPoints ? 'down' : null;
  const opp = e.opponent === null ? undefined : rows.get(e.opponent);
  if (!opp) return null;
  // With acceleration, a float is read on the pairing scores of that round (virtual points included).
  const mine = scoreBefore(row, round, virtual);
  const theirs = scoreBefore(opp, round, virtual);
  return mine > theirs ? 'down' : mine < theirs ? 'up' : null;
}

/** Derives the Dutch view of every player in `ids` before round `round` from the full cross-table. */
export function dutchPlayers(
  rows: readonly CrossRow[],
  ids: readonly string[],
  round: number,
  points: { readonly win: number; readonly loss: number } = { win: 1, loss: 0 },
  virtual: VirtualPoints = NONE,
): DutchPlayer[] {
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => {
    const row = byId.get(id) as CrossRow;
    const entries = row.entries.filter((e) => e.round < round).sort((a, b) => a.round - b.round);
    const colours: Colour[] = [];
    const opponents = new Set<string>();
    let byeEligible = true;
    for (const e of entries) {
      if (e.played && e.colour !== null) colours.push(e.colour);
      // C.1: players meet once; a forfeited game does not count as a meeting (C.04.1 b reads "played").
      if (e.played && e.opponent !== null) opponents.add(e.opponent);
      // C.2 (2025): a PAB, or a win's points without playing, excludes a (further) PAB.
      if (e.pab || (!e.played && e.points >= points.win)) byeEligible = false;
    }
    const whites = colours.filter((c) => c === 'W').length;
    const cd = whites - (colours.length - whites);
    const last = colours.at(-1) ?? null;
    const repeated = colours.length >= 2 && colours.at(-2) === last ? last : null;
    const lower: Colour = cd > 0 ? 'B' : 'W';
    const flip = (c: Colour): Colour => (c === 'W' ? 'B' : 'W');
    // A.6: absolute when |CD| > 1 or the last two played games had the same colour; strong when |CD| = 1; mild otherwise.
    let pref: Colour | null = null;
    let strength: DutchPlayer['strength'] = null;
    if (Math.abs(cd) > 1) [pref, strength] = [lower, 'absolute'];
    else if (repeated !== null) [pref, strength] = [flip(repeated), 'absolute'];
    else if (cd !== 0) [pref, strength] = [lower, 'strong'];
    else if (last !== null) [pref, strength] = [flip(last), 'mild'];
    return {
      id,
      tpn: row.tpn,
      score: scoreBefore(row, round, virtual),
      colours,
      cd,
      pref,
      strength,
      repeated,
      opponents,
      byeEligible,
      playedGames: colours.length,
      floats: [floatIn(row, round - 1, byId, points.loss, virtual), floatIn(row, round - 2, byId, points.loss, virtual)],
    };
  });
}
