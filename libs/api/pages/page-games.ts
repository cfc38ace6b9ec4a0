/**
 * A recorded game at any move, per discipline (issue 35): the board (an HTML table; the xiguaqi board as the API's SVG;
 * the mahjong score card), the moves linked, each built from the public (redacted) state the API's game views read.
 * Positions are replayed with the disciplines' own code (Go's move fold, chess.js, Scrabble's board, xiguaqi's boardAt).
 */
import { Chess } from 'chess.js';
import type { ChessState } from '../../domain/disciplines/chess/index.js';
import { applyMove, emptyBoard as emptyGoBoard, parsePoint, place, type GoState } from '../../domain/disciplines/go/index.js';
import type { MahjongState } from '../../domain/disciplines/mahjong/index.js';
import { BOARD_SIZE, boardLetter, emptyBoard, placeOnBoard, premiumAt, squareName, type ScrabbleState } from '../../domain/disciplines/scrabble/index.js';
import { boardAt, type XiguaqiState } from '../../domain/disciplines/xiguaqi/index.js';
import { scorecard } from '../mahjong/mahjong-view.js';
import { ProblemException } from '../problem.js';
import { positionSvg } from '../xiguaqi/xiguaqi-board-svg.js';
import type { Strings } from './page-views.js';

/** The disciplines with a game page, by the path segment that names them. */
export const GAME_PAGE_DISCIPLINES = ['scrabble', 'go', 'chess', 'xiguaqi', 'mahjong'] as const;
export type GamePageDiscipline = (typeof GAME_PAGE_DISCIPLINES)[number];

export interface Cell {
  readonly text: string;
  /** What a screen reader says for the square (its content), or null when empty. */
  readonly label: string | null;
  readonly cls: string;
  readonly data: Readonly<Record<string, string>>;
}
export interface Grid {
  readonly cls: string;
  readonly caption: string;
  readonly cols: readonly string[];
  readonly rows: readonly { readonly label: string; readonly cells: readonly Cell[] }[];
}
export interface MoveLink {
  readonly n: number;
  readonly text: string;
  readonly href: string;
  readonly current: boolean;
}
export interface CardView {
  readonly players: readonly string[];
  readonly hands: readonly {
    hand: string;
    round: number;
    dealer: string;
    outcome: string;
    winner: string;
    from: string;
    points: number;
    payments: readonly number[];
    running: readonly number[];
    href: string;
    current: boolean;
  }[];
  readonly totals: readonly { label: string; values: readonly number[] }[];
}
export interface GamePage {
  readonly players: readonly { readonly side: string; readonly name: string }[];
  /** Where the page stands: the start, after move n of total. */
  readonly at: string;
  /** Start, previous, next, last: a link each, or null (the label shown without a link) at either end. */
  readonly nav: readonly { readonly label: string; readonly href: string | null; readonly rel: 'prev' | 'next' | null }[];
  readonly facts: readonly { readonly term: string; readonly value: string }[];
  readonly grid: Grid | null;
  readonly svg: string | null;
  readonly card: CardView | null;
  readonly movesTitle: string;
  readonly moves: readonly MoveLink[];
  readonly games: readonly { readonly label: string; readonly href: string; readonly current: boolean }[];
}

/** The address of the page at move `n` (and the xiguaqi game `game`). */
export type MoveHref = (n: number, game?: number) => string;

function noSuchMove(n: number, total: number, unit: 'moves' | 'hands' = 'moves'): ProblemException {
  return new ProblemException(404, 'pages/no-such-move', 'Not found', `the game has ${total} ${unit}, not ${n}`, {
    field: 'move',
    rule: 'Arbitra: a game page shows the position after a recorded move (0: the start)',
  });
}

type Unit = keyof Strings['game']['steps'];

/** The move shown (default: the last), where the page stands, and the links around it in the discipline's unit. */
function position(requested: number | undefined, total: number, href: (n: number) => string, s: Strings, unit: Unit) {
  const n = requested ?? total;
  if (n > total) throw noSuchMove(n, total, unit === 'hand' ? 'hands' : 'moves');
  const w = s.game.steps[unit];
  const link = (label: string, to: number, show: boolean, rel: 'prev' | 'next' | null = null) => ({ label, href: show ? href(to) : null, rel });
  return {
    n,
    at: n === 0 ? (unit === 'hand' ? s.game.noHands : s.game.atStart) : w.after(n, total),
    nav: [link(w.first, 0, n > 0), link(w.prev, n - 1, n > 0, 'prev'), link(w.next, n + 1, n < total, 'next'), link(w.last, total, n < total)],
  };
}

const winnerText = (s: Strings, names: readonly string[], winner: number | null) => (winner === null ? s.outcome.draw : names[winner]);

const GTP_LETTERS = 'ABCDEFGHJKLMNOPQRST';

/** Go: the board after move n, replayed from the handicap stones through each move's stone and captures. */
export function goPage(state: GoState, move: number | undefined, s: Strings, href: MoveHref): GamePage {
  if (state.phase === 'none') throw noSuchMove(move ?? 0, 0);
  const g = state.game;
  const { n, nav, at } = position(move, g.moves.length, href, s, 'move');
  const size = g.boardSize;
  let rows: readonly string[] = emptyGoBoard(size);
  for (const p of g.handicapStones) rows = place(rows, parsePoint(p, size)!, 'x');
  const captures = [0, 0];
  for (const m of g.moves.slice(0, n)) {
    rows = applyMove(rows, m.seat, m.point, m.captured, size);
    captures[m.seat] += m.captured.length;
  }
  const last = n > 0 ? g.moves[n - 1].point : null;
  const colour = [s.game.black, s.game.white];
  const names = g.players.map((p) => (p.rank ? `${p.name} (${p.rank})` : p.name));
  const grid: Grid = {
    cls: 'board go',
    caption: `${s.game.board} — ${at}`,
    cols: [...GTP_LETTERS.slice(0, size)],
    rows: rows.map((row, y) => ({
      label: String(size - y),
      cells: [...row].map((c, x): Cell => {
        if (c === '.') return { text: '', label: null, cls: '', data: {} };
        const point = `${'abcdefghijklmnopqrs'[x]}${'abcdefghijklmnopqrs'[y]}`;
        const isLast = point === last;
        const name = c === 'x' ? s.game.black : s.game.white;
        return {
          text: c === 'x' ? '●' : '○',
          label: isLast ? `${name}, ${s.game.lastMove}` : name,
          cls: `stone ${c === 'x' ? 'b' : 'w'}${isLast ? ' last' : ''}`,
          data: { point, stone: c === 'x' ? 'B' : 'W' },
        };
      }),
    })),
  };
  return {
    players: [0, 1].map((i) => ({ side: colour[i], name: names[i] })),
    at,
    nav,
    facts: [
      { term: s.game.captures, value: `${s.game.black} ${captures[0]} · ${s.game.white} ${captures[1]}` },
      ...(g.result && n === g.moves.length
        ? [
            {
              term: s.game.result,
              value: `${g.result.text} (${winnerText(
                s,
                g.players.map((p) => p.name),
                g.result.winner,
              )})`,
            },
          ]
        : []),
    ],
    grid,
    svg: null,
    card: null,
    movesTitle: s.game.moves,
    moves: g.moves.map((m) => ({
      n: m.number,
      text: `${m.number}. ${colour[m.seat]} ${m.point === null ? s.game.pass : m.gtp}${m.captured.length > 0 ? ` (${s.game.capturedStones(m.captured.length)})` : ''}`,
      href: href(m.number),
      current: m.number === n,
    })),
    games: [],
  };
}

const PIECE_GLYPHS: Record<string, string> = { wK: '♔', wQ: '♕', wR: '♖', wB: '♗', wN: '♘', wP: '♙', bK: '♚', bQ: '♛', bR: '♜', bB: '♝', bN: '♞', bP: '♟' };

/** Chess: the position after ply n (the FEN the game recorded with that move), its pieces read by chess.js. */
export function chessPage(state: ChessState, move: number | undefined, s: Strings, href: MoveHref): GamePage {
  if (state.phase === 'none') throw noSuchMove(move ?? 0, 0);
  const g = state.game;
  const { n, nav, at } = position(move, g.moves.length, href, s, 'step');
  const fen = n === 0 ? (g.startFen ?? new Chess().fen()) : g.moves[n - 1].fen;
  const lastSquares = n > 0 ? [g.moves[n - 1].from, g.moves[n - 1].to] : [];
  const colour = [s.game.white, s.game.black];
  const board = new Chess(fen).board();
  const grid: Grid = {
    cls: 'board chess',
    caption: `${s.game.board} — ${at}`,
    cols: [...'abcdefgh'],
    rows: board.map((rank, r) => ({
      label: String(8 - r),
      cells: rank.map((sq, f): Cell => {
        const square = `${'abcdefgh'[f]}${8 - r}`;
        const shade = (r + f) % 2 === 0 ? 'light' : 'dark';
        const mark = lastSquares.includes(square) ? ' last' : '';
        if (!sq) return { text: '', label: null, cls: `${shade}${mark}`, data: { square } };
        const piece = `${sq.color}${sq.type.toUpperCase()}`;
        return {
          text: PIECE_GLYPHS[piece] ?? piece,
          label: `${sq.color === 'w' ? s.game.white : s.game.black} ${s.game.pieces[sq.type.toUpperCase()]}`,
          cls: `${shade}${mark}`,
          data: { square, piece },
        };
      }),
    })),
  };
  const names = g.players.map((p) => p.name);
  const score = g.result ? (g.result.winner === null ? '½–½' : g.result.winner === 0 ? '1–0' : '0–1') : null;
  return {
    players: [0, 1].map((i) => ({ side: colour[i], name: names[i] })),
    at,
    nav,
    facts: [
      { term: s.game.toMove, value: colour[fen.split(' ')[1] === 'w' ? 0 : 1] },
      ...(g.result && score && n === g.moves.length ? [{ term: s.game.result, value: `${score} (${winnerText(s, names, g.result.winner)})` }] : []),
    ],
    grid,
    svg: null,
    card: null,
    movesTitle: s.game.moves,
    moves: g.moves.map((m) => ({
      n: m.ply,
      text: `${Math.ceil(m.ply / 2)}${m.seat === 0 ? '.' : '…'} ${m.san}`,
      href: href(m.ply),
      current: m.ply === n,
    })),
    games: [],
  };
}

/**
 * Scrabble: the board after turn n, its plays placed in order (a play withdrawn after a challenge left the board), the
 * scores the turns stand at. From the public state: no rack and no exchanged tile is shown (they are never read here).
 */
export function scrabblePage(state: ScrabbleState, move: number | undefined, s: Strings, href: MoveHref): GamePage {
  if (state.phase === 'none') throw noSuchMove(move ?? 0, 0);
  const g = state.game;
  const turns = g.turns;
  const { n, nav, at } = position(move, turns.length, href, s, 'step');
  let board: readonly string[] = emptyBoard();
  const scores = [0, 0];
  for (const t of turns.slice(0, n)) {
    scores[t.seat] += t.score;
    if (t.kind === 'play' && t.move?.kind === 'play' && t.status !== 'withdrawn')
      board = placeOnBoard(
        board,
        t.move.placements.map((p) => ({ row: p.row, col: p.col, letter: boardLetter(p) })),
      );
  }
  const lastMove = n > 0 ? turns[n - 1].move : null;
  const placed = new Set(lastMove?.kind === 'play' && turns[n - 1].status !== 'withdrawn' ? lastMove.placements.map((p) => `${p.row},${p.col}`) : []);
  const grid: Grid = {
    cls: 'board scrabble',
    caption: `${s.game.board} — ${at}`,
    cols: Array.from({ length: BOARD_SIZE }, (_, c) => String.fromCharCode(65 + c)),
    rows: board.map((row, r) => ({
      label: String(r + 1),
      cells: [...row].map((c, col): Cell => {
        const premium = premiumAt(r, col);
        if (c === '.')
          return premium
            ? { text: s.game.premiumShort[premium], label: s.game.premiums[premium], cls: `premium ${premium.toLowerCase()}`, data: {} }
            : { text: '', label: null, cls: '', data: {} };
        const blank = c === c.toLowerCase();
        const isLast = placed.has(`${r},${col}`);
        return {
          text: c.toUpperCase(),
          label: `${c.toUpperCase()}${blank ? ` (${s.game.blank})` : ''}${isLast ? `, ${s.game.lastMove}` : ''}`,
          cls: `tile${blank ? ' blank' : ''}${isLast ? ' last' : ''}`,
          data: { square: squareName(r, col), tile: c },
        };
      }),
    })),
  };
  const names = g.players.map((p) => p.name);
  const moveText = (t: (typeof turns)[number]) => {
    const m = t.move;
    const what =
      t.kind === 'play' && m?.kind === 'play'
        ? `${m.coordinate} ${m.word}`
        : t.kind === 'exchange' && m?.kind === 'exchange'
          ? s.game.exchange(m.count)
          : t.kind === 'lost-turn'
            ? s.game.lostTurn
            : s.game.scrabblePass;
    return `${t.n}. ${names[t.seat]}: ${what} ${t.score >= 0 ? '+' : ''}${t.score}${t.status === 'withdrawn' ? ` (${s.game.withdrawn})` : ''}`;
  };
  return {
    players: [0, 1].map((i) => ({ side: i === g.starter ? s.first : s.second, name: names[i] })),
    at,
    nav,
    facts: [
      { term: s.game.scores, value: `${names[0]} ${scores[0]} · ${names[1]} ${scores[1]}` },
      ...(state.phase === 'finished' && n === turns.length
        ? [{ term: s.game.result, value: `${state.result.scores[0]}–${state.result.scores[1]} (${winnerText(s, names, state.result.winner)})` }]
        : []),
    ],
    grid,
    svg: null,
    card: null,
    movesTitle: s.game.moves,
    moves: turns.map((t) => ({ n: t.n, text: moveText(t), href: href(t.n), current: t.n === n })),
    games: [],
  };
}

/** Xiguaqi: a game of the match after ply n, as the API's board SVG with the page's own words; the match's games linked. */
export function xiguaqiPage(state: XiguaqiState, gameNo: number | undefined, move: number | undefined, s: Strings, href: MoveHref): GamePage {
  if (state.phase === 'none') throw noSuchMove(move ?? 0, 0);
  const m = state.match;
  const g = gameNo === undefined ? m.games[m.games.length - 1] : m.games[gameNo - 1];
  if (!g)
    throw new ProblemException(404, 'pages/no-such-game', 'Not found', `the match has ${m.games.length} games, not ${gameNo}`, {
      field: 'game',
      rule: 'Arbitra: a position is named by a game of the match and a ply of that game',
    });
  const to = (ply: number) => href(ply, g.number);
  const { n, nav, at } = position(move, g.plies.length, to, s, 'step');
  const board = boardAt(g.plies, n);
  const names = m.players.map((p) => p.name);
  const black = names[g.black];
  const white = names[g.black === 0 ? 1 : 0];
  const count = (c: 'B' | 'W') => board.filter((p) => p?.colour === c).length;
  const svg = positionSvg(board, s.game.xgTitle(g.number, n, black, white), s.game.xgCaption(g.number, n, count('B'), count('W')), s.game.xgPiece);
  return {
    players: [
      { side: s.game.black, name: black },
      { side: s.game.white, name: white },
    ],
    at: `${s.game.xgGame(g.number)} · ${at}`,
    nav,
    facts: [
      { term: s.game.captures, value: `${names[0]} ${g.captured[0]} · ${names[1]} ${g.captured[1]}` },
      ...(g.outcome && n === g.plies.length ? [{ term: s.game.result, value: winnerText(s, names, g.outcome.winner) }] : []),
    ],
    grid: null,
    svg,
    card: null,
    movesTitle: `${s.game.moves} — ${s.game.xgGame(g.number)}`,
    moves: g.plies.map((p) => ({
      n: p.ply,
      text:
        p.kind === 'move'
          ? `${p.ply}. ${p.colour === 'B' ? s.game.black : s.game.white} ${s.game.xgMove(p.from, p.to)}${p.captured.length > 0 ? ` (${s.game.xgCaptured(p.captured.join(', '))})` : ''}`
          : `${p.ply}. ${p.colour === 'B' ? s.game.black : s.game.white} ${s.game.xgPass}`,
      href: to(p.ply),
      current: p.ply === n,
    })),
    games: m.games.map((x) => ({ label: s.game.xgGame(x.number), href: href(x.plies.length, x.number), current: x.number === g.number })),
  };
}

/** Mahjong: the table's score card (the API's public card) through hand n, each hand linked. */
export function mahjongPage(id: string, state: MahjongState, move: number | undefined, s: Strings, href: MoveHref): GamePage {
  const card = scorecard(id, state);
  if (!card) throw noSuchMove(move ?? 0, 0, 'hands');
  const { n, nav, at } = position(move, card.hands.length, href, s, 'hand');
  const names = card.players.map((p) => p.name);
  const shown = card.hands.slice(0, n);
  const running = shown.length > 0 ? shown[shown.length - 1].running : names.map(() => 0);
  const complete = n === card.hands.length;
  return {
    players: names.map((name, i) => ({ side: `${s.seat} ${i + 1}`, name })),
    at,
    nav,
    facts: [],
    grid: null,
    svg: null,
    card: {
      players: names,
      hands: shown.map((h) => ({
        hand: s.game.handN(h.hand),
        round: h.round,
        dealer: names[h.dealer],
        outcome: s.game.outcomes[h.outcome] ?? h.outcome,
        winner: h.winner === null ? '–' : names[h.winner],
        from: h.from === null ? '–' : names[h.from],
        points: h.points,
        payments: h.payments,
        running: h.running,
        href: href(h.hand),
        current: h.hand === n,
      })),
      totals: [
        { label: s.game.running, values: running },
        // Penalty points and the net are the card's as it stands: shown once the page is at the last hand.
        ...(complete
          ? [
              { label: s.game.penalties, values: card.penaltyPoints.map((p) => -p) },
              { label: s.game.net, values: card.net },
            ]
          : []),
      ],
    },
    movesTitle: s.game.card,
    moves: [],
    games: [],
  };
}
