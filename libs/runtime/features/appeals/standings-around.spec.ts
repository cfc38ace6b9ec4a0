import { describe, expect, it } from '@jest/globals';
import { issued } from '../../../domain/penalties/penalties.fixtures.js';
import { correct, create, game, pairManual, publish, record, register, run, scrabble } from '../../../domain/tournament/testing/tournament.test-support.js';
import { recordedEvent } from '../../../store/testing/recorded-event.js';
import { standingsAround } from './timeline.js';

/**
 * The standings a timeline shows around a result correction are the ones the standings read model
 * had: the tournament's events and its penalty ledger's, in log order (issue 10: the ledger feeds standings).
 */
describe('the appeal timeline: standings before and after a remedy', () => {
  it('count the penalty ledger as the published standings do: a deduction recorded before the correction shows on both sides', () => {
    const tournament = run(
      create(),
      register('a'),
      register('b'),
      pairManual(1, [game(1, 'a', 'b')]),
      publish(1),
      record(1, 1, scrabble(400, 390)),
      correct(1, 1, scrabble(390, 400)),
    );
    const log = tournament.map((e, i) => recordedEvent(e.type, e.data, i + 1, 'tournament-t1'));
    const correction = log.at(-1)!;
    // A 50-point deduction off a's spread, recorded in the ledger between the result and its correction.
    const deduction = issued({ kind: 'points', amount: 50, target: { player: 'a', round: 1 } });
    const ledgerEntry = { ...recordedEvent(deduction.type, deduction.data, 1, 'penalties-t1'), position: correction.position - 0.5 };
    const history = [...log.slice(0, -1), ledgerEntry, correction];

    const around = standingsAround(history, correction.position, 'main')!;
    const spreadOf = (rows: readonly { player: string; spread?: number }[], p: string) => rows.find((r) => r.player === p)?.spread;
    expect(spreadOf(around.before, 'a')).toBe(10 - 50);
    expect(spreadOf(around.after, 'a')).toBe(-10 - 50);
    expect(spreadOf(around.after, 'b')).toBe(10);
    // Without the ledger, the same correction would show a's spread going from 10 to -10.
    const withoutLedger = standingsAround([...log], correction.position, 'main')!;
    expect(spreadOf(withoutLedger.before, 'a')).toBe(10);
  });
});
