import { describe, expect, it } from '@jest/globals';
import { ratingChartSvg } from './rating-chart.js';
import { publicEntry, type HistoryPoint } from './ratings.documents.js';

const point = (period: string, rating: number): HistoryPoint => ({
  period,
  closesOn: `${period}-28`,
  version: 1,
  rating,
  change: null,
  games: 10,
  provisional: false,
  active: true,
  rank: 1,
  played: [],
});
const months = (n: number) => Array.from({ length: n }, (_, i) => point(`${2024 + Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')}`, 2100 + 7 * i));
/** Each text element's x, anchor and content. */
const texts = (svg: string) =>
  [...svg.matchAll(/<text x="([\d.]+)"[^>]*?(?:text-anchor="(\w+)")?[^>]*>([^<]*)<\/text>/g)].map((m) => ({ x: Number(m[1]), anchor: m[2], text: m[3] }));

describe('rating chart (issue 31)', () => {
  it('has axis titles and rating ticks at round values between the lowest and the highest rating', () => {
    const svg = ratingChartSvg('Chan — go', months(12));
    expect(svg).toContain('>Rating</text>');
    expect(svg).toContain('>Rating period</text>');
    const ticks = texts(svg)
      .filter((t) => /^\d+$/.test(t.text))
      .map((t) => Number(t.text));
    // 2100 … 2177: a step of 20 from 2100 to 2180.
    expect(ticks).toEqual([2100, 2120, 2140, 2160, 2180]);
  });

  it('the last period label is whole inside the picture and labels never overlap, with 12 or 36 periods', () => {
    for (const n of [2, 12, 36]) {
      const svg = ratingChartSvg('t', months(n));
      const labels = texts(svg).filter((t) => /^\d{4}-\d{2}$/.test(t.text));
      const lastLabel = labels[labels.length - 1];
      expect(lastLabel.text).toBe(months(n)[n - 1].period);
      // 7 characters at 10 px, about 6 px each, centred: 21 px either side must fit in the 640 px width.
      expect(lastLabel.x + 21).toBeLessThanOrEqual(640);
      for (let i = 1; i < labels.length; i++) expect(labels[i].x - labels[i - 1].x).toBeGreaterThanOrEqual(45);
    }
  });
});

describe('ratings as served (issue 31)', () => {
  it('JSON ratings and changes are rounded to 3 decimals; the stored engine record keeps the full value', () => {
    const state = { rating: 2235.794391057133, games: 3, provisional: false, lastPlayed: null, recent: [] };
    const entry = {
      player: 'p',
      name: 'P',
      country: 'HKG',
      rating: 2235.794391057133,
      games: 3,
      provisional: false,
      active: true,
      rank: 1,
      change: 9.30617,
      played: [],
      state,
    };
    expect(publicEntry(entry)).toMatchObject({ rating: 2235.794, change: 9.306 });
    expect(publicEntry({ ...entry, rating: 2210, change: null })).toMatchObject({ rating: 2210, change: null });
    expect(entry.state.rating).toBe(2235.794391057133);
  });

  it('writes its axis titles in the words it is given (a zh-Hant page), escaped; English by default', () => {
    const words = { rating: '等級分', period: '週期', none: '尚無已公佈的等級分。', provisional: '暫定' };
    const svg = ratingChartSvg('陳 — 圍棋', [{ ...point('2026-11', 1800), provisional: true }], words);
    expect(svg).toContain('>等級分</text>');
    expect(svg).toContain('>週期</text>');
    expect(svg).toContain('2026-11 (v1): 1800 暫定</title>');
    expect(svg).not.toContain('Rating');
    expect(ratingChartSvg('t', [], { ...words, none: '<none>' })).toContain('>&lt;none&gt;</text>');
  });
});
