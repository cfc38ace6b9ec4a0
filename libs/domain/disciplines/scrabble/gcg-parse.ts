/**
 * Reading GCG text (the Poslfit "generic crossword game" record): pragmas, move lines, notes.
 * See gcg.ts for the subset supported and how it becomes commands.
 */
import { invalid } from '../../kernel/errors.js';
import type { PlayerInfo } from './scrabble.commands.js';

export const GCG_RULE = 'GCG format (poslfit.com/scrabble/gcg); not a WESPA rule';
export const COORD = /^(\d{1,2}[A-Oa-o]|[A-Oa-o]\d{1,2})$/;

export type GcgMove =
  | { kind: 'play'; coordinate: string; word: string }
  | { kind: 'exchange'; tiles: string | null; count: number }
  | { kind: 'pass' }
  | { kind: 'withdrawn' }
  | { kind: 'challenge-bonus' }
  | { kind: 'end-rack'; rack: string }
  | { kind: 'time' }
  | { kind: 'penalty' }
  | { kind: 'reversed' };

export interface GcgLine {
  readonly nick: string;
  readonly rack: string | null;
  readonly move: GcgMove;
  readonly score: number;
  readonly total: number;
  readonly lineNo: number;
  /** `#note` lines written after this line. */
  readonly notes: string[];
}

/** Something the file says that is neither a move line nor kept as a recorded fact. */
export interface GcgNotKept {
  readonly line: number;
  readonly text: string;
  readonly why: string;
}

export interface ParsedGcg {
  readonly players: readonly [PlayerInfo & { nick: string }, PlayerInfo & { nick: string }];
  readonly lines: readonly GcgLine[];
  /** Pragmas and notes the import cannot keep (they are named in the import's answer). */
  readonly notKept: readonly GcgNotKept[];
  /** The pragmas as written, in file order (`#title Club night` → ["title", "Club night"]), #note apart: the record's source headers. */
  readonly headers: readonly (readonly [string, string])[];
}

export function parseGcg(text: string): ParsedGcg {
  const players: (PlayerInfo & { nick: string })[] = [];
  const lines: GcgLine[] = [];
  const notKept: GcgNotKept[] = [];
  const headers: [string, string][] = [];
  // Each player's running total as the file writes it, to check every line's total against it (issue 30).
  const totals = new Map<string, { total: number; line: number }>();
  // The note the previous line wrote (kept with a turn, or listed as not kept): a line that is neither a pragma nor an
  // event continues it (a multi-line note, as macondo's GCG reader takes it); any other such line is refused.
  let note: { readonly notes: string[]; readonly at: number } | { readonly unkept: { line: number; text: string; why: string } } | null = null;
  text.split(/\r?\n/).forEach((raw, i) => {
    const line = raw.trim();
    const lineNo = i + 1;
    if (line !== '' && !line.startsWith('#') && !line.startsWith('>')) {
      if (note === null) invalid('scrabble/gcg-bad-line', `line ${lineNo}: "${line.slice(0, 40)}" is neither a pragma (#) nor an event (>)`, GCG_RULE, 'text');
      if ('notes' in note) note.notes[note.at] += `\n${line}`;
      else note.unkept.text += `\n${line}`;
      return;
    }
    if (line !== '') note = null;
    const pragma = /^#(?!note\b)(\S+)\s?(.*)$/.exec(line);
    if (pragma) headers.push([pragma[1], pragma[2]]);
    const pm = /^#player([12])\s+(\S+)\s*(.*)$/.exec(line);
    if (pm) {
      players[Number(pm[1]) - 1] = { nick: pm[2], id: pm[2], name: pm[3] || pm[2] };
      return;
    }
    const written = /^#note\s?(.*)$/.exec(line);
    if (written) {
      if (lines.length > 0) {
        const notes = lines[lines.length - 1].notes;
        notes.push(written[1]);
        note = { notes, at: notes.length - 1 };
      } else {
        const unkept = { line: lineNo, text: line, why: 'a note before the first move line has no turn to be kept with' };
        notKept.push(unkept);
        note = { unkept };
      }
      return;
    }
    // Other pragmas (#title, #description, #lexicon…) are kept as written with the record's source.
    if (line.startsWith('#')) return;
    if (!line.startsWith('>')) return;
    const m = /^>([^:]+):\s*(.*)$/.exec(line);
    if (!m) invalid('scrabble/gcg-bad-line', `line ${lineNo}: expected ">nick: ..."`, GCG_RULE, 'text');
    const t = m[2].trim().split(/\s+/);
    if (t.length < 3) invalid('scrabble/gcg-bad-line', `line ${lineNo}: a move line ends with "+score total"`, GCG_RULE, 'text');
    const total = Number(t[t.length - 1]);
    const score = Number(t[t.length - 2]);
    // Past 2^53 a number is no longer the one written (99999999999999999999 reads as 1e20): refused, not rounded.
    if (!/^[+-]?\d+$/.test(t[t.length - 1]) || !Number.isSafeInteger(total) || !/^[+-]?\d+$/.test(t[t.length - 2]) || !Number.isSafeInteger(score))
      invalid('scrabble/gcg-bad-line', `line ${lineNo}: bad score or total`, GCG_RULE, 'text');
    let rest = t.slice(0, -2);
    let rack: string | null = null;
    if (rest.length > 1 && /^[A-Za-z?]+$/.test(rest[0])) {
      rack = rest[0].toUpperCase();
      rest = rest.slice(1);
    }
    let move: GcgMove;
    const a = rest[0] ?? '';
    if (rest.length === 2 && COORD.test(a)) move = { kind: 'play', coordinate: a.toUpperCase(), word: rest[1] };
    else if (a === '--') move = { kind: 'withdrawn' };
    else if (a === '-') move = { kind: 'pass' };
    else if (/^-\d$/.test(a)) move = { kind: 'exchange', tiles: null, count: Number(a.slice(1)) };
    else if (/^-[A-Za-z?]+$/.test(a)) move = { kind: 'exchange', tiles: a.slice(1).toUpperCase(), count: a.length - 1 };
    else if (a === '(challenge)') move = { kind: 'challenge-bonus' };
    else if (a === '(time)') move = { kind: 'time' };
    else if (a === '(penalty)') move = { kind: 'penalty' };
    else if (a === '(reversed)') move = { kind: 'reversed' };
    else if (/^\([A-Za-z?]*\)$/.test(a)) move = { kind: 'end-rack', rack: a.slice(1, -1).toUpperCase() };
    else return invalid('scrabble/gcg-bad-line', `line ${lineNo}: unrecognised move "${rest.join(' ')}"`, GCG_RULE, 'text');
    const nick = m[1].trim();
    // GCG: the last number is the player's running total. One that is not the total before plus this line's score
    // contradicts the file itself: refused naming the line (docs/exchange-imports.md: GCG refuses, it does not guess).
    const before = totals.get(nick);
    if ((before?.total ?? 0) + score !== total)
      invalid(
        'scrabble/gcg-total-contradicts',
        `line ${lineNo}: the running total ${total} is not ${before ? `the total ${before.total} of line ${before.line}` : '0'} ${score < 0 ? '-' : '+'} ${Math.abs(score)} = ${(before?.total ?? 0) + score}`,
        `${GCG_RULE}: each move line ends with the score and the player's running total`,
        'text',
      );
    totals.set(nick, { total, line: lineNo });
    lines.push({ nick, rack, move, score, total, lineNo, notes: [] });
  });
  if (!players[0] || !players[1]) invalid('scrabble/gcg-players', 'a GCG record names #player1 and #player2', GCG_RULE, 'text');
  return { players: [players[0], players[1]], lines, notKept, headers };
}
