import type { DivisionGrid, GridCell } from './grid.js';
import {
  eachNamedBack,
  ExchangeExportError,
  ExchangeFormatError,
  type ImportedDivision,
  type ImportedFile,
  type ImportedPlayer,
  type ImportedRound,
} from './imported.js';

/**
 * The per-division `.t` file of the standard tournament software (TSH): one line a player,
 * `<name> <rating> <opponent numbers>; <scores>; <key> <values>; ...`, opponents numbered by line
 * (1-based), 0 for a bye; `p12` says who went first (1) or second (2), `board` the table. Read from
 * the public TSH division files in jvc56/tournament_pairing_algorithms (a.t, b.t, 2023): a bye is
 * opponent 0 with +50, a withdrawn player's rounds opponent 0 with -50 and p12 0. The TSH data-entry manual:
 * "a bye: one player number and one score (usually 50, or -50 for a forfeit)": a forfeit is a round against
 * opponent 0 with a signed spread, never a game between the two players (which TSH would rate).
 */
export const TSH_RULES = {
  line: 'TSH .t: <name> <rating> <opponents>; <scores>; <key> <values>… (one player a line, opponents by line number, 0 a bye)',
  pairs: 'TSH .t: both players of a game name each other in the same round',
  p12: 'TSH .t p12: 1 went first, 2 went second, 0 no game; the two players of a game say different things',
  bye: 'TSH .t: opponent 0 with a positive score is a bye; 0 or below, no game (absent or withdrawn)',
  forfeit:
    'TSH .t (data entry: "-50 for a forfeit"): a forfeit is opponent 0 with the signed spread, p12 0; Arbitra adds a `forfeit` field naming, per round, the player forfeited against (0: none) and keeps the table in `board`',
  name: 'TSH .t: the name comes first on the line and the fields are separated by ";": a name cannot hold ";" or start with "#" (a comment)',
} as const;

/** The extra TSH fields Arbitra reads; any other is reported as not kept. */
const READ_FIELDS = new Set(['p12', 'board', 'forfeit']);

function scoreOf(c: GridCell): number | null {
  switch (c.kind) {
    case 'game':
      return c.score;
    case 'forfeit':
      // TSH: a forfeit is a signed spread against opponent 0 (the winner +, an absent player −), never a rated game.
      return c.won ? c.spread : -c.spread;
    case 'bye':
      return c.outcome === 'loss' ? -c.spread : c.spread;
    case 'none':
      return 0;
  }
}

/** The `.t` file of one division (players in registration order, their number their line). */
export function writeTsh(grid: DivisionGrid): string {
  const lines = grid.players.map((p) => {
    if (p.name.includes(';') || p.name.startsWith('#'))
      throw new ExchangeExportError('tsh', p.name, `the name of player ${p.number} (${p.name}) cannot be written in a .t line`, TSH_RULES.name);
    const opponents = p.cells.map((c) => (c.kind === 'game' ? c.opponent : 0));
    const scores: number[] = [];
    for (const c of p.cells) {
      const s = scoreOf(c);
      if (s === null) break;
      scores.push(s);
    }
    const p12 = p.cells.map((c) => (c.kind === 'game' ? (c.first ? 1 : 2) : 0));
    const board = p.cells.map((c) => (c.kind === 'game' || c.kind === 'forfeit' ? c.table : 0));
    const forfeits = p.cells.map((c) => (c.kind === 'forfeit' ? c.opponent : 0));
    const head = `${p.name.padEnd(23, ' ')} ${String(p.rating ?? 0).padStart(4, ' ')}`;
    const forfeit = forfeits.some((o) => o > 0) ? `; forfeit ${forfeits.join(' ')}` : '';
    return `${[head, ...opponents].join(' ')}; ${scores.join(' ')}; board ${board.join(' ')}; p12 ${p12.join(' ')}${forfeit}`.replace(/ +;/g, ';');
  });
  return lines.map((l) => `${l}\n`).join('');
}

const HEAD = /^(\S.*?)\s+(-?\d+)((?:\s+-?\d+)*)\s*$/;

function numbers(text: string, line: number, what: string): number[] {
  const t = text.trim();
  if (!t) return [];
  return t.split(/\s+/).map((x) => {
    // Past 2^53 a number is no longer the one written (99999999999999999999 reads as 1e20): refused, not rounded.
    if (!/^-?\d+$/.test(x) || !Number.isSafeInteger(Number(x)))
      throw new ExchangeFormatError('tsh', line, `${what}: "${x}" is not a whole number (up to 2^53 − 1)`, TSH_RULES.line);
    return Number(x);
  });
}

interface RawLine {
  readonly player: Omit<ImportedPlayer, 'rounds'>;
  readonly opponents: number[];
  readonly scores: number[];
  readonly fields: Map<string, number[]>;
}

/**
 * Name, rating and opponents. With a `p12` field (one value a round, as TSH writes it) the opponents are its count of
 * numbers at the end, so a name holding a number ("Player 3") reads back whole; without it, the shortest name.
 */
function parseHead(head: string, rounds: number | undefined, n: number): { name: string; rating: number; opponents: string } {
  const tail = rounds === undefined ? '((?:\\s+-?\\d+)*)' : `((?:\\s+-?\\d+){${rounds}})`;
  const m = new RegExp(`^(\\S.*?)\\s+(-?\\d+)${tail}\\s*$`).exec(head.trim()) ?? (rounds === undefined ? null : HEAD.exec(head.trim()));
  if (!m) throw new ExchangeFormatError('tsh', n, 'a player line starts with the name, then the rating, then the opponents', TSH_RULES.line);
  // Names are kept in Unicode NFC, as the API's person names are (a file may write é as e and a combining accent).
  return { name: m[1].trim().normalize('NFC'), rating: Number(m[2]), opponents: m[3] };
}

function parseLine(text: string, n: number, notKept: ImportedFile['notKept'][number][]): RawLine {
  const [head, scores = '', ...extras] = text.split(';');
  const fields = new Map<string, number[]>();
  for (const extra of extras) {
    const e = extra.trim();
    if (!e) continue;
    const [key, ...values] = e.split(/\s+/);
    if (READ_FIELDS.has(key)) fields.set(key, numbers(values.join(' '), n, key));
    else notKept.push({ line: n, text: e.length > 80 ? `${e.slice(0, 77)}...` : e, why: `TSH field ${key} is not recorded by Arbitra` });
  }
  const m = parseHead(head, fields.get('p12')?.length, n);
  return {
    player: { name: m.name, line: n, ...(m.rating > 0 && { rating: m.rating }) },
    opponents: numbers(m.opponents, n, 'opponents'),
    scores: numbers(scores, n, 'scores'),
    fields,
  };
}

type Kept = ImportedFile['notKept'][number][];

function roundsOf(raw: readonly RawLine[], i: number, notKept: Kept): ImportedRound[] {
  const me = raw[i];
  const p12 = me.fields.get('p12') ?? [];
  const board = me.fields.get('board') ?? [];
  const forfeit = me.fields.get('forfeit') ?? [];
  const line = me.player.line;
  return me.opponents.map((opponent, k): ImportedRound => {
    const score = me.scores[k] ?? null;
    const table = board[k] > 0 ? { table: board[k] } : {};
    const against = forfeit[k] ?? 0;
    if (opponent !== 0 && against !== 0)
      throw new ExchangeFormatError('tsh', line, `round ${k + 1}: a game against ${opponent} cannot also be a forfeit against ${against}`, TSH_RULES.forfeit);
    if (against !== 0) {
      if (against < 0 || against > raw.length)
        throw new ExchangeFormatError('tsh', line, `round ${k + 1}: forfeit against ${against}: the file has ${raw.length} players`, TSH_RULES.forfeit);
      if (score === null || score === 0)
        throw new ExchangeFormatError('tsh', line, `round ${k + 1}: a forfeit needs its signed spread (+ present, − absent)`, TSH_RULES.forfeit);
      return { kind: 'forfeit', opponent: against, won: score > 0, double: false, spread: Math.abs(score), ...table };
    }
    if (opponent === 0) {
      if (score !== null && score > 0) return { kind: 'bye', spread: score };
      // Paired against no one and not scored yet: a bye (scored +) or an absence (0 or −) is not said yet.
      if (score === null)
        notKept.push({
          line,
          text: `round ${k + 1}: 0 (no score)`,
          why: 'opponent 0 without a score: a bye or an absence, the file does not say yet; recorded as absent, no bye',
        });
      // TSH writes a forfeit loss against no one (a no-show, a withdrawn player): Arbitra records forfeits at a paired table.
      if (score !== null && score < 0)
        notKept.push({
          line,
          text: `round ${k + 1}: 0 ${score}`,
          why: 'a forfeit loss against no one (opponent 0, a negative spread): Arbitra records a forfeit only between two paired players; recorded as absent',
        });
      return { kind: 'absent' };
    }
    const first = p12[k] === 1 ? true : p12[k] === 2 ? false : null;
    return { kind: 'game', opponent, score, first, ...table };
  });
}

/** Both sides of an Arbitra forfeit name each other; both absent is a double forfeit, both present a contradiction. */
function pairForfeits(players: ImportedPlayer[]): ImportedPlayer[] {
  return players.map((p, i) => ({
    ...p,
    rounds: p.rounds.map((r, k) => {
      if (r.kind !== 'forfeit') return r;
      const o = players[r.opponent - 1];
      const back = o.rounds[k];
      if (back?.kind !== 'forfeit' || back.opponent !== i + 1)
        throw new ExchangeFormatError(
          'tsh',
          p.line,
          `round ${k + 1}: ${p.name} forfeits against ${o.name}, who does not name ${p.name} back`,
          TSH_RULES.forfeit,
        );
      if (r.won && back.won) throw new ExchangeFormatError('tsh', p.line, `round ${k + 1}: ${p.name} and ${o.name} both have a forfeit win`, TSH_RULES.forfeit);
      return { ...r, double: !r.won && !back.won };
    }),
  }));
}

function check(players: readonly ImportedPlayer[]): void {
  eachNamedBack(players, 'tsh', TSH_RULES.pairs, ({ player: p, round: k, mine: r, opponent: o, theirs: back }) => {
    if (r.first !== null && back.first !== null && r.first === back.first)
      throw new ExchangeFormatError('tsh', p.line, `round ${k + 1}: ${p.name} and ${o.name} both have p12 ${r.first ? 1 : 2}`, TSH_RULES.p12);
    if ((r.score === null) !== (back.score === null))
      throw new ExchangeFormatError('tsh', p.line, `round ${k + 1}: only one of ${p.name} and ${o.name} has a score`, TSH_RULES.pairs);
  });
}

/** Reads one division's `.t` file. Blank lines and `#` comments are skipped. */
export function parseTsh(text: string, division: string): ImportedFile {
  const notKept: Array<{ line: number; text: string; why: string }> = [];
  const raw: RawLine[] = [];
  text.split(/\r?\n/).forEach((line, i) => {
    if (!line.trim() || line.trimStart().startsWith('#')) return;
    raw.push(parseLine(line, i + 1, notKept));
  });
  if (raw.length === 0) throw new ExchangeFormatError('tsh', 1, 'the file names no player', TSH_RULES.line);
  raw.forEach((r) => {
    const over = r.opponents.find((o) => o < 0 || o > raw.length);
    if (over !== undefined) throw new ExchangeFormatError('tsh', r.player.line, `opponent ${over}: the file has ${raw.length} players`, TSH_RULES.pairs);
    if (r.scores.length > r.opponents.length)
      throw new ExchangeFormatError('tsh', r.player.line, `${r.scores.length} scores for ${r.opponents.length} rounds`, TSH_RULES.line);
  });
  const players = pairForfeits(raw.map((r, i) => ({ ...r.player, rounds: roundsOf(raw, i, notKept) })));
  check(players);
  const d: ImportedDivision = { name: division, players };
  return { divisions: [d], notKept };
}
