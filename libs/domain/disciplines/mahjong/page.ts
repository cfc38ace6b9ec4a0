import { noSuchMove, position, type DisciplinePages, type GamePage, type GamePageRequest, type PageLang } from '../../discipline-kit/pages.js';
import type { MahjongState } from './mahjong.types.js';
import { scorecard } from './scorecard.js';

/** The page's own words for mahjong, per language. */
const WORDS: Readonly<Record<PageLang, { readonly hand: (n: number) => string; readonly outcomes: Readonly<Record<string, string>> }>> = {
  en: {
    hand: (n) => `Hand ${n}`,
    outcomes: { 'self-draw': 'self-drawn win', discard: 'win on a discard', 'robbing-kong': 'robbing the kong', drawn: 'drawn hand' },
  },
  'zh-Hant': { hand: (n) => `第 ${n} 局`, outcomes: { 'self-draw': '自摸和', discard: '銃和', 'robbing-kong': '搶槓', drawn: '荒牌' } },
};

/** Mahjong: the table's score card (the API's public card) through hand n, each hand linked. */
export function mahjongPage({ id, state, move, lang, s, href }: GamePageRequest & { state: MahjongState }): GamePage {
  const own = WORDS[lang];
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
        hand: own.hand(h.hand),
        round: h.round,
        dealer: names[h.dealer],
        outcome: own.outcomes[h.outcome] ?? h.outcome,
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

/** What the pages show of mahjong: its names, the score card's export, and the card through any hand. */
export const MAHJONG_PAGES: Partial<DisciplinePages> = {
  names: { en: 'Mahjong', 'zh-Hant': '麻將' },
  record: { format: { en: 'score card', 'zh-Hant': '記分卡' }, href: (id) => `/v1/tables/${id}/scorecard` },
  shows: 'card',
  game: (r) => mahjongPage({ ...r, state: r.state as MahjongState }),
};
