/** Rapid chess's game commands, declared once: players record their own seat's; the arbiter rules on claims with the rule cited. */
import { CHESS_GAME, type ChessCommandBody } from '../../runtime/features/chess/index.js';
import { bool, int, named, object, oneOf, optional, text } from '../body-schema.js';
import { gameCommandsController, type DeclaredCommand, type DeclaredCommands } from '../games/game-commands.js';

const SEAT = oneOf([0, 1], { example: 0, description: '0 White, 1 Black (a player token acts only for its own seat)' });
const SEATS = oneOf([0, 1]);
const NOTE = optional(text(1, 500));
const BREACHES = ['rule-2', 'rule-5', 'rule-7', 'rule-8', 'rule-17', 'rule-18', 'fide-15.1', 'ambiguous-move'];
const seatOnly = { name: 'ChessSeatDto', fields: { seat: SEAT } };

const own = (
  route: string,
  name: string,
  type: string,
  summary: string,
  body: DeclaredCommand<ChessCommandBody>['body'] = seatOnly,
): DeclaredCommand<ChessCommandBody> => ({
  route,
  name,
  by: 'seat',
  type,
  summary,
  body,
});

export const CHESS_COMMANDS: DeclaredCommands<ChessCommandBody> = {
  controller: 'ChessMovesController',
  tag: 'chess',
  commands: [
    own(
      'moves',
      'move',
      'chess.make-move',
      'A move (SAN or UCI), checked legal by chess.js; mate, stalemate, fivefold, 75 moves and dead positions end the game',
      {
        name: 'ChessMoveDto',
        fields: { seat: SEAT, move: text(2, 10, { example: 'Nf3', description: 'SAN (Nf3, O-O, e8=Q) or UCI (g1f3)' }) },
      },
    ),
    own('resignation', 'resign', 'chess.resign', 'Resign (rapid rules 9(2))'),
    own('draw-offers', 'offer', 'chess.offer-draw', 'Offer a draw (FIDE Laws 9.1); the opponent’s next move declines it'),
    own('draw-acceptances', 'accept', 'chess.accept-draw', 'Accept the opponent’s standing draw offer'),
    own(
      'draw-claims',
      'claim',
      'chess.claim-draw',
      'Claim a draw by a threefold repetition on the board (FIDE 9.2) or 50 moves (FIDE 9.3): drawn at once; an unfounded 50-move claim adds 2 minutes to the opponent; a repetition claim that is not a threefold is refused 409 chess/repetition-not-shown, without penalty: a perpetual check or forced repetition is demonstrated to the arbiter, who rules on it (rapid rules 12(1), rulings/draw-claims ground perpetual)',
      {
        name: 'DrawClaimDto',
        fields: {
          seat: SEAT,
          reason: oneOf(['repetition', 'fifty-moves'], {
            description: 'FIDE Laws 9.2 (a threefold repetition on the board) or 9.3; a perpetual check is ruled by the arbiter (rapid rules 12(1))',
          }),
        },
      },
    ),
    own(
      'flag-claims',
      'flag',
      'chess.claim-flag',
      'Claim the opponent’s flag (rapid rules 9(3), 10, 11): a win, or a draw if both flags are down or the claimant cannot mate',
    ),
    {
      route: 'rulings/draw-claims',
      name: 'drawRuling',
      by: 'officials',
      type: 'chess.rule-draw-claim',
      summary:
        'The arbiter rules on a demonstrated perpetual check or forced repetition (rapid rules 12(1)), a claim of no winning chances (12(2)) or a time-trouble draw request (rule 11); an untrue 12(1) or 12(2) claim adds 2 minutes to the opponent',
      body: {
        name: 'DrawRulingDto',
        fields: {
          claimant: SEATS,
          ground: oneOf(['perpetual', 'no-winning-chances', 'time-trouble'], {
            description: 'Rapid rules 12(1) (a perpetual check or forced repetition demonstrated), 12(2) or 11 (另外)',
          }),
          upheld: bool(),
          note: NOTE,
        },
      },
    },
    {
      route: 'rulings/illegal-moves',
      name: 'illegal',
      by: 'officials',
      type: 'chess.rule-illegal-move',
      summary: 'An illegal move claimed by the opponent: position restored, 2 minutes to the claimant (rapid rules 21(2), 19)',
      body: {
        name: 'IllegalMoveRulingDto',
        fields: {
          offender: oneOf([0, 1], { description: 'Who made the illegal move (the claimant is the opponent)' }),
          move: text(2, 10, { example: 'Ke2', description: 'The illegal move as made on the board' }),
          note: NOTE,
        },
      },
    },
    {
      route: 'rulings/breaches',
      name: 'breach',
      by: 'officials',
      type: 'chess.rule-breach',
      summary: 'A breach claimed by the opponent (rapid rules 21(1),(3)): 2 minutes to the claimant; rules 2 and 5 from the second breach',
      body: { name: 'BreachRulingDto', fields: { offender: SEATS, breach: oneOf(BREACHES, { description: 'Rapid rules 21(1),(3)' }), note: NOTE } },
    },
    {
      route: 'penalties',
      name: 'penalize',
      by: 'officials',
      type: 'chess.penalize',
      summary: 'An arbiter penalty with its rule cited (rapid rules 24): time to the opponent, or the game lost',
      body: {
        name: 'PenalizeDto',
        fields: {
          seat: oneOf([0, 1], { description: 'The penalised seat' }),
          penalty: named('ChessPenaltyDto', object({ kind: oneOf(['time-to-opponent', 'loss']), ms: optional(int(1, 3_600_000, { example: 120_000 })) })),
          rule: text(1, 200, { example: 'rapid rules 24', description: 'The rule applied: document and section' }),
          reason: text(1, 500),
        },
      },
      // Rapid rules 24: two minutes to the opponent unless the arbiter says otherwise.
      step: (b) => {
        const p = b.penalty as { kind: 'loss' | 'time-to-opponent'; ms?: number };
        const penalty = p.kind === 'loss' ? ({ kind: 'loss' } as const) : ({ kind: 'time-to-opponent', ms: p.ms ?? 120_000 } as const);
        return { type: 'chess.penalize', seat: b.seat as 0 | 1, penalty, rule: b.rule as string, reason: b.reason as string };
      },
    },
  ],
};

export const ChessMovesController = gameCommandsController(CHESS_GAME, CHESS_COMMANDS);
