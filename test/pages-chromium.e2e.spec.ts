import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import axe from 'axe-core';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { RecordsHarness } from './support/records-harness.js';
import { runPagesAppeal, runPagesRound1 } from './support/pages-tournament.js';

const CHROMIUM = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'].find((p) => existsSync(p));
/**
 * Where the screenshots and axe results go: ARBITRA_PAGES_SCREENSHOTS (.ci/run keeps them as artefacts in .ci-artifacts/;
 * `ARBITRA_PAGES_SCREENSHOTS=docs/pages` refreshes the committed ones), else a temporary folder, so a test run leaves
 * the working tree as it was.
 */
const SHOTS = process.env.ARBITRA_PAGES_SCREENSHOTS ?? join(tmpdir(), 'arbitra-pages-screenshots');
const T = 'pages-chromium';
/** WCAG 2.1 A and AA rules of axe-core; the pages may have no serious or critical violation. */
const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

interface AxeSummary {
  page: string;
  violations: { id: string; impact: string | null; nodes: number }[];
  passes: number;
}

describe('public pages in Chromium (issue 35): what a reader sees, in both languages, on a phone and on paper; axe-core', () => {
  let h: RecordsHarness;
  let browser: Browser;
  let base: string;
  let origin: string;
  const axeResults: AxeSummary[] = [];
  const dialogs: string[] = [];

  beforeAll(async () => {
    if (!CHROMIUM) throw new Error('no Chromium found (/usr/bin/chromium): .ci/run installs Debian chromium; elsewhere apt-get install -y chromium');
    h = await RecordsHarness.start();
    await runPagesRound1(h, T, 'Pages Open 2026 · 公開賽');
    await h.app.listen(0, '127.0.0.1');
    origin = `http://127.0.0.1:${(h.app.getHttpServer().address() as AddressInfo).port}`;
    base = `${origin}/pages/tournaments/${T}`;
    // Debian's chromium as the appeal timeline test drives it; no background networking on this closed network.
    browser = await puppeteer.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
    });
    mkdirSync(SHOTS, { recursive: true });
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    if (axeResults.length > 0) writeFileSync(join(SHOTS, 'axe-results.json'), `${JSON.stringify({ tags: WCAG.join(' '), pages: axeResults }, null, 2)}\n`);
    await h?.stop();
  });

  /** A page opened as a browser would (its own Accept-Language), any alert() it raised remembered. */
  async function open(path: string, opts: { acceptLanguage?: string; width?: number; height?: number } = {}): Promise<Page> {
    const page = await browser.newPage();
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    await page.setViewport({ width: opts.width ?? 1024, height: opts.height ?? 800 });
    if (opts.acceptLanguage) await page.setExtraHTTPHeaders({ 'accept-language': opts.acceptLanguage });
    // A path under /pages is the federation's; any other is the tournament's own.
    const r = await page.goto(`${path.startsWith('/pages') ? origin : base}${path}`, { waitUntil: 'load' });
    // 304 when the browser revalidates a page it has (its ETag still current).
    expect([200, 304]).toContain(r?.status());
    return page;
  }

  /** axe-core's WCAG 2.1 AA run on the page (its source evaluated in the page, past the page's CSP); the summary is kept. */
  async function audit(page: Page, name: string): Promise<AxeSummary> {
    await page.evaluate(axe.source);
    const result = await page.evaluate((tags) => (globalThis as unknown as { axe: typeof axe }).axe.run({ runOnly: { type: 'tag', values: tags } }), WCAG);
    const summary = {
      page: name,
      violations: result.violations.map((v) => ({ id: v.id, impact: v.impact ?? null, nodes: v.nodes.length })),
      passes: result.passes.length,
    };
    axeResults.push(summary);
    return summary;
  }

  const cells = (page: Page, selector: string) =>
    page.$$eval(`${selector} tbody tr`, (rows) =>
      rows.map((r) => Array.from((r as unknown as { cells: ArrayLike<{ textContent: string | null }> }).cells, (c) => (c.textContent ?? '').trim())),
    );

  it('the tournament page in English and, switched by its link, in zh-Hant', async () => {
    const page = await open('?lang=en');
    expect(await page.$eval('html', (e) => e.lang)).toBe('en');
    expect(await page.$eval('h1', (e) => e.textContent)).toBe('Pages Open 2026 · 公開賽');
    expect(await page.$$eval('ul.rounds a', (as) => as.map((a) => a.textContent))).toEqual(['Round 1 — Pairings']);
    await page.screenshot({ path: join(SHOTS, 'tournament-en.png'), fullPage: true });
    const switched = await page.$eval('a[hreflang="zh-Hant"]', (a) => (a as unknown as { href: string }).href);
    await Promise.all([page.waitForNavigation(), page.click('a[hreflang="zh-Hant"]')]);
    expect(page.url()).toBe(switched);
    expect(await page.$eval('html', (e) => e.lang)).toBe('zh-Hant');
    expect(await page.$$eval('ul.rounds a', (as) => as.map((a) => a.textContent))).toEqual(['第 1 輪 — 對陣']);
    const a = await audit(page, 'tournament zh-Hant');
    expect(a.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
    await page.close();
  });

  it('the federation’s tournament list in zh-Hant: each tournament linked to its page; axe-core', async () => {
    const page = await open('/pages?lang=zh-Hant');
    expect(await page.$eval('h1', (e) => e.textContent)).toBe('比賽一覽');
    expect(await cells(page, '#tournament-list')).toEqual([['Pages Open 2026 · 公開賽', '拼字', 'main', '5', '1']]);
    const a = await audit(page, 'tournament list zh-Hant');
    expect(a.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
    await page.screenshot({ path: join(SHOTS, 'tournaments-zh-Hant.png'), fullPage: true });
    await Promise.all([page.waitForNavigation(), page.click('#tournament-list tbody a')]);
    expect(await page.$eval('h1', (e) => e.textContent)).toBe('Pages Open 2026 · 公開賽');
    await page.close();
  });

  it('round 1 pairings: by table and by name, the bye, the markup in a name shown as text and never run', async () => {
    const page = await open('/rounds/1', { acceptLanguage: 'en-US,en;q=0.9' });
    expect(await cells(page, '#pairings-by-table')).toEqual([
      ['1', '陳學希', 'Wong Siu Ki', '1–0 (420–380)'],
      ['2', '<script>alert(1)</script> Evil', 'Lee Kwan Yee', '0–1 (300–460)'],
      ['–', 'Ho Ka Wai', 'Bye'],
    ]);
    expect((await cells(page, '#pairings-by-name')).map((r) => r[0])).toEqual([
      '<script>alert(1)</script> Evil',
      'Ho Ka Wai',
      'Lee Kwan Yee',
      'Wong Siu Ki',
      '陳學希',
    ]);
    expect(await page.$$eval('script', (s) => s.map((e) => e.textContent ?? '').filter((t) => t.includes('alert')))).toEqual([]);
    expect(dialogs).toEqual([]);
    const a = await audit(page, 'round 1 pairings en');
    expect(a.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
    await page.screenshot({ path: join(SHOTS, 'pairings-en.png'), fullPage: true });
    // On paper: no navigation or language switch, A4.
    await page.emulateMediaType('print');
    expect(await page.evaluate("getComputedStyle(document.querySelector('header nav')).display")).toBe('none');
    const pdf = await page.pdf({ format: 'A4', printBackground: false });
    expect(Buffer.from(pdf).subarray(0, 5).toString()).toBe('%PDF-');
    await page.screenshot({ path: join(SHOTS, 'pairings-print.png'), fullPage: true });
    await page.close();
  });

  it('round 1 pairings in zh-Hant on a phone: the rules’ terms, nothing wider than the screen', async () => {
    const page = await open('/rounds/1', { acceptLanguage: 'zh-HK,zh;q=0.9', width: 375, height: 740 });
    expect(await page.$eval('h1', (e) => e.textContent)).toBe('Pages Open 2026 · 公開賽 — 第 1 輪 對陣');
    expect(await page.$$eval('#pairings-by-table thead th', (ths) => ths.map((t) => t.textContent))).toEqual(['台號', '先手', '後手', '結果']);
    expect((await cells(page, '#pairings-by-table'))[2]).toEqual(['–', 'Ho Ka Wai', '輪空']);
    expect(await page.evaluate('document.documentElement.scrollWidth <= window.innerWidth')).toBe(true);
    const a = await audit(page, 'round 1 pairings zh-Hant (phone)');
    expect(a.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
    await page.screenshot({ path: join(SHOTS, 'pairings-zh-Hant-phone.png'), fullPage: true });
    await page.close();
  });

  it('the standings in both languages: ranks, names, the profile’s tie-break column', async () => {
    const zh = await open('/standings?lang=zh-Hant');
    expect(await zh.$$eval('table.standings thead th', (ths) => ths.map((t) => t.textContent))).toEqual([
      '名次',
      '參賽者',
      '積分',
      '勝–和–負',
      '總分數差異',
      '罰分',
    ]);
    expect((await cells(zh, 'table.standings')).map((r) => [r[0], r[1]])).toEqual([
      ['1', 'Lee Kwan Yee'],
      ['2', 'Ho Ka Wai'],
      ['3', '陳學希'],
      ['4', 'Wong Siu Ki'],
      ['5', '<script>alert(1)</script> Evil'],
    ]);
    const a = await audit(zh, 'standings zh-Hant');
    expect(a.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
    await zh.screenshot({ path: join(SHOTS, 'standings-zh-Hant.png'), fullPage: true });
    await zh.close();
    const en = await open('/standings?lang=en');
    expect(await en.$eval('.meta', (e) => e.textContent)).toBe('After round 1');
    const b = await audit(en, 'standings en');
    expect(b.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
    await en.emulateMediaType('print');
    await en.screenshot({ path: join(SHOTS, 'standings-en-print.png'), fullPage: true });
    await en.close();
  });

  it('the crosstable in zh-Hant: one column per round, the total; a name leads to the player page; axe-core', async () => {
    const page = await open('/crosstable?lang=zh-Hant');
    expect(await page.$$eval('table.crosstable thead th', (ths) => ths.map((t) => t.textContent))).toEqual(['名次', '參賽者', '第 1 輪', '總分']);
    expect(await page.$$eval('table.crosstable tbody th', (ths) => ths.map((t) => t.textContent))).toEqual([
      'Lee Kwan Yee',
      'Ho Ka Wai',
      '陳學希',
      'Wong Siu Ki',
      '<script>alert(1)</script> Evil',
    ]);
    const a = await audit(page, 'crosstable zh-Hant');
    expect(a.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
    await page.screenshot({ path: join(SHOTS, 'crosstable-zh-Hant.png'), fullPage: true });
    // A name leads to the player's page, in the same language.
    await Promise.all([page.waitForNavigation(), page.click('table.crosstable tbody th a')]);
    expect(await page.$eval('h1', (e) => e.textContent)).toBe('Lee Kwan Yee');
    expect(await cells(page, '#player-games')).toEqual([['第 1 輪', '2', '後手', '<script>alert(1)</script> Evil', '1 (460–300)', '1', '']]);
    const b = await audit(page, 'player zh-Hant');
    expect(b.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
    await page.screenshot({ path: join(SHOTS, 'player-zh-Hant.png'), fullPage: true });
    await page.close();
  });

  it('a projected page updates itself from the live stream: a round once published, then a result (progressive enhancement)', async () => {
    const arbiter = h.token('arbiter', [T], 'arb-1');
    const home = await open('?lang=en');
    const roundLinks = () => home.$$eval('ul.rounds a', (as) => as.map((a) => a.textContent));
    expect(await roundLinks()).toEqual(['Round 1 — Pairings']);
    const games = [
      { table: 1, first: 'ho', second: 'chan' },
      { table: 2, first: 'wong', second: 'lee' },
    ];
    await h.post(`/v1/tournaments/${T}/rounds/2/pairings`, { kind: 'manual', reason: 'second draw', games, tables: [], bye: 'evil' }, arbiter);
    await h.post(`/v1/tournaments/${T}/rounds/2/publish`, {}, arbiter);
    // No reload: the page's <main> is swapped in once the stream says the round is published (polled, generous limit).
    await home.waitForFunction(
      () => (globalThis as unknown as { document: { querySelectorAll(s: string): { length: number } } }).document.querySelectorAll('ul.rounds a').length === 2,
      { timeout: 60_000, polling: 250 },
    );
    expect(await roundLinks()).toEqual(['Round 1 — Pairings', 'Round 2 — Pairings']);
    const wall = await open('/rounds/2?lang=zh-Hant');
    expect((await cells(wall, '#pairings-by-table'))[0]).toEqual(['1', 'Ho Ka Wai', '陳學希', '–']);
    await h.post(
      `/v1/tournaments/${T}/rounds/2/results`,
      { table: 1, result: { kind: 'played', outcome: 'first', score: { first: 410, second: 390 } } },
      arbiter,
    );
    await wall.waitForFunction(
      () => {
        const cell = (globalThis as unknown as { document: { querySelector(s: string): { textContent: string | null } | null } }).document.querySelector(
          '#pairings-by-table tbody tr td:nth-child(4)',
        );
        return cell?.textContent === '1–0 (410–390)';
      },
      { timeout: 60_000, polling: 250 },
    );
    await wall.screenshot({ path: join(SHOTS, 'pairings-zh-Hant-live.png'), fullPage: true });
    await Promise.all([home.close(), wall.close()]);
  }, 150_000);

  it('a final appeal decision in English and on a phone in zh-Hant: outcome, reasons, remedies, nothing of the file; axe-core', async () => {
    const ap = await runPagesAppeal(h, T, 'chromium-ap-1');
    const page = await open(`/pages/appeals/${ap}?lang=en`);
    expect(await page.$eval('h1', (e) => e.textContent)).toBe(`Appeal ${ap}: final decision`);
    const terms = await page.$$eval('#appeal-decision dt', (ds) => ds.map((d) => d.textContent));
    const values = await page.$$eval('#appeal-decision dd', (ds) => ds.map((d) => (d.textContent ?? '').trim()));
    expect(terms).toEqual(['Decision appealed against', 'Decision', 'Reasons', 'Remedies', 'Decided']);
    expect(values.slice(0, 4)).toEqual([
      'A result',
      'Varied',
      'The clock was set for 20 minutes, not 25.',
      'Round 1, table 2: the game is to be replayed: after the last round, <b>same clocks</b>',
    ]);
    expect(await page.$$eval('#remedies b', (bs) => bs.length)).toBe(0);
    expect(await page.evaluate('document.body.innerText.includes("SECRET")')).toBe(false);
    const a = await audit(page, 'appeal decision en');
    expect(a.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
    await page.screenshot({ path: join(SHOTS, 'appeal-en.png'), fullPage: true });
    await page.close();
    const phone = await open(`/pages/appeals/${ap}`, { acceptLanguage: 'zh-TW', width: 375, height: 740 });
    expect(await phone.$eval('h1', (e) => e.textContent)).toBe(`申訴 ${ap}：最終裁決`);
    expect(await phone.evaluate('document.documentElement.scrollWidth <= window.innerWidth')).toBe(true);
    const b = await audit(phone, 'appeal decision zh-Hant (phone)');
    expect(b.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
    await phone.screenshot({ path: join(SHOTS, 'appeal-zh-Hant-phone.png'), fullPage: true });
    await phone.close();
  }, 120_000);

  it('the published rating list in zh-Hant, and a player’s rating history: the SVG chart and its table; axe-core', async () => {
    const csv = 'federationId,name,country,rating,games,date\r\nW-1,"Chan, Tai Man",HKG,1850,112,2026-11-30\r\nW-2,李小明,MAC,1720,12,2026-11-30\r\n';
    const imported = await h.http().post('/v1/ratings/scrabble/list-import').set('authorization', h.token('admin')).set('content-type', 'text/csv').send(csv);
    expect(imported.status).toBe(201);
    const page = await open(`/pages/ratings/scrabble?lang=zh-Hant&waitFor=${imported.body.position}`);
    expect(await page.$eval('h1', (e) => e.textContent)).toBe('拼字等級分表');
    expect((await cells(page, '#rating-list')).map((r) => [r[1], r[3]])).toEqual([
      ['Chan, Tai Man (不列排名（近期局數不足）)', '1850'],
      ['李小明 (暫定, 不列排名（近期局數不足）)', '1720'],
    ]);
    const a = await audit(page, 'rating list zh-Hant');
    expect(a.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
    await page.screenshot({ path: join(SHOTS, 'ratings-zh-Hant.png'), fullPage: true });
    await Promise.all([page.waitForNavigation(), page.click('#rating-list tbody a')]);
    expect(await page.$eval('h1', (e) => e.textContent)).toBe('Chan, Tai Man');
    expect(await page.$eval('figure.chart svg', (e) => e.getAttribute('aria-label'))).toBe('Chan, Tai Man — 拼字');
    expect(await page.$$eval('figure.chart svg circle', (cs) => cs.length)).toBe(1);
    // The chart's axis titles in the page's language (the API's SVG says Rating, Rating period).
    expect(await page.$$eval('figure.chart svg text', (ts) => ts.map((t) => t.textContent))).toEqual(expect.arrayContaining(['等級分', '週期']));
    expect(await cells(page, '#history-scrabble')).toEqual([['@import', '2026-11-30', '1', '1850', '–', '112', '–']]);
    const b = await audit(page, 'rating history zh-Hant');
    expect(b.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
    await page.screenshot({ path: join(SHOTS, 'rating-history-zh-Hant.png'), fullPage: true });
    await page.close();
  }, 120_000);
});
