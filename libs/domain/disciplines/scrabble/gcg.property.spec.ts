import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import type { RecordSource } from '../../kernel/record-source.js';
import { exportGcg, importGcgRecord, parseGcg } from './gcg.js';
import { replay } from './testing/replay.js';
import { simulateGame } from './testing/simulation.js';

/**
 * Issue 30: GCG export → import → export is byte-identical on generated games (fast-check): random legal tracked
 * games (plays, exchanges, passes, challenges won and lost, withdrawn plays, end racks, overtime), the players renamed
 * with names holding digits, and pragmas added.
 */
const AT = '2026-01-01T10:00:00.000Z';

const source = (text: string): RecordSource => ({ format: 'gcg', sha256: '0'.repeat(64), importedBy: 'td', importedAt: AT, headers: parseGcg(text).headers });
const imported = (text: string) => exportGcg(replay(importGcgRecord(text, { startAt: AT, stepSeconds: 0, source: source(text) }).commands));

describe('GCG round trip (property)', () => {
  it('export → import → export is byte-identical: generated games, names with digits, pragmas as written', () => {
    let overtimeGames = 0;
    const name = fc.stringMatching(/^[A-Za-z][A-Za-z0-9 ,.'-]{0,30}[A-Za-z0-9]$/);
    fc.assert(
      fc.property(
        fc.integer(),
        fc.integer({ min: 0, max: 40 }),
        fc.integer({ min: 0, max: 30 }),
        fc.constantFrom(60, 150, 200),
        name,
        name,
        fc.option(fc.stringMatching(/^[A-Za-z0-9]([A-Za-z0-9 ]{0,20}[A-Za-z0-9])?$/)),
        (seed, challengeRate, holdRate, tempo, first, second, title) => {
          const t = simulateGame(seed, { challengeRate, holdRate, tempo });
          const played = exportGcg(t.events);
          // The same game under other names (digits included) and a #title, as another program might write it.
          const file = played
            .replace(/^#player1 (\S+) .*$/m, `#player1 $1 ${first}`)
            .replace(/^#player2 (\S+) .*$/m, `#player2 $1 ${second}`)
            .replace(/^/, title === null ? '' : `#title ${title}\n`);
          const once = imported(file);
          expect(once).toBe(file);
          expect(imported(once)).toBe(once);
          // A game ended on the overtime limit comes back ended there, its penalties as written and no clock made up.
          if (t.events.some((e) => e.type === 'scrabble.GameEnded' && e.data.reason === 'overtime-limit')) {
            overtimeGames++;
            const events = replay(importGcgRecord(file, { startAt: AT, stepSeconds: 0, source: source(file) }).commands);
            const ended = events.find((e) => e.type === 'scrabble.GameEnded');
            expect(ended?.data).toMatchObject({ reason: 'overtime-limit', outBy: null });
            expect(ended?.data).not.toHaveProperty('remainingMs');
            expect(events.filter((e) => e.type === 'scrabble.TdCalled' || e.type === 'scrabble.ClockReadingRecorded')).toEqual([]);
            const penalties = events.filter((e) => e.type === 'scrabble.TimePenaltyApplied').map((e) => e.data);
            expect(penalties.every((p) => p.overMs === null)).toBe(true);
            expect(penalties.map((p) => p.points)).toEqual(
              t.events.filter((e) => e.type === 'scrabble.TimePenaltyApplied').map((e) => (e.data as { points: number }).points),
            );
          }
        },
      ),
      { numRuns: 60 },
    );
    // The generator reaches the overtime limit in about a third of its games; the property covers them.
    expect(overtimeGames).toBeGreaterThan(0);
  });
});
