import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { RecordsHarness } from './support/records-harness.js';
import { HIDDEN_RACKS, PAGE_GAMES, runPageGames } from './support/pages-games.js';

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
/** What stands on the board's squares: `data-<key>` of each occupied square → its `data-<what>`. */
function occupied(html: string, key: string, what: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of html.matchAll(new RegExp(`data-${key}="([^"]+)" data-${what}="([^"]+)"`, 'g'))) out[m[1]!] = m[2]!;
  return out;
}
/** The xiguaqi SVG's pieces: point → colour. */
const pieces = (html: string) => Object.fromEntries([...html.matchAll(/data-point="(\d+)" data-colour="([BW])"/g)].map((m) => [m[1], m[2]]));
/** The moves list's entries, and which one is the position shown. */
const moves = (html: string) =>
  [...(html.match(/<ol class="moves"[\s\S]*?<\/ol>/)?.[0] ?? '').matchAll(/<li>([\s\S]*?)<\/li>/g)].map((m) => text(m[1]!).trim());
const navHref = (html: string, rel: 'prev' | 'next') => html.match(new RegExp(`<a href="([^"]+)" rel="${rel}">`))?.[1]?.replace(/&amp;/g, '&');

describe('game pages (issue 35): each discipline’s recorded game at any move, public view only', () => {
  let h: RecordsHarness;
  const page = (path: string, token: string | null = null) => h.get(`/pages/games/${path}`, token);

  beforeAll(async () => {
    h = await RecordsHarness.start();
    await runPageGames(h);
  }, 120_000);
  afterAll(async () => {
    await h.stop();
  });

  it('Go: the stones after each move (a capture takes a stone off), prev/next links, 404 past the last move', async () => {
    const two = await page(`go/${PAGE_GAMES.go}?move=2&lang=en`).expect(200);
    expect(occupied(two.text, 'point', 'stone')).toEqual({ ba: 'B', aa: 'W' });
    expect(text(two.text)).toContain('After move 2 of 3');
    expect(navHref(two.text, 'prev')).toBe(`/pages/games/go/${PAGE_GAMES.go}?move=1&lang=en`);
    expect(navHref(two.text, 'next')).toBe(`/pages/games/go/${PAGE_GAMES.go}?move=3&lang=en`);
    // The last move by default: Black's third stone took White's corner stone.
    const last = await page(`go/${PAGE_GAMES.go}?lang=en`).expect(200);
    expect(occupied(last.text, 'point', 'stone')).toEqual({ ba: 'B', ab: 'B' });
    expect(moves(last.text)).toEqual(['1. Black B9', '2. White A9', '3. Black A8 (captures 1)']);
    expect(text(last.text)).toContain('Captured Black 1 · White 0');
    expect(navHref(last.text, 'next')).toBeUndefined();
    expect(occupied((await page(`go/${PAGE_GAMES.go}?move=0`).expect(200)).text, 'point', 'stone')).toEqual({});
    const zh = await page(`go/${PAGE_GAMES.go}?move=3&lang=zh-Hant`).expect(200);
    for (const term of ['黑方', '白方', '提子', '第 3 手後（共 3 手）', 'Go Cup 圍棋賽', '第 1 輪']) expect(text(zh.text)).toContain(term);
    const past = await page(`go/${PAGE_GAMES.go}?move=4`).expect(404);
    expect(past.body).toMatchObject({ type: 'urn:arbitra:problem:pages/no-such-move', field: 'move' });
    expect((await page(`go/${PAGE_GAMES.go}?move=-1`).expect(400)).body.field).toBe('move');
    expect((await page('go/no-such-game').expect(404)).body.type).toBe('urn:arbitra:problem:games/unknown-game');
    expect((await page(`checkers/${PAGE_GAMES.go}`).expect(400)).body.field).toBe('discipline');
  });

  it('chess: the pieces after each ply, read from the position the game recorded; the moves in SAN', async () => {
    const start = await page(`chess/${PAGE_GAMES.chess}?move=0&lang=en`).expect(200);
    const initial = occupied(start.text, 'square', 'piece');
    expect(Object.keys(initial)).toHaveLength(32);
    expect([initial.e2, initial.e1, initial.d8, initial.g8]).toEqual(['wP', 'wK', 'bQ', 'bN']);
    const two = occupied((await page(`chess/${PAGE_GAMES.chess}?move=2&lang=en`).expect(200)).text, 'square', 'piece');
    expect([two.e4, two.e5, two.e2, two.e7]).toEqual(['wP', 'bP', undefined, undefined]);
    const last = await page(`chess/${PAGE_GAMES.chess}?lang=en`).expect(200);
    const three = occupied(last.text, 'square', 'piece');
    expect([three.f3, three.g1]).toEqual(['wN', undefined]);
    expect(moves(last.text)).toEqual(['1. e4', '1… e5', '2. Nf3']);
    expect(text(last.text)).toContain('To move Black');
    expect(text((await page(`chess/${PAGE_GAMES.chess}?lang=zh-Hant`).expect(200)).text)).toContain('白方');
  });

  it('xiguaqi: the match’s game after each ply, as the API’s board SVG with the page’s words', async () => {
    const start = await page(`xiguaqi/${PAGE_GAMES.xiguaqi}?game=1&move=0&lang=en`).expect(200);
    expect(pieces(start.text)).toEqual({ 1: 'B', 2: 'B', 3: 'B', 4: 'B', 5: 'B', 6: 'B', 16: 'W', 17: 'W', 18: 'W', 19: 'W', 20: 'W', 21: 'W' });
    const last = await page(`xiguaqi/${PAGE_GAMES.xiguaqi}?lang=zh-Hant`).expect(200);
    const after = pieces(last.text);
    expect([after[4], after[7], after[17], after[13]]).toEqual([undefined, 'B', undefined, 'W']);
    expect(moves(last.text)).toEqual(['1. 黑方 4–7', '2. 白方 17–13']);
    expect(text(last.text)).toContain('第 1 局 · 第 2 步後（共 2 步）');
    // Each piece's tooltip in the page's language (逃棋: 西瓜棋规则 第六条), the API's SVG stays English.
    expect(last.text).toContain('<title>7 點黑子</title>');
    expect(last.text).not.toContain('piece on');
    expect(last.text).toContain('aria-label="第 1 局第 2 步後：黑子 Ann 安，白子 Bob 寶"');
    expect((await page(`xiguaqi/${PAGE_GAMES.xiguaqi}?game=2`).expect(404)).body.field).toBe('game');
  });

  it('mahjong: the score card through hand n, each hand linked; the penalties and the net once at the last hand', async () => {
    const one = await page(`mahjong/${PAGE_GAMES.mahjong}?move=1&lang=zh-Hant`).expect(200);
    const body = (html: string) => html.match(/<tbody>([\s\S]*?)<\/tbody>/)![1]!;
    expect(body(one.text).match(/<tr/g)).toHaveLength(1);
    expect(text(body(one.text))).toContain('自摸和');
    expect(text(one.text)).toContain('第 1 局後（共 8 局）');
    expect(text(one.text)).not.toContain('淨分');
    // Moved through by hand (局), the record named in the page's language.
    expect(navHref(one.text, 'next')).toBe(`/pages/games/mahjong/${PAGE_GAMES.mahjong}?move=2&lang=zh-Hant`);
    expect(one.text).toContain('rel="next">下一局</a>');
    expect(one.text).toContain(`<a href="/v1/tables/${PAGE_GAMES.mahjong}/scorecard">記分卡</a>`);
    const all = await page(`mahjong/${PAGE_GAMES.mahjong}?lang=zh-Hant`).expect(200);
    expect(body(all.text).match(/<tr/g)).toHaveLength(8);
    expect(text(body(all.text))).toContain('荒牌');
    // The card's totals are the API's score card's.
    const card = (await h.get(`/v1/tables/${PAGE_GAMES.mahjong}/scorecard`).expect(200)).body;
    const net = all.text.match(/<tr><th scope="row" colspan="7">淨分<\/th>([\s\S]*?)<\/tr>/)![1]!;
    expect([...net.matchAll(/<td class="num">(-?\d+)<\/td>/g)].map((m) => Number(m[1]))).toEqual(card.net);
  });

  it('Scrabble in play: the tiles on the board, never a rack — to anyone, whatever the token; the same page and ETag', async () => {
    const path = `scrabble/${PAGE_GAMES.scrabble}?lang=en`;
    const anon = await page(path).expect(200);
    expect(occupied(anon.text, 'square', 'tile')).toEqual({ '8G': 'Q', '8H': 'I' });
    expect(moves(anon.text)).toEqual(['1. 陳學希: 8G QI +22']);
    expect(occupied((await page(`scrabble/${PAGE_GAMES.scrabble}?move=0&lang=en`).expect(200)).text, 'square', 'tile')).toEqual({});
    const T = PAGE_GAMES.scrabbleTournament;
    for (const token of [h.token('arbiter', [T], 'arb-1'), h.token('player', [T], 'chan'), h.token('player', [T], 'wong'), h.token('admin')]) {
      const r = await page(path, token).expect(200);
      expect(r.text).toBe(anon.text);
      expect(r.headers.etag).toBe(anon.headers.etag);
    }
    // Neither rack nor what is left of one: not AERST (Ann's after QI), not a letter of Bob's in any order.
    const shown = text(anon.text);
    expect(shown).not.toContain('AERST');
    expect(shown).not.toContain(HIDDEN_RACKS.bob);
    expect(anon.text).not.toMatch(/data-tile="[AERSTZOXN]"/);
    const again = await h.http().get(`/pages/games/${path}`).set('if-none-match', anon.headers.etag!).expect(304);
    expect(again.text).toBe('');
  });

  it('a round paired, not published, shows on no player page (nor can a game be linked to it); once published, its game in play does', async () => {
    const T = PAGE_GAMES.scrabbleTournament;
    const arbiter = h.token('arbiter', [T], 'arb-1');
    const games = [
      { table: 1, first: 'ho', second: 'chan' },
      { table: 2, first: 'wong', second: 'lee' },
    ];
    await h.post(`/v1/tournaments/${T}/rounds/2/pairings`, { kind: 'manual', reason: 'second draw', games, tables: [], bye: 'evil' }, arbiter);
    const players = [
      { id: 'ho', name: 'Ho Ka Wai' },
      { id: 'chan', name: '陳學希' },
    ];
    const start = {
      id: 'gp-round2',
      players,
      starter: 0,
      clockSide: 'right',
      clockSideChosenBy: 1,
      tilesCounted: 100,
      link: { tournamentId: T, round: 2, table: 1 },
    };
    const refused = await h.post('/v1/scrabble/games', { ...start, at: '2026-11-30T10:00:00.000Z' }, arbiter, 409);
    expect(refused.body).toMatchObject({ type: 'urn:arbitra:problem:games/link-round-not-published', field: 'link.round' });
    const rowsOf = (html: string) => html.match(/<table id="player-games">[\s\S]*?<\/table>/)![0];
    for (const token of [null, arbiter]) {
      const chan = await h.get(`/pages/tournaments/${T}/players/chan?lang=en`, token).expect(200);
      expect(text(rowsOf(chan.text))).not.toContain('Round 2');
      expect(text(rowsOf(chan.text))).not.toContain('Ho Ka Wai');
    }
    await h.post(`/v1/tournaments/${T}/rounds/2/publish`, {}, arbiter);
    await h.post('/v1/scrabble/games', { ...start, at: '2026-11-30T10:00:00.000Z' }, arbiter);
    const chan = await h.get(`/pages/tournaments/${T}/players/chan?lang=en`).expect(200);
    // Round 2 has no result yet: its table and opponent from the published pairing, its game's page and record linked.
    expect(text(rowsOf(chan.text))).toContain('Round 2 1 Second Ho Ka Wai –');
    expect(chan.text).toContain('<a href="/pages/games/scrabble/gp-round2?lang=en">Board</a> · <a href="/v1/scrabble/games/gp-round2/gcg">GCG</a>');
  });

  it('a player’s games link to each discipline’s record (the API’s export) and to its game page, both served', async () => {
    const cases = [
      {
        t: PAGE_GAMES.scrabbleTournament,
        player: 'chan',
        record: `/v1/scrabble/games/${PAGE_GAMES.scrabble}/gcg`,
        format: 'GCG',
        game: `scrabble/${PAGE_GAMES.scrabble}`,
      },
      { t: 'games-go', player: 'ann', record: `/v1/go/games/${PAGE_GAMES.go}/sgf`, format: 'SGF', game: `go/${PAGE_GAMES.go}` },
      { t: 'games-chess', player: 'bob', record: `/v1/chess/games/${PAGE_GAMES.chess}/pgn`, format: 'PGN', game: `chess/${PAGE_GAMES.chess}` },
      { t: 'games-xiguaqi', player: 'ann', record: `/v1/xiguaqi/games/${PAGE_GAMES.xiguaqi}/record`, format: 'record', game: `xiguaqi/${PAGE_GAMES.xiguaqi}` },
    ];
    const card = (await h.get(`/v1/tables/${PAGE_GAMES.mahjong}/scorecard`).expect(200)).body;
    const seated = card.players[2].id as string;
    cases.push({
      t: PAGE_GAMES.mahjongTournament,
      player: seated,
      record: `/v1/tables/${PAGE_GAMES.mahjong}/scorecard`,
      format: 'score card',
      game: `mahjong/${PAGE_GAMES.mahjong}`,
    });
    for (const c of cases) {
      const p = await h.get(`/pages/tournaments/${c.t}/players/${c.player}?lang=en`).expect(200);
      expect(p.text).toContain(`<a href="${c.record}">${c.format}</a>`);
      expect(p.text).toContain(`<a href="/pages/games/${c.game}?lang=en">`);
      await h.get(c.record).expect(200);
      const g = await page(`${c.game}?lang=en`).expect(200);
      expect(g.text).toContain(`<a href="${c.record}">${c.format}</a>`);
    }
  });
});
