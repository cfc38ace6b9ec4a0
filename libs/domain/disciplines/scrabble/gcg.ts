/**
 * GCG (the Poslfit "generic crossword game" record used by Quackle, Woogles and cross-tables).
 * Subset supported, in and out:
 *   #player1 <nick> <full name>    #player2 <nick> <full name>    (other # pragmas are ignored)
 *   >nick: RACK 8H WORD +score total      a play ("8H" across, "H8" down; '.' = tile already on the
 *                                        board, lower case = blank); RACK is optional
 *   >nick: RACK -ABC +0 total            an exchange (letters, or a count: -3)
 *   >nick: RACK - +0 total               a pass
 *   >nick: RACK -- -score total          the previous play withdrawn after a challenge (phoney)
 *   >nick: RACK (challenge) +5 total     bonus to the player after an unsuccessful challenge
 *   >nick: (RACK) +n total               end-rack points to the player who went out (2× opponent's rack)
 *   >nick: RACK (RACK) -n total          own rack deducted (six scoreless turns / overtime limit)
 *   >nick: RACK (time) -n total          time penalty
 *   >nick: (penalty) -n total            a TD penalty (an Arbitra extension, not in the Poslfit spec)
 * Import replays the record through the decider (score-only game: tile counts, not letters), so
 * every command it returns is accepted and replays to the same events.
 */
import type { Actor } from '../../kernel/command.js';
import { invalid } from '../../kernel/errors.js';
import { decide, initialState } from './scrabble.decider.js';
import { evolve } from './scrabble.evolve.js';
import type { PlayerInfo, ScrabbleCommand } from './scrabble.commands.js';
import type { ScrabbleEvent } from './scrabble.events.js';
import type { ScrabbleState } from './scrabble.state.js';
import { endRacksOf, gameLog, stateOf } from './game-log.js';
import { other, type Seat } from './seat.js';
import { RACK_SIZE } from './tiles.js';

const RULE = 'GCG format (poslfit.com/scrabble/gcg); not a WESPA rule';
const COORD = /^(\d{1,2}[A-Oa-o]|[A-Oa-o]\d{1,2})$/;

type GcgMove =
  | { kind: 'play'; coordinate: string; word: string }
  | { kind: 'exchange'; tiles: string | null; count: number }
  | { kind: 'pass' }
  | { kind: 'withdrawn' }
  | { kind: 'challenge-bonus' }
  | { kind: 'end-rack'; rack: string }
  | { kind: 'time' }
  | { kind: 'penalty' };

export interface GcgLine {
  readonly nick: string;
  readonly rack: string | null;
  readonly move: GcgMove;
  readonly score: number;
  readonly total: number;
  readonly lineNo: number;
}

export interface ParsedGcg {
  readonly players: readonly [PlayerInfo & { nick: string }, PlayerInfo & { nick: string }];
  readonly lines: readonly GcgLine[];
}

export function parseGcg(text: string): ParsedGcg {
  const players: (PlayerInfo & { nick: string })[] = [];
  const lines: GcgLine[] = [];
  text.split(/\r?\n/).forEach((raw, i) => {
    const line = raw.trim();
    const lineNo = i + 1;
    const pm = /^#player([12])\s+(\S+)\s*(.*)$/.exec(line);
    if (pm) {
      players[Number(pm[1]) - 1] = { nick: pm[2], id: pm[2], name: pm[3] || pm[2] };
      return;
    }
    if (!line.startsWith('>')) return;
    const m = /^>([^:]+):\s*(.*)$/.exec(line);
    if (!m) invalid('scrabble/gcg-bad-line', `line ${lineNo}: expected ">nick: ..."`, RULE, 'text');
    const t = m[2].trim().split(/\s+/);
    if (t.length < 3) invalid('scrabble/gcg-bad-line', `line ${lineNo}: a move line ends with "+score total"`, RULE, 'text');
    const total = Number(t[t.length - 1]);
    const score = Number(t[t.length - 2]);
    if (!Number.isInteger(total) || !/^[+-]?\d+$/.test(t[t.length - 2])) invalid('scrabble/gcg-bad-line', `line ${lineNo}: bad score or total`, RULE, 'text');
    let rest = t.slice(0, -2);
    let rack: string | null = null;
    if (rest.length > 1 && /^[A-Za-z?]+$/.test(rest[0])) { rack = rest[0].toUpperCase(); rest = rest.slice(1); }
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
    else if (/^\([A-Za-z?]*\)$/.test(a)) move = { kind: 'end-rack', rack: a.slice(1, -1).toUpperCase() };
    else return invalid('scrabble/gcg-bad-line', `line ${lineNo}: unrecognised move "${rest.join(' ')}"`, RULE, 'text');
    lines.push({ nick: m[1].trim(), rack, move, score, total, lineNo });
  });
  if (!players[0] || !players[1]) invalid('scrabble/gcg-players', 'a GCG record names #player1 and #player2', RULE, 'text');
  return { players: [players[0], players[1]], lines };
}

export interface GcgImportOptions {
  readonly startAt?: string;
  readonly stepSeconds?: number;
  readonly actor?: Actor;
  readonly gameId?: string;
}

/** GCG text → the commands that record the same game (each accepted by the decider in turn). */
export function importGcg(text: string, opts: GcgImportOptions = {}): ScrabbleCommand[] {
  const { players, lines } = parseGcg(text);
  const seatOf = (nick: string, lineNo: number): Seat => {
    const i = players.findIndex((p) => p.nick === nick);
    if (i < 0) invalid('scrabble/gcg-unknown-player', `line ${lineNo}: "${nick}" is neither #player1 nor #player2`, RULE, 'text');
    return i as Seat;
  };
  const bonuses = lines.filter((l) => l.move.kind === 'challenge-bonus');
  const bonus = bonuses[0];
  const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
  // Points per challenged word: the common divisor of every challenge line (5 or 10 in practice).
  const perWord = bonuses.reduce((g, l) => gcd(g, Math.abs(l.score)), 0) || 5;
  const t0 = Date.parse(opts.startAt ?? '2026-01-01T10:00:00.000Z');
  const step = (opts.stepSeconds ?? 10) * 1000;
  const actor = opts.actor ?? { id: 'gcg-import', role: 'arbiter' as const };
  const commands: ScrabbleCommand[] = [];
  let state: ScrabbleState = initialState();
  const push = (c: Record<string, unknown>) => {
    const cmd = { ...c, at: new Date(t0 + commands.length * step).toISOString(), actor, commandId: `${opts.gameId ?? 'gcg'}-${commands.length + 1}` } as unknown as ScrabbleCommand;
    for (const e of decide(cmd, state)) state = evolve(state, e);
    commands.push(cmd);
  };
  const starter = lines.length ? seatOf(lines[0].nick, lines[0].lineNo) : 0;
  push({
    type: 'StartGame', players: [{ id: players[0].id, name: players[0].name }, { id: players[1].id, name: players[1].name }], starter, clockSide: 'right', clockSideChosenBy: other(starter), tilesCounted: 100, tracking: false,
    profile: bonus ? { challengePenalty: { kind: 'points-per-word', points: perWord, appliedTo: bonus.score >= 0 ? 'player-bonus' : 'challenger-deducted' } } : undefined,
  });
  push({ type: 'DrawTiles', seat: starter, count: RACK_SIZE });
  push({ type: 'DrawTiles', seat: other(starter), count: RACK_SIZE });
  const ownRacks: (string | null)[] = [null, null];
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i];
    const seat = seatOf(l.nick, l.lineNo);
    const next = lines[i + 1];
    const nextSame = next && seatOf(next.nick, next.lineNo) === seat ? next : undefined;
    switch (l.move.kind) {
      case 'play': {
        push({ type: 'MakeMove', seat, move: { kind: 'play', coordinate: l.move.coordinate, word: l.move.word }, announcedScore: l.score });
        if (state.phase !== 'playing') break;
        const turn = state.game.turns[state.game.turns.length - 1];
        const mainWord = turn.move?.kind === 'play' ? turn.move.words[0] : '';
        if (nextSame?.move.kind === 'withdrawn') {
          push({ type: 'Challenge', seat: other(seat), words: [mainWord] });
          push({ type: 'ResolveChallenge', verdicts: [{ word: mainWord, valid: false }] });
          i++;
          break;
        }
        const nextOther = next && !nextSame && next.move.kind === 'challenge-bonus' && next.score < 0 ? next : undefined;
        const bonusLine = nextSame?.move.kind === 'challenge-bonus' ? nextSame : nextOther;
        if (bonusLine) {
          const formed = turn.move?.kind === 'play' ? [...new Set(turn.move.words)] : [mainWord];
          const words = formed.slice(0, Math.max(1, Math.abs(bonusLine.score) / perWord));
          push({ type: 'Challenge', seat: other(seat), words });
          push({ type: 'ResolveChallenge', verdicts: words.map((word) => ({ word, valid: true })) });
          push({ type: 'ReannounceScore', seat, score: l.score });
          i++;
        }
        if (state.phase !== 'playing') break;
        const placed = turn.move?.kind === 'play' ? turn.move.placements.length : 0;
        const n = Math.min(placed, state.game.bag.count);
        if (state.status.kind === 'pending' && state.status.goingOut) push({ type: 'AcceptMove', seat: other(seat) });
        else if (n > 0) push({ type: 'DrawTiles', seat, count: n });
        break;
      }
      case 'exchange':
        push({ type: 'MakeMove', seat, move: { kind: 'exchange', count: l.move.count } });
        if (state.phase === 'playing') push({ type: 'DrawTiles', seat, count: l.move.count });
        break;
      case 'pass':
        push({ type: 'MakeMove', seat, move: { kind: 'pass' } });
        break;
      case 'end-rack': {
        if (l.score >= 0) {
          // Points for going out: the rack shown is the opponent's; checked against the derived rack.
          const racks: [string | null, string | null] = [null, null];
          racks[other(seat)] = l.move.rack;
          push({ type: 'EnterEndRacks', racks });
        } else {
          ownRacks[seat] = l.move.rack;
          if (ownRacks[0] !== null && ownRacks[1] !== null) push({ type: 'EnterEndRacks', racks: [ownRacks[0], ownRacks[1]] });
        }
        break;
      }
      case 'time':
        push({ type: 'RecordTimePenalty', seat, points: Math.abs(l.score) });
        break;
      case 'penalty':
        push({ type: 'RecordIncident', kind: 'td-penalty', seat, description: `GCG line ${l.lineNo}: (penalty)`, points: Math.abs(l.score) });
        break;
      case 'withdrawn':
      case 'challenge-bonus':
        invalid('scrabble/gcg-bad-line', `line ${l.lineNo}: "${l.move.kind}" must follow the player's own play`, RULE, 'text');
    }
  }
  if (state.phase === 'ended' && state.end.racksSettled) {
    push({ type: 'SignResultSlip', seat: 0 });
    push({ type: 'SignResultSlip', seat: 1 });
  }
  return commands;
}

/** A game (its state, or its events) → GCG text. Exchanges show letters when the game tracked tiles. */
export function exportGcg(source: ScrabbleState | readonly ScrabbleEvent[], endRacks?: readonly { seat: Seat; rack: readonly string[] }[]): string {
  const state = stateOf(source);
  if (state.phase === 'none') return '';
  const g = state.game;
  const nick = (s: Seat) => g.players[s].id.replace(/\s+/g, '_');
  const out = ['#character-encoding UTF-8', `#player1 ${nick(0)} ${g.players[0].name}`, `#player2 ${nick(1)} ${g.players[1].name}`];
  const racks = endRacks ?? (Array.isArray(source) ? endRacksOf(source as ScrabbleEvent[]) : []);
  const sign = (n: number) => (n >= 0 ? `+${n}` : `${n}`);
  for (const l of gameLog(g, racks)) {
    const t = l.turn;
    const rack = t?.rackBefore ? `${t.rackBefore.join('')} ` : '';
    let body: string;
    switch (l.kind) {
      case 'turn': {
        const m = t?.move;
        if (!m) body = `${rack}- `; // a lost turn is written as a pass
        else if (m.kind === 'play') body = `${rack}${m.coordinate} ${m.word} `;
        else if (m.kind === 'exchange') body = `${rack}-${m.tiles ? m.tiles.join('') : m.count} `;
        else body = `${rack}- `;
        break;
      }
      case 'play-withdrawn': body = `${rack}-- `; break;
      case 'challenge-penalty': body = '(challenge) '; break;
      case 'end-rack': body = `(${l.rack ? l.rack.join('') : ''}) `; break;
      case 'time-penalty': body = '(time) '; break;
      case 'td-penalty': body = '(penalty) '; break;
      case 'correction': continue;
    }
    out.push(`>${nick(l.seat)}: ${body}${sign(l.points)} ${l.totals[l.seat]}`);
  }
  return out.join('\n') + '\n';
}
