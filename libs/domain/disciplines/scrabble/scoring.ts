/**
 * Play geometry and scoring. The seed only says "在棋盤上放置棋子" (place the tiles on the board);
 * the geometry and scoring below are the Standard Rules of WESPA Rules v3 Appendix 1 (from the
 * WESPA rules, not the seed): one line, contiguous, connected, first play covers the centre;
 * main word + cross words; premiums count only under newly placed tiles; 50 bonus for all 7.
 */
import { invalid, refuse } from '../../kernel/errors.js';
import { type Board, type Coordinate, CENTRE, formatCoordinate, inBounds, isBoardEmpty, parseCoordinate, premiumAt, SIZE, tileAt } from './board.js';
import { RACK_SIZE, tileValue } from './tiles.js';

export interface Placement {
  readonly row: number;
  readonly col: number;
  /** The letter shown: 'A'..'Z'. */
  readonly letter: string;
  /** True when a blank designated as `letter`. */
  readonly blank: boolean;
}

export interface FormedWord {
  /** Upper-case letters of the word (blanks as their designated letter). */
  readonly word: string;
  readonly coordinate: string;
  readonly score: number;
}

export interface PlayAnalysis {
  readonly main: FormedWord;
  readonly crossWords: readonly FormedWord[];
  readonly bingo: boolean;
  readonly score: number;
}

/** WESPA Rules v3 Appendix 1 (standard rules): 50 points for playing all seven tiles. */
export const BINGO_BONUS = 50;
const STD = 'WESPA Rules v3 Appendix 1 (standard rules; the seed is silent)';

/** Board form of a placement: a blank is lower case. */
export function boardLetter(p: Placement): string {
  return p.blank ? p.letter.toLowerCase() : p.letter;
}

/**
 * Turns a GCG-style word at a coordinate into placements: '.' (or a letter in parentheses) is a
 * tile already on the board, lower case is a blank. A letter that matches the tile already on
 * its square is taken as played through.
 */
export function placementsFromWord(board: Board, coordinate: string, word: string): Placement[] {
  const c = parseCoordinate(coordinate);
  if (!c) invalid('scrabble/bad-coordinate', `"${coordinate}" is not a board coordinate such as 8H (across) or H8 (down)`, STD, 'coordinate');
  const letters: { ch: string; through: boolean }[] = [];
  let inParen = false;
  for (const ch of word) {
    if (ch === '(') {
      inParen = true;
      continue;
    }
    if (ch === ')') {
      inParen = false;
      continue;
    }
    letters.push({ ch, through: inParen || ch === '.' });
  }
  const out: Placement[] = [];
  letters.forEach(({ ch, through }, i) => {
    const row = c.direction === 'across' ? c.row : c.row + i;
    const col = c.direction === 'across' ? c.col + i : c.col;
    if (!inBounds(row, col)) invalid('scrabble/off-board', `the word ${word} at ${coordinate} runs off the board`, STD, 'word');
    const existing = tileAt(board, row, col);
    if (through || (existing && existing.toUpperCase() === ch.toUpperCase() && ch !== '.')) {
      if (!existing)
        refuse('scrabble/played-through-empty', `square ${row + 1}${'ABCDEFGHIJKLMNO'[col]} is empty but the word plays through it`, STD, { field: 'word' });
      return;
    }
    if (!/^[A-Za-z]$/.test(ch)) invalid('scrabble/bad-letter', `"${ch}" is not a letter`, STD, 'word');
    out.push({ row, col, letter: ch.toUpperCase(), blank: ch !== ch.toUpperCase() });
  });
  return out;
}

function wordAt(board: Board, placed: Map<string, Placement>, row: number, col: number, dr: number, dc: number): FormedWord | null {
  const get = (r: number, c: number) => {
    const p = placed.get(`${r},${c}`);
    if (p) return { letter: p.letter, value: p.blank ? 0 : tileValue(p.letter), fresh: true, r, c };
    const t = tileAt(board, r, c);
    return t ? { letter: t.toUpperCase(), value: tileValue(t), fresh: false, r, c } : null;
  };
  let r = row,
    c = col;
  while (get(r - dr, c - dc)) {
    r -= dr;
    c -= dc;
  }
  const startR = r,
    startC = c;
  const cells = [];
  for (let x = get(r, c); x; r += dr, c += dc, x = get(r, c)) cells.push(x);
  if (cells.length < 2) return null;
  let sum = 0,
    mult = 1;
  for (const cell of cells) {
    const prem = cell.fresh ? premiumAt(cell.r, cell.c) : null; // premiums only under newly placed tiles
    sum += cell.value * (prem === 'DL' ? 2 : prem === 'TL' ? 3 : 1);
    mult *= prem === 'DW' ? 2 : prem === 'TW' ? 3 : 1;
  }
  const coordinate: Coordinate = { row: startR, col: startC, direction: dr === 0 ? 'across' : 'down' };
  return { word: cells.map((x) => x.letter).join(''), coordinate: formatCoordinate(coordinate), score: sum * mult };
}

/** Checks the geometry of a play and scores it. Throws a DomainError naming the rule broken. */
export function analysePlay(board: Board, placements: readonly Placement[]): PlayAnalysis {
  if (placements.length === 0) invalid('scrabble/no-tiles', 'a play must place at least one tile', STD, 'tiles');
  if (placements.length > RACK_SIZE) invalid('scrabble/too-many-tiles', `a play places at most ${RACK_SIZE} tiles; got ${placements.length}`, STD, 'tiles');
  const keys = new Set<string>();
  for (const p of placements) {
    if (!inBounds(p.row, p.col)) invalid('scrabble/off-board', `square (${p.row}, ${p.col}) is off the 15×15 board`, STD, 'tiles');
    if (!/^[A-Z]$/.test(p.letter)) invalid('scrabble/bad-letter', `"${p.letter}" is not a letter A-Z (designate blanks with blank: true)`, STD, 'tiles');
    const k = `${p.row},${p.col}`;
    if (keys.has(k)) invalid('scrabble/duplicate-square', `two tiles on square ${p.row + 1}${'ABCDEFGHIJKLMNO'[p.col]}`, STD, 'tiles');
    keys.add(k);
    if (tileAt(board, p.row, p.col))
      refuse('scrabble/square-occupied', `square ${p.row + 1}${'ABCDEFGHIJKLMNO'[p.col]} is already occupied`, STD, { field: 'tiles' });
  }
  const rows = new Set(placements.map((p) => p.row));
  const cols = new Set(placements.map((p) => p.col));
  if (rows.size > 1 && cols.size > 1) refuse('scrabble/not-one-line', 'all tiles of a play must lie in one row or one column', STD, { field: 'tiles' });
  const placed = new Map(placements.map((p) => [`${p.row},${p.col}`, p] as const));
  // Direction: across when all in one row and (more than one tile, or a single tile that forms an across word).
  let across = rows.size === 1 && (placements.length > 1 || cols.size === 1);
  const first = placements[0];
  if (placements.length === 1) {
    const h = wordAt(board, placed, first.row, first.col, 0, 1);
    across = h !== null || wordAt(board, placed, first.row, first.col, 1, 0) === null;
  }
  const [dr, dc] = across ? [0, 1] : [1, 0];
  // Contiguity: every square between the first and last new tile is filled (new or existing).
  const line = placements.map((p) => (across ? p.col : p.row));
  const lo = Math.min(...line),
    hi = Math.max(...line);
  for (let i = lo; i <= hi; i++) {
    const r = across ? first.row : i,
      c = across ? i : first.col;
    if (!placed.has(`${r},${c}`) && !tileAt(board, r, c))
      refuse('scrabble/not-contiguous', 'the tiles of a play must form one unbroken line with the tiles already on the board', STD, { field: 'tiles' });
  }
  if (isBoardEmpty(board)) {
    if (!placed.has(`${CENTRE},${CENTRE}`))
      refuse('scrabble/first-play-not-on-centre', 'the first play must cover the centre square 8H', STD, { field: 'tiles' });
    if (placements.length < 2) refuse('scrabble/first-play-too-short', 'the first play must form a word of at least two letters', STD, { field: 'tiles' });
  } else {
    const touches =
      placements.some((p) =>
        [
          [-1, 0],
          [1, 0],
          [0, -1],
          [0, 1],
        ].some(([a, b]) => tileAt(board, p.row + a, p.col + b) !== null),
      ) || hi - lo + 1 > placements.length;
    if (!touches) refuse('scrabble/not-connected', 'a play must connect to the tiles already on the board', STD, { field: 'tiles' });
  }
  const main = wordAt(board, placed, first.row, first.col, dr, dc);
  if (!main) refuse('scrabble/no-word', 'the play forms no word of two or more letters', STD, { field: 'tiles' });
  const crossWords: FormedWord[] = [];
  for (const p of placements) {
    const w = wordAt(board, placed, p.row, p.col, dc, dr);
    if (w) crossWords.push(w);
  }
  const bingo = placements.length === RACK_SIZE;
  const score = main.score + crossWords.reduce((s, w) => s + w.score, 0) + (bingo ? BINGO_BONUS : 0);
  return { main, crossWords, bingo, score };
}

/** All words formed, main word first (for naming challenged words). */
export function wordsFormed(a: PlayAnalysis): string[] {
  return [a.main.word, ...a.crossWords.map((w) => w.word)];
}

export { SIZE };
