import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { chessDecider } from '../../../domain/disciplines/chess/chess.decider.js';
import { chessCommand, type ChessState } from '../../../domain/disciplines/chess/chess.types.js';
import { exportPgn, parsePgn, pgnCommands } from '../../../domain/disciplines/chess/pgn.js';
import { goCommand, goDecider, type GoEvent, type GoState } from '../../../domain/disciplines/go/index.js';
import type { RecordSource } from '../../../domain/kernel/index.js';
import { exportSgf, parseSgf, sgfCommands } from './sgf.js';

/**
 * Issue 30: a corpus of real public SGF and PGN files (test/fixtures/exchange/corpus/README.md cites each) imports
 * through the decider and re-exports without invented content: no clock, time control or date the file does not
 * write, the names and result as written, what is not kept listed; export → import → export byte-identical.
 */
const corpus = (name: string) => readFileSync(new URL(`../../../../test/fixtures/exchange/corpus/${name}`, import.meta.url), 'utf8');
const AT = '2026-12-01T09:00:00.000Z';
const ctx = (i: number) => ({ at: AT, actor: { id: 'arb', role: 'arbiter' as const }, commandId: `c${i}` });
const source = (format: 'sgf' | 'pgn', headers: RecordSource['headers']): RecordSource => ({
  format,
  sha256: '0'.repeat(64),
  importedBy: 'arb',
  importedAt: AT,
  headers,
});

function importSgf(text: string) {
  const record = parseSgf(text);
  const players = [
    { id: 'b', name: record.black.name ?? 'Black', ...(record.black.rank && { rank: record.black.rank }) },
    { id: 'w', name: record.white.name ?? 'White', ...(record.white.rank && { rank: record.white.rank }) },
  ] as const;
  const state = sgfCommands(record, players, source('sgf', record.headers)).reduce<GoState>(
    (s, step, i) => goDecider.decide(goCommand(step, ctx(i)), s).reduce<GoState>((x, e: GoEvent) => goDecider.evolve(x, e), s),
    goDecider.initialState(),
  );
  if (state.phase === 'none') throw new Error('no game');
  return { record, game: state.game };
}

function importPgn(text: string) {
  const record = parsePgn(text);
  const players = [
    { id: 'w', name: record.white ?? 'White' },
    { id: 'b', name: record.black ?? 'Black' },
  ] as const;
  const state = pgnCommands(record, players, source('pgn', record.headers)).reduce<ChessState>(
    (s, step, i) => chessDecider.decide(chessCommand(step, ctx(i)), s).reduce<ChessState>((x, e) => chessDecider.evolve(x, e), s),
    chessDecider.initialState(),
  );
  if (state.phase === 'none') throw new Error('no game');
  return { record, game: state.game };
}

/** SGF properties an export may write only when the file wrote them (clock, time control, date, application). */
const INVENTED_SGF = ['TM', 'OT', 'BL', 'WL', 'OB', 'OW', 'DT', 'AP', 'RU'];

describe('real public SGF files (corpus): import and re-export invent nothing', () => {
  const cases: Array<{ file: string; moves: number; result: string; names: [string, string] }> = [
    { file: 'sabaki-shodan-game.sgf', moves: 83, result: 'B+R', names: ['Zero', 'Shodan'] },
    { file: 'fox-go-server-2023.sgf', moves: 97, result: 'B+R', names: ['atypclhmn', 'V278447642'] },
  ];
  it.each(cases)('$file: moves, names and result as written; no clock, date or time control added; export → import → export identical', (c) => {
    const text = corpus(c.file);
    const { record, game } = importSgf(text);
    expect(game.moves).toHaveLength(c.moves);
    expect(game.moves.map((m) => m.point)).toEqual(record.moves.map((m) => m.point));
    expect(game.players.map((p) => p.name)).toEqual(c.names);
    expect(game.result?.text ?? '').toBe(c.result);
    expect(game.moves.some((m) => m.remainingMs !== undefined)).toBe(false);
    expect(record.notKept).toEqual([]);
    const first = exportSgf(game);
    // Each clock, date, time-control or application property the export writes is one the file wrote, with its value.
    for (const prop of INVENTED_SGF)
      for (const m of first.matchAll(new RegExp(`(?:^|[;\\]\\s])${prop}\\[([^\\]]*)\\]`, 'g'))) expect(record.headers).toContainEqual([prop, m[1]]);
    expect(first).not.toContain('2026');
    // Names and grades as the file writes them (e.g. BR[6级]).
    for (const [prop, value] of record.headers.filter(([p]) => ['PB', 'PW', 'BR', 'WR'].includes(p))) expect(first).toContain(`${prop}[${value}]`);
    expect(exportSgf(importSgf(first).game)).toBe(first);
  });

  it('ogs-2020-variations.sgf (OGS correspondence game, TM[259200] = 72 h, variations): refused whole, naming the basic time', () => {
    // The Go record reads TM as the Ing basic time (whole minutes, 1–600): 4,320 minutes is outside it. (Its "variations"
    // are single branches, the main line; the root comment is a root property, kept among the headers.)
    const text = corpus('ogs-2020-variations.sgf');
    expect(parseSgf(text).notKept).toEqual([]);
    expect(parseSgf(text).headers).toContainEqual(['C', expect.stringContaining('Game chats')]);
    expect(() => importSgf(text)).toThrow(/basic time is 1–600 whole minutes/);
  });
});

describe('real public PGN files (corpus): import and re-export invent nothing', () => {
  it('Fischer v Spassky, Reykjavik 1972 game 6 (chess.js test file): tags as written, 1-0 recorded, no clock or date added', () => {
    const text = corpus('fischer-spassky-1972-g6.pgn');
    const { record, game } = importPgn(text);
    expect(game.moves).toHaveLength(81);
    expect(game.players.map((p) => p.name)).toEqual(['Robert James Fischer', 'Boris Spassky']);
    expect(game.result).toMatchObject({ winner: 0 });
    expect(record.notKept).toEqual([]);
    const first = exportPgn(game);
    // The file's own date (wrong for game 6, played in July 1972) is kept as written, not corrected or replaced.
    expect(first).toContain('[Date "1972.01.07"]');
    expect(first).toContain('[Event "Reykjavik WCh"]');
    expect(first).toContain('[WhiteElo "?"]');
    expect(first).not.toMatch(/%clk|TimeControl|2026/);
    expect(exportPgn(importPgn(first).game)).toBe(first);
  });
  it("Fool's mate (chess.js test file): the roster's '?' tags stay '?', the mate is the result", () => {
    const { game } = importPgn(corpus('fools-mate.pgn'));
    expect(game.result).toMatchObject({ winner: 1 });
    const first = exportPgn(game);
    expect(first).toContain('[Date "????.??.??"]');
    expect(first).not.toMatch(/%clk|TimeControl|2026|Rapid/);
    expect(exportPgn(importPgn(first).game)).toBe(first);
  });
});
