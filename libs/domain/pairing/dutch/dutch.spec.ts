import { describe, expect, it } from '@jest/globals';
import { DomainError } from '../../kernel/errors.js';
import { colourOf } from './colours.js';
import { dutchPairing, type DutchResult } from './dutch.js';
import { dutchPlayers, type Colour, type CrossEntry, type CrossRow } from './players.js';

/** A played game: round, opponent, colour, points. */
const g = (round: number, opponent: string, colour: Colour, points: number): CrossEntry => ({ round, opponent, colour, played: true, points, pab: false });
const pab = (round: number): CrossEntry => ({ round, opponent: null, colour: null, played: false, points: 1, pab: true });
const forfeitWin = (round: number, opponent: string, colour: Colour): CrossEntry => ({ round, opponent, colour, played: false, points: 1, pab: false });
const row = (n: number, entries: CrossEntry[] = []): CrossRow => ({ id: `p${n}`, tpn: n, entries });

function pairRows(rows: CrossRow[], round: number, opts: { total?: number; initial?: Colour; ids?: string[] } = {}): DutchResult {
  return dutchPairing({
    round,
    totalRounds: opts.total ?? 9,
    initialColour: opts.initial ?? 'W',
    players: dutchPlayers(rows, opts.ids ?? rows.map((r) => r.id), round),
    forbidden: [],
  });
}
const pairsOf = (r: DutchResult): string[] => r.games.map((x) => `${x.white}-${x.black}`);

describe('FIDE Dutch (C.04.3): colour preferences (A.6)', () => {
  it('A.6: |CD| > 1 or the same colour twice running is absolute; |CD| = 1 strong; CD = 0 mild (alternate); none before a game', () => {
    const rows = [
      row(1, [g(1, 'p9', 'W', 1), g(2, 'p8', 'W', 1)]),
      row(2, [g(1, 'p9', 'B', 1), g(2, 'p8', 'W', 1), g(3, 'p7', 'W', 1)]),
      row(3, [g(1, 'p9', 'B', 1), g(2, 'p8', 'B', 1), g(3, 'p7', 'W', 1)]),
      row(4, [g(1, 'p9', 'W', 1), g(2, 'p8', 'B', 1)]),
      row(5, [pab(1)]),
    ];
    const [p1, p2, p3, p4, p5] = dutchPlayers(rows, ['p1', 'p2', 'p3', 'p4', 'p5'], 4);
    expect([p1?.pref, p1?.strength, p1?.cd]).toEqual(['B', 'absolute', 2]);
    expect([p2?.pref, p2?.strength]).toEqual(['B', 'absolute']); // W, W in the last two played games
    expect([p3?.pref, p3?.strength, p3?.cd]).toEqual(['W', 'strong', -1]);
    expect([p4?.pref, p4?.strength]).toEqual(['W', 'mild']);
    expect([p5?.pref, p5?.strength, p5?.byeEligible]).toEqual([null, null, false]);
  });
});

describe('FIDE Dutch (C.04.3): round 1 and colour allocation (E)', () => {
  it('B.1/E.5 round 1: S1 (top half) against S2 in order; the higher-ranked player takes the initial colour with an odd number', () => {
    const res = pairRows(
      [1, 2, 3, 4, 5, 6, 7, 8].map((n) => row(n)),
      1,
    );
    expect(pairsOf(res)).toEqual(['p1-p5', 'p6-p2', 'p3-p7', 'p8-p4']);
    expect(res.bye).toBeNull();
    expect(res.games.every((x) => x.colourRule === 'E.5')).toBe(true);
  });

  it('E.5 with the initial colour black: the top seed is black', () => {
    const res = pairRows(
      [1, 2, 3, 4].map((n) => row(n)),
      1,
      { initial: 'B' },
    );
    expect(pairsOf(res)).toEqual(['p3-p1', 'p2-p4']);
  });

  it('C.2 / C.9: an odd field gives the pairing-allocated bye to the lowest-ranked player of the lowest score', () => {
    const res = pairRows(
      [1, 2, 3, 4, 5].map((n) => row(n)),
      1,
    );
    expect(res.bye).toBe('p5');
    expect(res.explanation.join('\n')).toMatch(/pairing-allocated bye: p5/);
  });

  it('E.1–E.4: both preferences granted; the stronger wins; then alternate from the last difference; then the higher-ranked', () => {
    const games = (colours: Colour[], points: number) => colours.map((c, i) => g(i + 1, `x${i}`, c, i === 0 ? points : 0));
    const others = [0, 1, 2, 3, 4, 5].map((i) => ({ id: `x${i}`, tpn: 20 + i, entries: [] }));
    const [a, b, c, d, e] = dutchPlayers(
      [
        row(1, games(['W'], 1)), // strong B (CD 1)
        row(2, games(['B', 'W', 'W', 'B'], 1)), // mild W; third-last game white
        row(3, games(['B', 'B'], 1)), // absolute W
        row(4, games(['W'], 0)), // strong B, the same history as p1
        row(5, games(['W', 'W', 'B', 'B', 'W', 'B'], 0)), // mild W; third-last game black
        ...others,
      ],
      ['p1', 'p2', 'p3', 'p4', 'p5'],
      7,
    );
    expect(colourOf(a!, b!, 'W')).toEqual({ colour: 'B', rule: 'E.1' });
    expect(colourOf(b!, c!, 'W')).toEqual({ colour: 'B', rule: 'E.2' }); // p3's absolute beats p2's mild
    // p2 and p5 both want white: the last round they had different colours (third-last) p2 was white, p5 black → p2 black.
    expect(colourOf(b!, e!, 'W')).toEqual({ colour: 'B', rule: 'E.3' });
    // p1 and p4 both want black with the same history (no last difference): the higher-ranked p1 (more points) gets it.
    expect(colourOf(d!, a!, 'W')).toEqual({ colour: 'W', rule: 'E.4' });
  });
});

describe('FIDE Dutch (C.04.3): absolute criteria and floaters', () => {
  it('C.1: two players meet once — the S2 transposition takes the next partner (D.1)', () => {
    // One bracket of four (every score 1: a test device), S1 = p1, p2 and S2 = p3, p4; p1–p3 met, so p1–p4 and p2–p3.
    const rows = [row(1, [g(1, 'p3', 'W', 1)]), row(2, [g(1, 'p4', 'W', 1)]), row(3, [g(1, 'p1', 'B', 1)]), row(4, [g(1, 'p2', 'B', 1)])];
    const res = pairRows(rows, 2);
    expect(res.games.map((x) => [x.white, x.black].sort().join('-')).sort()).toEqual(['p1-p4', 'p2-p3']);
  });

  it('C.2: a player who already had the pairing-allocated bye (or a forfeit win) does not get it again', () => {
    const rows = [row(1, [g(1, 'p2', 'W', 1)]), row(2, [g(1, 'p1', 'B', 0)]), row(3, [g(1, 'p4', 'W', 0)]), row(4, [g(1, 'p3', 'B', 1)]), row(5, [pab(1)])];
    // p5 (1 point, had the bye) and p2/p3 (0 points): the bye goes to a 0-point player, the lowest-ranked, p3.
    const res = pairRows(rows, 2);
    expect(res.bye).toBe('p3');
    const forfeit = pairRows([row(1, [forfeitWin(1, 'p2', 'W')]), row(2, []), row(3, [])], 2, { ids: ['p1', 'p2', 'p3'] });
    expect(forfeit.bye).not.toBe('p1');
  });

  it('C.3: two non-topscorers with the same absolute colour preference never meet', () => {
    // p1 and p2 both had white twice: absolute black for both; they are the only 2-pointers.
    const rows = [
      row(1, [g(1, 'p5', 'W', 1), g(2, 'p6', 'W', 1)]),
      row(2, [g(1, 'p6', 'W', 1), g(2, 'p5', 'W', 1)]),
      row(3, [g(1, 'p7', 'B', 1), g(2, 'p8', 'W', 0)]),
      row(4, [g(1, 'p8', 'W', 1), g(2, 'p7', 'B', 0)]),
      row(5, [g(1, 'p1', 'B', 0), g(2, 'p2', 'B', 0)]),
      row(6, [g(1, 'p2', 'B', 0), g(2, 'p1', 'B', 0)]),
      row(7, [g(1, 'p3', 'W', 0), g(2, 'p4', 'W', 1)]),
      row(8, [g(1, 'p4', 'B', 0), g(2, 'p3', 'B', 1)]),
    ];
    const res = pairRows(rows, 3);
    expect(res.games.some((x) => [x.white, x.black].sort().join() === 'p1,p2')).toBe(false);
    // …but in the last round they are topscorers (A.7) and may.
    const last = pairRows(rows, 3, { total: 3 });
    expect(last.games.some((x) => [x.white, x.black].sort().join() === 'p1,p2')).toBe(true);
  });

  it('C.5/B.2: an odd bracket floats its lowest player down, who is then paired first in the next bracket (MDP)', () => {
    const rows = [
      row(1, [g(1, 'p4', 'W', 1)]),
      row(2, [g(1, 'p5', 'B', 1)]),
      row(3, [g(1, 'p6', 'W', 1)]),
      row(4, [g(1, 'p1', 'B', 0)]),
      row(5, [g(1, 'p2', 'W', 0)]),
      row(6, [g(1, 'p3', 'B', 0)]),
    ];
    const res = pairRows(rows, 2);
    expect(res.explanation.some((l) => /bracket 1: .*downfloaters .*p3/.test(l))).toBe(true);
    expect(res.explanation.some((l) => /bracket 0: 3 resident\(s\) \+ 1 moved down \(p3/.test(l))).toBe(true);
  });

  it('refuses a round that no pairing can complete (C.1–C.4)', () => {
    const rows = [row(1, [g(1, 'p2', 'W', 1)]), row(2, [g(1, 'p1', 'B', 0)])];
    expect(() => pairRows(rows, 2)).toThrow(DomainError);
  });
});
