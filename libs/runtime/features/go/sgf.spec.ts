import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { goCommand, goDecider, type GoEvent, type GoState, type GoStep } from '../../../domain/disciplines/go/index.js';
import type { RecordSource } from '../../../domain/kernel/index.js';
import { exportSgf, parseSgf, sgfCommands } from './sgf.js';

/** SGF round trip on real public records (test/fixtures/sgf/README.md): import replays through the decider; export then import is lossless. */
const fixture = (name: string) => readFileSync(new URL(`../../../../test/fixtures/sgf/${name}`, import.meta.url), 'utf8');
const PLAYERS = [
  { id: 'black', name: 'Black' },
  { id: 'white', name: 'White' },
] as const;

/** A record source as the import route builds it (its hash and headers from the file). */
const source = (text: string): RecordSource => ({
  format: 'sgf',
  sha256: 'f'.repeat(64),
  importedBy: 'arb',
  importedAt: '2026-12-01T09:00:00.000Z',
  headers: parseSgf(text).headers,
});
const imported = (text: string) => replay(sgfCommands(parseSgf(text), PLAYERS, source(text)));
/** Export → import → export: the second export is the first, byte for byte. */
const roundTrip = (s: GoState) => {
  const first = exportSgf(game(s));
  return { first, second: exportSgf(game(imported(first))) };
};

function replay(steps: readonly GoStep[]): GoState {
  let state = goDecider.initialState();
  const t0 = Date.parse('2026-12-01T09:00:00.000Z');
  steps.forEach((step, i) => {
    const c = goCommand(step, { at: new Date(t0 + i * 1000).toISOString(), actor: { id: 'arb', role: 'arbiter' }, commandId: `c${i}` });
    state = goDecider.decide(c, state).reduce<GoState>((s, e: GoEvent) => goDecider.evolve(s, e), state);
  });
  return state;
}
const game = (s: GoState) => {
  if (s.phase === 'none') throw new Error('no game');
  return s.game;
};
/** What SGF carries, compared between two imports. */
const carried = (s: GoState) => {
  const g = game(s);
  return {
    players: g.players.map((p) => ({ name: p.name, rank: p.rank })),
    boardSize: g.boardSize,
    compensation: g.compensation,
    handicapStones: g.handicapStones,
    basicTimeMinutes: g.rules.basicTimeMinutes,
    overtime: g.rules.overtime,
    moves: g.moves.map((m) => ({ seat: m.seat, point: m.point, written: m.written })),
    result: g.result?.text,
  };
};

describe('SGF import and export (@sabaki/sgf)', () => {
  it("Maruyama v Ito, 1st Kisei 1976: every move replays; W+6.5 recorded; the file's headers kept; no clock, date, time control or pass invented (issue 30)", () => {
    const text = fixture('maruyama-ito-kisei-1976.sgf');
    const record = parseSgf(text);
    const state = imported(text);
    const g = game(state);
    expect(state.phase).toBe('finished');
    expect(g.moves.map((m) => m.point)).toEqual(record.moves.map((m) => m.point));
    expect(g.result).toMatchObject({ winner: 1, reason: 'count', text: 'W+6.5' });
    expect(g.players.map((p) => [p.id, p.name, p.rank])).toEqual([
      ['black', 'Maruyama Toyoji', '1p'],
      ['white', 'Ito Yoji', '1p'],
    ]);
    expect(g.compensation).toBe(5.5);
    expect(g.source).toMatchObject({ format: 'sgf', importedBy: 'arb' });
    expect(g.source?.headers).toEqual(
      expect.arrayContaining([
        ['EV', '1st Kisei'],
        ['RO', '1-dan Final'],
        ['DT', '1976-01-28'],
      ]),
    );
    // No move carries a clock: the record wrote none.
    expect(g.moves.some((m) => m.remainingMs !== undefined || m.written !== undefined)).toBe(false);
    expect(g.clock.since).toBeNull();
    const { first, second } = roundTrip(state);
    expect(first).toContain('DT[1976-01-28]');
    expect(first).toContain('EV[1st Kisei]');
    expect(first).not.toMatch(/\b(TM|OT|BL|WL|AP|RU)\[/);
    expect(first).not.toContain('2026');
    expect(second).toBe(first);
  });

  it("IGS 2020, handicap 2 with BL/WL: the file's time left is kept as written (not a clock reading); W+34.5; export → import → export byte-identical", () => {
    const text = fixture('igs-panda-2020.sgf');
    const record = parseSgf(text);
    expect(record.handicapStones).toEqual(['pd', 'dp']);
    const state = imported(text);
    const g = game(state);
    expect(g.result).toMatchObject({ winner: 1, text: 'W+34.5' });
    expect(g.moves[0]).toMatchObject({ seat: 1, point: 'pp', written: { leftMs: 45_000 } });
    expect(g.moves[0].remainingMs).toBeUndefined();
    expect(g.moves.length).toBe(record.moves.length);
    const { first, second } = roundTrip(state);
    expect(first).toContain('WL[45]');
    expect(second).toBe(first);
    expect(carried(imported(first))).toEqual(carried(state));
  });

  it("a game played here under byo-yomi and penalty points exports its clock; imported back, OB/OW and negative BL/WL are the file's, byte-identical again", () => {
    const at = (s: number) => new Date(Date.parse('2026-12-01T09:00:00.000Z') + s * 1000).toISOString();
    const play = (steps: [GoStep, number][]) =>
      steps.reduce<GoState>((state, [step, s], i) => {
        const c = goCommand(step, { at: at(s), actor: { id: 'arb', role: 'arbiter' }, commandId: `p${i}` });
        return goDecider.decide(c, state).reduce<GoState>((x, e) => goDecider.evolve(x, e), state);
      }, goDecider.initialState());
    for (const overtime of [{ kind: 'byo-yomi' as const, periodSeconds: 30, periods: 3 }, { kind: 'penalty-points' as const }]) {
      const played = play([
        [{ type: 'go.start-game', players: PLAYERS, boardSize: 9, rules: { basicTimeMinutes: 2, overtime: overtime as never } }, 0],
        [{ type: 'go.play', seat: 0, point: 'ee' }, 160],
        [{ type: 'go.play', seat: 1, point: 'cc' }, 165],
        [{ type: 'go.play', seat: 0, point: 'gg' }, 175],
        [{ type: 'go.resign', seat: 1 }, 180],
      ]);
      expect(game(played).moves[0]).toMatchObject(overtime.kind === 'byo-yomi' ? { remainingMs: 0, periodsLeft: 2 } : { remainingMs: -40_000 });
      const exported = exportSgf(game(played));
      expect(exported).toContain(overtime.kind === 'byo-yomi' ? 'OB[2]' : 'BL[-40]');
      const back = imported(exported);
      expect(game(back).moves[0].written).toEqual(overtime.kind === 'byo-yomi' ? { leftMs: 0, periods: 2 } : { leftMs: -40_000 });
      expect(game(back).result?.text).toBe('B+R');
      expect(exportSgf(game(back))).toBe(exported);
    }
  });

  it('RE in its standard and localised forms is recorded as the result (白胜黑, 黑中盘胜, 白3目半勝ち, 黑胜半目, 持碁, B+); Void and ? record none', () => {
    const cases: [string, string | null, string | null][] = [
      ['白胜黑', 'W+', 'recorded'],
      ['黑中盘胜', 'B+R', 'resignation'],
      ['黒中押し勝ち', 'B+R', 'resignation'],
      ['白3目半勝ち', 'W+3.5', 'count'],
      ['黑胜半目', 'B+0.5', 'count'],
      ['백 2.5집승', 'W+2.5', 'count'],
      ['白超时胜', 'W+T', 'time'],
      ['黑胜1/4子', 'B+', 'recorded'],
      ['持碁', '0', 'count'],
      ['B+', 'B+', 'recorded'],
      ['W+F', 'W+F', 'absence'],
      ['Void', null, null],
      ['?', null, null],
    ];
    for (const [re, text, reason] of cases) {
      const state = imported(`(;GM[1]SZ[9]RE[${re}];B[ee];W[cc])`);
      expect([re, state.phase, game(state).result?.text ?? null, game(state).result?.reason ?? null]).toEqual([
        re,
        text ? 'finished' : 'playing',
        text,
        reason,
      ]);
      // The file's RE is written back as the file wrote it.
      expect(exportSgf(game(state))).toContain(`RE[${re.replace(/\]/g, '\\]')}]`);
    }
    expect(
      () => parseSgf('(;GM[1]SZ[9]RE[Black won];B[ee])') && sgfCommands(parseSgf('(;GM[1]SZ[9]RE[Black won];B[ee])'), PLAYERS, source('(;GM[1]SZ[9])')),
    ).toThrow(expect.objectContaining({ type: 'go/sgf-unreadable', field: 'sgf', message: expect.stringContaining('RE[Black won]') }));
  });

  it('an imported record takes no clock reading and no time claim; what the file says but is not recorded (a comment, a variation) is listed', () => {
    const text = '(;GM[1]SZ[9]PB[Ann]PW[Bo];B[ee]C[good move](;W[cc])(;W[gg]))';
    const record = parseSgf(text);
    expect(record.notKept).toEqual([
      { move: 1, text: '1 variation(s)', why: 'only the main line is recorded' },
      { move: 1, text: 'C[good move]', why: expect.stringContaining('time the file writes') },
    ]);
    const state = imported(text);
    const ctx = { at: '2026-12-01T10:00:00.000Z', actor: { id: 'arb', role: 'arbiter' as const }, commandId: 'x' };
    expect(() => goDecider.decide(goCommand({ type: 'go.play', seat: 0, point: 'ge', clockReading: { remainingMs: [1000, 1000] } }, ctx), state)).toThrow(
      expect.objectContaining({ type: 'go/imported-untimed', field: 'clockReading' }),
    );
    expect(() => goDecider.decide(goCommand({ type: 'go.claim-time', seat: 0 }, ctx), state)).toThrow(expect.objectContaining({ type: 'go/imported-untimed' }));
  });

  it('a record that is not Go, or on another board, is refused naming the sgf field', () => {
    expect(() => parseSgf('(;GM[11]SZ[11])')).toThrow(expect.objectContaining({ type: 'go/sgf-unreadable', field: 'sgf' }));
    expect(() => parseSgf('(;GM[1]SZ[15])')).toThrow(expect.objectContaining({ field: 'sgf' }));
  });
});
