import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { RecordsHarness } from './support/records-harness.js';
import { PAGE_PLAYERS, runPagesAppeal, runPagesRound1 } from './support/pages-tournament.js';

const PLAYERS = PAGE_PLAYERS;
const T = 'pages-open';
/** The text a reader sees in a fragment of HTML (tags dropped, entities of the escaper decoded). */
const text = (html: string) =>
  html
    .replace(/<style[\s\S]*?<\/style>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
/** The rows of the table with this id, each as its cells' text. */
function rows(html: string, id: string): string[][] {
  const table = html.match(new RegExp(`<table id="${id}">([\\s\\S]*?)</table>`))?.[1] ?? '';
  const body = table.match(/<tbody>([\s\S]*?)<\/tbody>/)?.[1] ?? '';
  return [...body.matchAll(/<tr[^>]*>([\s\S]*?)<\/tr>/g)].map((m) => [...m[1]!.matchAll(/<td[^>]*>([\s\S]*?)<\/td>/g)].map((c) => text(c[1]!).trim()));
}

describe('public pages (issue 35): a tournament run through the API, followed through its HTML pages', () => {
  let h: RecordsHarness;
  let arbiter: string;
  const post = (path: string, body: object) => h.post(path, body, arbiter);
  const page = (path: string, lang?: string, token: string | null = null) => {
    const req = h.get(`/pages/tournaments/${T}${path}`, token);
    return lang ? req.set('accept-language', lang) : req;
  };

  beforeAll(async () => {
    h = await RecordsHarness.start();
    ({ arbiter } = await runPagesRound1(h, T, 'Pages Open 2026'));
  });
  afterAll(async () => {
    await h.stop();
  });

  it('serves the tournament page in English: its division, its published round, links in the same language', async () => {
    const r = await page('', 'en-GB,en;q=0.8').expect(200);
    expect(r.headers['content-type']).toMatch(/^text\/html; charset=utf-8/);
    expect(r.headers['content-security-policy']).toContain("default-src 'self'");
    expect(r.headers.vary).toContain('Accept-Language');
    expect(r.text).toContain('<html lang="en">');
    expect(text(r.text)).toContain('Pages Open 2026');
    expect(r.text).toContain(`href="/pages/tournaments/${T}/rounds/1?division=main&amp;lang=en"`);
    expect(text(r.text)).toContain('Round 1 — Pairings');
  });

  it('shows round 1 by table and alphabetically by name, with the bye, the results, and the markup in a name as text', async () => {
    const r = await page('/rounds/1?lang=en').expect(200);
    expect(rows(r.text, 'pairings-by-table')).toEqual([
      ['1', '陳學希', 'Wong Siu Ki', '1–0 (420–380)'],
      ['2', '<script>alert(1)</script> Evil', 'Lee Kwan Yee', '0–1 (300–460)'],
      ['–', 'Ho Ka Wai', 'Bye'],
    ]);
    expect(rows(r.text, 'pairings-by-name').map((row) => row[0])).toEqual([
      '<script>alert(1)</script> Evil',
      'Ho Ka Wai',
      'Lee Kwan Yee',
      'Wong Siu Ki',
      '陳學希',
    ]);
    expect(rows(r.text, 'pairings-by-name')[1]).toEqual(['Ho Ka Wai', '–', 'Bye', '']);
    // The name is escaped, never markup: the only script element is the page's own live-update script.
    expect(r.text).toContain('&lt;script&gt;alert(1)&lt;/script&gt; Evil');
    expect(r.text.match(/<script/gi)).toHaveLength(1);
    expect(r.text).not.toMatch(/<script>alert/i);
    // The live script reads the stream's address from data-live; it carries no data of its own.
    expect(r.text).toContain(`<main id="main" data-live="/v1/tournaments/${T}/live">`);
  });

  it('shows the standings with the profile’s tie-break (WESPA: spread), in zh-Hant from Accept-Language with the rules’ terms', async () => {
    const r = await page('/standings', 'zh-TW,zh;q=0.9,en;q=0.5').expect(200);
    expect(r.text).toContain('<html lang="zh-Hant">');
    const t = text(r.text);
    for (const term of ['排名', '名次', '參賽者', '積分', '總分數差異', '第 1 輪後']) expect(t).toContain(term);
    const table = r.text.match(/<table class="standings">([\s\S]*?)<\/table>/)![1]!;
    const body = [...table.matchAll(/<tr>([\s\S]*?)<\/tr>/g)]
      .slice(1)
      .map((m) => [...m[1]!.matchAll(/<td[^>]*>([\s\S]*?)<\/td>/g)].map((c) => text(c[1]!).trim()));
    // The page shows the public standings the API serves, row for row (rank, name, spread: WESPA's one tie-break).
    const api = await h.get(`/v1/tournaments/${T}/standings`).expect(200);
    const names = new Map(PLAYERS.map((p) => [p.id, p.name]));
    const expected = api.body.divisions[0].rows.map((row: { rank: number; player: string; spread: number }) => [
      String(row.rank),
      names.get(row.player),
      String(row.spread),
    ]);
    expect(body.map((row) => [row[0], row[1], row[4]])).toEqual(expected);
    // Lee +160 and 陳學希 +40 won; Ho's bye counts as a win (+50 in the WESPA profile); Wong −40 and Evil −160 lost.
    expect(expected.map((row: string[]) => row[1])).toEqual(['Lee Kwan Yee', 'Ho Ka Wai', '陳學希', 'Wong Siu Ki', '<script>alert(1)</script> Evil']);
    const en = await page('/standings?lang=en', 'zh-TW').expect(200);
    expect(text(en.text)).toContain('After round 1');
  });

  it('shows the crosstable: per player in standings order, each round’s result against the opponent’s rank, the bye, the total', async () => {
    const r = await page('/crosstable?lang=en').expect(200);
    const table = r.text.match(/<table class="crosstable">([\s\S]*?)<\/table>/)![1]!;
    const body = [...table.matchAll(/<tr>([\s\S]*?)<\/tr>/g)]
      .slice(1)
      .map((m) => [...m[1]!.matchAll(/<t[dh][^>]*>([\s\S]*?)<\/t[dh]>/g)].map((c) => text(c[1]!).trim()));
    expect(body).toEqual([
      ['1', 'Lee Kwan Yee', '1 – 5 (460–300)', '1'],
      ['2', 'Ho Ka Wai', 'Bye', '1'],
      ['3', '陳學希', '1 – 4 (420–380)', '1'],
      ['4', 'Wong Siu Ki', '0 – 3 (380–420)', '0'],
      ['5', '<script>alert(1)</script> Evil', '0 – 1 (300–460)', '0'],
    ]);
    const zh = await page('/crosstable', 'zh-Hant').expect(200);
    expect(text(zh.text)).toContain('對賽表');
  });

  it('shows a player’s page: standing and each round’s game, the opponent linked to their page; names link there', async () => {
    const r = await page('/players/evil?lang=en').expect(200);
    expect(text(r.text)).toContain('Rank 5 · Score 0 · W–D–L 0–0–1');
    expect(rows(r.text, 'player-games')).toEqual([['Round 1', '2', 'First', 'Lee Kwan Yee', '0 (300–460)', '0', '']]);
    expect(r.text).toContain(`<a href="/pages/tournaments/${T}/players/lee?lang=en">Lee Kwan Yee</a>`);
    expect(r.text).toContain('<h1>&lt;script&gt;alert(1)&lt;/script&gt; Evil</h1>');
    const ho = await page('/players/ho?lang=zh-Hant').expect(200);
    expect(rows(ho.text, 'player-games')).toEqual([['第 1 輪', '–', '', '', '輪空', '1', '']]);
    const standings = await page('/standings?lang=en').expect(200);
    expect(standings.text).toContain(`<a href="/pages/tournaments/${T}/players/ho?lang=en">Ho Ka Wai</a>`);
    const unknown = await page('/players/nobody').expect(404);
    expect(unknown.body).toMatchObject({ type: 'urn:arbitra:problem:tournament/unknown-player', field: 'playerId' });
  });

  it('lists the federation’s tournaments at /pages and /pages/tournaments, each linked to its page, in both languages', async () => {
    const r = await h.get('/pages?lang=en').expect(200);
    expect(r.headers['content-type']).toMatch(/^text\/html; charset=utf-8/);
    expect(rows(r.text, 'tournament-list')).toEqual([['Pages Open 2026', 'Scrabble', 'main', '5', '1']]);
    expect(r.text).toContain(`<a href="/pages/tournaments/${T}?lang=en">Pages Open 2026</a>`);
    // Not a live page (no tournament stream): no script at all.
    expect(r.text).not.toMatch(/<script/i);
    const zh = await h.get('/pages/tournaments').set('accept-language', 'zh-TW').expect(200);
    expect(zh.text).toContain('<html lang="zh-Hant">');
    expect(rows(zh.text, 'tournament-list')).toEqual([['Pages Open 2026', '拼字', 'main', '5', '1']]);
    // Every tournament page links back to the list.
    expect((await page('?lang=en').expect(200)).text).toContain('<a href="/pages/tournaments?lang=en">Tournaments</a>');
    await h.get('/pages?lang=fr').expect(400);
  });

  it('hides an unpublished round from every page, whoever asks, and its pairing moves no ETag', async () => {
    const before = await page('').expect(200);
    const listBefore = await h.get('/pages/tournaments?lang=en').expect(200);
    const standingsBefore = await page('/standings').expect(200);
    const crosstableBefore = await page('/crosstable').expect(200);
    await post(`/v1/tournaments/${T}/rounds/2/pairings`, {
      kind: 'manual',
      reason: 'second draw',
      games: [
        { table: 1, first: 'ho', second: 'chan' },
        { table: 2, first: 'wong', second: 'lee' },
      ],
      tables: [],
      bye: 'evil',
    });
    // The API shows it to the arbiter; the pages never do.
    await h.get(`/v1/tournaments/${T}/rounds/2/pairings`, arbiter).expect(200);
    const r404 = await page('/rounds/2').expect(404);
    expect(r404.body.type).toBe('urn:arbitra:problem:tournament/round-not-published');
    await page('/rounds/2', undefined, arbiter).expect(404);
    const after = await page('', undefined, arbiter).expect(200);
    expect(text(after.text)).not.toContain('Round 2');
    expect(after.headers.etag).toBe(before.headers.etag);
    const notModified = await page('').set('if-none-match', before.headers.etag!).expect(304);
    // The 304 carries the page's CSP, not the API's (a browser merges it into the page it keeps).
    expect(notModified.headers['content-security-policy']).toContain("default-src 'self'");
    const standingsAfter = await page('/standings').expect(200);
    const crosstableAfter = await page('/crosstable', undefined, arbiter).expect(200);
    expect(crosstableAfter.headers.etag).toBe(crosstableBefore.headers.etag);
    expect(text(crosstableAfter.text)).not.toContain('Round 2');
    const evilAfter = await page('/players/evil?lang=en', undefined, arbiter).expect(200);
    expect(rows(evilAfter.text, 'player-games').map((row) => row[0])).toEqual(['Round 1']);
    expect(standingsAfter.headers.etag).toBe(standingsBefore.headers.etag);
    // The list shows rounds published, never rounds paired (the API's roundsPaired is the officials'), to anyone.
    const listAfter = await h.get('/pages/tournaments?lang=en', arbiter).expect(200);
    expect(listAfter.headers.etag).toBe(listBefore.headers.etag);
    expect(rows(listAfter.text, 'tournament-list')[0]![4]).toBe('1');
    await post(`/v1/tournaments/${T}/rounds/2/publish`, {});
    const published = await page('').expect(200);
    expect(published.headers.etag).not.toBe(before.headers.etag);
    expect(text(published.text)).toContain('Round 2');
    const round2 = await page('/rounds/2?lang=zh-Hant').expect(200);
    expect(rows(round2.text, 'pairings-by-table')).toEqual([
      ['1', 'Ho Ka Wai', '陳學希', '–'],
      ['2', 'Wong Siu Ki', 'Lee Kwan Yee', '–'],
      ['–', '<script>alert(1)</script> Evil', '輪空'],
    ]);
    expect(text(round2.text)).toContain('第 2 輪 對陣');
  });

  it('shows a final appeal decision only, to anyone, and nothing of the file (grounds, statements, votes, minutes)', async () => {
    const evil = h.token('player', [T], 'evil');
    const chair = h.token('appeals-committee', [T], 'c-chair');
    const chief = h.token('chief-arbiter', [T], 'td-1');
    const ap = await runPagesAppeal(h, T, 'pages-ap-1', async (id) => {
      // Decided, not yet final: no page, to anyone, the appellant and the chair included (the API's public answer).
      for (const token of [null, evil, chair, chief]) {
        const r = await h.get(`/pages/appeals/${id}`, token).expect(404);
        expect(r.body.type).toBe('urn:arbitra:problem:appeals/unknown-appeal');
      }
    });
    const r = await h.get(`/pages/appeals/${ap}?lang=en`, evil).expect(200);
    const t = text(r.text);
    expect(t).toContain(`Appeal ${ap}: final decision`);
    expect(t).toContain('Decision appealed against A result');
    expect(t).toContain('Decision Varied');
    expect(t).toContain('Reasons The clock was set for 20 minutes, not 25.');
    expect(t).toContain('Round 1, table 2: the game is to be replayed: after the last round, <b>same clocks</b>');
    expect(r.text).toContain('&lt;b&gt;same clocks&lt;/b&gt;');
    expect(r.text).toContain(`<a href="/pages/tournaments/${T}?lang=en">Pages Open 2026</a>`);
    // The file stays the file's: whoever asks, the page is the public one (same bytes, same ETag).
    expect(r.text).not.toMatch(/SECRET|c-chair|c-two|vary|dismiss/);
    const anon = await h.get(`/pages/appeals/${ap}?lang=en`).expect(200);
    expect(anon.headers.etag).toBe(r.headers.etag);
    // The page says what the API's public view says: outcome, reasons, remedies.
    const api = await h.get(`/v1/appeals/${ap}`).expect(200);
    expect(api.body.decision).toMatchObject({ outcome: 'varied', reasons: 'The clock was set for 20 minutes, not 25.' });
    const zh = await h.get(`/pages/appeals/${ap}`).set('accept-language', 'zh-HK').expect(200);
    expect(text(zh.text)).toContain(`申訴 ${ap}：最終裁決`);
    expect(text(zh.text)).toContain('第 1 輪第 2 台：重賽');
    await h.get('/pages/appeals/no-such-appeal').expect(404);
  });

  it('serves the published rating list and a rated player’s history (SVG chart and table); a period without a list is not shown', async () => {
    const admin = h.token('admin');
    const csv = 'federationId,name,country,rating,games,date\r\nW-1,"Chan, Tai Man",HKG,1850,112,2026-11-30\r\nW-2,<i>Kim</i>,MAC,1720,12,2026-11-30\r\n';
    const imported = await h.http().post('/v1/ratings/scrabble/list-import').set('authorization', admin).set('content-type', 'text/csv').send(csv);
    expect(imported.status).toBe(201);
    h.position = Math.max(h.position, imported.body.position);
    const before = await h.get('/pages/ratings/scrabble?lang=en').expect(200);
    expect(text(before.text)).toContain('Scrabble rating list');
    expect(text(before.text)).toContain('Period @import, version 1, closed on 2026-11-30 · Players 1–2 of 2');
    // As the API's list: every player unranked until Arbitra records their games; Kim provisional (12 games < 30).
    const api = await h.get('/v1/rankings/scrabble').expect(200);
    expect(rows(before.text, 'rating-list')).toEqual(
      api.body.entries.map((e: { name: string; country: string; rating: number; games: number; provisional: boolean }) => [
        '–',
        `${e.name} (${e.provisional ? 'provisional, ' : ''}not ranked (too few recent games))`,
        e.country,
        String(e.rating),
        String(e.games),
        '–',
      ]),
    );
    expect(before.text).toContain('&lt;i&gt;Kim&lt;/i&gt;');
    expect(before.text).toContain('<a href="/pages/players/W-1?lang=en">Chan, Tai Man</a>');
    const player = await h.get('/pages/players/W-1').set('accept-language', 'zh-HK').expect(200);
    expect(player.text).toContain('<html lang="zh-Hant">');
    expect(player.text).toMatch(/<figure class="chart"><svg [^>]*role="img" aria-label="Chan, Tai Man — 拼字"/);
    expect(rows(player.text, 'history-scrabble')).toEqual([['@import', '2026-11-30', '1', '1850', '–', '112', '–']]);
    // A period closed and not yet published is the federation's: the list page and its ETag stay as they were.
    await h.post(
      '/v1/ratings/scrabble/periods',
      { period: '2026-12', closesOn: '2026-12-31', tournaments: [T], engine: { name: 'wespa-elo', version: 1 } },
      admin,
    );
    const after = await h.get('/pages/ratings/scrabble?lang=en', admin).expect(200);
    expect(after.headers.etag).toBe(before.headers.etag);
    expect(text(after.text)).not.toContain('2026-12');
    const go = await h.get('/pages/ratings/go?lang=en').expect(200);
    expect(text(go.text)).toContain('No list has been published yet.');
    await h.get('/pages/ratings/checkers').expect(400);
    const unknown = await h.get('/pages/players/nobody').expect(404);
    expect(unknown.body).toMatchObject({ type: 'urn:arbitra:problem:players/unknown-player', field: 'id' });
  });

  it('links a player’s game to its record (GCG, the API’s own export) when the game was recorded through Arbitra', async () => {
    const players = [
      { id: 'chan', name: '陳學希' },
      { id: 'wong', name: 'Wong Siu Ki' },
    ];
    const start = { players, starter: 0, clockSide: 'right', clockSideChosenBy: 1, tilesCounted: 100 };
    await post('/v1/scrabble/games', { id: 'pages-g1', ...start, link: { tournamentId: T, round: 1, table: 1 }, at: '2026-11-29T10:00:00.000Z' });
    const chan = await page('/players/chan?lang=en').expect(200);
    expect(rows(chan.text, 'player-games')[0]![6]).toBe('Board · GCG');
    expect(chan.text).toContain('<a href="/pages/games/scrabble/pages-g1?lang=en">Board</a> · <a href="/v1/scrabble/games/pages-g1/gcg">GCG</a>');
    await h.get('/v1/scrabble/games/pages-g1/gcg').expect(200);
    // An arbiter's result has no record: no link (Lee's game at table 2 was not recorded through Arbitra).
    expect(rows((await page('/players/lee?lang=en').expect(200)).text, 'player-games')[0]![6]).toBe('');
  });

  it('refuses an unknown language or tournament with problem+json naming the field', async () => {
    const bad = await page('?lang=fr').expect(400);
    expect(bad.body).toMatchObject({ type: 'urn:arbitra:problem:validation/failed', field: 'lang' });
    const unknown = await h.get('/pages/tournaments/no-such/standings').expect(404);
    expect(unknown.body.type).toBe('urn:arbitra:problem:tournament/unknown-tournament');
  });
});
