/**
 * A FIDE TRF-16 file read for import (FIDE Handbook C.04.A: an endorsed program imports the TRF as well as
 * exports it, so a tournament paired elsewhere continues here). Columns per the TRF-16 description (FIDE Data
 * Exchange Format, 2016): player record 001 with the starting rank at 5–8, sex 10, title 11–13, name 15–47,
 * rating 49–52, federation 54–56, FIDE ID 58–68, birth date 70–79, points 81–84, rank 86–89, and per round from
 * column 92 a 10-character block: opponent 92–95, colour 97, result 99. Pure; every refusal names the line.
 */
import { isCalendarDay } from '../kernel/calendar-day.js';
import { bakuAcceleration } from '../pairing/dutch/baku.js';
import { ExchangeFormatError } from './imported.js';

export const TRF_RULES = {
  layout: 'FIDE TRF-16 (Data Exchange Format, 2016): 001 player records in fixed columns, round blocks of 10 columns from column 92',
  pairs: 'FIDE TRF-16: both players of a game name each other in the same round, with opposite colours and matching results',
  results: 'FIDE TRF-16 result codes: 1 = 0 played, + - forfeits, W D L unrated games, U pairing-allocated bye, H F Z half-, full-, zero-point byes',
  seeding:
    'Arbitra (RULES.seeding): pairing numbers follow rating, highest first, unrated last, then registration; the file’s starting ranks must be in that order',
  recordable:
    'Arbitra records played games, forfeits, double forfeits, the pairing-allocated bye (U), byes requested in advance (Z, H, F) and absences; a win or loss needs an opponent',
} as const;

/** One round of one player as the file writes it. */
export interface TrfBlock {
  /** The opponent's starting rank, or null (0000 or blank: no opponent). */
  readonly opponent: number | null;
  readonly colour: 'w' | 'b' | null;
  /** The result code at column 99 (' ' when blank). */
  readonly result: string;
}

export interface TrfImportPlayer {
  readonly startRank: number;
  readonly line: number;
  readonly name: string;
  readonly rating?: number;
  readonly federation?: string;
  /** Columns 58–68 when they hold digits (a FIDE ID); anything else there is listed as not kept. */
  readonly fideId?: string;
  /** The points column as written (null when blank). */
  readonly points: number | null;
  /** One block per round 1..rounds (null: nothing written for that round). */
  readonly blocks: readonly (TrfBlock | null)[];
}

export interface TrfImportFile {
  readonly name?: string;
  /** XXR: the number of rounds planned. */
  readonly roundsPlanned?: number;
  /** 122 written as Arbitra writes a rapid profile's time control ("60 min a player (rapid)"). */
  readonly rapidMinutes?: 30 | 60;
  /** XXA lines that are exactly the Baku method's virtual points for these players and XXR (C.04.5.1). */
  readonly acceleration?: 'baku';
  /** Per round 1..rounds: its day (YYYY-MM-DD) from the 132 record, the century taken from the 042 start date. */
  readonly roundDays: readonly (string | undefined)[];
  readonly rounds: number;
  /** In starting-rank order. */
  readonly players: readonly TrfImportPlayer[];
  /** Header records as written, in file order (code, value): the import's provenance. */
  readonly headers: readonly (readonly [string, string])[];
  readonly notKept: Array<{ readonly line: number; readonly text: string; readonly why: string }>;
}

const fail = (line: number, message: string, rule: string = TRF_RULES.layout): never => {
  throw new ExchangeFormatError('trf', line, message, rule);
};

const col = (line: string, from: number, to: number) => line.slice(from - 1, to);
const CODES = new Set(['1', '=', '0', '+', '-', 'W', 'D', 'L', 'U', 'H', 'F', 'Z', ' ']);
const TIME_CONTROL = /^(30|60) min a player \(rapid\)$/;

function block(raw: string, line: number, round: number, players: number): TrfBlock | null {
  if (raw.trim() === '') return null;
  const text = raw.padEnd(8, ' ');
  const opp = text.slice(0, 4).trim();
  if (opp !== '' && !/^\d{1,4}$/.test(opp)) fail(line, `round ${round}: opponent "${opp}" is not a starting rank`);
  const opponent = opp === '' || Number(opp) === 0 ? null : Number(opp);
  if (opponent !== null && opponent > players) fail(line, `round ${round}: opponent ${opponent} is not one of the ${players} players`, TRF_RULES.pairs);
  const c = text.charAt(5);
  if (!'wb- '.includes(c) || text.charAt(4) !== ' ' || text.charAt(6) !== ' ') fail(line, `round ${round}: "${raw.trimEnd()}" is not "oppo c r"`);
  const result = text.charAt(7).toUpperCase();
  if (!CODES.has(result)) fail(line, `round ${round}: result "${result}" is not a TRF-16 result code`, TRF_RULES.results);
  return { opponent, colour: c === 'w' || c === 'b' ? c : null, result };
}

/** Header record values Arbitra keeps or derives; the rest is listed as not kept. */
function header(code: string, value: string, n: number, out: { -readonly [K in keyof TrfImportFile]?: TrfImportFile[K] }, notKept: TrfImportFile['notKept']) {
  const skip = (why: string) => notKept.push({ line: n, text: `${code} ${value}`.trimEnd(), why });
  switch (code) {
    case '012':
      if (value) out.name = value;
      return;
    case 'XXR': {
      if (!/^\d{1,3}$/.test(value) || Number(value) < 1) fail(n, `XXR "${value}" is not a number of rounds`);
      out.roundsPlanned = Number(value);
      return;
    }
    case '122': {
      const m = TIME_CONTROL.exec(value);
      if (m) out.rapidMinutes = Number(m[1]) as 30 | 60;
      else skip('the time control is recorded only as a rapid profile (30 or 60 min a player)');
      return;
    }
    case '042':
    case '052':
    case '062':
    case '072':
    case '132':
      return; // derived or read below (dates of the rounds, counts of players)
    case 'XXA':
      return; // read below, against the Baku method's points
    case 'XXC':
      return skip('the first board’s colour is given with each pairing request (options.initialColour), not kept with the tournament');
    default:
      return skip(`record ${code} is not recorded by Arbitra`);
  }
}

/** Reads a TRF-16 file: header records, player records, every game checked from both sides. */
export function parseTrf(written: string): TrfImportFile {
  // A UTF-8 byte order mark is how the file was saved, not part of its first record.
  const lines = written.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  const out: { -readonly [K in keyof TrfImportFile]?: TrfImportFile[K] } = {};
  const notKept: TrfImportFile['notKept'] = [];
  const headers: Array<readonly [string, string]> = [];
  const playerLines: Array<{ n: number; line: string }> = [];
  const at: Record<string, { n: number; line: string }> = {};
  lines.forEach((line, i) => {
    const n = i + 1;
    if (line.trim() === '') return;
    const code = line.slice(0, 3);
    if (code === '001') return void playerLines.push({ n, line });
    if (!/^[0-9A-Z]{3}( |$)/.test(line)) fail(n, `"${line.slice(0, 20)}" does not start with a three-character record code`);
    const value = line.slice(4).trim();
    headers.push([code, line.slice(4).trimEnd()]);
    at[code] ??= { n, line };
    header(code, value, n, out, notKept);
  });
  if (playerLines.length === 0) fail(lines.length, 'the file has no 001 player record');
  const count = playerLines.length;
  const players: TrfImportPlayer[] = playerLines.map(({ n, line }) => readPlayer(line, n, count, notKept));
  const byRank = new Map<number, TrfImportPlayer>();
  for (const p of players) {
    if (byRank.has(p.startRank)) fail(p.line, `starting rank ${p.startRank} is also on line ${byRank.get(p.startRank)?.line}`);
    byRank.set(p.startRank, p);
  }
  for (let r = 1; r <= count; r++) if (!byRank.has(r)) fail(playerLines[count - 1].n, `no player has starting rank ${r}: ranks run 1..${count}`);
  const sorted = [...players].sort((a, b) => a.startRank - b.startRank);
  sorted.forEach((p, i) => {
    const prev = sorted[i - 1];
    if (prev && (prev.rating ?? -Infinity) < (p.rating ?? -Infinity))
      fail(p.line, `starting rank ${p.startRank} (rating ${p.rating}) is below rank ${prev.startRank} (rating ${prev.rating ?? 'none'})`, TRF_RULES.seeding);
  });
  const rounds = Math.max(0, ...sorted.map((p) => p.blocks.length));
  checkPairs(sorted, rounds);
  counts(at, sorted, notKept);
  const roundDays = dates(at, rounds, notKept);
  const xxa = lines.flatMap((line, i) => (line.startsWith('XXA') ? [{ n: i + 1, line }] : []));
  if (xxa.length > 0 && isBaku(xxa, sorted.length, out.roundsPlanned)) out.acceleration = 'baku';
  else
    for (const { n, line } of xxa)
      notKept.push({ line: n, text: line.trimEnd(), why: 'acceleration points other than the Baku method’s (C.04.5.1, with XXR) are not recorded' });
  return { ...out, rounds, roundDays, players: sorted, headers, notKept };
}

function readPlayer(line: string, n: number, count: number, notKept: TrfImportFile['notKept']): TrfImportPlayer {
  const rank = col(line, 5, 8).trim();
  if (!/^\d{1,4}$/.test(rank) || Number(rank) < 1) fail(n, `columns 5–8 "${rank}" are not a starting rank`);
  const name = col(line, 15, 47).trim().normalize('NFC'); // in Unicode NFC, as the API's person names
  if (!name) fail(n, 'columns 15–47 hold no name');
  const rating = col(line, 49, 52).trim();
  if (rating !== '' && !/^\d{1,4}$/.test(rating)) fail(n, `columns 49–52 "${rating}" are not a rating`);
  const points = col(line, 81, 84).trim();
  if (points !== '' && !/^\d{1,3}(\.\d)?$/.test(points)) fail(n, `columns 81–84 "${points}" are not points`);
  const fide = col(line, 58, 68).trim();
  const federation = col(line, 54, 56).trim();
  const unkept = (cols: string, what: string, value: string) =>
    value && notKept.push({ line: n, text: `${cols} ${value}`, why: `the player’s ${what} is not recorded by Arbitra` });
  unkept('10', 'sex', col(line, 10, 10).trim());
  unkept('11–13', 'title', col(line, 11, 13).trim());
  unkept('70–79', 'birth date', col(line, 70, 79).trim());
  if (fide && !/^\d{1,11}$/.test(fide)) unkept('58–68', 'FIDE ID column when it is not digits (TRF-16: a numeric FIDE ID or blanks)', fide);
  const blocks: Array<TrfBlock | null> = [];
  for (let start = 92; start <= line.length; start += 10) blocks.push(block(line.slice(start - 1, start + 9), n, blocks.length + 1, count));
  while (blocks.length > 0 && blocks.at(-1) === null) blocks.pop();
  return {
    startRank: Number(rank),
    line: n,
    name,
    ...(rating !== '' && Number(rating) > 0 && { rating: Number(rating) }),
    ...(federation && { federation }),
    ...(/^\d{1,11}$/.test(fide) && { fideId: fide }),
    points: points === '' ? null : Number(points),
    blocks,
  };
}

/** Results two players may write for one game (mine, theirs). */
const PAIRS = new Set(['1/0', '0/1', '=/=', '+/-', '-/+', '-/-', ' / ']);

function checkPairs(players: readonly TrfImportPlayer[], rounds: number): void {
  for (const p of players)
    for (let k = 0; k < rounds; k++) {
      const b = p.blocks[k];
      if (!b || b.opponent === null || b.opponent === p.startRank) continue;
      const o = players[b.opponent - 1];
      const back = o.blocks[k];
      if (!back || back.opponent !== p.startRank)
        return fail(p.line, `round ${k + 1}: ${p.name} names opponent ${b.opponent}, who does not name ${p.startRank} back`, TRF_RULES.pairs);
      if (b.colour === null || back.colour === null || b.colour === back.colour)
        fail(p.line, `round ${k + 1}: ${p.name} and ${o.name} need one white (w) and one black (b)`, TRF_RULES.pairs);
      if (!PAIRS.has(`${b.result}/${back.result}`))
        fail(p.line, `round ${k + 1}: results "${b.result}" and "${back.result}" of ${p.name} and ${o.name} do not agree`, TRF_RULES.pairs);
    }
}

/** 062 and 072 are counts Arbitra derives: kept when they agree with the file's players, listed as not kept when not. */
function counts(at: Record<string, { n: number; line: string }>, players: readonly TrfImportPlayer[], notKept: TrfImportFile['notKept']): void {
  const check = (code: string, actual: number, what: string) => {
    const h = at[code];
    if (h && h.line.slice(4).trim() !== String(actual))
      notKept.push({ line: h.n, text: h.line.trimEnd(), why: `the file has ${actual} ${what}: Arbitra counts them, the written number is not kept` });
  };
  check('062', players.length, 'players');
  check('072', players.filter((p) => p.rating !== undefined).length, 'rated players');
}

/** 132: a date per round (YY/MM/DD in the round's column block); the century comes from 042 (YYYY/MM/DD). */
function dates(at: Record<string, { n: number; line: string }>, rounds: number, notKept: TrfImportFile['notKept']): (string | undefined)[] {
  const days: (string | undefined)[] = Array.from({ length: rounds }, () => undefined);
  const start = at['042'] && /^(\d{2})\d{2}\/\d{2}\/\d{2}$/.exec(at['042'].line.slice(4).trim());
  const r132 = at['132'];
  if (r132) {
    if (!start)
      notKept.push({ line: r132.n, text: r132.line.trimEnd(), why: 'round dates in two-digit years need the 042 start date (YYYY/MM/DD) for their century' });
    else
      for (let k = 0; k < rounds; k++) {
        const d = r132.line.slice(91 + 10 * k, 99 + 10 * k).trim();
        if (!d) continue;
        if (!/^\d{2}\/\d{2}\/\d{2}$/.test(d)) fail(r132.n, `round ${k + 1}: date "${d}" is not YY/MM/DD`);
        days[k] = `${start[1]}${d.replace(/\//g, '-')}`;
        if (!isCalendarDay(days[k] as string)) fail(r132.n, `round ${k + 1}: date "${d}" is not a day of the calendar (${days[k]})`);
      }
  }
  const known = days.filter((d): d is string => d !== undefined).sort();
  for (const [code, value] of [
    ['042', known[0]],
    ['052', known.at(-1)],
  ] as const) {
    const h = at[code];
    if (h && h.line.slice(4).trim() !== value?.replace(/-/g, '/'))
      notKept.push({ line: h.n, text: h.line.trimEnd(), why: 'Arbitra dates a tournament by its rounds’ days: this date is not one of them' });
  }
  return days;
}

/** Do the XXA lines give exactly the Baku method's virtual points (C.04.5.1) for `players` in starting-rank order? */
function isBaku(xxa: ReadonlyArray<{ line: string }>, players: number, roundsPlanned: number | undefined): boolean {
  if (roundsPlanned === undefined) return false;
  const expected = bakuAcceleration(
    Array.from({ length: players }, (_, i) => String(i + 1)),
    roundsPlanned,
  );
  const written = new Map(xxa.map(({ line }) => [String(Number(line.slice(4, 8))), line.slice(9).trim().split(/\s+/).map(Number)]));
  if (written.size !== xxa.length || written.size !== expected.size) return false;
  return [...expected].every(([rank, points]) => {
    const w = written.get(rank);
    return w !== undefined && w.length === points.length && w.every((p, i) => p === points[i]);
  });
}
