/**
 * A Scrabble game's result (WESPA seed 分數, 重新計算分數): end racks, time penalties, score corrections, the recount,
 * the slip's signatures and their withdrawal, and reversed scores fixed after signing.
 */
import { int, list, named, object, pattern } from '../body-schema.js';
import { AGREED, SEAT, officials, own, reason, seatOf, seatOnly } from './scrabble-command-parts.js';

export const RESULT = {
  endRacks: officials(
    'end-racks',
    'endRacks',
    'scrabble.enter-end-racks',
    'EnterEndRacks: the racks left at the end; each player loses their own after six zeros; checked against the derived rack after going out (arbiter)',
    {
      name: 'EndRacksDto',
      fields: {
        racks: list(
          named(
            'EndRackDto',
            object({
              seat: seatOf({ example: 1 }),
              rack: pattern(/^[A-Za-z?]{0,7}$/, { example: 'AEI', description: 'The tiles left on that seat\'s rack ("" for none)' }),
            }),
          ),
          { min: 1, max: 2 },
          { description: 'The racks left at the end (both after six zeros or the overtime limit)' },
        ),
      },
    },
    (b) => {
      const racks: [string | null, string | null] = [null, null];
      for (const x of b.racks as { seat: 0 | 1; rack: string }[]) racks[x.seat] = x.rack.toUpperCase();
      return { type: 'scrabble.enter-end-racks', racks };
    },
  ),
  timePenalty: officials(
    'time-penalties',
    'timePenalty',
    'scrabble.record-time-penalty',
    'RecordTimePenalty: overtime points entered by hand after the game (arbiter)',
    {
      name: 'TimePenaltyDto',
      fields: { seat: SEAT, points: int(1, 1000, { example: 10 }) },
    },
  ),
  correct: officials(
    'score-corrections',
    'correct',
    'scrabble.correct-score',
    "CorrectScore: a turn's score corrected by agreement of both players before the slip is signed (seed 分數); after one signature, withdraw it first (arbiter)",
    {
      name: 'ScoreCorrectionDto',
      fields: { turn: int(1, 100_000, { example: 3 }), score: int(0, 2000, { example: 24 }), agreedBy: AGREED('Seed 分數: both players agree') },
    },
  ),
  recount: own(
    'recount',
    'recount',
    'scrabble.request-recount',
    'RequestRecount: either player, when the final margin is under 20 (seed 重新計算分數) (player for own seat, arbiter)',
    seatOnly,
  ),
  recountDone: officials(
    'recount/completion',
    'recountDone',
    'scrabble.complete-recount',
    'CompleteRecount: the corrected turn scores found by the recount (arbiter)',
    {
      name: 'RecountCompletionDto',
      fields: {
        corrections: list(named('TurnScoreDto', object({ turn: int(1, 100_000, { example: 3 }), score: int(0, 2000, { example: 24 }) })), { max: 1000 }),
      },
    },
    (b) => ({
      type: 'scrabble.complete-recount',
      corrections: (b.corrections as { turn: number; score: number }[]).map((c) => ({ turn: c.turn, score: c.score })),
    }),
  ),
  sign: own(
    'signatures',
    'sign',
    'scrabble.sign-result-slip',
    'SignResultSlip: when both have signed, scrabble.GameFinished locks the result (and posts it to a linked tournament) (player for own seat, arbiter)',
    seatOnly,
  ),
  withdrawSignature: own(
    'signatures/withdrawal',
    'withdrawSignature',
    'scrabble.withdraw-signature',
    'WithdrawSignature: a signature on the slip is withdrawn, recorded with who and why, before a score correction (seed 分數: corrections only before signing); refused once both signed (player for own seat, arbiter)',
    {
      name: 'SignatureWithdrawalDto',
      fields: {
        seat: SEAT,
        reason: reason(500, 'turn 3 was scored 22, should be 24', 'Why the signature is withdrawn (recorded with who withdrew it)'),
      },
    },
  ),
  reversed: officials(
    'reversed-scores',
    'reversed',
    'scrabble.correct-reversed-scores',
    'CorrectReversedScores: after signing, only reversed scores are fixed, when both players ask (agreedBy [0, 1]) and the TD consents (tdDecision) (seed 分數: 雙方…獲比賽總監同意); 409 scrabble/reversal-needs-both-players otherwise; refused on a tied game (nothing to reverse); the game view, score sheet and GCG show it with the decision (arbiter)',
    {
      name: 'ReversedScoresDto',
      fields: {
        tdDecision: reason(500, 'TD ruling 2026-11-29 #3: scores entered reversed', 'The TD decision consenting to the reversal'),
        agreedBy: AGREED('Seed 分數 (除非雙方因分數顛倒而獲比賽總監同意更改): the players who ask for the reversal; both seats are required'),
      },
    },
  ),
};
