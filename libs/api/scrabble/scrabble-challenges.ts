/**
 * Scrabble's holds and challenges (WESPA seed Hold, Challenge): holding and accepting a play, the challenge, the word
 * source's proposals and the arbiter's verdicts, the score said again, and a late challenge the TD allows.
 */
import { proposeVerdicts } from '../../domain/disciplines/scrabble/index.js';
import { lexiconFor } from '../../runtime/features/scrabble/index.js';
import { bool, int, list, named, object, optional, pattern, text } from '../body-schema.js';
import { SEAT, WORD, officials, own, reason, seatOnly, upper } from './scrabble-command-parts.js';

export const CHALLENGES = {
  hold: own(
    'holds',
    'hold',
    'scrabble.hold',
    'Hold: the opponent holds the play on their own time; the player may not draw for 30 s (seed Hold) (player for own seat, arbiter)',
    seatOnly,
  ),
  accept: own(
    'acceptances',
    'accept',
    'scrabble.accept-move',
    'AcceptMove: the opponent accepts the pending play (ends a hold; ends the game after a going-out play) (player for own seat, arbiter)',
    seatOnly,
  ),
  challenge: own(
    'challenges',
    'challenge',
    'scrabble.challenge',
    'Challenge: after the clock was pressed, stops the clock and names every challenged word (player for own seat, arbiter). With ARBITRA_LEXICON_FILE set, the word list then proposes verdicts (scrabble.VerdictsProposed) for the arbiter to confirm',
    {
      name: 'ChallengeDto',
      fields: { seat: SEAT, words: list(pattern(WORD), { min: 1, max: 15 }, { example: ['QI'], description: 'Every challenged word (seed Challenge)' }) },
    },
    (b) => ({ type: 'scrabble.challenge', seat: b.seat, words: upper(b.words) ?? [] }),
    {
      created: "scrabble.ChallengeMade (and `lexicon`: the proposal command's response when a word list is configured)",
      // With a word list configured, the server proposes verdicts for the arbiter to confirm, as the word list's own record.
      followUp: (step, config) => {
        const lexicon = lexiconFor(config);
        if (!lexicon || step.type !== 'scrabble.challenge') return undefined;
        const proposals = proposeVerdicts(lexicon, step.words);
        return () => ({
          key: 'lexicon',
          actor: { id: 'lexicon-file', role: 'system' as const },
          command: { type: 'scrabble.propose-verdicts' as const, lexicon: lexicon.path, proposals },
        });
      },
    },
  ),
  withdraw: own(
    'challenges/withdrawal',
    'withdraw',
    'scrabble.withdraw-challenge',
    'WithdrawChallenge: always refused — a challenge cannot be withdrawn once the clock is stopped (seed Challenge)',
    seatOnly,
  ),
  propose: officials(
    'challenges/proposals',
    'propose',
    'scrabble.propose-verdicts',
    'ProposeVerdicts: record what a word source says of the challenged words, for the arbiter to confirm (arbiter)',
    {
      name: 'ProposalsDto',
      fields: {
        lexicon: text(1, 200, { example: 'CSW24 (printed)', description: 'The word source consulted' }),
        proposals: list(
          named(
            'ProposalDto',
            object({
              word: pattern(WORD, { example: 'QI' }),
              valid: optional({ type: 'boolean', nullable: true, example: true, description: 'null: the word source cannot say' }),
            }),
          ),
          { min: 1, max: 1000 },
        ),
      },
    },
    (b) => ({
      type: 'scrabble.propose-verdicts',
      lexicon: b.lexicon,
      proposals: (b.proposals as { word: string; valid?: boolean | null }[]).map((x) => ({ word: x.word.toUpperCase(), valid: x.valid ?? null })),
    }),
  ),
  verdicts: officials(
    'challenges/verdicts',
    'verdicts',
    'scrabble.resolve-challenge',
    "ResolveChallenge: one verdict per challenged word; any invalid → the play is withdrawn and scores 0; all valid → the challenger's penalty per the profile (arbiter)",
    {
      name: 'VerdictsDto',
      fields: {
        verdicts: list(
          named('VerdictDto', object({ word: pattern(WORD, { example: 'QI' }), valid: bool({ example: true }) })),
          { min: 1, max: 1000 },
          {
            description: 'One verdict per challenged word',
          },
        ),
      },
    },
    (b) => ({
      type: 'scrabble.resolve-challenge',
      verdicts: (b.verdicts as { word: string; valid: boolean }[]).map((v) => ({ word: v.word.toUpperCase(), valid: v.valid })),
    }),
  ),
  reannounce: own(
    'reannouncements',
    'reannounce',
    'scrabble.reannounce-score',
    'ReannounceScore: after a failed challenge the player says the score again before the clock restarts (player for own seat, arbiter)',
    {
      name: 'ReannounceDto',
      fields: { seat: SEAT, score: int(0, 2000, { example: 22, description: 'Seed Challenge: the score said again before the clock restarts' }) },
    },
  ),
  lateChallenge: officials(
    'late-challenges',
    'lateChallenge',
    'scrabble.allow-late-challenge',
    'AllowLateChallenge: a TD ruling allowing a challenge after a too-fast draw (seed 抽棋過快) (arbiter)',
    {
      name: 'LateChallengeDto',
      fields: {
        turn: int(1, 100_000, { example: 4, description: 'The accepted play the TD lets the opponent challenge' }),
        reason: reason(500, 'replacement tiles drawn too fast'),
      },
    },
  ),
};
