/** OpenAPI examples for the game endpoints. */
export const GAME_COMMAND_EXAMPLE = {
  stream: 'scrabble-game-hk-open-2026-r1-t1',
  revision: 4,
  position: 57,
  duplicate: false,
  events: [
    {
      id: '7c1d…',
      type: 'scrabble.MoveCompleted',
      revision: 4,
      position: 57,
      data: {
        seat: 0,
        turn: 1,
        move: {
          kind: 'play',
          coordinate: '8G',
          word: 'QI',
          placements: [
            { row: 7, col: 6, letter: 'Q', blank: false },
            { row: 7, col: 7, letter: 'I', blank: false },
          ],
          words: ['QI'],
        },
        announcedScore: 22,
        computedScore: 22,
        completedBy: 'clock',
        goingOut: false,
        remainingMs: [1_470_000, 1_500_000],
        at: '2026-11-29T10:00:30.000Z',
        by: { id: 'chan-hok-hei', role: 'player' },
      },
      recordedAt: '2026-11-29T10:00:30.000Z',
    },
  ],
};

export const GAME_VIEW_EXAMPLE = {
  id: 'hk-open-2026-r1-t1',
  phase: 'playing',
  players: [
    { id: 'chan-hok-hei', name: 'Chan Hok Hei' },
    { id: 'wong-wai-ho', name: 'Wong Wai Ho' },
  ],
  link: { tournamentId: 'hk-open-2026', round: 1, table: 1, division: 'main', firstSeat: 0 },
  board: ['...............', '(15 rows of 15; "." empty, upper case tile, lower case blank)'],
  scores: [22, 0],
  bag: { count: 84, tiles: null },
  racks: [
    { count: 7, tiles: null },
    { count: 7, tiles: null },
  ],
  unseen: [null, null],
  toAct: { seat: 1, action: 'accept, hold, challenge or move' },
  hold: null,
  challenge: null,
  clock: { usedMs: [30_000, 0], running: 1, since: '2026-11-29T10:00:30.000Z', paused: null, remainingMs: [1_470_000, 1_500_000] },
  flags: [],
  tilesVisible: 'public',
  revision: 4,
  asOf: { revision: 4, position: 57, at: '2026-11-29T10:00:30.000Z' },
};

export const SCORESHEET_EXAMPLE = {
  id: 'hk-open-2026-r1-t1',
  phase: 'playing',
  rows: [
    { turn: 1, seat: 0, player: 'Chan Hok Hei', entry: 'QI 8G', score: 22, cumulative: [22, 0], clockRemainingMs: [1_470_000, 1_500_000], status: 'accepted' },
  ],
  scores: [22, 0],
};

export const EVENTS_EXAMPLE = { id: 'hk-open-2026-r1-t1', stream: 'scrabble-game-hk-open-2026-r1-t1', revision: 4, events: [GAME_COMMAND_EXAMPLE.events[0]] };
