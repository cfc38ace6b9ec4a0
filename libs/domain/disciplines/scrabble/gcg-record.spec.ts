import { describe, expect, it } from '@jest/globals';
import { fold } from '../../kernel/decider.js';
import { scrabbleDecider } from './scrabble.decider.js';
import { exportGcg, importGcgRecord, parseGcg } from './gcg.js';
import { scoreSheet } from './scoresheet.js';
import { HAND_GAME } from './testing/hand-game.js';
import { replay } from './testing/replay.js';
import { simulateGame } from './testing/simulation.js';
import type { ScrabbleCommand } from './scrabble.commands.js';
import type { RecordSource } from '../../kernel/record-source.js';

const AT = '2026-01-01T10:00:00.000Z';

/** What a GCG file says, line by line: who, the rack before a move, the move, the score, the total, the notes. */
function said(text: string) {
  return parseGcg(text).lines.map((l) => ({ nick: l.nick, rack: l.rack, move: l.move, score: l.score, total: l.total, notes: l.notes }));
}

const WITH_NOTES = HAND_GAME.replace('>Ann: EEIXYZO -XYZ +0 43\n', '>Ann: EEIXYZO -XYZ +0 43\n#note kept the E pair\n');

describe('GCG import keeps what the file says (racks, exchanged letters, notes)', () => {
  it('import then export gives back the same moves, racks, scores and notes; the one rack it cannot keep is named', () => {
    const imported = importGcgRecord(WITH_NOTES, { commandIdPrefix: 'g1' });
    const text = exportGcg(replay(imported.commands));
    const before = said(WITH_NOTES);
    const after = said(text);
    // the rack written on the (challenge) line (line 12, after the added note) is the only thing not kept
    expect(imported.notKept).toEqual([expect.objectContaining({ line: 12, text: 'BCDEUFH' })]);
    expect(after).toEqual(before.map((l) => (l.move.kind === 'challenge-bonus' ? { ...l, rack: null } : l)));
    expect(text).toContain('>Ann: EEIXYZO -XYZ +0 43\n#note kept the E pair\n');
    expect(text).toContain('>Ann: DORWEEI 8E WORD +16 16');
  });
  it('the score sheet shows the exchanged letters the file wrote', () => {
    const rows = scoreSheet(replay(importGcgRecord(WITH_NOTES).commands));
    expect(rows.map((r) => r.entry)).toContain('exchange 3 (XYZ)');
  });
  it("issue 30: pragmas are kept as written with the record's source and written back; export → import → export is byte-identical", () => {
    const file = `#title Club night\n${HAND_GAME.replace('#player1 Ann Ann Lee', '#player1 Ann Ann Lee (1)')}`;
    const parsed = parseGcg(file);
    expect(parsed.headers).toEqual([
      ['title', 'Club night'],
      ['character-encoding', 'UTF-8'],
      ['player1', 'Ann Ann Lee (1)'],
      ['player2', 'Bob Bob Wu'],
    ]);
    const source = (text: string): RecordSource => ({
      format: 'gcg',
      sha256: 'a'.repeat(64),
      importedBy: 'td',
      importedAt: AT,
      headers: parseGcg(text).headers,
    });
    const players = [
      { id: 'ann-lee', name: 'Ann Lee' },
      { id: 'bob-wu', name: 'Bob Wu' },
    ] as const;
    const r = importGcgRecord(file, { startAt: AT, stepSeconds: 0, players, source: source(file) });
    expect(r.notKept.map((n) => n.text)).not.toContain('#title Club night');
    const first = exportGcg(replay(r.commands));
    expect(first.split('\n').slice(0, 4)).toEqual(['#title Club night', '#character-encoding UTF-8', '#player1 Ann Ann Lee (1)', '#player2 Bob Bob Wu']);
    expect(first).toContain('>Ann: DORWEEI 8E WORD +16 16');
    const second = exportGcg(replay(importGcgRecord(first, { startAt: AT, stepSeconds: 0, players, source: source(first) }).commands));
    expect(second).toBe(first);
  });
  it('issue 30: an imported record carries no clock reading (no turn, no end of game has one) and takes none', () => {
    const events = replay(
      importGcgRecord(HAND_GAME, {
        startAt: AT,
        stepSeconds: 0,
        source: { format: 'gcg', sha256: 'b'.repeat(64), importedBy: 'td', importedAt: AT, headers: [] },
      }).commands,
    );
    expect(events.some((e) => 'remainingMs' in (e.data as object))).toBe(false);
    const state = fold(scrabbleDecider, events);
    expect(state.phase !== 'none' && state.game.turns.some((t) => t.remainingMs !== undefined)).toBe(false);
    const played = replay(importGcgRecord(HAND_GAME).commands);
    expect(played.some((e) => e.type === 'scrabble.MoveCompleted' && 'remainingMs' in e.data)).toBe(true);
    const open = importGcgRecord(HAND_GAME.split('\n').slice(0, 5).join('\n'), {
      startAt: AT,
      source: { format: 'gcg', sha256: '', importedBy: 'td', importedAt: AT, headers: [] },
    });
    const openState = fold(scrabbleDecider, replay(open.commands));
    const reading: ScrabbleCommand = {
      type: 'scrabble.press-clock',
      data: { seat: 1, clockReading: { remainingMs: [1000, 1000] } },
      context: { at: AT, actor: { id: 'td', role: 'arbiter' }, commandId: 'r' },
    };
    expect(() => scrabbleDecider.decide(reading, openState)).toThrow(expect.objectContaining({ type: 'scrabble/imported-untimed', field: 'clockReading' }));
  });
  it("issue 30: a running total contradicting the line's score (ALGAE +26 999) is refused naming the line, never recorded silently", () => {
    const bad = HAND_GAME.replace('>Ann: AJEEIXY 10F JA. +27 43', '>Ann: AJEEIXY 10F JA. +27 999');
    expect(() => importGcgRecord(bad)).toThrow(
      expect.objectContaining({
        type: 'scrabble/gcg-total-contradicts',
        field: 'text',
        message: expect.stringMatching(/^line 6: the running total 999 is not the total 16 of line 4 \+ 27 = 43/),
      }),
    );
  });
  it('seed 分數 (分數顛倒): a reversal by TD decision exports with its decision and imports back to the same reversed result', () => {
    let events = replay(importGcgRecord(HAND_GAME).commands);
    const state = fold(scrabbleDecider, events);
    const c: ScrabbleCommand = {
      type: 'scrabble.correct-reversed-scores',
      data: { tdDecision: 'TD-7: slip reversed', agreedBy: [0, 1] },
      context: { at: '2026-01-01T12:00:00.000Z', actor: { id: 'td', role: 'arbiter' }, commandId: 'rev' },
    };
    events = [...events, ...scrabbleDecider.decide(c, state)];
    const text = exportGcg(events);
    expect(text).toContain('>Ann: (reversed) -43 -7\n>Bob: (reversed) +43 36\n#note TD decision: TD-7: slip reversed\n');
    const again = fold(scrabbleDecider, replay(importGcgRecord(text).commands));
    expect(again.phase === 'finished' && again.result.scores).toEqual([-7, 36]);
    expect(again.phase === 'finished' && again.game.scores).toEqual([-7, 36]);
    expect(said(exportGcg(replay(importGcgRecord(text).commands)))).toEqual(said(text));
  });
});

/** HAND_GAME cut after two passes; Bob then reaches the overtime limit (seed 過時): both racks deducted, 100 off. */
const OVERTIME_GAME = `${HAND_GAME.split('\n').slice(0, 13).join('\n').replace('BCDEUFH (challenge)', '(challenge)')}
>Ann: EEIORTU (EEIORTU) -7 36
>Bob: BCDEFHK (BCDEFHK) -22 -7
>Bob: (time) -100 -107
`;
const GCG_SOURCE = (text: string): RecordSource => ({
  format: 'gcg',
  sha256: 'c'.repeat(64),
  importedBy: 'td',
  importedAt: AT,
  headers: parseGcg(text).headers,
});

describe('issue 30: a GCG game ended on the overtime limit (seed 過時: 如果過時10分鐘，遊戲結束)', () => {
  it('seed 過時: imports ended on the limit with the penalty as written, no clock reading or TD call made up; export gives the same file', () => {
    const events = replay(importGcgRecord(OVERTIME_GAME, { startAt: AT, stepSeconds: 0, source: GCG_SOURCE(OVERTIME_GAME) }).commands);
    const state = fold(scrabbleDecider, events);
    expect(state.phase).toBe('finished');
    expect(state.phase === 'finished' && state.end?.reason).toBe('overtime-limit');
    expect(state.phase === 'finished' && state.result.scores).toEqual([36, -107]);
    expect(events.filter((e) => e.type === 'scrabble.TimePenaltyApplied').map((e) => e.data)).toEqual([
      expect.objectContaining({ seat: 1, overMs: null, points: 100 }),
    ]);
    expect(events.some((e) => e.type === 'scrabble.TdCalled' || 'remainingMs' in (e.data as object))).toBe(false);
    const text = exportGcg(events);
    expect(text).toBe(OVERTIME_GAME);
  });
  it('seed 過時: both racks deducted in play with no (time) line still ends on the limit: nobody is named as having reached it', () => {
    const unsaid = OVERTIME_GAME.replace('>Bob: (time) -100 -107\n', '');
    const events = replay(importGcgRecord(unsaid, { startAt: AT, stepSeconds: 0, source: GCG_SOURCE(unsaid) }).commands);
    const state = fold(scrabbleDecider, events);
    expect(state.phase === 'finished' && state.end?.reason).toBe('overtime-limit');
    expect(events.some((e) => e.type === 'scrabble.TimePenaltyApplied' || e.type === 'scrabble.GameForfeited')).toBe(false);
    expect(exportGcg(events)).toBe(unsaid);
  });
  it('seed 過時: a game ended on the limit before the last player drew keeps the rack the file writes (found by the property)', () => {
    // The generated game gcg.property.spec.ts once failed on: b plays two tiles, the limit ends the game before b
    // draws, and the file writes b's own rack as EMORS (5 tiles) with 9 tiles still in the bag.
    const file = exportGcg(simulateGame(0, { challengeRate: 26, holdRate: 26, tempo: 150 }).events);
    expect(file).toContain('>b: EMORS (EMORS) -7 453');
    const events = replay(importGcgRecord(file, { startAt: AT, stepSeconds: 0, source: GCG_SOURCE(file) }).commands);
    expect(events.filter((e) => e.type === 'scrabble.EndRackScored').map((e) => e.data)).toEqual([
      expect.objectContaining({ seat: 0, rack: [...'AAEINQZ'].sort() }),
      expect.objectContaining({ seat: 1, rack: [...'EMORS'].sort() }),
    ]);
    expect(exportGcg(events)).toBe(file);
  });
  it('seed 過時: an own rack of blanks only deducts 0 and is still written as the own rack (found by the property)', () => {
    // Seat a holds only a blank when the limit ends the game: `>a: ? (?) +0` is its own rack, not points for going out.
    const file = exportGcg(simulateGame(-962347630, { challengeRate: 0, holdRate: 11, tempo: 150 }).events);
    expect(file).toContain('>a: ? (?) +0 705');
    const events = replay(importGcgRecord(file, { startAt: AT, stepSeconds: 0, source: GCG_SOURCE(file) }).commands);
    expect(events.filter((e) => e.type === 'scrabble.EndRackScored').map((e) => e.data)).toEqual([
      expect.objectContaining({ seat: 0, rackOf: 0, rack: ['?'], points: 0 }),
      expect.objectContaining({ seat: 1, rackOf: 1, rack: ['E'], points: -1 }),
    ]);
    expect(exportGcg(events)).toBe(file);
  });
  it('seed 過時: a play going out, not yet accepted when the limit ends the game, is not taken as going out (found by the property)', () => {
    // b plays its last tile; before the play is accepted the overtime limit ends the game: a loses S, b its empty rack.
    const file = exportGcg(simulateGame(1129851001, { challengeRate: 6, holdRate: 10, tempo: 150 }).events);
    expect(file).toContain('>a: S (S) -1 453\n>b: () +0 624\n');
    const events = replay(importGcgRecord(file, { startAt: AT, stepSeconds: 0, source: GCG_SOURCE(file) }).commands);
    expect(events.find((e) => e.type === 'scrabble.GameEnded')?.data).toMatchObject({ reason: 'overtime-limit', outBy: null });
    expect(exportGcg(events)).toBe(file);
  });
  it('seed 過時: only an imported record ends on the limit as written; an imported one takes no end without its file line', () => {
    const cmd = (asWritten?: string): ScrabbleCommand => ({
      type: 'scrabble.end-on-overtime',
      data: { seat: 1, ...(asWritten !== undefined && { asWritten }) },
      context: { at: AT, actor: { id: 'td', role: 'arbiter' }, commandId: 'ot' },
    });
    const cut = HAND_GAME.split('\n').slice(0, 13).join('\n');
    const live = fold(scrabbleDecider, replay(importGcgRecord(cut, { startAt: AT }).commands));
    expect(() => scrabbleDecider.decide(cmd('GCG line 14'), live)).toThrow(expect.objectContaining({ type: 'scrabble/not-imported', field: 'asWritten' }));
    const imported = fold(scrabbleDecider, replay(importGcgRecord(cut, { startAt: AT, stepSeconds: 0, source: GCG_SOURCE(cut) }).commands));
    expect(() => scrabbleDecider.decide(cmd(), imported)).toThrow(expect.objectContaining({ type: 'scrabble/imported-untimed', field: 'seat' }));
    expect(scrabbleDecider.decide(cmd('GCG line 14'), imported).map((e) => e.type)).toEqual(['scrabble.GameEnded']);
  });
});
