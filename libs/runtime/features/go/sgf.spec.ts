import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { goCommand, goDecider, type GoEvent, type GoState, type GoStep } from '../../../domain/disciplines/go/index.js';
import { exportSgf, parseSgf, sgfCommands } from './sgf.js';

/** SGF round trip on real public records (test/fixtures/sgf/README.md): import replays through the decider; export then import is lossless. */
const fixture = (name: string) => readFileSync(new URL(`../../../../test/fixtures/sgf/${name}`, import.meta.url), 'utf8');
const PLAYERS = [
  { id: 'black', name: 'Black' },
  { id: 'white', name: 'White' },
] as const;

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
    moves: g.moves.map((m) => ({ seat: m.seat, point: m.point, remainingMs: m.remainingMs, periodsLeft: m.periodsLeft })),
    result: g.result?.text,
  };
};

describe('SGF import and export (@sabaki/sgf)', () => {
  it('Maruyama v Ito, 1st Kisei 1976: every move replays legally through the decider; the written W+6.5 is recorded; export → import is lossless', () => {
    const text = fixture('maruyama-ito-kisei-1976.sgf');
    const record = parseSgf(text);
    const imported = replay(sgfCommands(record, PLAYERS));
    const g = game(imported);
    expect(imported.phase).toBe('finished');
    expect(g.moves.filter((m) => m.point !== null).map((m) => m.point)).toEqual(record.moves.map((m) => m.point));
    expect(g.result).toMatchObject({ winner: 1, reason: 'count', text: 'W+6.5' });
    expect(g.players.map((p) => [p.name, p.rank])).toEqual([
      ['Maruyama Toyoji', '1p'],
      ['Ito Yoji', '1p'],
    ]);
    expect(g.compensation).toBe(5.5);
    const again = replay(sgfCommands(parseSgf(exportSgf(g)), PLAYERS));
    expect(carried(again)).toEqual(carried(imported));
  });

  it('IGS 2020, handicap 2 with BL/WL: handicap stones, captures, time left after every move and W+34.5 survive export → import', () => {
    const record = parseSgf(fixture('igs-panda-2020.sgf'));
    expect(record.handicapStones).toEqual(['pd', 'dp']);
    const imported = replay(sgfCommands(record, PLAYERS));
    const g = game(imported);
    expect(g.result).toMatchObject({ winner: 1, text: 'W+34.5' });
    // The record's time left per move is the move's clock (WL[45] after White's first move).
    expect(g.moves[0]).toMatchObject({ seat: 1, point: 'pp', remainingMs: 45_000 });
    expect(g.moves.filter((m) => m.point !== null).length).toBe(record.moves.filter((m) => m.point !== null).length);
    const exported = exportSgf(g);
    expect(exported).toContain('WL[45]');
    const again = replay(sgfCommands(parseSgf(exported), PLAYERS));
    expect(carried(again)).toEqual(carried(imported));
  });

  it('a game played here under byo-yomi (2 min, 3 × 30 s; 40 s over uses one period) and penalty points: OB/OW periods and negative BL/WL survive export → import', () => {
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
      const moves = game(played).moves;
      expect(moves[0]).toMatchObject(overtime.kind === 'byo-yomi' ? { remainingMs: 0, periodsLeft: 2 } : { remainingMs: -40_000 });
      const exported = exportSgf(game(played));
      expect(exported).toContain(overtime.kind === 'byo-yomi' ? 'OB[2]' : 'BL[-40]');
      const again = replay(sgfCommands(parseSgf(exported), PLAYERS));
      expect(carried(again)).toEqual(carried(played));
    }
  });

  it('a record that is not Go, or on another board, is refused naming the sgf field', () => {
    expect(() => parseSgf('(;GM[11]SZ[11])')).toThrow(expect.objectContaining({ type: 'go/sgf-unreadable', field: 'sgf' }));
    expect(() => parseSgf('(;GM[1]SZ[15])')).toThrow(expect.objectContaining({ field: 'sgf' }));
  });
});
