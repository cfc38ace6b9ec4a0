import type { FastifyReply } from 'fastify';
import { createHash } from 'node:crypto';
import { DISCIPLINES } from '../../domain/standings/index.js';
import type { AuthedRequest } from '../auth/auth.guard.js';
import { matchesIfNoneMatch, PUBLIC_DOCUMENT_CACHE } from '../document-response.js';
import { negotiateLang, PAGE_LANGS, PAGE_STRINGS, type PageLang } from './page-i18n.js';
import { LIVE_SCRIPT, PAGE_CSS, pageTemplates } from './page-templates.js';

/** Where the pages live: their own prefix, beside the API's /v1. */
export const PAGES_PREFIX = '/pages';

/** A link of the page's navigation. */
export interface NavLink {
  readonly href: string;
  readonly label: string;
}

/** What every page's layout needs besides its body. */
export interface FrameInput {
  readonly lang: PageLang;
  readonly title: string;
  /** The navigation's name (a tournament's name, or the federation's lists). */
  readonly navLabel: string;
  readonly nav: readonly NavLink[];
  /** The query kept by the language switch (besides lang). */
  readonly keep?: Readonly<Record<string, string | undefined>>;
  /** The public SSE stream a projected page follows; none: the page is not live. */
  readonly live?: string;
}

/** The page's language: ?lang=, else Accept-Language, else English. */
export function pageLanguage(query: string | undefined, request: AuthedRequest) {
  const lang = negotiateLang(query, request.headers['accept-language']);
  return { lang, s: PAGE_STRINGS[lang] };
}

/** A page's address in a language, with its query. */
export function pageHref(path: string, lang: PageLang, query: Readonly<Record<string, string | undefined>> = {}): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined) params.set(k, v);
  params.set('lang', lang);
  return `${PAGES_PREFIX}${path}?${params.toString()}`;
}

/** The federation's pages, linked from every page: the tournament list and the rating lists. */
export function federationNav(lang: PageLang): NavLink[] {
  const s = PAGE_STRINGS[lang];
  return [
    { href: pageHref('/tournaments', lang), label: s.tournaments },
    ...DISCIPLINES.map((d) => ({ href: pageHref(`/ratings/${d}`, lang), label: s.ratings.title(s.disciplines[d] ?? d) })),
  ];
}

/** Renders the pages' templates and sends them with their caching headers. */
export class PageRenderer {
  private readonly eta = pageTemplates();

  /** The layout's data: title, the navigation and the language switch (same page and query, other language). */
  frame(f: FrameInput) {
    return {
      lang: f.lang,
      s: PAGE_STRINGS[f.lang],
      css: PAGE_CSS,
      liveScript: LIVE_SCRIPT,
      live: f.live ?? null,
      title: f.title,
      navLabel: f.navLabel,
      nav: f.nav,
      langs: PAGE_LANGS.map((l) => {
        const params = new URLSearchParams();
        for (const [k, v] of Object.entries(f.keep ?? {})) if (v !== undefined) params.set(k, v);
        params.set('lang', l);
        return { lang: l, name: PAGE_STRINGS[l].langName, current: l === f.lang, href: `?${params.toString()}` };
      }),
    };
  }

  /**
   * The page with a strong ETag over its bytes (so a tag says nothing the page does not: no stream revision, which moves
   * when a round is paired unpublished), 304 on If-None-Match; Vary: Accept-Language, as the language may come from it.
   */
  send(request: AuthedRequest, reply: FastifyReply, template: string, data: object): string | undefined {
    const html = this.eta.render(template, data);
    const etag = `"${createHash('sha256').update(html).digest('base64url').slice(0, 32)}"`;
    // text/html on the 304 too: it gets the page's headers (CSP), which a browser merges into the page it keeps; with
    // the API's CSP (default-src 'none') a revalidated page lost its style and its live script.
    void reply.header('etag', etag).header('cache-control', PUBLIC_DOCUMENT_CACHE).header('vary', 'Accept-Language');
    void reply.header('content-type', 'text/html; charset=utf-8');
    if (matchesIfNoneMatch(request.headers['if-none-match'], etag)) {
      void reply.status(304);
      return undefined;
    }
    return html;
  }
}
