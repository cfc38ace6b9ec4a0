import {
  noSuchMove,
  position,
  winnerText,
  type Cell,
  type DisciplinePages,
  type GamePage,
  type GamePageRequest,
  type Grid,
} from '../../discipline-kit/pages.js';
import { applyMove, emptyBoard, parsePoint, place } from './board.js';
import type { GoState } from './go.types.js';

const GTP_LETTERS = 'ABCDEFGHJKLMNOPQRST';

/** Go: the board after move n, replayed from the handicap stones through each move's stone and captures. */
export function goPage({ state, move, s, href }: GamePageRequest & { state: GoState }): GamePage {
  if (state.phase === 'none') throw noSuchMove(move ?? 0, 0);
  const g = state.game;
  const { n, nav, at } = position(move, g.moves.length, href, s, 'move');
  const size = g.boardSize;
  let rows: readonly string[] = emptyBoard(size);
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

/** What the pages show of Go: its names, the SGF export, the board at any move. */
export const GO_PAGES: Partial<DisciplinePages> = {
  names: { en: 'Go', 'zh-Hant': '圍棋' },
  record: { format: { en: 'SGF', 'zh-Hant': 'SGF' }, href: (id) => `/v1/go/games/${id}/sgf` },
  game: (r) => goPage({ ...r, state: r.state as GoState }),
};
