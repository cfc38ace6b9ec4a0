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
 *   >nick: RACK (RACK) -n total          own rack deducted (six scoreless turns / overtime limit: an end on the
 *                                        limit is read from both racks deducted in play, its player from (time))
 *   >nick: RACK (time) -n total          time penalty
 *   >nick: (penalty) -n total            a TD penalty (an Arbitra extension, not in the Poslfit spec)
 *   >nick: (reversed) ±n total           signed scores reversed by TD decision (an Arbitra extension), then
 *   #note TD decision: <text>
 *   #note <text>                         a note, kept with the turn of the line before it
 * Import replays the record through the decider (score-only game: tile counts, not letters), so
 * every command it returns is accepted and replays to the same events. What the file says beyond
 * that (racks, exchanged letters, notes) is recorded as written (scrabble.TurnAnnotated), so the
 * export gives the same lines back; whatever cannot be kept is listed in `notKept`.
 */
import type { Actor } from '../../kernel/command.js';
import type { RecordSource } from '../../kernel/record-source.js';
import { DomainError, invalid } from '../../kernel/errors.js';
import { GCG_RULE as RULE, parseGcg, type GcgLine, type GcgNotKept } from './gcg-parse.js';
import { decide, initialState } from './scrabble.decider.js';
import { evolve } from './scrabble.evolve.js';
import { scrabbleCommand, type PlayerInfo, type ScrabbleCommand, type ScrabbleStep } from './scrabble.commands.js';
import type { ScrabbleEvent } from './scrabble.events.js';
import type { ScrabbleState } from './scrabble.state.js';
import { endRacksOf, gameLog, stateOf, type LogLine } from './game-log.js';
import { other, type Seat } from './seat.js';
import { RACK_SIZE } from './tiles.js';

export interface GcgImportOptions {
  readonly startAt?: string;
  readonly stepSeconds?: number;
  readonly actor?: Actor;
  /** The commands' ids are `<commandIdPrefix>-1`, `-2`, …: the importing request's command id, so a retry under its Idempotency-Key is known. */
  readonly commandIdPrefix?: string;
  /** The imported file (issue 30): recorded on the game, which then carries no clock reading. */
  readonly source?: RecordSource;
}

export { parseGcg, type GcgLine, type GcgNotKept, type ParsedGcg } from './gcg-parse.js';

export interface GcgImport {
  /** The commands that record the game, in order; each is accepted by the decider on the state before it. */
  readonly commands: ScrabbleCommand[];
  /** The players as written (nick, name). */
  readonly players: readonly { readonly nick: string; readonly name: string }[];
  /** What the file says that could not be kept as a recorded fact. */
  readonly notKept: readonly GcgNotKept[];
}

/** GCG text → the commands that record the same game (each accepted by the decider in turn). */
export function importGcg(text: string, opts: GcgImportOptions = {}): ScrabbleCommand[] {
  return importGcgRecord(text, opts).commands;
}

const TD_DECISION = /^TD decision:\s*/;

/** GCG text → the commands, and what of the file could not be kept. */
export function importGcgRecord(text: string, opts: GcgImportOptions & { players?: readonly [PlayerInfo, PlayerInfo] } = {}): GcgImport {
  const parsed = parseGcg(text);
  const { lines } = parsed;
  const players = parsed.players.map((p, i) => ({ ...p, ...(opts.players && { id: opts.players[i].id, name: opts.players[i].name }) }));
  const notKept: GcgNotKept[] = [...parsed.notKept];
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
  /** The file line being recorded, for refusals. */
  let reading: number | null = null;
  const push = (c: ScrabbleStep) => {
    const cmd = scrabbleCommand(c, {
      at: new Date(t0 + commands.length * step).toISOString(),
      actor,
      commandId: `${opts.commandIdPrefix ?? 'gcg'}-${commands.length + 1}`,
    });
    try {
      for (const e of decide(cmd, state)) state = evolve(state, e);
    } catch (e) {
      // Issue 30: every refusal of a file names its line (a game ended on the overtime limit: GCG does not say so).
      if (!(e instanceof DomainError) || reading === null || e.message.startsWith('line ')) throw e;
      throw new DomainError(e.type, `line ${reading}: ${e.message}`, e.rule, e.kind, e.field ?? 'text', e.details);
    }
    commands.push(cmd);
  };
  const lastTurn = (): number | null => (state.phase === 'none' || state.game.turns.length === 0 ? null : state.game.turns[state.game.turns.length - 1].n);
  const lost = (l: GcgLine, what: string, why: string) => notKept.push({ line: l.lineNo, text: what, why });
  /** Keeps what a line says beyond the game's own record: the rack (turn lines), exchanged letters, notes. */
  const keep = (l: GcgLine, turn: number | null, turnRack: string | null) => {
    if (turn === null) {
      if (l.rack) lost(l, l.rack, 'no turn to keep the rack with');
      for (const n of l.notes) lost(l, `#note ${n}`, 'no turn to keep the note with');
      return;
    }
    const isTurnLine = l.move.kind === 'play' || l.move.kind === 'exchange' || l.move.kind === 'pass';
    if (l.rack && !isTurnLine && !ownEndRack(l) && !(l.move.kind === 'withdrawn' && l.rack === turnRack)) {
      lost(l, l.rack, `the rack written on a "${l.move.kind}" line is not recorded (only the rack before a move is)`);
    }
    const rack = isTurnLine && l.rack ? l.rack.split('') : undefined;
    const exchanged = l.move.kind === 'exchange' && l.move.tiles ? l.move.tiles.split('') : undefined;
    const t = state.phase === 'none' ? undefined : state.game.turns.find((x) => x.n === turn);
    const played = l.move.kind === 'play' && t?.move?.kind === 'play' ? { file: l.move, game: t.move } : null;
    // A one-tile play the file writes in the other direction (J6 .O for 7J O.): its word cannot go with the recorded
    // coordinate, so the play is written as recorded (the same square) and the file's notation is named.
    const turned = played !== null && played.game.coordinate !== played.file.coordinate;
    if (played && turned)
      lost(
        l,
        `${played.file.coordinate} ${played.file.word}`,
        `written in the other direction; recorded as ${played.game.coordinate} ${played.game.word}, the same tiles`,
      );
    const word = played && !turned && played.game.word !== played.file.word ? played.file.word : undefined;
    const notes = l.move.kind === 'reversed' ? l.notes.filter((n) => !TD_DECISION.test(n)) : l.notes;
    const source = `GCG line ${l.lineNo}`;
    if (rack || word || exchanged || notes.length > 0) {
      push({
        type: 'scrabble.annotate-turn',
        turn,
        source,
        ...(rack && { rack }),
        ...(word && { word }),
        ...(exchanged && { exchanged }),
        ...(notes[0] !== undefined && { note: notes[0] }),
      });
    }
    for (const note of notes.slice(1)) push({ type: 'scrabble.annotate-turn', turn, source, note });
  };
  let reversal: { tdDecision: string; lines: GcgLine[] } | null = null;
  const starter = lines.length ? seatOf(lines[0].nick, lines[0].lineNo) : 0;
  push({
    type: 'scrabble.start-game',
    players: [
      { id: players[0].id, name: players[0].name },
      { id: players[1].id, name: players[1].name },
    ],
    starter,
    clockSide: 'right',
    clockSideChosenBy: other(starter),
    tilesCounted: 100,
    tracking: false,
    ...(opts.source && { source: opts.source }),
    profile: bonus
      ? { challengePenalty: { kind: 'points-per-word', points: perWord, appliedTo: bonus.score >= 0 ? 'player-bonus' : 'challenger-deducted' } }
      : undefined,
  });
  push({ type: 'scrabble.draw-tiles', seat: starter, count: RACK_SIZE });
  push({ type: 'scrabble.draw-tiles', seat: other(starter), count: RACK_SIZE });
  const ownRacks: (string | null)[] = [null, null];
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i];
    reading = l.lineNo;
    const seat = seatOf(l.nick, l.lineNo);
    const next = lines[i + 1];
    const nextSame = next && seatOf(next.nick, next.lineNo) === seat ? next : undefined;
    const first = i;
    switch (l.move.kind) {
      case 'play': {
        push({ type: 'scrabble.make-move', seat, move: { kind: 'play', coordinate: l.move.coordinate, word: l.move.word }, announcedScore: l.score });
        keep(l, lastTurn(), l.rack);
        if (state.phase !== 'playing') break;
        const turn = state.game.turns[state.game.turns.length - 1];
        const mainWord = turn.move?.kind === 'play' ? turn.move.words[0] : '';
        if (nextSame?.move.kind === 'withdrawn') {
          push({ type: 'scrabble.challenge', seat: other(seat), words: [mainWord] });
          push({ type: 'scrabble.resolve-challenge', verdicts: [{ word: mainWord, valid: false }] });
          i++;
          break;
        }
        const nextOther = next && !nextSame && next.move.kind === 'challenge-bonus' && next.score < 0 ? next : undefined;
        const bonusLine = nextSame?.move.kind === 'challenge-bonus' ? nextSame : nextOther;
        if (bonusLine) {
          const formed = turn.move?.kind === 'play' ? [...new Set(turn.move.words)] : [mainWord];
          const words = formed.slice(0, Math.max(1, Math.abs(bonusLine.score) / perWord));
          push({ type: 'scrabble.challenge', seat: other(seat), words });
          push({ type: 'scrabble.resolve-challenge', verdicts: words.map((word) => ({ word, valid: true })) });
          push({ type: 'scrabble.reannounce-score', seat, score: l.score });
          i++;
        }
        if (state.phase !== 'playing') break;
        const placed = turn.move?.kind === 'play' ? turn.move.placements.length : 0;
        const n = drawnAfter(lines, i, seat, seatOf, state.game.racks[seat].count, Math.min(placed, state.game.bag.count));
        // Going out is accepted, unless the file then deducts own racks: the overtime limit ended the game first.
        const overtimeNext = lines.slice(i + 1).find((x) => x.move.kind !== 'time' && x.move.kind !== 'penalty');
        if (state.status.kind === 'pending' && state.status.goingOut && !(overtimeNext && ownEndRack(overtimeNext)))
          push({ type: 'scrabble.accept-move', seat: other(seat) });
        else if (n > 0) push({ type: 'scrabble.draw-tiles', seat, count: n });
        break;
      }
      case 'exchange':
        push({ type: 'scrabble.make-move', seat, move: { kind: 'exchange', count: l.move.count } });
        keep(l, lastTurn(), l.rack);
        if (state.phase === 'playing') push({ type: 'scrabble.draw-tiles', seat, count: l.move.count });
        break;
      case 'pass':
        push({ type: 'scrabble.make-move', seat, move: { kind: 'pass' } });
        keep(l, lastTurn(), l.rack);
        break;
      case 'reversed': {
        // Seed 分數: 「除非雙方因分數顛倒而獲比賽總監同意更改」 — recorded after both signatures, with the TD decision noted.
        const decision = l.notes.find((n) => TD_DECISION.test(n));
        reversal ??= { tdDecision: `GCG line ${l.lineNo}: (reversed)`, lines: [] };
        if (decision) reversal.tdDecision = decision.replace(TD_DECISION, '');
        reversal.lines.push(l);
        break;
      }
      case 'end-rack': {
        if (!ownEndRack(l)) {
          // Points for going out: the rack shown is the opponent's; checked against the derived rack.
          const racks: [string | null, string | null] = [null, null];
          racks[other(seat)] = l.move.rack;
          push({ type: 'scrabble.enter-end-racks', racks });
        } else {
          // An own rack deducted while the game is in play (no six zeros): only the overtime limit ends a game so (seed 過時),
          // so the first such line records that end. GCG writes no clock and does not say who reached the limit.
          if (state.phase === 'playing') push({ type: 'scrabble.end-on-overtime', asWritten: `GCG line ${l.lineNo}` });
          ownRacks[seat] = l.move.rack;
          if (ownRacks[0] !== null && ownRacks[1] !== null) push({ type: 'scrabble.enter-end-racks', racks: [ownRacks[0], ownRacks[1]] });
        }
        break;
      }
      case 'time':
        push({ type: 'scrabble.record-time-penalty', seat, points: Math.abs(l.score) });
        break;
      case 'penalty':
        push({ type: 'scrabble.record-incident', kind: 'td-penalty', seat, description: `GCG line ${l.lineNo}: (penalty)`, points: Math.abs(l.score) });
        break;
      case 'withdrawn':
      case 'challenge-bonus':
        invalid('scrabble/gcg-bad-line', `line ${l.lineNo}: "${l.move.kind}" must follow the player's own play`, RULE, 'text');
    }
    // A line consumed with a play (its withdrawal, its challenge bonus), and non-turn lines, keep what they say with the last turn.
    for (let k = l.move.kind === 'play' || l.move.kind === 'exchange' || l.move.kind === 'pass' ? first + 1 : first; k <= i; k++) {
      if (lines[k].move.kind !== 'reversed' || lines[k].notes.some((n) => !TD_DECISION.test(n))) keep(lines[k], lastTurn(), l.rack);
    }
  }
  if (state.phase === 'ended' && state.end.racksSettled) {
    push({ type: 'scrabble.sign-result-slip', seat: 0 });
    push({ type: 'scrabble.sign-result-slip', seat: 1 });
  }
  if (reversal) {
    if (state.phase !== 'finished')
      invalid('scrabble/gcg-bad-line', `line ${reversal.lines[0].lineNo}: scores are reversed only on a signed result`, RULE, 'text');
    // A (reversed) pair is written only for a reversal already recorded under seed 分數 — asked by both players (雙方),
    // with the TD decision — so the imported record carries both seats' agreement.
    push({ type: 'scrabble.correct-reversed-scores', tdDecision: reversal.tdDecision, agreedBy: [0, 1] });
  }
  return { commands, players: players.map((p) => ({ nick: p.nick, name: p.name })), notKept };
}

/**
 * A line deducting the player's own rack (six scoreless turns, the overtime limit): GCG writes the rack before it as
 * well, `>a: EQ (EQ) -11`; a rack of blanks deducts 0, an empty one `()` too. Otherwise the line gives the points for
 * going out (`>a: (EQ) +22`; the opponent's rack is never empty then).
 */
function ownEndRack(l: GcgLine): boolean {
  return l.move.kind === 'end-rack' && l.score <= 0 && (l.rack === l.move.rack || l.move.rack === '');
}

/**
 * How many tiles a player drew after the play on line i: as many as they placed (while the bag lasts), unless the
 * player's next line writes a rack that says otherwise (a game ended on the overtime limit before the draw): the
 * file's rack is what they held.
 */
function drawnAfter(lines: readonly GcgLine[], i: number, seat: Seat, seatOf: (nick: string, lineNo: number) => Seat, held: number, most: number): number {
  const next = lines.slice(i + 1).find((l) => seatOf(l.nick, l.lineNo) === seat && (l.rack !== null || l.move.kind === 'end-rack'));
  const written = next === undefined ? null : next.move.kind === 'end-rack' ? (ownEndRack(next) ? next.move.rack.length : null) : next.rack?.length;
  return written != null && written - held >= 0 && written - held < most ? written - held : most;
}

/**
 * After the last turn, the end-rack lines come before the time penalties (as GCG files write them, and as an import
 * records them: rack points are scored when the game ends, a time penalty entered after). A live game may have
 * recorded its clock's penalties first; writing one order keeps export → import → export byte-identical (issue 30).
 */
function endRacksFirst(lines: readonly LogLine[]): LogLine[] {
  const lastTurn = lines.map((l) => l.kind).lastIndexOf('turn');
  const tail = lines.slice(lastTurn + 1);
  const end = tail.findIndex((l) => l.kind === 'end-rack' || l.kind === 'time-penalty');
  if (end < 0) return [...lines];
  const block = tail.slice(end);
  const racksEnd = block.findIndex((l) => l.kind !== 'end-rack' && l.kind !== 'time-penalty');
  const settled = racksEnd < 0 ? block : block.slice(0, racksEnd);
  const rest = racksEnd < 0 ? [] : block.slice(racksEnd);
  return [...lines.slice(0, lastTurn + 1 + end), ...settled.filter((l) => l.kind === 'end-rack'), ...settled.filter((l) => l.kind !== 'end-rack'), ...rest];
}

/** A game (its state, or its events) → GCG text. Exchanges show letters when the game tracked tiles. */
export function exportGcg(source: ScrabbleState | readonly ScrabbleEvent[], endRacks?: readonly { seat: Seat; rack: readonly string[] }[]): string {
  const state = stateOf(source);
  if (state.phase === 'none') return '';
  const g = state.game;
  // An imported record writes its file's pragmas back as written, and its nicks (issue 30).
  const written = g.source?.headers;
  const fileNick = (s: Seat) => written?.find(([k]) => k === `player${s + 1}`)?.[1].split(/\s+/)[0];
  const nick = (s: Seat) => fileNick(s) ?? g.players[s].id.replace(/\s+/g, '_');
  const out = written
    ? written.map(([k, v]) => `#${k}${v ? ` ${v}` : ''}`)
    : ['#character-encoding UTF-8', `#player1 ${nick(0)} ${g.players[0].name}`, `#player2 ${nick(1)} ${g.players[1].name}`];
  const racks = endRacks ?? (Array.isArray(source) ? endRacksOf(source as ScrabbleEvent[]) : []);
  const sign = (n: number) => (n >= 0 ? `+${n}` : `${n}`);
  const ownRacksDeducted =
    (state.phase === 'ended' || state.phase === 'finished') && state.end !== null && state.end !== undefined && state.end.reason !== 'went-out';
  const totals: [number, number] = [0, 0];
  // A turn's notes follow its whole move: the play, then its withdrawal (--) or challenge line (GCG: a #note follows
  // the move it comments; the import keeps a note written after those lines with the turn).
  let pending: { turn: number; notes: readonly string[] } | null = null;
  const flush = () => {
    for (const n of pending?.notes ?? []) out.push(`#note ${n}`);
    pending = null;
  };
  for (const l of endRacksFirst(gameLog(g, racks))) {
    if (!(pending && (l.kind === 'play-withdrawn' || l.kind === 'challenge-penalty') && l.turn?.n === pending.turn)) flush();
    totals[l.seat] += l.points;
    const t = l.turn;
    const known = t?.rackBefore ?? t?.written?.rack ?? null;
    const rack = known ? `${known.join('')} ` : '';
    let body: string;
    switch (l.kind) {
      case 'turn': {
        const m = t?.move;
        if (!m)
          body = `${rack}- `; // a lost turn is written as a pass
        else if (m.kind === 'play') body = `${rack}${m.coordinate} ${t?.written?.word ?? m.word} `;
        else if (m.kind === 'exchange') {
          const letters = m.tiles ?? t?.written?.exchanged ?? null;
          body = `${rack}-${letters ? letters.join('') : m.count} `;
        } else body = `${rack}- `;
        break;
      }
      case 'play-withdrawn':
        body = `${rack}-- `;
        break;
      case 'challenge-penalty':
        body = '(challenge) ';
        break;
      case 'end-rack': {
        const r = l.rack ? l.rack.join('') : '';
        // Own rack deducted (six zeros, overtime limit; a rack of blanks deducts 0): GCG writes the rack before it too.
        body = ownRacksDeducted && r ? `${r} (${r}) ` : `(${r}) `;
        break;
      }
      case 'reversal':
        body = '(reversed) ';
        break;
      case 'time-penalty':
        body = '(time) ';
        break;
      case 'td-penalty':
        body = '(penalty) ';
        break;
      case 'correction':
        continue;
    }
    out.push(`>${nick(l.seat)}: ${body}${sign(l.points)} ${totals[l.seat]}`);
    if (l.kind === 'turn' && t) pending = { turn: t.n, notes: t.written?.notes ?? [] };
    // Seed 分數: the reversal of signed scores carries its TD decision.
    if (l.kind === 'reversal' && l.seat === 1 && l.decision) out.push(`#note TD decision: ${l.decision.tdDecision}`);
  }
  flush();
  return out.join('\n') + '\n';
}
