import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import axe from 'axe-core';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { RecordsHarness } from './support/records-harness.js';
import { HIDDEN_RACKS, PAGE_GAMES, runPageGames } from './support/pages-games.js';

const CHROMIUM = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'].find((p) => existsSync(p));
/** As test/pages-chromium.e2e.spec.ts: ARBITRA_PAGES_SCREENSHOTS (CI artefacts; docs/pages refreshes the committed ones), else a temporary folder. */
const SHOTS = process.env.ARBITRA_PAGES_SCREENSHOTS ?? join(tmpdir(), 'arbitra-pages-screenshots');
/** WCAG 2.1 A and AA rules of axe-core; the pages may have no serious or critical violation. */
const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

interface AxeSummary {
  page: string;
  violations: { id: string; impact: string | null; nodes: number }[];
  passes: number;
}

describe('game pages in Chromium (issue 35): each discipline’s board at a move, moved through by links, no script; axe-core', () => {
  let h: RecordsHarness;
  let browser: Browser;
  let origin: string;
  const axeResults: AxeSummary[] = [];

  beforeAll(async () => {
    if (!CHROMIUM) throw new Error('no Chromium found (/usr/bin/chromium): .ci/run installs Debian chromium; elsewhere apt-get install -y chromium');
    h = await RecordsHarness.start();
    await runPageGames(h);
    await h.app.listen(0, '127.0.0.1');
    origin = `http://127.0.0.1:${(h.app.getHttpServer().address() as AddressInfo).port}`;
    browser = await puppeteer.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
    });
    mkdirSync(SHOTS, { recursive: true });
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    if (axeResults.length > 0)
      writeFileSync(join(SHOTS, 'axe-results-games.json'), `${JSON.stringify({ tags: WCAG.join(' '), pages: axeResults }, null, 2)}\n`);
    await h?.stop();
  });

  /** A game page opened with JavaScript off: it must work as a plain document (links, no script). */
  async function open(path: string, opts: { width?: number; height?: number } = {}): Promise<Page> {
    const page = await browser.newPage();
    await page.setJavaScriptEnabled(false);
    await page.setViewport({ width: opts.width ?? 1024, height: opts.height ?? 900 });
    const r = await page.goto(`${origin}/pages/games/${path}`, { waitUntil: 'load' });
    expect([200, 304]).toContain(r?.status());
    return page;
  }

  /** axe-core's WCAG 2.1 AA run (script turned on for the audit only, after the page loaded without it). */
  async function audit(page: Page, name: string): Promise<AxeSummary> {
    const audited = await browser.newPage();
    await audited.setViewport(page.viewport() ?? { width: 1024, height: 900 });
    await audited.goto(page.url(), { waitUntil: 'load' });
    await audited.evaluate(axe.source);
    const result = await audited.evaluate((tags) => (globalThis as unknown as { axe: typeof axe }).axe.run({ runOnly: { type: 'tag', values: tags } }), WCAG);
    await audited.close();
    const summary = {
      page: name,
      violations: result.violations.map((v) => ({ id: v.id, impact: v.impact ?? null, nodes: v.nodes.length })),
      passes: result.passes.length,
    };
    axeResults.push(summary);
    expect(summary.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
    return summary;
  }

  /** Each occupied square of the board: its data key → the label a reader hears. */
  const squares = (page: Page, key: string) =>
    page.$$eval(
      `#board td[data-${key}] span[role="img"]`,
      (spans, k) =>
        Object.fromEntries(
          spans.map((s) => [
            (s as unknown as { parentElement: { dataset: Record<string, string> } }).parentElement.dataset[k as string],
            s.getAttribute('aria-label'),
          ]),
        ),
      key,
    );

  it('Go in zh-Hant: the stones at move 2, then “下一手” by a link: the capture takes White’s stone off', async () => {
    const page = await open(`go/${PAGE_GAMES.go}?move=2&lang=zh-Hant`);
    expect(await page.$eval('html', (e) => e.lang)).toBe('zh-Hant');
    expect(await squares(page, 'point')).toEqual({ ba: '黑方', aa: '白方, 最後一手' });
    expect(await page.$eval('#game-at', (e) => e.textContent)).toBe('第 2 手後（共 3 手）');
    expect(await page.$$eval('script', (s) => s.length)).toBe(0);
    await audit(page, 'game Go zh-Hant');
    await Promise.all([page.waitForNavigation(), page.click('a[rel="next"]')]);
    expect(await squares(page, 'point')).toEqual({ ba: '黑方', ab: '黑方, 最後一手' });
    expect(await page.$$eval('#moves a[aria-current]', (as) => as.map((a) => a.textContent))).toEqual(['3. 黑方 A8 (提 1 子)']);
    await page.screenshot({ path: join(SHOTS, 'game-go-zh-Hant.png'), fullPage: true });
    await page.close();
  });

  it('chess in English: the pieces after 1. e4 e5, each square named for a reader', async () => {
    const page = await open(`chess/${PAGE_GAMES.chess}?move=2&lang=en`);
    const pieces = await squares(page, 'square');
    expect(Object.keys(pieces)).toHaveLength(32);
    expect([pieces.e4, pieces.e5, pieces.e2, pieces.g1]).toEqual(['White pawn', 'Black pawn', undefined, 'White knight']);
    expect(await page.$$eval('#moves li', (ls) => ls.map((l) => l.textContent))).toEqual(['1. e4', '1… e5', '2. Nf3']);
    await audit(page, 'game chess en');
    await page.screenshot({ path: join(SHOTS, 'game-chess-en.png'), fullPage: true });
    await page.close();
  });

  it('Scrabble in zh-Hant on a phone: QI on the board, no rack anywhere; the board scrolls in its box', async () => {
    const page = await open(`scrabble/${PAGE_GAMES.scrabble}?lang=zh-Hant`, { width: 375, height: 740 });
    expect(
      await page.$$eval('#board td.tile', (tds) => tds.map((t) => `${(t as unknown as { dataset: { square: string } }).dataset.square}:${t.textContent}`)),
    ).toEqual(['8G:Q', '8H:I']);
    const body = (await page.$eval('body', (b) => b.textContent)) ?? '';
    expect(body).not.toContain('AERST');
    expect(body).not.toContain(HIDDEN_RACKS.bob);
    expect(await page.evaluate('document.documentElement.scrollWidth <= window.innerWidth')).toBe(true);
    await audit(page, 'game Scrabble zh-Hant (phone)');
    await page.screenshot({ path: join(SHOTS, 'game-scrabble-zh-Hant-phone.png'), fullPage: true });
    await page.close();
  });

  it('xiguaqi in zh-Hant: the SVG board’s pieces after two plies, the match’s games linked', async () => {
    const page = await open(`xiguaqi/${PAGE_GAMES.xiguaqi}?lang=zh-Hant`);
    const pieces = await page.$$eval('#board circle.piece', (cs) => cs.map((c) => `${c.getAttribute('data-point')}${c.getAttribute('data-colour')}`));
    expect(pieces.sort()).toEqual(['13W', '16W', '18W', '19W', '1B', '20W', '21W', '2B', '3B', '5B', '6B', '7B']);
    expect(await page.$$eval('#match-games a', (as) => as.map((a) => a.textContent))).toEqual(['第 1 局']);
    await audit(page, 'game xiguaqi zh-Hant');
    await page.screenshot({ path: join(SHOTS, 'game-xiguaqi-zh-Hant.png'), fullPage: true });
    await page.close();
  });

  it('mahjong in zh-Hant: the score card through hand 1, then to the last hand by its link; the rules’ terms', async () => {
    const page = await open(`mahjong/${PAGE_GAMES.mahjong}?move=1&lang=zh-Hant`);
    expect(await page.$$eval('#score-card tbody tr', (rs) => rs.length)).toBe(1);
    expect(await page.$eval('#score-card tbody td:nth-child(4)', (td) => td.textContent)).toBe('自摸和');
    await Promise.all([page.waitForNavigation(), page.click('#move-nav a:not([rel])[href*="move=8"]')]);
    expect(await page.$$eval('#score-card tbody tr', (rs) => rs.length)).toBe(8);
    expect(await page.$$eval('#score-card tfoot th', (ths) => ths.map((t) => t.textContent))).toEqual(['累計', '罰分', '淨分']);
    await audit(page, 'game mahjong zh-Hant');
    await page.screenshot({ path: join(SHOTS, 'game-mahjong-zh-Hant.png'), fullPage: true });
    await page.close();
  });
});
