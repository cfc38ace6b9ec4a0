import type { Discipline } from '../../libs/domain/standings/index.js';
import type { RecordsHarness } from '../support/records-harness.js';
import { TEST_DISCIPLINES } from '../support/test-disciplines.js';

/** What a driver is given: the server, an arbiter's token for the tournament, the game's id, players and link. */
export interface Table {
  readonly h: RecordsHarness;
  readonly arbiter: string;
  readonly id: string;
  readonly players: readonly { readonly id: string; readonly name: string }[];
  readonly link: { readonly tournamentId: string; readonly round: number; readonly table: number };
}

/**
 * How the contract suite plays one short linked game of a discipline to its end over HTTP, with one in-game penalty
 * where the discipline records penalties in its games (its descriptor's `penalties.inGame`). The assertions are the
 * suite's, the same for every discipline; a driver only plays.
 */
export interface Driver {
  readonly discipline: Discipline;
  /** The routes' name: `/v1/<route>/games`, the list entry's `discipline`. */
  readonly route: string;
  readonly seats: 2 | 4;
  play(t: Table): Promise<void>;
  /**
   * A discipline whose games hide information (its GameFeature's `hidesInformation`): plays an unlinked game to a point
   * where it hides some (the contract suite then checks that no anonymous read shows it).
   */
  inProgress?(t: Omit<Table, 'link'>): Promise<void>;
}

const T0 = Date.now() - 600_000;
const at = (s: number) => new Date(T0 + s * 1000).toISOString();

const scrabble: Driver = {
  discipline: 'scrabble',
  route: 'scrabble',
  seats: 2,
  async play({ h, arbiter, id, players, link }) {
    const g = `/v1/scrabble/games/${id}`;
    const post = (path: string, body: object) => h.post(path, body, arbiter);
    await post('/v1/scrabble/games', { id, players, starter: 0, clockSide: 'right', clockSideChosenBy: 1, tilesCounted: 100, link, at: at(0) });
    await post(`${g}/draws`, { seat: 0, count: 7, at: at(1) });
    await post(`${g}/draws`, { seat: 1, count: 7, at: at(2) });
    await post(`${g}/moves`, { seat: 0, move: { kind: 'play', coordinate: '8G', word: 'QI' }, announcedScore: 22, at: at(10) });
    for (let i = 0; i < 6; i++) await post(`${g}/moves`, { seat: i % 2 === 0 ? 1 : 0, move: { kind: 'pass' }, at: at(20 + i) });
    const racks = [
      { seat: 0, rack: 'AEINR' },
      { seat: 1, rack: 'STUVWXY' },
    ];
    await post(`${g}/end-racks`, { racks, at: at(30) });
    // WESPA seed 過時: the TD enters 10 points of overtime.
    await post(`${g}/time-penalties`, { seat: 1, points: 10, at: at(31) });
    await post(`${g}/signatures`, { seat: 0, at: at(32) });
    await post(`${g}/signatures`, { seat: 1, at: at(33) });
  },
  async inProgress({ h, arbiter, id, players }) {
    // Tracked tiles: the racks are recorded, and hidden from all but their seat while the game is in progress.
    const start = { id, players, starter: 0, clockSide: 'right', clockSideChosenBy: 1, tilesCounted: 100, tracking: true, at: at(0) };
    await h.post('/v1/scrabble/games', start, arbiter);
    await h.post(`/v1/scrabble/games/${id}/draws`, { seat: 0, tiles: 'AEIQRST'.split(''), at: at(1) }, arbiter);
    await h.post(`/v1/scrabble/games/${id}/draws`, { seat: 1, tiles: 'AENORXZ'.split(''), at: at(2) }, arbiter);
  },
};

const chess: Driver = {
  discipline: 'chess-rapid',
  route: 'chess',
  seats: 2,
  async play({ h, arbiter, id, players, link }) {
    await h.post('/v1/chess/games', { id, players, timeControl: { minutes: 30 }, link }, arbiter);
    // Rapid rules 24: two minutes to the opponent's clock.
    const penalty = { seat: 1, penalty: { kind: 'time-to-opponent', ms: 120_000 }, rule: 'rapid rules 24', reason: 'phone rang' };
    await h.post(`/v1/chess/games/${id}/penalties`, penalty, arbiter);
    await h.post(`/v1/chess/games/${id}/resignation`, { seat: 0 }, arbiter);
  },
};

const go: Driver = {
  discipline: 'go',
  route: 'go',
  seats: 2,
  async play({ h, arbiter, id, players, link }) {
    await h.post('/v1/go/games', { id, players, boardSize: 9, link }, arbiter);
    await h.post(`/v1/go/games/${id}/moves`, { seat: 0, point: 'E5' }, arbiter);
    await h.post(`/v1/go/games/${id}/resignation`, { seat: 1 }, arbiter);
  },
};

const xiguaqi: Driver = {
  discipline: 'xiguaqi',
  route: 'xiguaqi',
  seats: 2,
  async play({ h, arbiter, id, players, link }) {
    await h.post('/v1/xiguaqi/games', { id, players, bestOf: 3, first: 0, link }, arbiter);
    await h.post(`/v1/xiguaqi/games/${id}/resignation`, { seat: 0 }, arbiter);
    await h.post(`/v1/xiguaqi/games/${id}/next-games`, {}, arbiter);
    await h.post(`/v1/xiguaqi/games/${id}/resignation`, { seat: 0 }, arbiter);
  },
};

const mahjong: Driver = {
  discipline: 'mahjong',
  route: 'mahjong',
  seats: 4,
  async play({ h, arbiter, id, players, link }) {
    const g = `/v1/mahjong/games/${id}`;
    const post = (path: string, body: object) => h.post(path, body, arbiter);
    await post('/v1/mahjong/games', { id, players, link });
    await post(`${g}/seat-draws`, { round: 1, winds: ['E', 'S', 'W', 'N'] });
    // WMC 打牌時限: a 40 s turn costs 10 points.
    await post(`${g}/turn-times`, { seat: 2, turns: [{ ms: 40_000 }] });
    for (let hand = 1; hand <= 8; hand++) {
      if (hand === 5) await post(`${g}/seat-draws`, { round: 2, winds: ['W', 'N', 'E', 'S'] });
      await post(`${g}/hands`, { hand, outcome: { kind: 'drawn' } });
      for (let seat = 0; seat < 4; seat++) await post(`${g}/confirmations`, { seat, hand });
    }
    for (let seat = 0; seat < 4; seat++) await post(`${g}/signatures`, { seat });
  },
};

/** One driver per registered discipline (the suite checks that none is missing); a test build's discipline brings its own. */
export const DRIVERS: readonly Driver[] = [scrabble, chess, go, xiguaqi, mahjong, ...TEST_DISCIPLINES.map((t) => t.driver)];
