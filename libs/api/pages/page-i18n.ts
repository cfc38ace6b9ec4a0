/** The pages' two languages (issue 35), English and Traditional Chinese, and how a request picks one. */
import type { PageLang } from '../../domain/discipline-kit/pages.js';
import { EN, type PageStrings } from './page-strings-en.js';
import { ZH } from './page-strings-zh-hant.js';

export type { PageLang };
export const PAGE_LANGS: readonly PageLang[] = ['en', 'zh-Hant'];

export const PAGE_STRINGS: Readonly<Record<PageLang, PageStrings>> = { en: EN, 'zh-Hant': ZH };

/**
 * The page's language: `?lang=` when it names one of ours, else the first Accept-Language range (by q) that matches
 * (any zh-* gives zh-Hant, the only Chinese we have), else English.
 */
export function negotiateLang(query: string | undefined, acceptLanguage: string | undefined): PageLang {
  if (query !== undefined) {
    const q = PAGE_LANGS.find((l) => l.toLowerCase() === query.toLowerCase());
    if (q) return q;
  }
  const ranges = (acceptLanguage ?? '')
    .split(',')
    .map((part, i) => {
      const [tag, ...params] = part.trim().split(';');
      const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = qParam ? Number(qParam.slice(2)) : 1;
      return { tag: (tag ?? '').toLowerCase(), weight: Number.isFinite(weight) ? weight : 0, i };
    })
    .filter((r) => r.tag && r.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.i - b.i);
  for (const r of ranges) {
    if (r.tag === 'zh' || r.tag.startsWith('zh-')) return 'zh-Hant';
    if (r.tag === 'en' || r.tag.startsWith('en-')) return 'en';
  }
  return 'en';
}
