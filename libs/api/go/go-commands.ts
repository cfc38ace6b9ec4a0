/** Go's game commands, declared once: players record their own seat's; the arbiter records lateness, pauses and rulings with the rule cited. */
import { GO_GAME, type GoCommandBody } from '../../runtime/features/go/index.js';
import { list, oneOf, optional, pattern, text } from '../body-schema.js';
import { byOfficials, bySeat, gameCommandsController, type DeclaredCommands } from '../games/game-commands.js';

const SEAT = oneOf([0, 1], { example: 0, description: '0 Black, 1 White (a player token acts only for its own seat)' });
const POINT = /^([A-HJ-Ta-hj-t]\d{1,2}|[a-s]{2})$/;
const STONES = list(pattern(POINT), { max: 361 }, { example: ['A9'] });
const seat = { name: 'GoSeatDto', fields: { seat: SEAT } };
const move = { name: 'GoMoveDto', fields: { seat: SEAT, point: pattern(POINT, { example: 'Q16' }) } };
type G = GoCommandBody;

export const GO_COMMANDS: DeclaredCommands<G> = {
  controller: 'GoMovesController',
  tag: 'go',
  commands: [
    bySeat<G>(
      'moves',
      'move',
      'go.play',
      'A stone (GTP "Q16" or SGF "pd"), checked by @sabaki/go-board (occupied, suicide) and the profile’s ko rule; captures recorded',
      move,
    ),
    bySeat<G>(
      'passes',
      'pass',
      'go.pass',
      'Pass, shown as Ing rules 第九条 示虚 (2) says; two passes in a row end play (an Arbitra rule: the excerpt does not say it)',
      seat,
    ),
    bySeat<G>('resignation', 'resign', 'go.resign', 'Resign (Ing rules 第九条 示虚 (1) 认输)', seat),
    bySeat<G>(
      'time-claims',
      'claimTime',
      'go.claim-time',
      'Claim the opponent’s loss on time: overtime beyond 3/6 of basic time (PP) or the last byo-yomi period run out (第七条 延时)',
      seat,
    ),
    bySeat<G>('dead-stones', 'propose', 'go.propose-dead-stones', 'Propose the dead stones after both passed (a stone names its whole group)', {
      name: 'DeadStonesDto',
      fields: { seat: SEAT, stones: { ...STONES, description: 'A stone of each dead group (the whole group is taken)' } },
    }),
    bySeat<G>(
      'dead-stones/acceptance',
      'accept',
      'go.accept-dead-stones',
      'Accept the opponent’s dead stones: the game is counted (Ing area counting, compensation, penalty points net of offsetting)',
      seat,
    ),
    bySeat<G>(
      'signatures',
      'sign',
      'go.sign-result',
      'Sign the counted result; once both have signed the game ends and its result goes to the tournament',
      seat,
    ),
    byOfficials<G>(
      'arrivals',
      'arrival',
      'go.record-arrival',
      'A late player arrives at the observed time: twice the lateness off basic time (第八条 扣时); beyond the limit a loss (缺席)',
      seat,
    ),
    byOfficials<G>('absences', 'absence', 'go.record-absence', 'A player absent beyond the limit loses (Ing rules 第八条 裁败 (1) 缺席)', seat),
    byOfficials<G>('clock/pauses', 'pause', 'go.pause-clock', 'Stop the clocks for an arbiter call or a rest', {
      name: 'GoPauseDto',
      fields: { reason: oneOf(['arbiter-call', 'rest']), note: optional(text(1, 500)) },
    }),
    byOfficials<G>('clock/resumptions', 'resume', 'go.resume-clock', 'Restart the clocks', { name: 'GoCommandDto', fields: {} }),
    byOfficials<G>(
      'rulings/disputed-moves',
      'disputed',
      'go.rule-disputed-move',
      'Record a disputed move as ruled (Ing rules 第十条 裁判); it must still be legal',
      {
        name: 'DisputedMoveDto',
        fields: { ...move.fields, note: text(1, 500, { description: 'What was disputed and how the arbiter ruled' }) },
      },
    ),
    byOfficials<G>('rulings/dead-stones', 'deadStones', 'go.rule-dead-stones', 'Rule disputed dead stones; the game is counted', {
      name: 'DeadStonesRulingDto',
      fields: { stones: STONES, note: text(1, 500) },
    }),
    byOfficials<G>(
      'rulings/losses',
      'loss',
      'go.rule-loss',
      'A loss by ruling, verified by the arbiter: withdrawal, retraction or defiance (Ing rules 第八条 裁败 (2), (3), (5))',
      {
        name: 'LossRulingDto',
        fields: {
          seat: SEAT,
          ground: oneOf(['withdrawal', 'retraction', 'defiance'], { description: 'Ing rules 第八条 裁败 (2) 弃权, (3) 悔着, (5) 抗命' }),
          note: text(1, 500),
        },
      },
    ),
  ],
};

export const GoMovesController = gameCommandsController(GO_GAME, GO_COMMANDS);
