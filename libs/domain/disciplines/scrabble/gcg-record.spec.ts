import { describe, expect, it } from '@jest/globals';
import { fold } from '../../kernel/decider.js';
import { scrabbleDecider } from './scrabble.decider.js';
import type { ScrabbleEvent } from './scrabble.events.js';
import { exportGcg, importGcgRecord, parseGcg } from './gcg.js';
import { scoreSheet } from './scoresheet.js';
import { HAND_GAME } from './testing/hand-game.js';
import type { ScrabbleCommand } from './scrabble.commands.js';

function replay(commands: readonly ScrabbleCommand[]): ScrabbleEvent[] {
  let state = scrabbleDecider.initialState();
  const events: ScrabbleEvent[] = [];
  for (const c of commands) {
    const out = scrabbleDecider.decide(c, state);
    events.push(...out);
    state = fold(scrabbleDecider, out, state);
  }
  return events;
}

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
  it('pragmas Arbitra does not record are named in the answer, not silently dropped', () => {
    const r = importGcgRecord(`#title Club night\n${WITH_NOTES}`);
    expect(r.notKept[0]).toEqual({ line: 1, text: '#title Club night', why: 'this pragma is not recorded by Arbitra' });
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
