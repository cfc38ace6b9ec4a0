import { describe, expect, it } from '@jest/globals';
import { deciderSpec } from '../../kernel/testing/decider-spec.js';
import { goDecider } from './go.decider.js';
import { cmd, fold, history, start, type Play } from './testing/go-game.js';

/** The game: start, moves and captures, ko and super-ko, suicide, passes, dead stones, the Ing count and signatures. */
const spec = deciderSpec(goDecider);
const p = (x: number, y: number) => `${'abcdefghijklmnopqrs'[x]}${'abcdefghijklmnopqrs'[y]}`;
const NINE = start({ boardSize: 9 });

describe('start', () => {
  it('a 19-line board by default, Black to move, White receiving the Ing profile’s 8 points with Black winning a tie', () => {
    spec
      .given([])
      .when(cmd(start()))
      .then([
        {
          type: 'go.GameStarted',
          data: {
            boardSize: 19,
            handicapStones: [],
            compensation: 8,
            rules: { name: 'ing', tieWinner: 'black', basicTimeMinutes: 60, ko: 'positional-superko' },
          },
        },
      ]);
    expect(fold(history([])).phase).toBe('playing');
  });

  it('9 and 13 lines allowed, any other size refused naming boardSize', () => {
    spec
      .given([])
      .when(cmd(NINE))
      .then([{ data: { boardSize: 9 } }]);
    spec
      .given([])
      .when(cmd(start({ boardSize: 15 as 19 })))
      .thenRefuses('go/board-size', { field: 'boardSize' });
  });

  it('handicap stones on the star points; White moves first; the handicap compensation (0) applies', () => {
    const events = history([], start({ handicap: 4 }));
    expect(events[0]).toMatchObject({ data: { handicapStones: expect.arrayContaining(['dd', 'dp', 'pd', 'pp']), compensation: 0 } });
    spec
      .given(events)
      .when(cmd({ type: 'go.play', seat: 0, point: 'Q10' }, 5))
      .thenRefuses('go/not-your-turn', { field: 'seat', rule: '第十条 记谱' });
    spec
      .given([])
      .when(cmd(start({ handicap: 1 })))
      .thenRefuses('go/handicap', { field: 'handicap' });
  });
});

describe('moves, captures, ko, super-ko and suicide', () => {
  it('a move takes off the stones it captures; they are recorded and counted as prisoners', () => {
    const given = history(['ba', 'aa'], NINE);
    const events = spec
      .given(given)
      .when(cmd({ type: 'go.play', seat: 0, point: 'ab' }, 3))
      .then([{ type: 'go.MoveMade', data: { number: 3, point: 'ab', gtp: 'A8', captured: ['aa'] } }]);
    const s = fold([...given, ...events]);
    expect(s.phase !== 'none' && [s.game.board[0][0], s.game.captures]).toEqual(['.', [1, 0]]);
  });

  it('an occupied point is refused naming the point; a point off the board too', () => {
    spec
      .given(history(['ee'], NINE))
      .when(cmd({ type: 'go.play', seat: 1, point: 'E5' }))
      .thenRefuses('go/occupied', { field: 'point' });
    spec
      .given(history([], NINE))
      .when(cmd({ type: 'go.play', seat: 0, point: 'T19' }))
      .thenRefuses('go/point', { field: 'point' });
  });

  // A ko: Black ba, ab, bc round bb; White ca, db, cc round cb.
  const KO: Play[] = ['ba', 'ca', 'ab', 'db', 'bc', 'cc', 'gg', 'bb', 'cb'];

  it('ko: the immediate retake of a single-stone ko is refused', () => {
    const given = history(KO, NINE);
    expect(given.at(-1)).toMatchObject({ type: 'go.MoveMade', data: { point: 'cb', captured: ['bb'] } });
    spec
      .given(given)
      .when(cmd({ type: 'go.play', seat: 1, point: 'bb' }, 20))
      .thenRefuses('go/ko', { field: 'point', rule: 'ko' });
  });

  it('suicide: forbidden by the Ing profile; a multi-stone suicide is played under suicide "multi-stone", a single-stone one never', () => {
    const corner: Play[] = ['ca', 'ba', 'bb', 'gg', 'ab'];
    spec
      .given(history(corner, NINE))
      .when(cmd({ type: 'go.play', seat: 1, point: 'aa' }, 9))
      .thenRefuses('go/suicide', { field: 'point', rule: 'suicide' });
    const multi = start({ boardSize: 9, rules: { suicide: 'multi-stone' } });
    spec
      .given(history(corner, multi))
      .when(cmd({ type: 'go.play', seat: 1, point: 'aa' }, 9))
      .then([{ type: 'go.MoveMade', data: { point: 'aa', captured: ['aa', 'ba'] } }]);
    spec
      .given(history(['ba', 'gg', 'ab'], multi))
      .when(cmd({ type: 'go.play', seat: 1, point: 'aa' }, 9))
      .thenRefuses('go/suicide', { rule: 'single-stone suicide' });
  });

  // Three kos side by side (a triple ko): K1 and K3 taken by White, K2 by Black.
  function tripleKo(): Play[] {
    const black: string[] = [];
    const white: string[] = [];
    for (const ox of [1, 7, 13]) {
      black.push(p(ox + 1, 1), p(ox, 2), p(ox + 1, 3));
      white.push(p(ox + 2, 1), p(ox + 3, 2), p(ox + 2, 3));
    }
    white.push(p(2, 2), p(14, 2));
    black.push(p(9, 2));
    const plays: Play[] = [];
    for (let i = 0; i < Math.max(black.length, white.length); i++) plays.push(black[i] ?? 'pass', white[i] ?? 'pass');
    return plays;
  }
  const CYCLE = [p(3, 2), p(8, 2), p(15, 2), p(2, 2), p(9, 2)];

  it('positional super-ko (Ing profile, an Arbitra profile choice: the excerpt has no ko rule): a triple-ko cycle back to an earlier whole-board position is refused', () => {
    const given = history([...tripleKo(), ...CYCLE]);
    expect(given.filter((e) => e.type === 'go.MoveMade' && e.data.captured.length === 1)).toHaveLength(5);
    spec
      .given(given)
      .when(cmd({ type: 'go.play', seat: 1, point: p(14, 2) }, 100))
      .thenRefuses('go/superko', { field: 'point', rule: 'Arbitra profile choice' });
    const simple = history([...tripleKo(), ...CYCLE], start({ rules: { ko: 'simple-ko' } }));
    spec
      .given(simple)
      .when(cmd({ type: 'go.play', seat: 1, point: p(14, 2) }, 100))
      .then([{ type: 'go.MoveMade', data: { captured: [p(15, 2)] } }]);
  });

  it('an arbiter records a disputed move with the ruling; an illegal one stays refused', () => {
    spec
      .given(history(['ee'], NINE))
      .when(cmd({ type: 'go.rule-disputed-move', seat: 1, point: 'cc', note: 'stone slipped from C7; players agree it was played at C7' }, 5))
      .then([
        { type: 'go.MoveMade', data: { point: 'cc', ruling: { note: expect.stringContaining('slipped'), rule: expect.stringContaining('第十条 裁判') } } },
      ]);
    spec
      .given(history(['ee'], NINE))
      .when(cmd({ type: 'go.rule-disputed-move', seat: 1, point: 'ee', note: 'x' }, 5))
      .thenRefuses('go/occupied', { field: 'point' });
  });

  it('resignation ends the game for the opponent (W+R)', () => {
    spec
      .given(history(['ee'], NINE))
      .when(cmd({ type: 'go.resign', seat: 1 }, 5))
      .then([{ type: 'go.GameEnded', data: { result: { winner: 0, reason: 'resignation', text: 'B+R', rule: expect.stringContaining('认输') } } }]);
  });
});

describe('end: two passes, dead stones, the Ing count, signatures', () => {
  // Black holds columns a–e (45 points), White f–i (36); a White stone left dead at A9.
  const walls: Play[] = [];
  for (let y = 0; y < 9; y++) walls.push(p(4, y), p(5, y));
  const ENDED: Play[] = [...walls, 'pass', 'aa', 'pass', 'pass'];

  it('two passes in a row end play: the clocks stop and the game is counted', () => {
    const s = fold(history(ENDED, NINE));
    expect(s.phase).toBe('counting');
    spec
      .given(history(ENDED, NINE))
      .when(cmd({ type: 'go.play', seat: 0, point: 'hh' }, 60))
      .thenRefuses('go/not-playing', { field: 'point' });
  });

  it('dead stones proposed by one player and accepted by the other: Ing area count 45–36, 8 points to White: B+1', () => {
    const given = history(ENDED, NINE);
    const proposed = spec
      .given(given)
      .when(cmd({ type: 'go.propose-dead-stones', seat: 0, stones: ['A9'] }, 60))
      .then([{ type: 'go.DeadStonesProposed', data: { seat: 0, stones: ['aa'] } }]);
    spec
      .given([...given, ...proposed])
      .when(cmd({ type: 'go.accept-dead-stones', seat: 0 }, 61))
      .thenRefuses('go/no-proposal', { field: 'seat' });
    spec
      .given([...given, ...proposed])
      .when(cmd({ type: 'go.accept-dead-stones', seat: 1 }, 61))
      .then([
        { type: 'go.DeadStonesAgreed', data: { stones: ['aa'], by: 'players' } },
        {
          type: 'go.Counted',
          data: { area: [45, 36], compensation: 8, penaltyPoints: [0, 0], margin: 1, winner: 0, text: 'B+1', rule: expect.stringContaining('计制') },
        },
      ]);
  });

  it('a half-point compensation (5.5) gives "B+3.5"; an arbiter rules disputed dead stones', () => {
    spec
      .given(history(ENDED, start({ boardSize: 9, compensation: 5.5 })))
      .when(cmd({ type: 'go.rule-dead-stones', stones: ['aa'], note: 'A9 cannot live' }, 60))
      .then([
        { type: 'go.DeadStonesAgreed', data: { by: 'arbiter', note: 'A9 cannot live' } },
        { type: 'go.Counted', data: { text: 'B+3.5', margin: 3.5 } },
      ]);
  });

  it('a tie goes to Black (Ing profile): 45 − 36 with 9 points of compensation is B+0', () => {
    spec
      .given(history(ENDED, start({ boardSize: 9, compensation: 9 })))
      .when(cmd({ type: 'go.rule-dead-stones', stones: ['aa'], note: 'A9 cannot live' }, 60))
      .then([{}, { type: 'go.Counted', data: { margin: 0, winner: 0, text: 'B+0' } }]);
  });

  it('the counted result ends the game once both players have signed it', () => {
    const counted = [
      ...history(ENDED, NINE),
      ...goDecider.decide(cmd({ type: 'go.rule-dead-stones', stones: ['aa'], note: 'agreed at the board' }, 60), fold(history(ENDED, NINE))),
    ];
    const one = spec
      .given(counted)
      .when(cmd({ type: 'go.sign-result', seat: 1 }, 70))
      .then([{ type: 'go.ResultSigned', data: { seat: 1 } }]);
    spec
      .given([...counted, ...one])
      .when(cmd({ type: 'go.sign-result', seat: 1 }, 71))
      .thenRefuses('go/already-signed', { field: 'seat' });
    spec
      .given([...counted, ...one])
      .when(cmd({ type: 'go.sign-result', seat: 0 }, 72))
      .then([
        { type: 'go.ResultSigned', data: { seat: 0 } },
        { type: 'go.GameEnded', data: { result: { winner: 0, reason: 'count', margin: 1, text: 'B+1' } } },
      ]);
  });
});
