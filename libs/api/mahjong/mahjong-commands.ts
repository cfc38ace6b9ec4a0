/** A table session's commands, declared once: players record and confirm for their own seat; the referee records hands and rules, citing the WMC text. */
import type { HandOutcome, Seat } from '../../domain/disciplines/mahjong/index.js';
import { MAHJONG_GAME, type MahjongCommandBody } from '../../runtime/features/mahjong/index.js';
import { bool, oneOf, optional, text } from '../body-schema.js';
import { byOfficials, bySeat, gameCommandsController, type CheckedBody, type DeclaredCommands } from '../games/game-commands.js';
import { BODIES, OUTCOME, SEAT, tile, tiles } from './mahjong-bodies.js';

type M = MahjongCommandBody;
type Outcome = { kind: 'win' | 'drawn'; winner?: Seat; by?: 'self-draw' | 'discard' | 'robbing-kong'; elements?: string[] } & Record<string, unknown>;
const seatBody = { name: 'MahjongSeatDto', fields: { seat: SEAT } };
const recordHand = { hand: BODIES.hand, outcome: OUTCOME };
const correctHand = { ...recordHand, reason: text(1, 500, { example: 'points miscounted' }) };
/** A drawn hand: the outcome's documented example (a win needs its elements to pass). */
const DRAWN = { hand: 1, outcome: { kind: 'drawn' } };
/** A hand's outcome as sent, with the win's fields only when it is a win (the body's schema refuses them on a drawn hand). */
const withOutcome = (type: string) => (b: CheckedBody) => ({ ...b, type, outcome: outcomeOf(b.outcome as Outcome) }) as M;

export const MAHJONG_COMMANDS: DeclaredCommands<M> = {
  controller: 'MahjongCommandsController',
  tag: 'mahjong',
  commands: [
    byOfficials<M>('seat-draws', 'seats', 'mahjong.draw-seats', '執位: the wind tile each seat drew (and the dice), for round 1 and after 換位 for round 2', {
      name: 'DrawSeatsDto',
      fields: BODIES.seatDraws,
    }),
    byOfficials<M>(
      'substitutes',
      'substitute',
      'mahjong.seat-substitute',
      'A substitute (代打者) or the highest eliminated player in an empty seat (行為守則, 缺席)',
      { name: 'SubstituteDto', fields: BODIES.substitute },
      // A name is stored in Unicode NFC, as every other name (person-name.ts).
      (b) => {
        const s = b.substitute as { id: string; name: string };
        return { ...b, type: 'mahjong.seat-substitute', substitute: { id: s.id, name: s.name.normalize('NFC') } } as M;
      },
    ),
    byOfficials<M>('deals', 'deal', 'mahjong.record-deal', '開門: the two throws of the hand in progress; the opener and the 開門數 derived', {
      name: 'DealDto',
      fields: BODIES.deal,
    }),
    bySeat<M>(
      'discards',
      'discard',
      'mahjong.record-discard',
      'A discard of the hand in progress (optional: recorded discards derive 跟張免責 and dead penalty tiles)',
      {
        name: 'DiscardDto',
        fields: { seat: SEAT, tile: tile('3s') },
      },
    ),
    bySeat<M>('claims', 'claim', 'mahjong.record-claim', 'A chow, pung or kong of the last discard (chow: the next player only)', {
      name: 'ClaimDto',
      fields: { seat: SEAT, kind: oneOf(['chow', 'pung', 'kong'], { example: 'pung' }), tiles: tiles(4, { example: ['3s', '3s', '3s'] }) },
    }),
    byOfficials<M>(
      'claim-conflicts',
      'conflict',
      'mahjong.resolve-claims',
      '鳴牌優先規條: several claims on one discard resolved and explained (win, then pung/kong, then chow; 截和)',
      {
        name: 'ClaimConflictDto',
        fields: BODIES.claimConflict,
      },
    ),
    byOfficials<M>(
      'hands',
      'hand',
      'mahjong.record-hand',
      "The hand's outcome on the card: a win (elements checked; the hand scored when given, a difference flagged) or a drawn hand",
      { name: 'RecordHandDto', fields: recordHand },
      withOutcome('mahjong.record-hand'),
      DRAWN,
    ),
    bySeat<M>('confirmations', 'confirm', 'mahjong.confirm-hand', "A player confirms the hand's line on the card (all four before the next hand)", {
      name: 'ConfirmHandDto',
      fields: { seat: SEAT, hand: BODIES.hand },
    }),
    byOfficials<M>(
      'corrections',
      'correct',
      'mahjong.correct-hand',
      'A correction of a line before the card is signed, countersigned by the referee recording it',
      { name: 'CorrectHandDto', fields: correctHand },
      withOutcome('mahjong.correct-hand'),
      { ...DRAWN, reason: 'points miscounted' },
    ),
    byOfficials<M>('rulings/score-flags', 'scoreFlag', 'mahjong.rule-score-flag', 'The referee rules on a flagged hand: the claimed or the computed scoring', {
      name: 'ScoreFlagRulingDto',
      fields: { hand: BODIES.hand, accept: oneOf(['claimed', 'computed']), note: optional(text(1, 500)) },
    }),
    bySeat<M>(
      'signatures',
      'sign',
      'mahjong.sign-scorecard',
      'A player signs the card at the end of the half-session; the fourth signature locks it and posts the table points',
      seatBody,
    ),
    byOfficials<M>(
      'rulings/chief-referee',
      'chief',
      'mahjong.rule-chief-referee',
      'After submission, the chief referee’s ruling on a formal dispute or an appeal changes a line (and the tournament result)',
      {
        name: 'ChiefRulingDto',
        fields: {
          ...correctHand,
          ground: oneOf(['dispute', 'appeal']),
          reference: text(1, 200, { example: 'dispute-7', description: 'The formal dispute or the appeal decided' }),
        },
      },
      withOutcome('mahjong.rule-chief-referee'),
      { ...DRAWN, reason: 'points miscounted', ground: 'dispute', reference: 'dispute-7' },
      'the decider refuses any official but the chief referee (409)',
    ),
    byOfficials<M>('penalty-tiles', 'expose', 'mahjong.expose-tiles', '罰張: exposed tiles become live penalty tiles (one free while arranging the deal)', {
      name: 'ExposeTilesDto',
      fields: {
        seat: SEAT,
        tiles: tiles(14, { example: ['5p'] }),
        duringDeal: optional(bool({ description: 'Exposed while arranging the deal (罰張 6: one tile free)' })),
      },
    }),
    byOfficials<M>('rulings/wrong-counts', 'wrongCount', 'mahjong.rule-wrong-count', '相公: short — no win this hand; long — no win, no claims or kongs', {
      name: 'WrongCountDto',
      fields: { seat: SEAT, count: oneOf(['short', 'long'], { description: '小相公 short, 大相公 long' }) },
    }),
    byOfficials<M>(
      'rulings/wrong-claims',
      'wrongClaim',
      'mahjong.rule-wrong-claim',
      '錯鳴: mistaken claim, change of claim, empty claim, empty kong, wrong set, false win, empty win call',
      {
        name: 'WrongClaimDto',
        fields: BODIES.wrongClaim,
      },
    ),
    byOfficials<M>(
      'turn-times',
      'turnTime',
      'mahjong.record-turn-time',
      '打牌時限: turns the referee timed; 5 points per 15 s or part over 15 s a discard and over 3 minutes a hand, both together',
      { name: 'TurnTimeDto', fields: BODIES.turnTime },
    ),
    byOfficials<M>(
      'rulings/severe-overtime',
      'severe',
      'mahjong.rule-severe-overtime',
      'Over 80 points of time penalty in a hand: the explanation accepted, or a forfeit',
      {
        name: 'SevereOvertimeDto',
        fields: { seat: SEAT, accepted: bool(), explanation: text(1, 500, { example: 'none given' }) },
      },
    ),
    byOfficials<M>(
      'time-outs',
      'timeOut',
      'mahjong.record-time-out',
      '暫停 and lateness: 5 points per 30 s or part; late over 5 minutes absent or a deduction; over 150 points a forfeit',
      {
        name: 'TimeOutDto',
        fields: BODIES.timeOut,
      },
    ),
    byOfficials<M>(
      'conduct',
      'conduct',
      'mahjong.record-conduct',
      'Other conduct: a ringing phone, a refused interview, collusion, voluntary withdrawal (deductions off the offender only)',
      { name: 'ConductDto', fields: BODIES.conduct },
    ),
  ],
};

/** The outcome the decider reads: the win's fields only when it is a win. */
function outcomeOf(o: Outcome): HandOutcome {
  if (o.kind === 'drawn') return { kind: 'drawn' };
  const { kind: _kind, winner, by, elements, ...rest } = o;
  return { ...rest, kind: 'win', winner: winner as Seat, by: by as 'self-draw' | 'discard' | 'robbing-kong', elements: elements ?? [] } as HandOutcome;
}

export const MahjongCommandsController = gameCommandsController(MAHJONG_GAME, MAHJONG_COMMANDS);
