import type { RecordsHarness } from './records-harness.js';
import { mahjongContest } from './mahjong-contest.js';
import { runPagesRound1 } from './pages-tournament.js';

/** The two players of each two-player discipline's tournament (round 1, table 1: Ann first, Bob second). */
const PAIR = [
  { id: 'ann', name: 'Ann 安' },
  { id: 'bob', name: 'Bob 寶' },
];

/** The games the game-page specs read, one per discipline, each linked to round 1 table 1 of its own published tournament. */
export const PAGE_GAMES = {
  scrabbleTournament: 'games-scrabble',
  scrabble: 'gp-scrabble',
  go: 'gp-go',
  chess: 'gp-chess',
  xiguaqi: 'gp-xiguaqi',
  mahjong: 'r1-t1',
  mahjongTournament: 'games-mahjong',
} as const;

/** The tiles drawn in the Scrabble game: the public sees neither rack (seat 0 keeps AERST after QI, seat 1 all seven). */
export const HIDDEN_RACKS = { ann: 'QIAERST', bob: 'ZAOXENR' } as const;

/**
 * Through the API (issue 35): a tournament per discipline with round 1 published and a game linked to its table 1 —
 * Go (SGF: B ba, W aa, B ab takes aa), chess (PGN 1. e4 e5 2. Nf3), xiguaqi (Black 4–7, White 17–13), mahjong (a
 * table played out: hand 1 won by self-draw, the rest drawn), Scrabble in progress (both racks drawn, 8G QI for 22).
 */
export async function runPageGames(h: RecordsHarness): Promise<void> {
  const admin = h.token('admin');
  const { arbiter } = await runPagesRound1(h, PAGE_GAMES.scrabbleTournament, 'Games Open · 對局賽');
  const start = { players: PAGE_PLAYERS_SCRABBLE, starter: 0, clockSide: 'right', clockSideChosenBy: 1, tilesCounted: 100, tracking: true };
  const link = (tournamentId: string) => ({ tournamentId, round: 1, table: 1 });
  const at = (s: number) => new Date(Date.UTC(2026, 10, 29, 10, 0, s)).toISOString();
  await h.post('/v1/scrabble/games', { id: PAGE_GAMES.scrabble, ...start, link: link(PAGE_GAMES.scrabbleTournament), at: at(0) }, arbiter);
  await h.post(`/v1/scrabble/games/${PAGE_GAMES.scrabble}/draws`, { seat: 0, tiles: [...HIDDEN_RACKS.ann], at: at(1) }, arbiter);
  await h.post(`/v1/scrabble/games/${PAGE_GAMES.scrabble}/draws`, { seat: 1, tiles: [...HIDDEN_RACKS.bob], at: at(2) }, arbiter);
  await h.post(
    `/v1/scrabble/games/${PAGE_GAMES.scrabble}/moves`,
    { seat: 0, move: { kind: 'play', coordinate: '8G', word: 'QI' }, announcedScore: 22, at: at(10) },
    arbiter,
  );

  await h.publishedRound1({ id: 'games-go', name: 'Go Cup 圍棋賽', discipline: 'go' }, PAIR, ['ann', 'bob'], admin, admin);
  await h.post('/v1/go/games/import', { id: PAGE_GAMES.go, sgf: '(;GM[1]SZ[9];B[ba];W[aa];B[ab])', players: PAIR, link: link('games-go') }, admin);

  await h.publishedRound1({ id: 'games-chess', name: 'Rapid Cup 快棋賽', discipline: 'chess-rapid' }, PAIR, ['ann', 'bob'], admin, admin);
  await h.post('/v1/chess/games/import', { id: PAGE_GAMES.chess, pgn: '1. e4 e5 2. Nf3 *\n', players: PAIR, link: link('games-chess') }, admin);

  await h.publishedRound1({ id: 'games-xiguaqi', name: 'Xiguaqi Cup 西瓜棋賽', discipline: 'xiguaqi' }, PAIR, ['ann', 'bob'], admin, admin);
  await h.post('/v1/xiguaqi/games', { id: PAGE_GAMES.xiguaqi, players: PAIR, bestOf: 3, first: 0, link: link('games-xiguaqi') }, admin);
  await h.post(`/v1/xiguaqi/games/${PAGE_GAMES.xiguaqi}/moves`, { seat: 0, from: 4, to: 7 }, admin);
  await h.post(`/v1/xiguaqi/games/${PAGE_GAMES.xiguaqi}/moves`, { seat: 1, from: 17, to: 13 }, admin);

  const contest = mahjongContest(
    () => h,
    PAGE_GAMES.mahjongTournament,
    () => admin,
  );
  await contest.setUp('Mahjong Cup 麻將賽');
  const seats = await contest.pair(1);
  await contest.playOut(await contest.start(1, 1, seats[0]!), 0);
}

const PAGE_PLAYERS_SCRABBLE = [
  { id: 'chan', name: '陳學希' },
  { id: 'wong', name: 'Wong Siu Ki' },
];
