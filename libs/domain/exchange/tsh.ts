import type { DivisionGrid, GridCell } from './grid.js';
import { eachNamedBack, ExchangeFormatError, type ImportedDivision, type ImportedFile, type ImportedPlayer, type ImportedRound } from './imported.js';

/**
 * The per-division `.t` file of the standard tournament software (TSH): one line a player,
 * `<name> <rating> <opponent numbers>; <scores>; <key> <values>; ...`, opponents numbered by line
 * (1-based), 0 for a bye; `p12` says who went first (1) or second (2), `board` the table. Read from
 * the public TSH division files in jvc56/tournament_pairing_algorithms (a.t, b.t, 2023): a bye is
 * opponent 0 with +50, a withdrawn player's rounds opponent 0 with -50 and p12 0.
 */
export const TSH_RULES = {
  line: 'TSH .t: <name> <rating> <opponents>; <scores>; <key> <values>… (one player a line, opponents by line number, 0 a bye)',
  pairs: 'TSH .t: both players of a game name each other in the same round',
  p12: 'TSH .t p12: 1 went first, 2 went second, 0 no game; the two players of a game say different things',
  bye: 'TSH .t: opponent 0 with a positive score is a bye; 0 or below, no game (absent or withdrawn)',
} as const;

/** The extra TSH fields Arbitra reads; any other is reported as not kept. */
const READ_FIELDS = new Set(['p12', 'board']);

function scoreOf(c: GridCell): number | null {
  switch (c.kind) {
    case 'game':
      return c.score;
    case 'forfeit':
      // A .t line has no forfeit mark: the winner is written with the profile's forfeit spread, the loser 0.
      return c.won ? c.spread : 0;
    case 'bye':
      return c.outcome === 'loss' ? -c.spread : c.spread;
    case 'none':
      return 0;
  }
}

/** The `.t` file of one division (players in registration order, their number their line). */
export function writeTsh(grid: DivisionGrid): string {
  const lines = grid.players.map((p) => {
    const opponents = p.cells.map((c) => (c.kind === 'game' || c.kind === 'forfeit' ? c.opponent : 0));
    const scores: number[] = [];
    for (const c of p.cells) {
      const s = scoreOf(c);
      if (s === null) break;
      scores.push(s);
    }
    const p12 = p.cells.map((c) => (c.kind === 'game' || c.kind === 'forfeit' ? (c.first ? 1 : 2) : 0));
    const board = p.cells.map((c) => (c.kind === 'game' || c.kind === 'forfeit' ? c.table : 0));
    const head = `${p.name.padEnd(23, ' ')} ${String(p.rating ?? 0).padStart(4, ' ')}`;
    return `${[head, ...opponents].join(' ')}; ${scores.join(' ')}; board ${board.join(' ')}; p12 ${p12.join(' ')}`.replace(/ +;/g, ';');
  });
  return lines.map((l) => `${l}\n`).join('');
}

const HEAD = /^(\S.*?)\s+(-?\d+)((?:\s+-?\d+)*)\s*$/;

function numbers(text: string, line: number, what: string): number[] {
  const t = text.trim();
  if (!t) return [];
  return t.split(/\s+/).map((x) => {
    if (!/^-?\d+$/.test(x)) throw new ExchangeFormatError('tsh', line, `${what}: "${x}" is not a whole number`, TSH_RULES.line);
    return Number(x);
  });
}

interface RawLine {
  readonly player: Omit<ImportedPlayer, 'rounds'>;
  readonly opponents: number[];
  readonly scores: number[];
  readonly fields: Map<string, number[]>;
}

function parseLine(text: string, n: number, notKept: ImportedFile['notKept'][number][]): RawLine {
  const [head, scores = '', ...extras] = text.split(';');
  const m = HEAD.exec(head.trim());
  if (!m) throw new ExchangeFormatError('tsh', n, 'a player line starts with the name, then the rating, then the opponents', TSH_RULES.line);
  const fields = new Map<string, number[]>();
  for (const extra of extras) {
    const e = extra.trim();
    if (!e) continue;
    const [key, ...values] = e.split(/\s+/);
    if (READ_FIELDS.has(key)) fields.set(key, numbers(values.join(' '), n, key));
    else notKept.push({ line: n, text: e.length > 80 ? `${e.slice(0, 77)}...` : e, why: `TSH field ${key} is not recorded by Arbitra` });
  }
  const rating = Number(m[2]);
  return {
    player: { name: m[1].trim(), line: n, ...(rating > 0 && { rating }) },
    opponents: numbers(m[3], n, 'opponents'),
    scores: numbers(scores, n, 'scores'),
    fields,
  };
}

function roundsOf(raw: readonly RawLine[], i: number): ImportedRound[] {
  const me = raw[i];
  const p12 = me.fields.get('p12') ?? [];
  const board = me.fields.get('board') ?? [];
  return me.opponents.map((opponent, k): ImportedRound => {
    const score = me.scores[k] ?? null;
    if (opponent === 0) return score !== null && score > 0 ? { kind: 'bye' } : { kind: 'absent' };
    const first = p12[k] === 1 ? true : p12[k] === 2 ? false : null;
    return { kind: 'game', opponent, score, first, ...(board[k] > 0 && { table: board[k] }) };
  });
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
  const players = raw.map((r, i) => ({ ...r.player, rounds: roundsOf(raw, i) }));
  check(players);
  const d: ImportedDivision = { name: division, players };
  return { divisions: [d], notKept };
}
