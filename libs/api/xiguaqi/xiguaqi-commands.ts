/** Xiguaqi's match commands, declared once: players record their own seat's; officials start the next game and rule. */
import { XIGUAQI_GAME, type XiguaqiCommandBody } from '../../runtime/features/xiguaqi/index.js';
import { int, list, oneOf, optional, text } from '../body-schema.js';
import { byOfficials, bySeat, gameCommandsController, type DeclaredCommands } from '../games/game-commands.js';

const SEAT = oneOf([0, 1], { example: 0, description: 'A player token acts only for its own seat' });
const point = (description: string) => int(1, 21, { example: 7, description });
const seat = { name: 'XiguaqiSeatDto', fields: { seat: SEAT } };
type X = XiguaqiCommandBody;

export const XIGUAQI_COMMANDS: DeclaredCommands<X> = {
  controller: 'XiguaqiMovesController',
  tag: 'xiguaqi',
  commands: [
    bySeat<X>(
      'moves',
      'move',
      'xiguaqi.move',
      'A move to an adjacent empty point (第二条三), with the captures the mover takes (第五条); a grab after two minutes (第七条)',
      {
        name: 'XiguaqiMoveDto',
        fields: {
          seat: SEAT,
          from: point('The point the piece leaves (docs/xiguaqi-board.svg)'),
          to: point('The adjacent empty point it moves to'),
          captures: optional(
            list(
              int(1, 21),
              { max: 6 },
              { example: [2], description: '西瓜棋规则 第五条: opponent pieces without liberties the mover captures (a point takes its group)' },
            ),
          ),
        },
      },
    ),
    bySeat<X>('passes', 'pass', 'xiguaqi.pass', 'Give up the right to move (第二条六)', seat),
    bySeat<X>('resignation', 'resign', 'xiguaqi.resign', 'Resign the game in play (第八条二, 第十六条一)', seat),
    // An official calls time without a seat: the seat, when sent, is the caller's own.
    {
      ...bySeat<X>(
        'time-calls',
        'time',
        'xiguaqi.call-time',
        'The end of the time (第八条一): once both halves are used the pieces on the board are counted (第九条二、三)',
        {
          name: 'TimeCallDto',
          fields: { seat: optional(oneOf([0, 1], { description: 'The seat calling time (omit for an official)' })) },
        },
      ),
      example: { seat: 0 },
    },
    byOfficials<X>(
      'next-games',
      'next',
      'xiguaqi.start-game',
      'Start the match’s next game: the first mover alternates; the deciding game’s is guessed again (第十一条)',
      {
        name: 'NextGameDto',
        fields: { first: optional(oneOf([0, 1], { description: '西瓜棋规则 第十一条: required for the deciding game (a new guess); else the alternation' })) },
      },
    ),
    byOfficials<X>(
      'rulings',
      'ruling',
      'xiguaqi.rule-game',
      'The arbiter rules the game in play lost or drawn (第十三条)',
      {
        name: 'GameRulingDto',
        fields: {
          winner: {
            oneOf: [
              { type: 'integer', enum: [0, 1] },
              { type: 'string', enum: ['draw'] },
            ],
            example: 'draw',
            description: '西瓜棋规则 第十三条: the game ruled won by a seat, or drawn',
          },
          note: optional(text(1, 500)),
        },
      },
      ({ winner, ...rest }) => ({ type: 'xiguaqi.rule-game', winner: winner === 'draw' ? null : (winner as 0 | 1), ...rest }),
    ),
    byOfficials<X>(
      'forfeits',
      'forfeit',
      'xiguaqi.forfeit',
      'A forfeit (弃权, 第十三条): the game in play lost, or the whole match (a forfeit in the tournament)',
      {
        name: 'ForfeitDto',
        fields: {
          seat: oneOf([0, 1], { description: 'The seat that forfeits (弃权)' }),
          scope: oneOf(['game', 'match'], { description: '西瓜棋规则 第十三条: the game in play, or the whole match' }),
        },
      },
    ),
  ],
};

export const XiguaqiMovesController = gameCommandsController(XIGUAQI_GAME, XIGUAQI_COMMANDS);
