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
import { emptyBoard, placeOnBoard, premiumAt, SIZE, squareName } from './board.js';
import { scrabbleBoardSvg } from './board-svg.js';
import { scrabbleDecider } from './scrabble.decider.js';
import type { ScrabbleEvent } from './scrabble.events.js';
import type { ScrabbleState } from './scrabble.state.js';
import { boardLetter } from './scoring.js';

const EN = {
  blank: 'blank',
  exchange: (n: number) => `exchanged ${n}`,
  pass: 'pass',
  lostTurn: 'lost turn',
  withdrawn: 'withdrawn after a challenge',
  premiums: { TW: 'triple word', DW: 'double word', TL: 'triple letter', DL: 'double letter' } as Readonly<Record<string, string>>,
  premiumShort: { TW: 'TW', DW: 'DW', TL: 'TL', DL: 'DL' } as Readonly<Record<string, string>>,
};

/** The page's own words for Scrabble, per language. */
const WORDS: Readonly<Record<PageLang, typeof EN>> = {
  en: EN,
  'zh-Hant': {
    blank: '空白棋',
    exchange: (n) => `更換棋子 ${n} 枚`,
    pass: '放棄（Pass）',
    lostTurn: '失去此回合',
    withdrawn: '被挑戰後收回',
    premiums: { TW: '三倍字分', DW: '雙倍字分', TL: '三倍字母分', DL: '雙倍字母分' },
    premiumShort: { TW: '3字', DW: '2字', TL: '3母', DL: '2母' },
  },
};

/**
 * Scrabble: the board after turn n, its plays placed in order (a play withdrawn after a challenge left the board), the
 * scores the turns stand at. From the public state: no rack and no exchanged tile is shown (they are never read here).
 */
export function scrabblePage({ state, move, lang, s, href }: GamePageRequest & { state: ScrabbleState }): GamePage {
  if (state.phase === 'none') throw noSuchMove(move ?? 0, 0);
  const own = WORDS[lang];
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
    cols: Array.from({ length: SIZE }, (_, c) => String.fromCharCode(65 + c)),
    rows: board.map((row, r) => ({
      label: String(r + 1),
      cells: [...row].map((c, col): Cell => {
        const premium = premiumAt(r, col);
        if (c === '.')
          return premium
            ? { text: own.premiumShort[premium], label: own.premiums[premium], cls: `premium ${premium.toLowerCase()}`, data: {} }
            : { text: '', label: null, cls: '', data: {} };
        const blank = c === c.toLowerCase();
        const isLast = placed.has(`${r},${col}`);
        return {
          text: c.toUpperCase(),
          label: `${c.toUpperCase()}${blank ? ` (${own.blank})` : ''}${isLast ? `, ${s.game.lastMove}` : ''}`,
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
          ? own.exchange(m.count)
          : t.kind === 'lost-turn'
            ? own.lostTurn
            : own.pass;
    return `${t.n}. ${names[t.seat]}: ${what} ${t.score >= 0 ? '+' : ''}${t.score}${t.status === 'withdrawn' ? ` (${own.withdrawn})` : ''}`;
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

/** What the pages show of Scrabble: its names, the GCG export, the board at any turn, the board a decision was made on. */
export const SCRABBLE_PAGES: Partial<DisciplinePages> = {
  names: { en: 'Scrabble', 'zh-Hant': '拼字' },
  record: { format: { en: 'GCG', 'zh-Hant': 'GCG' }, href: (id) => `/v1/scrabble/games/${id}/gcg` },
  game: (r) => scrabblePage({ ...r, state: r.state as ScrabbleState }),
  decision: {
    position: (before: readonly RecordedFact[]) => {
      const state = fold(
        scrabbleDecider,
        before.map((x) => x as unknown as ScrabbleEvent),
      );
      return state.phase !== 'none' ? { board: state.game.board } : null;
    },
    picture: ({ board }, eventId) => {
      if (!board) return null;
      const svg = scrabbleBoardSvg(board, `Board before event ${eventId}`);
      return { heading: 'The board at the moment of the decision', html: svg, markdown: [svg, ''] };
    },
  },
};
