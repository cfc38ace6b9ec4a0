/** OpenAPI examples for the tournament endpoints. */
const AS_OF = { revision: 9, position: 120, at: '2026-11-29T10:42:00.000Z' };

export const COMMAND_EXAMPLE = {
  stream: 'tournament-hk-open-2026',
  revision: 9,
  position: 120,
  duplicate: false,
  events: [
    {
      id: '0b5e…',
      type: 'tournament.ResultRecorded',
      revision: 9,
      position: 120,
      data: {
        division: 'main',
        round: 1,
        table: 1,
        result: { kind: 'played', round: 1, table: 1, first: 'chan-hok-hei', second: 'wong-wai-ho', outcome: 'first', score: { first: 412, second: 376 } },
        source: { kind: 'arbiter' },
      },
      recordedAt: '2026-11-29T10:42:00.000Z',
    },
  ],
};

export const SUMMARY_EXAMPLE = {
  id: 'hk-open-2026',
  name: 'Hong Kong Scrabble Open 2026',
  discipline: 'scrabble',
  profile: {
    name: 'wespa',
    discipline: 'scrabble',
    format: 'two-player',
    scores: 'required',
    points: { win: 1, draw: 0.5, loss: 0 },
    bye: { outcome: 'win', spread: 50 },
    forfeitSpread: 100,
    doubleForfeitSpread: 100,
    tieBreaks: ['SPREAD'],
    penaltiesApplyTo: 'spread',
  },
  divisions: ['main'],
  roundsPlanned: 7,
  pairingSystems: ['australian-draw', 'king-of-the-hill'],
  imported: null,
  players: [
    { id: 'chan-hok-hei', name: 'Chan Hok Hei', rating: 1900, division: 'main', joinsAtRound: 1, withdrawnFromRound: null, absentRounds: [], withdrawn: false },
  ],
  forbiddenPairings: 0,
  rounds: [
    { division: 'main', round: 1, status: 'published', published: true, method: 'system', system: 'australian-draw', tables: 3, bye: null, missing: [2, 3] },
  ],
  penalties: [],
  asOf: AS_OF,
};

export const ROUND_EXAMPLE = {
  tournament: 'hk-open-2026',
  division: 'main',
  round: 1,
  status: 'published',
  method: { kind: 'system', system: 'australian-draw', seed: 'hk-open-2026:main:1' },
  games: [{ table: 1, first: 'chan-hok-hei', second: 'wong-wai-ho' }],
  tables: [],
  bye: null,
  repeats: [],
  explanation: ['round 1: seeded by rating'],
  results: { t1: { kind: 'played', round: 1, table: 1, first: 'chan-hok-hei', second: 'wong-wai-ho', outcome: 'first', score: { first: 412, second: 376 } } },
  missing: [2, 3],
  corrections: [],
  pairedAt: '2026-11-29T09:55:00.000Z',
  publishedAt: '2026-11-29T09:56:00.000Z',
  lockedAt: null,
  asOf: AS_OF,
};

export const STANDINGS_EXAMPLE = {
  tournament: 'hk-open-2026',
  round: null,
  divisions: [
    {
      tournament: 'hk-open-2026',
      division: 'main',
      throughRound: 1,
      roundInProgress: null,
      unpublishedRounds: [],
      rows: [
        {
          rank: 1,
          player: 'chan-hok-hei',
          name: 'Chan Hok Hei',
          score: 1,
          wins: 1,
          draws: 0,
          losses: 0,
          rounds: 1,
          spread: 36,
          penaltyPoints: 0,
          withdrawn: false,
          withdrawnFromRound: null,
          tieBreaks: [{ code: 'SPREAD', value: 36 }],
        },
      ],
      asOf: AS_OF,
    },
  ],
};

export const CROSSTABLE_EXAMPLE = {
  tournament: 'hk-open-2026',
  round: null,
  divisions: [
    {
      tournament: 'hk-open-2026',
      division: 'main',
      unpublishedRounds: [],
      rows: [
        {
          rank: 1,
          player: 'chan-hok-hei',
          name: 'Chan Hok Hei',
          withdrawnFromRound: null,
          cells: [
            {
              round: 1,
              kind: 'played',
              table: 1,
              opponent: 'wong-wai-ho',
              tableMates: [],
              side: 'first',
              wind: null,
              outcome: 'win',
              scoreFor: 412,
              scoreAgainst: 376,
              tableRank: null,
              points: 1,
              running: 1,
            },
          ],
        },
      ],
      asOf: AS_OF,
    },
  ],
};

export const PROVISIONAL_EXAMPLE = {
  tournament: 'hk-open-2026',
  division: 'main',
  round: 2,
  seed: 'hk-open-2026:main:2',
  pendingTables: [3],
  systems: {
    'australian-draw': {
      status: 'paired',
      pairing: {
        system: 'australian-draw',
        round: 2,
        games: [{ table: 1, first: 'chan-hok-hei', second: 'wong-siu-ki' }],
        tables: [],
        bye: null,
        repeats: [],
        explanation: ['…'],
      },
    },
    'mahjong-swiss': {
      status: 'refused',
      type: 'tournament/pairing-format',
      message: 'mahjong-swiss does not pair scrabble (two-player)',
      rule: 'Arbitra: a 2-player result is recorded for a 2-player game, a table result for a mahjong table',
    },
  },
  asOf: AS_OF,
};
