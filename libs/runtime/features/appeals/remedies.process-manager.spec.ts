import { describe, expect, it } from '@jest/globals';
import type { AppealEvent } from '../../../domain/appeals/index.js';
import type { CommandContext, Decider, DomainEvent } from '../../../domain/kernel/index.js';
import type { RecordedEvent } from '../../../store/event-store.port.js';
import { remediesProcessManager } from './remedies.process-manager.js';

type Decided = Extract<AppealEvent, { type: 'appeals.AppealDecided' }>['data'];

/** The penalty ledger's aggregate as the runtime sees it: only its name routes the command (stream penalties-<tournamentId>). */
const ledgerDecider: Decider<unknown, DomainEvent, null> = { initialState: () => null, decide: () => [], evolve: (s) => s };
const LEDGER = { name: 'penalties', decider: ledgerDecider };

function decided(remedies: Decided['remedies']): RecordedEvent {
  const data: Decided = {
    appealId: 'ap-9',
    tournamentId: 'open',
    outcome: 'upheld',
    reasons: 'the penalty had no basis',
    votes: [],
    remedies,
    deposit: null,
    final: true,
    finalityRule: 'x',
    by: { id: 'c1', role: 'appeals-committee' },
    at: '2026-11-29T10:00:00.000Z',
  };
  return { id: 'evt-decided', stream: 'appeal-ap-9', revision: 6, position: 99, type: 'appeals.AppealDecided', data, meta: {} as RecordedEvent['meta'] };
}

const ctx: CommandContext = {
  at: '2026-11-29T10:00:01.000Z',
  actor: { id: 'process-manager:appeal-remedies', role: 'system' },
  commandId: 'pm:x:evt-decided:0',
};

describe('appeal remedies process manager', () => {
  it('sends the contract commands: correct-result to the tournament, cancel/reduce-penalty to the ledger with the appeal as authority', () => {
    const reactions = remediesProcessManager(LEDGER).react(
      decided([
        { kind: 'correct-result', round: 2, table: 3, result: { kind: 'played', outcome: 'first' } },
        { kind: 'order-replay', round: 2, table: 4, instructions: 'replay at 18:00' },
        { kind: 'cancel-penalty', penaltyId: 'p-1' },
        { kind: 'reduce-penalty', penaltyId: 'p-2', amount: 5 },
        { kind: 're-pair-next-round', round: 2, found: 'not-paired' },
      ]),
    );
    expect(reactions.map((r) => [r.aggregate.name, r.id])).toEqual([
      ['tournament', 'open'],
      ['penalties', 'open'],
      ['penalties', 'open'],
    ]);
    const [correct, cancel, reduce] = reactions.map((r) => r.command(ctx));
    expect(correct).toMatchObject({
      type: 'tournament.correct-result',
      data: { round: 2, table: 3, result: { kind: 'played', outcome: 'first' }, reason: 'appeal ap-9 upheld: the penalty had no basis' },
    });
    const authority = { kind: 'appeal', appealId: 'ap-9' };
    expect(cancel).toMatchObject({ type: 'penalties.cancel-penalty', data: { penaltyId: 'p-1', reason: expect.stringContaining('ap-9'), authority } });
    expect(reduce).toMatchObject({ type: 'penalties.reduce-penalty', data: { penaltyId: 'p-2', amount: 5, authority } });
    // The committee decided it: the command acts as the appeals committee (which may correct a locked round), under the runner's command id and time.
    expect(correct.context).toEqual({ ...ctx, actor: { id: 'appeal:ap-9', role: 'appeals-committee' } });
  });

  it('without a penalty ledger no penalty command is sent (the decision endpoint refuses such a remedy)', () => {
    const reactions = remediesProcessManager(null).react(decided([{ kind: 'cancel-penalty', penaltyId: 'p-1' }]));
    expect(reactions).toEqual([]);
  });
});
