import { describe, expect, it } from '@jest/globals';
import { negotiateLang } from './page-i18n.js';

describe('page language (issue 35): ?lang= first, then Accept-Language by weight, else English', () => {
  it('takes ?lang= when it names a language of the pages, whatever Accept-Language says', () => {
    expect(negotiateLang('zh-Hant', 'en')).toBe('zh-Hant');
    expect(negotiateLang('en', 'zh-TW')).toBe('en');
    expect(negotiateLang('zh-hant', undefined)).toBe('zh-Hant');
  });
  it('reads Accept-Language by q: any Chinese gives zh-Hant, English gives en, the first that matches wins', () => {
    expect(negotiateLang(undefined, 'zh-TW,zh;q=0.9,en;q=0.8')).toBe('zh-Hant');
    expect(negotiateLang(undefined, 'fr-FR, en;q=0.5, zh-HK;q=0.9')).toBe('zh-Hant');
    expect(negotiateLang(undefined, 'fr, en-GB;q=0.7')).toBe('en');
    expect(negotiateLang(undefined, 'zh;q=0, en;q=0.1')).toBe('en');
  });
  it('falls back to English with no header or nothing it knows', () => {
    expect(negotiateLang(undefined, undefined)).toBe('en');
    expect(negotiateLang(undefined, 'de, fr;q=0.5')).toBe('en');
  });
});
