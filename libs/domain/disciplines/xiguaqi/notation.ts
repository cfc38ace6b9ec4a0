/**
 * The match record as text, one line a command (docs/traceability/xiguaqi.md, "Notation"); points are numbered as in
 * docs/xiguaqi-board.svg. Export reads the recorded events; import gives the commands that re-record them.
 *
 *   [BestOf "3"]  [MinutesPerGame "20"]  [Seat0 "Ann"]  [Seat1 "Bob"]      headers
 *   Game 1 black=0 @0                      a game starts; seat 0 plays Black and moves first; @ = seconds since the match started
 *   1. B 4-7 @5                            a move from point 4 to point 7
 *   6. W 15-10 x7,11 ! @180 clock=540000/600000 ; escaped 9
 *                                          captures (every point taken), ! a grab (第七条), an official's clock reading first
 *   7. B pass @190      B resigns @200      time @1200 (both halves used: count)      ruling W @210 "note"   ruling draw @210
 *   W forfeits game @220                   seat 1 forfeits match @230                ; a comment (ignored on import)
 */
import { invalid } from '../../kernel/index.js';
import { msBetween } from '../../kernel/index.js';
import { seatOf } from './position.js';
import type { Colour, Seat, XiguaqiEvent, XiguaqiStep } from './xiguaqi.types.js';

const RULE = 'Arbitra: the xiguaqi match notation (one command a line, points numbered as in docs/xiguaqi-board.svg)';

const secs = (ms: number): string => String(Math.round(ms) / 1000);
const colourName = (c: Colour) => (c === 'B' ? 'Black' : 'White');

/** The recorded events of one match as text. */
export function exportRecord(events: readonly XiguaqiEvent[]): string {
  const lines: string[] = [];
  let t0 = '';
  let black: Seat = 0;
  let clock = '';
  const t = (at: string) => `@${secs(msBetween(t0, at))}`;
  const colourOfSeat = (seat: Seat): Colour => (seat === black ? 'B' : 'W');
  const withClock = (line: string) => {
    const out = clock ? `${line} ${clock}` : line;
    clock = '';
    return out;
  };
  events.forEach((e, i) => {
    switch (e.type) {
      case 'xiguaqi.MatchStarted':
        t0 = e.data.at;
        lines.push(
          `[BestOf "${e.data.bestOf}"]`,
          `[MinutesPerGame "${e.data.minutesPerGame}"]`,
          `[Seat0 "${e.data.players[0].name}"]`,
          `[Seat1 "${e.data.players[1].name}"]`,
          '',
        );
        return;
      case 'xiguaqi.GameStarted':
        black = e.data.black;
        lines.push(`Game ${e.data.game} black=${e.data.black} ${t(e.data.at)}`);
        return;
      case 'xiguaqi.ClockRead':
        clock = `clock=${e.data.remainingMs[0]}/${e.data.remainingMs[1]}`;
        return;
      case 'xiguaqi.PieceMoved': {
        const m = e.data;
        const captured = m.captured.length ? ` x${m.captured.join(',')}` : '';
        const grab = m.outOfTurn === 'grab' ? ' !' : '';
        const escaped = m.escaped.length ? ` ; escaped ${m.escaped.join(',')}` : '';
        lines.push(withClock(`${m.ply}. ${m.colour} ${m.from}-${m.to}${captured}${grab} ${t(m.at)}`) + escaped);
        return;
      }
      case 'xiguaqi.Passed':
        lines.push(withClock(`${e.data.ply}. ${e.data.colour} pass ${t(e.data.at)}`));
        return;
      case 'xiguaqi.GameEnded': {
        const { outcome, at, note } = e.data;
        const next = events[i + 1];
        const matchForfeit = next?.type === 'xiguaqi.MatchEnded' && next.data.outcome.forfeitedBy !== undefined;
        const loser = outcome.winner === null ? null : colourOfSeat(outcome.winner === 0 ? 1 : 0);
        if (outcome.reason === 'resignation') lines.push(withClock(`${loser} resigns ${t(at)}`));
        if (outcome.reason === 'count') lines.push(withClock(`time ${t(at)}`));
        if (outcome.reason === 'ruling')
          lines.push(withClock(`ruling ${outcome.winner === null ? 'draw' : colourOfSeat(outcome.winner)} ${t(at)}${note ? ` ${JSON.stringify(note)}` : ''}`));
        if (outcome.reason === 'forfeit' && !matchForfeit) lines.push(withClock(`${loser} forfeits game ${t(at)}`));
        const who = outcome.winner === null ? 'drawn' : `${colourName(colourOfSeat(outcome.winner))} (seat ${outcome.winner}) wins`;
        lines.push(`; game ${e.data.game}: ${who} by ${outcome.reason}, captured ${e.data.captured.join('-')}`);
        return;
      }
      case 'xiguaqi.MatchEnded': {
        const o = e.data.outcome;
        if (o.forfeitedBy !== undefined) lines.push(`seat ${o.forfeitedBy} forfeits match ${t(e.data.at)}`);
        lines.push(`; match: ${o.winner === null ? 'drawn' : `seat ${o.winner} wins`}, games ${o.games.join('-')}, captured ${o.captured.join('-')}`);
        return;
      }
    }
  });
  return lines.join('\n') + '\n';
}

export interface RecordStep {
  /** Milliseconds since the match started (the line's `@`). */
  readonly offsetMs: number;
  readonly line: number;
  readonly step: XiguaqiStep;
}

export interface ParsedRecord {
  readonly bestOf: 3 | 5;
  readonly minutesPerGame: number;
  readonly steps: readonly RecordStep[];
}

/** A comment runs from a ";" at a line's start or after a space to the end of the line, unless it is inside a ruling's quoted note. */
function withoutComment(raw: string): string {
  let quoted = false;
  for (let i = 0; i < raw.length; i++) {
    if (raw[i] === '\\' && quoted) i++;
    else if (raw[i] === '"') quoted = !quoted;
    else if (raw[i] === ';' && !quoted && (i === 0 || /\s/.test(raw[i - 1]))) return raw.slice(0, i);
  }
  return raw;
}

const bad = (line: number, why: string): never => invalid('xiguaqi/record', `line ${line}: ${why}`, RULE, 'record');

/** The commands a match record stands for (the match's start needs the players, given beside the text). */
export function parseRecord(text: string): ParsedRecord {
  const headers: Record<string, string> = {};
  const steps: RecordStep[] = [];
  let black: Seat | null = null;
  const seat = (n: number, c: string): Seat => (black === null ? bad(n, 'a move before the first "Game" line') : seatOf(black, c as Colour));
  text.split(/\r?\n/).forEach((raw, i) => {
    const n = i + 1;
    const header = /^\s*\[(\w+)\s+"([^"]*)"\]\s*$/.exec(raw);
    if (header) {
      headers[header[1]] = header[2];
      return;
    }
    const body = withoutComment(raw).trim();
    if (!body) return;
    const timed = /\s@(\d+(?:\.\d+)?)(?=\s|$)/.exec(` ${body}`);
    // The clocks are read from these times: a line without one is refused, never timed a made-up second after the last.
    if (!timed) return bad(n, 'a command line ends with its time, @<seconds since the match started>');
    const offsetMs = Math.round(Number(timed[1]) * 1000);
    const clockM = /\sclock=(\d+)\/(\d+)(?=\s|$)/.exec(` ${body}`);
    const reading = clockM ? { clockReading: { remainingMs: [Number(clockM[1]), Number(clockM[2])] as const } } : {};
    const rest = ` ${body}`
      .replace(/\s@\S+/, '')
      .replace(/\sclock=\S+/, '')
      .trim();
    const push = (step: XiguaqiStep) => steps.push({ offsetMs, line: n, step: { ...step, ...reading } as XiguaqiStep });
    let m: RegExpExecArray | null;
    if ((m = /^Game (\d+) black=([01])$/.exec(rest))) {
      black = Number(m[2]) as Seat;
      if (Number(m[1]) !== 1) return push({ type: 'xiguaqi.start-game', first: black });
      const bestOf = Number(headers.BestOf);
      const minutesPerGame = Number(headers.MinutesPerGame);
      if (bestOf !== 3 && bestOf !== 5) bad(n, 'the [BestOf "3"] or [BestOf "5"] header comes before game 1');
      if (!Number.isInteger(minutesPerGame)) bad(n, 'the [MinutesPerGame "…"] header comes before game 1');
      // The players are filled in by the caller.
      return push({ type: 'xiguaqi.start-match', players: [] as never, bestOf: bestOf as 3 | 5, minutesPerGame, first: black });
    }
    if ((m = /^\d+\.\s+([BW])\s+(\d+)-(\d+)((?:\s+x\d+(?:,\d+)*)?)(\s+!)?$/.exec(rest))) {
      const captures = m[4].trim() ? m[4].trim().slice(1).split(',').map(Number) : [];
      return push({ type: 'xiguaqi.move', seat: seat(n, m[1]), from: Number(m[2]), to: Number(m[3]), ...(captures.length && { captures }) });
    }
    if ((m = /^\d+\.\s+([BW])\s+pass$/.exec(rest))) return push({ type: 'xiguaqi.pass', seat: seat(n, m[1]) });
    if ((m = /^([BW]) resigns$/.exec(rest))) return push({ type: 'xiguaqi.resign', seat: seat(n, m[1]) });
    if (rest === 'time') return push({ type: 'xiguaqi.call-time' });
    if ((m = /^ruling (B|W|draw)(?:\s+("(?:[^"\\]|\\.)*"))?$/.exec(rest))) {
      const note = m[2] ? (JSON.parse(m[2]) as string) : undefined;
      return push({ type: 'xiguaqi.rule-game', winner: m[1] === 'draw' ? null : seat(n, m[1]), ...(note && { note }) });
    }
    if ((m = /^([BW]) forfeits game$/.exec(rest))) return push({ type: 'xiguaqi.forfeit', seat: seat(n, m[1]), scope: 'game' });
    if ((m = /^seat ([01]) forfeits match$/.exec(rest))) return push({ type: 'xiguaqi.forfeit', seat: Number(m[1]) as Seat, scope: 'match' });
    bad(n, `"${rest.slice(0, 60)}" is not a line of the notation`);
  });
  if (!steps.length || steps[0].step.type !== 'xiguaqi.start-match') bad(1, 'a record starts with its headers and "Game 1 black=…"');
  const first = steps[0].step as Extract<XiguaqiStep, { type: 'xiguaqi.start-match' }>;
  return { bestOf: first.bestOf, minutesPerGame: first.minutesPerGame, steps };
}
