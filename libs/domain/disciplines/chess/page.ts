import { Chess } from 'chess.js';
import type { RecordedFact } from '../../discipline-kit/descriptor.js';
import {
  noSuchMove,
  position,
  winnerText,
  type Cell,
  type DisciplinePages,
  type GamePage,
  type GamePageRequest,
  type Grid,
  type PageLang,
} from '../../discipline-kit/pages.js';
import { fold } from '../../kernel/decider.js';
import { chessBoardSvg } from './board-svg.js';
import { chessDecider } from './chess.decider.js';
import type { ChessEvent, ChessState } from './chess.types.js';

const PIECE_GLYPHS: Record<string, string> = { wK: '♔', wQ: '♕', wR: '♖', wB: '♗', wN: '♘', wP: '♙', bK: '♚', bQ: '♛', bR: '♜', bB: '♝', bN: '♞', bP: '♟' };

/** The page's own words for chess, per language. */
const WORDS: Readonly<Record<PageLang, { readonly pieces: Readonly<Record<string, string>>; readonly toMove: string }>> = {
  en: { pieces: { K: 'king', Q: 'queen', R: 'rook', B: 'bishop', N: 'knight', P: 'pawn' }, toMove: 'To move' },
  'zh-Hant': { pieces: { K: '王', Q: '后', R: '車', B: '象', N: '馬', P: '兵' }, toMove: '輪到' },
};

/** Chess: the position after ply n (the FEN the game recorded with that move), its pieces read by chess.js. */
export function chessPage({ state, move, lang, s, href }: GamePageRequest & { state: ChessState }): GamePage {
  if (state.phase === 'none') throw noSuchMove(move ?? 0, 0);
  const own = WORDS[lang];
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
          label: `${sq.color === 'w' ? s.game.white : s.game.black} ${own.pieces[sq.type.toUpperCase()]}`,
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
      { term: own.toMove, value: colour[fen.split(' ')[1] === 'w' ? 0 : 1] },
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

/** What the pages show of rapid chess: its names, the PGN export, the board at any ply, the position a ruling was made in. */
export const CHESS_PAGES: Partial<DisciplinePages> = {
  names: { en: 'Rapid chess', 'zh-Hant': '國際象棋快棋' },
  record: { format: { en: 'PGN', 'zh-Hant': 'PGN' }, href: (id) => `/v1/chess/games/${id}/pgn` },
  game: (r) => chessPage({ ...r, state: r.state as ChessState }),
  decision: {
    position: (before: readonly RecordedFact[]) => {
      const chess = fold(
        chessDecider,
        before.map((x) => x as unknown as ChessEvent),
      );
      return chess.phase !== 'none' ? { chessFen: chess.game.fen } : null;
    },
    picture: ({ chessFen }, eventId) =>
      chessFen
        ? {
            heading: 'The position at the moment of the decision',
            html: chessBoardSvg(chessFen, `Position before event ${eventId}: ${chessFen}`),
            markdown: [`FEN \`${chessFen}\``, '', chessBoardSvg(chessFen, `Position before event ${eventId}`), ''],
          }
        : null,
  },
};
