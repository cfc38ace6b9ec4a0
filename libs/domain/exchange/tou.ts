import type { DivisionGrid, GridCell } from './grid.js';
import { eachNamedBack, ExchangeExportError, ExchangeFormatError, type ImportedFile, type ImportedPlayer, type ImportedRound } from './imported.js';

/**
 * The WESPA rating submission (.TOU, the AUPAIR layout rating programs read). Sources: issue 15
 * ("per player, name then score/opponent pairs per round, first-mover mark, winner's score + 2000,
 * draw + 1000, bye as 1350 against oneself") and the public AUPAIR .tou reader and writer of
 * cocoscrabble/baxter (header `*M<dd.mm.yyyy> <name>`, a `*<section>` line per division, the
 * player's name in 20 columns, `+` before the opponent when the player went first, a closing
 * `*** END OF FILE ***`).
 */
export const TOU_RULES = {
  layout: 'AUPAIR .TOU (WESPA rating submission): *M<dd.mm.yyyy> <name>, *<section>, name then score/opponent pairs, *** END OF FILE ***',
  score: 'WESPA .TOU: a winner’s score + 2000, a draw + 1000, a loss as scored; the first mover’s opponent marked +',
  bye: 'WESPA .TOU (issue 15): a bye is 1350 against oneself',
  pairs: 'WESPA .TOU: both players of a game name each other in the same round, one of them won unless drawn',
  forfeit:
    'WESPA .TOU: every game between two players is rated, so a forfeit is written against oneself (the winner 2000 + the forfeit spread, an absent player 0000, as an absence): the file cannot say who forfeited to whom',
  name: 'AUPAIR .TOU: the name fills a 20-column field and the readers take the name as the words before the first number: a name over 20 characters, a word that is a number ("Player 3") or a leading * (a section line) cannot be written',
} as const;

const END = '*** END OF FILE ***';
/** Arbitra: a round without a rated game (absent, a forfeit loss, no result) is written 0 against oneself, as the AUPAIR writer does. */
const UNPLAYED = '0000';
const BYE_VALUE = 1350;
const BYE = String(BYE_VALUE);

function touDate(day: string): string {
  const [y, m, d] = day.split('-');
  return `${d}.${m}.${y}`;
}

function cell(c: GridCell, self: number): string {
  const pair = (value: string, opponent: number, first: boolean) => `${value.padStart(4, ' ')} ${`${first ? '+' : ''}${opponent}`.padStart(4, ' ')}`;
  switch (c.kind) {
    case 'game': {
      if (c.outcome === null || c.score === null) return pair(UNPLAYED, self, false);
      if (c.score > 999 || c.score < 0)
        throw new ExchangeFormatError('tou', 0, `a score of ${c.score} does not fit the three digits of a .TOU score`, TOU_RULES.score);
      const value = c.outcome === 'win' ? 2000 + c.score : c.outcome === 'draw' ? 1000 + c.score : c.score;
      return pair(String(value).padStart(3, '0'), c.opponent, c.first);
    }
    case 'bye':
      return pair(BYE, self, false);
    case 'forfeit':
      // Issue 30: never a game between the two (rated); the winner's win and spread against oneself, the loser as absent.
      if (!c.won || c.double) return pair(UNPLAYED, self, false);
      if (c.spread > 999)
        throw new ExchangeFormatError('tou', 0, `a forfeit spread of ${c.spread} does not fit the three digits of a .TOU score`, TOU_RULES.score);
      return pair(String(2000 + c.spread), self, false);
    case 'none':
      return pair(UNPLAYED, self, false);
  }
}

/** A name the .TOU readers would read back as given, or the refusal naming the player. */
function writableName(name: string, number: number): string {
  const why =
    name.length > 20
      ? `is ${name.length} characters, over the 20-column name field`
      : name.split(/\s+/).some((w) => /^[+-]?\d+$/.test(w))
        ? 'holds a word that is a number, which the readers take for a score'
        : /^[*\s]/.test(name)
          ? 'starts with * or a space, which the readers take for a section or high-word line'
          : null;
  if (why) throw new ExchangeExportError('tou', name, `player ${number} (${name}) cannot be written in a .TOU file: the name ${why}`, TOU_RULES.name);
  return name;
}

/** The .TOU file of the given divisions (one section each), dated by the last round's day or `date`. */
export function writeTou(name: string, date: string, grids: readonly DivisionGrid[]): string {
  const lines = [`*M${touDate(date)} ${name}`];
  for (const g of grids) {
    lines.push(`*${g.division}`);
    for (const p of g.players) lines.push(`${writableName(p.name, p.number).padEnd(20, ' ')} ${p.cells.map((c) => cell(c, p.number)).join(' ')}`.trimEnd());
  }
  lines.push(END);
  return `${lines.join('\r\n')}\r\n`;
}

const INT = /^[+]?\d+$/;

function parseHeader(line: string): { name?: string; date?: string } {
  const m = /^\*M\s*(\d{1,2})\.(\d{1,2})\.(\d{4})\s*(.*)$/.exec(line.trim());
  if (!m) throw new ExchangeFormatError('tou', 1, 'the first line must be *M<dd.mm.yyyy> <tournament name>', TOU_RULES.layout);
  const date = `${m[3]}-${m[2].padStart(2, '0')}-${m[1].padStart(2, '0')}`;
  const name = m[4].trim();
  return { date, ...(name && { name }) };
}

function parsePlayer(line: string, n: number): ImportedPlayer | null {
  const tokens = line.trim().split(/\s+/);
  const nameTokens: string[] = [];
  while (nameTokens.length < tokens.length && !INT.test(tokens[nameTokens.length]) && !/^-\d+$/.test(tokens[nameTokens.length]))
    nameTokens.push(tokens[nameTokens.length]);
  const rest = tokens.slice(nameTokens.length);
  if (nameTokens.length === 0) throw new ExchangeFormatError('tou', n, 'a player line starts with the player’s name', TOU_RULES.layout);
  // A line with a name and fewer than one pair is the high-word line some writers add: not a player.
  if (rest.length < 2) return null;
  if (rest.length % 2 !== 0)
    throw new ExchangeFormatError('tou', n, `${rest.length} numbers after the name: they come in score/opponent pairs`, TOU_RULES.layout);
  const raw: Array<{ value: number; opponent: number; first: true | null }> = [];
  for (let i = 0; i < rest.length; i += 2) {
    const [score, opp] = [rest[i], rest[i + 1]];
    if (!/^\d+$/.test(score) || !INT.test(opp))
      throw new ExchangeFormatError('tou', n, `round ${i / 2 + 1}: "${score} ${opp}" is not a score and an opponent number`, TOU_RULES.score);
    // `+` marks the first mover; an unmarked opponent says nothing on its own (the other line may carry the mark).
    raw.push({ value: Number(score), opponent: Number(opp.replace('+', '')), first: opp.startsWith('+') ? true : null });
  }
  return {
    name: nameTokens.join(' ').normalize('NFC'), // in Unicode NFC, as the API's person names
    line: n,
    rounds: raw.map((r) => ({ kind: 'game', opponent: r.opponent, score: r.value, first: r.first }) as ImportedRound),
  };
}

function decode(p: ImportedPlayer, self: number, notKept: Array<{ line: number; text: string; why: string }>): ImportedRound[] {
  return p.rounds.map((r, k) => {
    if (r.kind !== 'game') return r;
    const value = r.score ?? 0;
    if (r.opponent === self) {
      if (value === BYE_VALUE) return { kind: 'bye' };
      // Issue 30: a result against oneself other than the bye names no opponent (a forfeit as Arbitra and others write
      // it): Arbitra records forfeits between two paired players, so the round is recorded as absent, and said.
      if (value !== 0)
        notKept.push({
          line: p.line,
          text: `round ${k + 1}: ${String(value).padStart(4, '0')} ${self}`,
          why:
            value >= 2000
              ? 'a win against oneself (a forfeit win): .TOU does not say against whom, and Arbitra records a forfeit only between two paired players; recorded as absent'
              : 'a result against oneself other than the bye (1350): recorded as absent',
        });
      return { kind: 'absent' };
    }
    if (value >= 3000) throw new ExchangeFormatError('tou', p.line, `score ${value}: above 2999 is not a .TOU score`, TOU_RULES.score);
    return { ...r, score: value % 1000 };
  });
}

/** The outcome a .TOU value states: 2xxx a win, 1xxx a draw, below 1000 a loss. */
function stated(value: number): 'win' | 'draw' | 'loss' {
  return value >= 2000 ? 'win' : value >= 1000 ? 'draw' : 'loss';
}

/** Reads a .TOU file: every section a division, every game checked from both sides. */
export function parseTou(text: string): ImportedFile {
  const lines = text.split(/\r?\n/);
  const header = parseHeader(lines[0] ?? '');
  const sections: Array<{ name: string; players: ImportedPlayer[] }> = [];
  const notKept: Array<{ line: number; text: string; why: string }> = [];
  // Issue 30: the *M date is one date for the whole file; Arbitra records a day per round and will not give it to any
  // round (it may be the first day, the last or the date of submission): it is said, never silently dropped.
  const dated = /^\*M\s*\d{1,2}\.\d{1,2}\.\d{4}/.exec((lines[0] ?? '').trim());
  if (dated)
    notKept.push({ line: 1, text: dated[0], why: 'the file’s date is not recorded: .TOU gives one date for the file, Arbitra records a day per round' });
  let ended = false;
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i];
    if (ended) {
      if (line.trim()) notKept.push({ line: i + 1, text: line, why: 'after *** END OF FILE ***' });
      continue;
    }
    if (!line.trim()) continue;
    if (line.trim() === END) {
      ended = true;
      continue;
    }
    if (line.startsWith('*')) {
      sections.push({ name: line.slice(1).trim() || String(sections.length + 1), players: [] });
      continue;
    }
    if (line.startsWith(' ')) {
      notKept.push({ line: i + 1, text: line, why: 'a line starting with a space is not a player (the high-word line)' });
      continue;
    }
    if (sections.length === 0) sections.push({ name: 'main', players: [] });
    const p = parsePlayer(line, i + 1);
    if (p) sections[sections.length - 1].players.push(p);
    else notKept.push({ line: i + 1, text: line, why: 'a name without results is not a player line (the high-word line)' });
  }
  if (!ended) throw new ExchangeFormatError('tou', lines.length, `the file must end with ${END}`, TOU_RULES.layout);
  const divisions = sections.map((s) => {
    const rawValues = s.players.map((p) => p.rounds.map((r) => (r.kind === 'game' ? (r.score ?? 0) : 0)));
    const players = s.players.map((p, i) => ({ ...p, rounds: decode(p, i + 1, notKept) }));
    checkPairs(players, rawValues);
    return { name: s.name, players };
  });
  return { ...header, divisions, notKept };
}

function checkPairs(players: readonly ImportedPlayer[], values: readonly (readonly number[])[]): void {
  eachNamedBack(players, 'tou', TOU_RULES.pairs, ({ player: p, index: i, round: k, mine: r, opponent: o, theirs: back }) => {
    if (r.first && back.first)
      throw new ExchangeFormatError('tou', p.line, `round ${k + 1}: both ${p.name} and ${o.name} are marked as first (+)`, TOU_RULES.pairs);
    const [mine, theirs] = [stated(values[i][k]), stated(values[r.opponent - 1][k])];
    const agree = (mine === 'draw' && theirs === 'draw') || (mine === 'win' && theirs === 'loss') || (mine === 'loss' && theirs === 'win');
    const [a, b] = [r.score ?? 0, back.score ?? 0];
    const scoresAgree = mine === 'draw' ? a === b : mine === 'win' ? a > b : a < b;
    if (!agree || !scoresAgree)
      throw new ExchangeFormatError(
        'tou',
        p.line,
        `round ${k + 1}: ${p.name} (${values[i][k]}) and ${o.name} (${values[r.opponent - 1][k]}) do not agree on who won`,
        TOU_RULES.score,
      );
  });
}
