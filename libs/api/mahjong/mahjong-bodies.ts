/** The bodies of a mahjong table's commands as JSON Schema (WMC tiles: 1m–9s, E S W N, Wd Gd Rd). */
import { bool, int, list, named, object, oneOf, onlyWhen, optional, pattern, PERSON_NAME, text, type Schema } from '../body-schema.js';
import { GAME_ID } from '../games/game.dto.js';

export const MJ_SEAT_VALUES = [0, 1, 2, 3] as const;
const TILE = /^([1-9][mps]|[ESWN]|Wd|Gd|Rd)$/;
export const seat = (description?: string, example?: number): Schema =>
  oneOf(MJ_SEAT_VALUES, { ...(example !== undefined && { example }), ...(description && { description }) });
export const SEAT = seat('The seat (a player token acts only for its own)', 0);
export const tile = (example?: string): Schema => pattern(TILE, example ? { example } : {});
export const tiles = (max: number, doc: { example?: string[]; description?: string } = {}): Schema => list(tile(), { max }, doc);
const dice = (example: number[], description?: string) => list({ type: 'integer' }, { max: 1000 }, { example, ...(description && { description }) });
const HAND = int(1, 100, { example: 1 });

const EXPOSED_SET = named(
  'ExposedSetDto',
  object({
    kind: oneOf(['chow', 'pung', 'kong']),
    tiles: tiles(4, { example: ['Rd', 'Rd', 'Rd'] }),
    concealedKong: optional(bool()),
    claimedFrom: optional(oneOf(['left', 'across', 'right'])),
  }),
);
const GIVEN_HAND = named(
  'GivenHandDto',
  object({
    concealed: tiles(18, { description: 'Concealed tiles including the winning tile' }),
    exposed: list(EXPOSED_SET, { max: 4 }),
    winningTile: tile('5p'),
    kongReplacement: optional(bool()),
  }),
);
export const OUTCOME = named(
  'OutcomeDto',
  onlyWhen(
    'kind',
    'win',
    {
      kind: oneOf(['win', 'drawn'], { example: 'win' }),
      winner: seat(undefined, 0),
      by: oneOf(['self-draw', 'discard', 'robbing-kong'], { example: 'discard' }),
      from: optional(seat('The discarder, or the konger robbed', 2)),
      lastTile: optional(bool({ description: 'Won on the last tile (海底 / 河底)' })),
      elements: list(
        text(1, 10),
        { max: 20 },
        { example: ['2.1.1', '4.1'], description: 'Claimed scoring elements by catalogue code (a per-set code repeats per set)' },
      ),
      winningTile: optional(
        pattern(TILE, {
          example: '3s',
          description: 'The tile won on; a robbing-the-kong win (搶槓) on a hand whose discards are recorded names the kong tile, so 跟張免責 can be checked',
        }),
      ),
      hand: optional(GIVEN_HAND),
      firstDiscarder: optional(seat('跟張免責 facts: who first discarded the winning tile in that go-around')),
    },
    ['winner', 'by', 'elements'],
  ),
);

export const BODIES = {
  seatDraws: {
    round: int(1, 10, { example: 1, description: 'The round this seating is for (1, then 2 after 換位)' }),
    winds: list(oneOf(['E', 'S', 'W', 'N']), { max: 1000 }, { example: ['E', 'S', 'W', 'N'], description: 'The wind tile seat 0, 1, 2, 3 drew' }),
    dice: optional(named('DiceDto', object({ thrower: seat('Who threw first'), first: dice([3, 4]), second: dice([2, 3]) }))),
  },
  deal: {
    dealerDice: dice([3, 3], "The dealer's throw: counts the opener (開門人) from the dealer"),
    openerDice: dice([4, 5], "The opener's throw: with the dealer's, the 開門數"),
  },
  substitute: {
    seat: seat('The empty seat', 0),
    substitute: object({
      id: pattern(GAME_ID, { example: 'chan-hok-hei', description: 'Player id (a player token with this `sub` may self-record)' }),
      name: { ...text(1, 200, { example: 'Chan Hok Hei' }), format: PERSON_NAME },
    }),
    kind: oneOf(['substitute', 'eliminated-player'], { example: 'substitute' }),
    reason: text(1, 500, { example: 'absent at the start' }),
  },
  claimConflict: {
    discarder: seat('Who discarded the claimed tile', 0),
    claims: list(
      named('ConflictClaimDto', object({ seat: seat('A claimant', 0), kind: oneOf(['win', 'pung', 'kong', 'chow']) })),
      { max: 3 },
      {
        example: [
          { seat: 1, kind: 'win' },
          { seat: 2, kind: 'win' },
        ],
      },
    ),
  },
  wrongClaim: {
    seat: SEAT,
    variant: oneOf(['mistaken-claim', 'change-of-claim', 'empty-claim', 'empty-kong', 'wrong-set', 'wrong-set-after-kong', 'false-win', 'empty-win-call'], {
      example: 'empty-claim',
      description: '錯鳴 1–7',
    }),
    tiles: optional(tiles(14, { example: ['5p', '7s'] })),
    points: optional(int(1, 1000, { description: 'The referee’s deduction when too frequent (過頻)' })),
    concealedLeft: optional(int(0, 14, { description: '空和: concealed tiles left, when fewer than three' })),
  },
  turnTime: {
    seat: SEAT,
    turns: list(
      named(
        'TurnDto',
        object({
          ms: int(0, 3_600_000, { example: 40_000, description: 'How long the turn took (ms)' }),
          sinceDealMs: optional(int(0, 3_600_000, { example: 0, description: 'When it started after the deal (ms): the first 15 s are not counted' })),
        }),
      ),
      { max: 100 },
    ),
  },
  timeOut: {
    seat: SEAT,
    kind: oneOf(['time-out', 'late', 'medical', 'left-table']),
    ms: int(1, 86_400_000, { example: 45_000 }),
    certificate: optional(bool({ description: 'A medical certificate handed in before the contest' })),
    lateRuling: optional(named('LateRulingDto', onlyWhen('kind', 'deduction', { kind: oneOf(['absent', 'deduction']), points: int(1, 10_000) }, ['points']))),
  },
  conduct: {
    seat: SEAT,
    offence: oneOf(['phone', 'refused-interview', 'collusion', 'voluntary-withdrawal', 'other'], { example: 'phone' }),
    points: optional(int(1, 10_000, { example: 10 })),
    note: text(1, 500, { example: 'phone rang during hand 3' }),
  },
  hand: HAND,
};
