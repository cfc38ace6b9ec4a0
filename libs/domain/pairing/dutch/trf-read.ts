/**
 * Reads a FIDE TRF-16 file (the player lines `001` and the round count `XXR`) into a cross-table the
 * Dutch engine can pair from. Pure: the caller passes the text. Columns per the TRF-16 description
 * (FIDE Handbook, Tournament Report File): starting rank at 5–8, rating 49–52, per round from column
 * 92 a 10-character block: opponent 92–95, colour 97, result 99.
 */
import type { Colour, CrossEntry, CrossRow } from './players.js';

export interface TrfPlayer {
  readonly tpn: number;
  readonly name: string;
  readonly rating: number | null;
  /** One block per round, in order, as written (`null` for an empty block). */
  readonly blocks: ReadonlyArray<{ readonly opponent: number; readonly colour: Colour | null; readonly result: string } | null>;
}

export interface TrfFile {
  readonly players: readonly TrfPlayer[];
  /** XXR: the rounds planned, when the file says. */
  readonly plannedRounds: number | null;
  /** XXC white1 / black1, when the file says. */
  readonly initialColour: Colour | null;
  /** The rounds the file holds results or pairings for. */
  readonly roundsInFile: number;
  /** XXA: acceleration (virtual) points by starting rank, index 0 = round 1 (C.04.5; the format bbpPairings reads). */
  readonly accelerations: ReadonlyMap<number, readonly number[]>;
}

/** Points of a TRF result code (TRF-16: 1 = 0 win/draw/loss, + - forfeits, W D L unrated, H F U Z byes). */
export const TRF_POINTS: Readonly<Record<string, number>> = { '1': 1, '=': 0.5, '0': 0, '+': 1, '-': 0, W: 1, D: 0.5, L: 0, H: 0.5, F: 1, U: 1, Z: 0, ' ': 0 };
const PLAYED = new Set(['1', '=', '0', 'W', 'D', 'L']);

export function readTrf(text: string): TrfFile {
  const lines = text.split(/\r\n|\r|\n/);
  let plannedRounds: number | null = null;
  let initialColour: Colour | null = null;
  const players: TrfPlayer[] = [];
  let roundsInFile = 0;
  const accelerations = new Map<number, number[]>();
  for (const line of lines) {
    const code = line.slice(0, 3);
    // XXA: the starting rank at columns 5–8, then one 4-column field a round from column 10, each followed by a space.
    if (code === 'XXA') {
      const points: number[] = [];
      for (let at = 9; at < line.length; at += 5) points.push(Number.parseFloat(line.slice(at, at + 4)) || 0);
      accelerations.set(Number.parseInt(line.slice(4, 8), 10), points);
    }
    if (code === 'XXR') plannedRounds = Number.parseInt(line.slice(3).trim(), 10) || null;
    if (code === 'XXC') {
      const v = line.slice(3).trim().toLowerCase();
      initialColour = v.startsWith('white') ? 'W' : v.startsWith('black') ? 'B' : null;
    }
    if (code !== '001') continue;
    const tpn = Number.parseInt(line.slice(4, 8), 10);
    const rating = Number.parseInt(line.slice(48, 52), 10);
    const blocks: Array<TrfPlayer['blocks'][number]> = [];
    for (let at = 91; at < line.length; at += 10) {
      const block = line.slice(at, at + 10).padEnd(8, ' ');
      const opp = Number.parseInt(block.slice(0, 4).trim() || '0', 10);
      const c = block.charAt(5).toLowerCase();
      const result = block.charAt(7);
      if (block.trim() === '') blocks.push(null);
      else blocks.push({ opponent: opp, colour: c === 'w' ? 'W' : c === 'b' ? 'B' : null, result });
    }
    while (blocks.length > 0 && blocks.at(-1) === null) blocks.pop();
    roundsInFile = Math.max(roundsInFile, blocks.length);
    players.push({ tpn, name: line.slice(14, 47).trim(), rating: Number.isNaN(rating) ? null : rating, blocks });
  }
  return { players, plannedRounds, initialColour, roundsInFile, accelerations };
}

/** Player id used for a TRF player: its starting rank. */
export const trfId = (tpn: number): string => String(tpn);

/** The cross-table of rounds before `round` (entries of later rounds are left out). */
export function trfCrossTable(file: TrfFile, round: number): CrossRow[] {
  return file.players.map((p) => {
    const entries: CrossEntry[] = [];
    p.blocks.forEach((b, i) => {
      const r = i + 1;
      if (r >= round || b === null) return;
      const hasOpponent = b.opponent > 0 && b.opponent !== p.tpn;
      entries.push({
        round: r,
        opponent: hasOpponent ? trfId(b.opponent) : null,
        colour: b.colour,
        played: hasOpponent && PLAYED.has(b.result),
        points: TRF_POINTS[b.result] ?? 0,
        pab: b.result === 'U',
      });
    });
    return { id: trfId(p.tpn), tpn: p.tpn, entries };
  });
}

/** The pairing the file records for `round`: games (white, black) and the pairing-allocated bye; players not paired are left out. */
export function trfRound(file: TrfFile, round: number): { games: Array<readonly [string, string]>; bye: string | null; paired: string[] } {
  const games: Array<readonly [string, string]> = [];
  let bye: string | null = null;
  const paired: string[] = [];
  for (const p of file.players) {
    const b = p.blocks[round - 1];
    if (!b) continue;
    if (b.result === 'U') {
      bye = trfId(p.tpn);
      paired.push(bye);
    } else if (b.opponent > 0 && b.opponent !== p.tpn) {
      paired.push(trfId(p.tpn));
      if (b.colour === 'W') games.push([trfId(p.tpn), trfId(b.opponent)]);
    }
  }
  return { games, bye, paired };
}
