import { ratingChartSvg, servedRating, type HistoryPoint, type PlayerDocument, type RankingsPage } from '../../runtime/features/ratings/index.js';
import type { PageLang } from './page-i18n.js';
import { pageHref } from './page-frame.js';
import type { Strings } from './page-views.js';

const signed = (n: number | null) => (n === null ? '–' : n > 0 ? `+${n}` : String(n));

/** A page of the published list in force (GET /v1/rankings/:discipline's rows): rank, name (linked), rating, games. */
export function ratingsView(discipline: string, page: RankingsPage | undefined, after: number, s: Strings, lang: PageLang) {
  const name = s.disciplines[discipline] ?? discipline;
  const title = s.ratings.title(name);
  if (!page) return { title, list: null };
  return {
    title,
    list: {
      caption: s.ratings.list(page.period, page.version, page.closesOn),
      shown: page.total === 0 ? s.ratings.shown(0, 0, 0) : s.ratings.shown(after + 1, after + page.entries.length, page.total),
      nextHref: page.next === null ? null : pageHref(`/ratings/${discipline}`, lang, { after: String(page.next) }),
      rows: page.entries.map((e) => ({
        rank: e.rank ?? '–',
        name: e.name,
        href: pageHref(`/players/${encodeURIComponent(e.player)}`, lang),
        note: [e.provisional ? s.ratings.provisional : null, e.active ? null : s.ratings.inactive].filter((x) => x !== null).join(', '),
        country: e.country,
        rating: e.rating ?? '–',
        games: e.games,
        change: signed(e.change),
      })),
    },
  };
}

/**
 * A player's rating history per discipline (GET /v1/players/:id/rating-history: one point per published period, its
 * latest list version, ratings as served), as the API's SVG chart and the same points as a table (the text alternative).
 */
export function ratedPlayerView(doc: PlayerDocument, s: Strings) {
  return {
    name: doc.name,
    country: doc.country,
    federationId: doc.federationId,
    disciplines: Object.entries(doc.history).map(([discipline, history]) => {
      const points: HistoryPoint[] = history.map((h) => ({ ...h, rating: servedRating(h.rating), change: servedRating(h.change) }));
      const name = s.disciplines[discipline] ?? discipline;
      return {
        id: discipline,
        name,
        // The axis titles in the page's language (the API's own SVG stays English).
        svg: ratingChartSvg(`${doc.name} — ${name}`, points, {
          rating: s.ratings.rating,
          period: s.ratings.period,
          none: s.ratings.notRated,
          provisional: s.ratings.provisional,
        }),
        points: points.map((x) => ({
          period: x.period,
          closesOn: x.closesOn,
          version: x.version,
          rating: x.rating ?? '–',
          provisional: x.provisional,
          change: signed(x.change),
          games: x.games,
          rank: x.rank ?? '–',
        })),
      };
    }),
  };
}
