import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { deciderSpec } from '../../kernel/testing/decider-spec.js';
import { mahjongDecider } from './mahjong.decider.js';
import type { HandOutcome } from './mahjong.types.js';
import { cmd, confirmAll, play, seated, stateOf, win } from './testing/table.js';

const spec = deciderSpec(mahjongDecider);
const record = (outcome: HandOutcome, hand = 1) => cmd({ type: 'mahjong.record-hand', hand, outcome });

describe('a hand: a win by discard, by self-draw, robbing a kong, or a drawn hand (WMC 麻將規則, 和牌; 計分系統, 得分授受法)', () => {
  it('a 70-point discard win (混一色 40 + 對對和 30): 30 + 30 + 150 = 210 to the winner', () => {
    spec
      .given(seated())
      .when(record(win(0, 'discard', ['2.1.1', '4.1'], 2)))
      .then([
        {
          type: 'mahjong.HandRecorded',
          data: { hand: 1, dealer: 0, scoring: { total: 70 }, liability: { liable: 2, reason: 'discard' }, payments: [210, -30, -150, -30], flag: null },
        },
      ]);
  });

  it('a self-drawn hand is paid 1× by each', () => {
    spec
      .given(seated())
      .when(record(win(1, 'self-draw', ['1.1', '1.2'])))
      .then([
        { type: 'mahjong.HandRecorded', data: { scoring: { total: 10 }, liability: { liable: null, reason: 'self-draw' }, payments: [-10, 30, -10, -10] } },
      ]);
  });

  it('搶槓 counts as a discard win paid by the konger', () => {
    spec
      .given(seated())
      .when(record(win(3, 'robbing-kong', ['9.3', '2.1.1'], 1)))
      .then([{ type: 'mahjong.HandRecorded', data: { liability: { liable: 1, reason: 'robbing-kong' }, payments: [-30, -90, -30, 150] } }]);
  });

  it('a drawn hand (荒牌): nobody gains or loses', () => {
    spec
      .given(seated())
      .when(record({ kind: 'drawn' }))
      .then([{ type: 'mahjong.HandRecorded', data: { payments: [0, 0, 0, 0], scoring: null } }]);
  });

  it('a discard win names its discarder, never the winner; a self-drawn one names none', () => {
    spec
      .given(seated())
      .when(record(win(0, 'discard', ['1.1'])))
      .thenRefuses('mahjong/discarder', { field: 'outcome.from' });
    spec
      .given(seated())
      .when(record(win(0, 'discard', ['1.1'], 0)))
      .thenRefuses('mahjong/discarder', { field: 'outcome.from' });
    spec
      .given(seated())
      .when(record(win(0, 'self-draw', ['1.1'], 2)))
      .thenRefuses('mahjong/self-draw-from', { field: 'outcome.from' });
  });

  it('a claimed element the catalogue does not know is refused, naming the element', () => {
    spec
      .given(seated())
      .when(record(win(0, 'self-draw', ['1.1', '99.9'])))
      .thenRefuses('mahjong/elements', { field: 'outcome.elements[1]' });
  });

  it('the hand being played is the one recorded: hand 2 is refused while hand 1 is played', () => {
    spec
      .given(seated())
      .when(record({ kind: 'drawn' }, 2))
      .thenRefuses('mahjong/hand-number', { field: 'hand' });
  });
});

describe('WMC 計分系統, 基本規則 5: under 5 points is a false win (雞和 當作錯和): the hand goes on', () => {
  it('a 0-point claim is recorded as a false win, nothing is paid and the same hand is still being played', () => {
    const events = play([record(win(2, 'discard', [], 0))], seated());
    expect(events[events.length - 1]).toMatchObject({ type: 'mahjong.FalseWinRecorded', data: { hand: 1, seat: 2, claimed: { total: 0 } } });
    const s = stateOf(events);
    expect(s.phase !== 'none' && s.table.card).toEqual([]);
    spec
      .given(events)
      .when(record(win(1, 'self-draw', ['1.2'])))
      .then([{ type: 'mahjong.HandRecorded', data: { hand: 1 } }]);
  });
});

describe('WMC 計分系統, 得分授受法 4 (跟張免責) through the recorded discards', () => {
  it('the first who discarded the winning tile in the go-around pays as discarder', () => {
    const events = play(
      [
        { type: 'mahjong.record-discard', seat: 0, tile: '5p' },
        { type: 'mahjong.record-discard', seat: 1, tile: '3s' },
        { type: 'mahjong.record-discard', seat: 2, tile: 'E' },
        { type: 'mahjong.record-discard', seat: 3, tile: '3s' },
      ],
      seated(),
    );
    spec
      .given(events)
      .when(record({ ...win(0, 'discard', ['2.1.1', '4.1'], 3), winningTile: '3s' }))
      .then([{ type: 'mahjong.HandRecorded', data: { liability: { liable: 1, reason: 'follow-discard' }, payments: [210, -150, -30, -30] } }]);
  });

  it('with discards recorded the discarder is the last one’s: another seat is refused', () => {
    const events = play([{ type: 'mahjong.record-discard', seat: 0, tile: '5p' }], seated());
    spec
      .given(events)
      .when(record(win(2, 'discard', ['1.1'], 3)))
      .thenRefuses('mahjong/not-last-discard', { field: 'outcome.from' });
  });

  // 搶槓 1 (搶槓一律算作銃和﹐開槓者放銃) with 得分授受法 4: the kong tile is the 出銃牌 (an inference: rule 4 does not name 搶槓).
  it('搶槓 with 跟張免責: the kong tile was discarded earlier in the go-around, so its first discarder pays, not the konger', () => {
    // Seat 3 discards 1m; seat 0 discards 5p (seat 3 lets it pass: no 過水 rule, 和牌 5); seat 1 adds 5p to its pung; seat 3 robs it.
    const events = play(
      [
        { type: 'mahjong.record-discard', seat: 3, tile: '1m' },
        { type: 'mahjong.record-discard', seat: 0, tile: '5p' },
      ],
      seated(),
    );
    spec
      .given(events)
      .when(record({ ...win(3, 'robbing-kong', ['9.3', '2.1.1'], 1), winningTile: '5p' }))
      .then([{ type: 'mahjong.HandRecorded', data: { liability: { liable: 0, reason: 'follow-discard' }, payments: [-90, -30, -30, 150] } }]);
  });

  it('搶槓 with the discards recorded and no follow-discard of the kong tile: the konger pays', () => {
    const events = play([{ type: 'mahjong.record-discard', seat: 3, tile: '1m' }], seated());
    spec
      .given(events)
      .when(record({ ...win(3, 'robbing-kong', ['9.3', '2.1.1'], 1), winningTile: '5p' }))
      .then([{ type: 'mahjong.HandRecorded', data: { liability: { liable: 1, reason: 'robbing-kong' }, payments: [-30, -90, -30, 150] } }]);
  });

  it('搶槓 with the discards recorded needs the kong tile to check 跟張免責: without it the win is refused naming outcome.winningTile', () => {
    const events = play([{ type: 'mahjong.record-discard', seat: 3, tile: '1m' }], seated());
    spec
      .given(events)
      .when(record(win(3, 'robbing-kong', ['9.3', '2.1.1'], 1)))
      .thenRefuses('mahjong/robbing-kong-tile', { field: 'outcome.winningTile' });
  });

  it('搶槓 from the referee’s facts when discards are not recorded: another player discarded the kong tile first and pays', () => {
    spec
      .given(seated())
      .when(record({ ...win(3, 'robbing-kong', ['9.3', '2.1.1'], 1), firstDiscarder: 2 }))
      .then([{ type: 'mahjong.HandRecorded', data: { liability: { liable: 2, reason: 'follow-discard' }, payments: [-30, -30, -90, 150] } }]);
  });

  it('from the referee’s facts when discards are not recorded: the winner discarded it first, so all three pay 1×', () => {
    spec
      .given(seated())
      .when(record({ ...win(0, 'discard', ['2.1.1', '4.1'], 3), firstDiscarder: 0 }))
      .then([{ type: 'mahjong.HandRecorded', data: { liability: { liable: null, reason: 'follow-discard-by-winner' }, payments: [210, -70, -70, -70] } }]);
  });
});

describe('WMC 麻將規則, 鳴牌 and 吃牌: claims on the last discard', () => {
  it('a chow of anyone but the discarder’s next player is refused', () => {
    const events = play([{ type: 'mahjong.record-discard', seat: 0, tile: '3s' }], seated());
    spec
      .given(events)
      .when(cmd({ type: 'mahjong.record-claim', seat: 2, kind: 'chow', tiles: ['2s', '3s', '4s'] }))
      .thenRefuses('mahjong/chow-not-next');
    spec
      .given(events)
      .when(cmd({ type: 'mahjong.record-claim', seat: 1, kind: 'chow', tiles: ['2s', '3s', '4s'] }))
      .then([{ type: 'mahjong.ClaimRecorded', data: { seat: 1, from: 0 } }]);
  });

  it('a claim conflict is resolved and explained on the record (截和)', () => {
    spec
      .given(seated())
      .when(
        cmd({
          type: 'mahjong.resolve-claims',
          discarder: 2,
          claims: [
            { seat: 1, kind: 'win' },
            { seat: 3, kind: 'win' },
          ],
        }),
      )
      .then([{ type: 'mahjong.ClaimConflictResolved', data: { resolution: { stands: { seat: 3, kind: 'win' } } } }]);
  });
});

describe('WMC 行為守則, 記分卡: each hand is confirmed by all four before the next starts', () => {
  it('a discard of hand 2 is refused until all four confirmed hand 1', () => {
    const events = play([record({ kind: 'drawn' }), ...confirmAll(1).slice(0, 3)], seated());
    spec
      .given(events)
      .when(cmd({ type: 'mahjong.record-discard', seat: 1, tile: '1m' }))
      .thenRefuses('mahjong/hand-not-confirmed');
    spec
      .given(play(confirmAll(1).slice(3), events))
      .when(cmd({ type: 'mahjong.record-discard', seat: 1, tile: '1m' }))
      .then([{ type: 'mahjong.DiscardRecorded', data: { hand: 2 } }]);
  });
});

describe('WMC 計分系統, 得分授受法 (property, through the decider): every recorded hand’s four payments sum to zero', () => {
  // Codes of different series that one arrangement can hold together (和牌的計分 11: two pungs, two chows at most),
  // so any non-empty subset is a valid claim of at least 5 points.
  const CODES = ['1.2', '1.3', '2.1.1', '4.2.1', '5.1.1', '9.2'];
  const seat = fc.constantFrom<0 | 1 | 2 | 3>(0, 1, 2, 3);
  it('any winner, any way of winning, any discarder or follow-discard facts, any claim', () => {
    fc.assert(
      fc.property(
        seat,
        seat,
        seat,
        fc.constantFrom('self-draw', 'discard', 'robbing-kong'),
        fc.subarray(CODES, { minLength: 1 }),
        fc.boolean(),
        (winner, from, first, by, elements, facts) => {
          fc.pre(by === 'self-draw' || from !== winner);
          const outcome: HandOutcome = {
            ...win(winner, by as 'self-draw', elements, by === 'self-draw' ? undefined : from),
            ...(by === 'discard' && facts && { firstDiscarder: first }),
          };
          const [event] = mahjongDecider.decide(record(outcome), stateOf(seated()));
          if (event.type !== 'mahjong.HandRecorded') throw new Error(event.type);
          expect(event.data.payments.reduce((a, b) => a + b, 0)).toBe(0);
          expect(event.data.payments[winner]).toBe(3 * (event.data.scoring?.total ?? 0));
        },
      ),
    );
  });
});
