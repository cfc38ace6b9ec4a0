import { describe, expect, it } from '@jest/globals';
import { deciderSpec } from '../../kernel/testing/decider-spec.js';
import { chessDecider } from './chess.decider.js';
import type { ChessEvent, ChessStep } from './chess.types.js';
import { cmd, history, START } from './testing/chess-game.js';

/** Each rule of the rapid rules (附錄二 60分鐘和30分鐘快棋規則), named after it. */
const spec = deciderSpec(chessDecider);
const reading = (step: ChessStep, s: number, remainingMs: [number, number]) => {
  const c = cmd(step, s);
  return { ...c, data: { ...c.data, clockReading: { remainingMs } } } as typeof c;
};
const clocks = (events: ChessEvent[]) => {
  const s = events.reduce(chessDecider.evolve, chessDecider.initialState());
  return s.phase === 'none' ? null : s.game.clock.remainingMs;
};
const KNIGHTS = ['Nf3', 'Nf6', 'Ng1', 'Ng8', 'Nf3', 'Nf6', 'Ng1', 'Ng8'];
const FULL = 1_800_000;

describe('rapid rules 9(3), 10, 11: flags', () => {
  it('rapid rules 9(3): the opponent’s flag falls first: the claimant wins', () => {
    spec
      .given(history([]))
      .when(cmd({ type: 'chess.claim-flag', seat: 1 }, 1801))
      .then([{ type: 'chess.GameEnded', data: { result: { winner: 1, reason: 'flag', rule: expect.stringContaining('rapid rules 9(3)') } } }]);
  });

  it('rapid rules 10: a flag claim with the opponent’s flag up is refused', () => {
    spec
      .given(history(['e4']))
      .when(cmd({ type: 'chess.claim-flag', seat: 0 }, 60))
      .thenRefuses('chess/flag-not-down', { field: 'seat', rule: 'rapid rules 10' });
  });

  it('rapid rules 11(1): both flags down draws, whoever claims', () => {
    spec
      .given(history(['e4']))
      .when(reading({ type: 'chess.claim-flag', seat: 0 }, 90, [0, 0]))
      .then([
        { type: 'chess.ClockRead' },
        { type: 'chess.GameEnded', data: { result: { winner: null, reason: 'both-flags', rule: expect.stringContaining('11(1)') } } },
      ]);
  });

  it('rapid rules 11(2): a flag falls but the claimant cannot mate by any series of legal moves: drawn', () => {
    const bareKing = { ...START, startFen: 'k7/8/8/8/8/8/8/KQ6 w - - 0 1' };
    spec
      .given(history([], bareKing))
      .when(cmd({ type: 'chess.claim-flag', seat: 1 }, 1801))
      .then([{ type: 'chess.GameEnded', data: { result: { winner: null, reason: 'flag-cannot-mate', rule: expect.stringContaining('11(2)') } } }]);
    const withPawn = { ...START, startFen: 'k7/p7/8/8/8/8/8/KQ6 w - - 0 1' };
    spec
      .given(history([], withPawn))
      .when(cmd({ type: 'chess.claim-flag', seat: 1 }, 1801))
      .then([{ type: 'chess.GameEnded', data: { result: { winner: 1, reason: 'flag' } } }]);
  });
});

describe('rapid rules 12: draw claims', () => {
  it('FIDE 9.2 (rapid rules 18): a threefold repetition shown on the board draws on the claim', () => {
    spec
      .given(history(KNIGHTS))
      .when(cmd({ type: 'chess.claim-draw', seat: 0, reason: 'repetition' }, 10))
      .then([
        {
          type: 'chess.GameEnded',
          data: { result: { winner: null, reason: 'threefold-repetition', rule: expect.stringContaining('FIDE Laws of Chess 9.2') } },
        },
      ]);
  });

  // Black Kg8 Rf8 Qa8 pf7 ph7 v White Kh1 Qd2 pg2 ph2: 1.Qg5+ Kh8 (forced) 2.Qf6+ Kg8 (forced) 3.Qg5+ Kh8: a perpetual check.
  const PERPETUAL = { ...START, startFen: 'q4rk1/5p1p/8/8/8/8/3Q2PP/7K w - - 0 1' } as typeof START;
  const CHECKS = ['Qg5+', 'Kh8', 'Qf6+', 'Kg8', 'Qg5+', 'Kh8'];

  it('rapid rules 12(1) (演示): a perpetual-check claim that is not yet a threefold goes to the arbiter: refused without penalty or time added', () => {
    spec
      .given(history(CHECKS, PERPETUAL))
      .when(cmd({ type: 'chess.claim-draw', seat: 0, reason: 'repetition' }, 10))
      .thenRefuses('chess/repetition-not-shown', { field: 'reason', rule: 'rapid rules 12(1)' });
  });

  it('rapid rules 12(1): a perpetual check demonstrated to the arbiter and judged true draws the game', () => {
    spec
      .given(history(CHECKS, PERPETUAL))
      .when(cmd({ type: 'chess.rule-draw-claim', claimant: 0, ground: 'perpetual', upheld: true }, 10))
      .then([{ type: 'chess.GameEnded', data: { result: { winner: null, reason: 'perpetual', rule: expect.stringContaining('rapid rules 12(1)') } } }]);
  });

  it('rapid rules 12(1): only the arbiter’s ruling that the claim is untrue adds 2 minutes to the opponent’s clock', () => {
    const given = history(KNIGHTS.slice(0, 4));
    const events = spec
      .given(given)
      .when(cmd({ type: 'chess.rule-draw-claim', claimant: 0, ground: 'perpetual', upheld: false }, 10))
      .then([
        { type: 'chess.DrawClaimRefused', data: { seat: 0, reason: 'perpetual' } },
        { type: 'chess.TimeAdded', data: { seat: 1, ms: 120_000, rule: expect.stringContaining('rapid rules 12(1)') } },
      ]);
    expect(clocks([...given, ...events])?.[1]).toBe(FULL - 1000 - 1000 + 120_000);
  });

  it('rapid rules 12: a claimant whose flag has fallen cannot claim a draw', () => {
    spec
      .given(history([]))
      .when(cmd({ type: 'chess.claim-draw', seat: 0, reason: 'repetition' }, 1801))
      .thenRefuses('chess/claimant-flag-down', { rule: 'rapid rules 12' });
  });

  it('FIDE 9.3 and 9.5 (rapid rules 18): a 50-move claim draws when founded; an unfounded one adds 2 minutes to the opponent', () => {
    const fifty = { ...START, startFen: '4k3/8/8/8/8/8/4P3/4K3 w - - 100 80' };
    spec
      .given(history([], fifty))
      .when(cmd({ type: 'chess.claim-draw', seat: 0, reason: 'fifty-moves' }, 5))
      .then([{ type: 'chess.GameEnded', data: { result: { reason: 'fifty-moves' } } }]);
    spec
      .given(history(['e4']))
      .when(cmd({ type: 'chess.claim-draw', seat: 1, reason: 'fifty-moves' }, 5))
      .then([
        { type: 'chess.DrawClaimRefused' },
        { type: 'chess.TimeAdded', data: { seat: 0, ms: 120_000, rule: expect.stringContaining('FIDE Laws of Chess 9.3 and 9.5') } },
      ]);
  });

  it('rapid rules 12(2): the arbiter draws a game without real winning chances for the opponent; an untrue claim gives the opponent 2 minutes', () => {
    spec
      .given(history(['e4']))
      .when(cmd({ type: 'chess.rule-draw-claim', claimant: 1, ground: 'no-winning-chances', upheld: true }, 5))
      .then([{ type: 'chess.GameEnded', data: { result: { winner: null, reason: 'no-winning-chances', rule: expect.stringContaining('12(2)') } } }]);
    spec
      .given(history(['e4']))
      .when(cmd({ type: 'chess.rule-draw-claim', claimant: 1, ground: 'no-winning-chances', upheld: false }, 5))
      .then([{ type: 'chess.DrawClaimRefused' }, { type: 'chess.TimeAdded', data: { seat: 0, ms: 120_000 } }]);
  });

  it('rapid rules 11 (另外): a short-of-time draw request the arbiter refuses costs no time', () => {
    spec
      .given(history(['e4']))
      .when(cmd({ type: 'chess.rule-draw-claim', claimant: 1, ground: 'time-trouble', upheld: false }, 5))
      .then([{ type: 'chess.DrawClaimRefused', data: { reason: 'time-trouble', rule: expect.stringContaining('rapid rules 11') } }]);
  });
});

describe('rapid rules 19 and 21: illegal moves and breaches claimed by the opponent', () => {
  it('rapid rules 21(2): an illegal move claimed is taken back, the position restored, 2 minutes added to the claimant’s clock', () => {
    const given = history(['e4']);
    const events = spec
      .given(given)
      .when(cmd({ type: 'chess.rule-illegal-move', offender: 1, move: 'Ke7' }, 30))
      .then([
        {
          type: 'chess.IllegalMoveRuled',
          data: { offender: 1, move: 'Ke7', restoredFen: 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1', offence: 1 },
        },
        { type: 'chess.TimeAdded', data: { seat: 0, ms: 120_000, rule: expect.stringContaining('rapid rules 21(2)') } },
      ]);
    expect(clocks([...given, ...events])).toEqual([FULL - 1000 + 120_000, FULL]);
  });

  it('rapid rules 21(2): a second illegal move is penalised again the same way (the text sets no forfeit)', () => {
    const once = spec
      .given(history(['e4']))
      .when(cmd({ type: 'chess.rule-illegal-move', offender: 1, move: 'Ke7' }, 30))
      .then([{}, {}]);
    spec
      .given([...history(['e4']), ...once])
      .when(cmd({ type: 'chess.rule-illegal-move', offender: 1, move: 'Qxf2' }, 40))
      .then([
        { type: 'chess.IllegalMoveRuled', data: { offence: 2 } },
        { type: 'chess.TimeAdded', data: { seat: 0, ms: 120_000 } },
      ]);
  });

  it('rapid rules 19: only the last move is taken back; a legal move is no illegal move', () => {
    spec
      .given(history(['e4']))
      .when(cmd({ type: 'chess.rule-illegal-move', offender: 0, move: 'Ke3' }))
      .thenRefuses('chess/illegal-move-not-last', { field: 'offender' });
    spec
      .given(history(['e4']))
      .when(cmd({ type: 'chess.rule-illegal-move', offender: 1, move: 'e5' }))
      .thenRefuses('chess/move-is-legal', { field: 'move' });
  });

  it('rapid rules 21(3): a breach of rule 5 is penalised from the second one; rule 7 at once', () => {
    const first = spec
      .given(history(['e4']))
      .when(cmd({ type: 'chess.rule-breach', offender: 0, breach: 'rule-5' }, 5))
      .then([{ type: 'chess.BreachRuled', data: { warningOnly: true, offence: 1 } }]);
    spec
      .given([...history(['e4']), ...first])
      .when(cmd({ type: 'chess.rule-breach', offender: 0, breach: 'rule-5' }, 6))
      .then([
        { type: 'chess.BreachRuled', data: { warningOnly: false, offence: 2 } },
        { type: 'chess.TimeAdded', data: { seat: 1, ms: 120_000 } },
      ]);
    spec
      .given(history(['e4']))
      .when(cmd({ type: 'chess.rule-breach', offender: 0, breach: 'rule-7' }, 5))
      .then([{ type: 'chess.BreachRuled' }, { type: 'chess.TimeAdded', data: { seat: 1 } }]);
  });

  it('rapid rules 2: with less than five minutes on a clock not recording is no breach', () => {
    spec
      .given(history([]))
      .when(cmd({ type: 'chess.rule-breach', offender: 1, breach: 'rule-2' }, 1600))
      .thenRefuses('chess/recording-not-required', { field: 'breach', rule: 'rapid rules 2' });
  });
});

describe('rapid rules 24: arbiter penalties', () => {
  it('rapid rules 24: a penalty of the game lost is recorded with its rule and ends the game', () => {
    spec
      .given(history(['e4']))
      .when(cmd({ type: 'chess.penalize', seat: 0, penalty: { kind: 'loss' }, rule: 'rapid rules 24', reason: 'repeated misconduct' }, 5))
      .then([
        { type: 'chess.PenaltyImposed', data: { seat: 0, rule: 'rapid rules 24' } },
        { type: 'chess.GameEnded', data: { result: { winner: 1, reason: 'penalty', rule: 'rapid rules 24' } } },
      ]);
    spec
      .given(history(['e4']))
      .when(cmd({ type: 'chess.penalize', seat: 0, penalty: { kind: 'loss' }, rule: ' ', reason: 'x' }))
      .thenRefuses('chess/penalty-rule', { field: 'rule' });
  });
});
