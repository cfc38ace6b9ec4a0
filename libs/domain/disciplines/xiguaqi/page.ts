import { DomainError } from '../../kernel/errors.js';
import { noSuchMove, position, winnerText, type DisciplinePages, type GamePage, type GamePageRequest, type PageLang } from '../../discipline-kit/pages.js';
import { positionSvg } from './board-svg.js';
import { boardAt } from './position.js';
import type { XiguaqiState } from './xiguaqi.types.js';

interface Words {
  readonly game: (n: number) => string;
  readonly title: (g: number, ply: number, black: string, white: string) => string;
  readonly caption: (g: number, ply: number, b: number, w: number) => string;
  readonly move: (from: number, to: number) => string;
  readonly captured: (points: string) => string;
  readonly pass: string;
  readonly piece: (colour: 'B' | 'W', point: number, escaped: boolean) => string;
}

/** The page's own words for xiguaqi, per language. */
const WORDS: Readonly<Record<PageLang, Words>> = {
  en: {
    game: (n) => `Game ${n}`,
    title: (g, ply, black, white) => `Game ${g} after ${ply} plies: Black ${black}, White ${white}`,
    caption: (g, ply, b, w) => `Game ${g}, ply ${ply}: Black ${b} on the board, White ${w}`,
    move: (from, to) => `${from}–${to}`,
    captured: (points) => `captures ${points}`,
    pass: 'pass',
    piece: (colour, point, escaped) => `${colour === 'B' ? 'Black' : 'White'} piece on ${point}${escaped ? ' (escaped)' : ''}`,
  },
  'zh-Hant': {
    game: (n) => `第 ${n} 局`,
    title: (g, ply, black, white) => `第 ${g} 局第 ${ply} 步後：黑子 ${black}，白子 ${white}`,
    caption: (g, ply, b, w) => `第 ${g} 局第 ${ply} 步：盤上黑子 ${b}，白子 ${w}`,
    move: (from, to) => `${from}–${to}`,
    captured: (points) => `提 ${points}`,
    pass: '停著',
    piece: (colour, point, escaped) => `${point} 點${colour === 'B' ? '黑子' : '白子'}${escaped ? '（逃棋）' : ''}`,
  },
};

/** Xiguaqi: a game of the match after ply n, as the board SVG with the page's own words; the match's games linked. */
export function xiguaqiPage({ state, game: gameNo, move, lang, s, href }: GamePageRequest & { state: XiguaqiState }): GamePage {
  if (state.phase === 'none') throw noSuchMove(move ?? 0, 0);
  const own = WORDS[lang];
  const m = state.match;
  const g = gameNo === undefined ? m.games[m.games.length - 1] : m.games[gameNo - 1];
  if (!g)
    throw new DomainError(
      'pages/no-such-game',
      `the match has ${m.games.length} games, not ${gameNo}`,
      'Arbitra: a position is named by a game of the match and a ply of that game',
      'not-found',
      'game',
    );
  const to = (ply: number) => href(ply, g.number);
  const { n, nav, at } = position(move, g.plies.length, to, s, 'step');
  const board = boardAt(g.plies, n);
  const names = m.players.map((p) => p.name);
  const black = names[g.black];
  const white = names[g.black === 0 ? 1 : 0];
  const count = (c: 'B' | 'W') => board.filter((p) => p?.colour === c).length;
  const svg = positionSvg(board, own.title(g.number, n, black, white), own.caption(g.number, n, count('B'), count('W')), own.piece);
  return {
    players: [
      { side: s.game.black, name: black },
      { side: s.game.white, name: white },
    ],
    at: `${own.game(g.number)} · ${at}`,
    nav,
    facts: [
      { term: s.game.captures, value: `${names[0]} ${g.captured[0]} · ${names[1]} ${g.captured[1]}` },
      ...(g.outcome && n === g.plies.length ? [{ term: s.game.result, value: winnerText(s, names, g.outcome.winner) }] : []),
    ],
    grid: null,
    svg,
    card: null,
    movesTitle: `${s.game.moves} — ${own.game(g.number)}`,
    moves: g.plies.map((p) => ({
      n: p.ply,
      text:
        p.kind === 'move'
          ? `${p.ply}. ${p.colour === 'B' ? s.game.black : s.game.white} ${own.move(p.from, p.to)}${p.captured.length > 0 ? ` (${own.captured(p.captured.join(', '))})` : ''}`
          : `${p.ply}. ${p.colour === 'B' ? s.game.black : s.game.white} ${own.pass}`,
      href: to(p.ply),
      current: p.ply === n,
    })),
    games: m.games.map((x) => ({ label: own.game(x.number), href: href(x.plies.length, x.number), current: x.number === g.number })),
  };
}

/** What the pages show of xiguaqi: its names, the match record's export, each game of the match at any ply. */
export const XIGUAQI_PAGES: Partial<DisciplinePages> = {
  names: { en: 'Xiguaqi', 'zh-Hant': '西瓜棋' },
  record: { format: { en: 'record', 'zh-Hant': '記錄' }, href: (id) => `/v1/xiguaqi/games/${id}/record` },
  game: (r) => xiguaqiPage({ ...r, state: r.state as XiguaqiState }),
};
