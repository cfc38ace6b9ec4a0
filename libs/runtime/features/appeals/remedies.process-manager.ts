import type { AppealEvent, Remedy } from '../../../domain/appeals/index.js';
import type { Command, CommandContext, DomainEvent } from '../../../domain/kernel/index.js';
import type { RecordedEvent } from '../../../store/event-store.port.js';
import type { AggregateType } from '../../command-handler.js';
import type { ProcessManager, Reaction } from '../../process-manager.js';
import { TournamentAggregate } from '../tournament/index.js';

export const REMEDIES_PM = 'appeal-remedies';
type Decided = Extract<AppealEvent, { type: 'appeals.AppealDecided' }>['data'];
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type PenaltiesAggregate = AggregateType<any, DomainEvent, any>;

/** The remedies a process manager sends as commands (the others are recorded in the decision itself). */
export function sentRemedy(r: Remedy): boolean {
  return r.kind === 'correct-result' || r.kind === 'cancel-penalty' || r.kind === 'reduce-penalty';
}

/**
 * Applies an appeal decision's remedies as ordinary commands, each caused by the decision event (the
 * runner sets `meta.causationId`): `tournament.correct-result` with a reason naming the appeal, and, with
 * the penalty ledger, `penalties.cancel-penalty` / `penalties.reduce-penalty` with `authority: { kind:
 * 'appeal', appealId }` (the contract with the ledger), sent as this process manager's own actor, the only one
 * the ledger accepts for that authority. A result correction is the committee's: it acts as the appeals
 * committee, which may correct a locked round. A replay order and a re-pairing of a round not yet
 * paired need no command (the decision records them). A refused remedy is kept at /v1/audit/refused-reactions
 * and shown on the appeal's timeline.
 */
export function remediesProcessManager(penalties: PenaltiesAggregate | null): ProcessManager {
  return {
    name: REMEDIES_PM,
    handles: (type) => type === 'appeals.AppealDecided',
    react(event: RecordedEvent): Reaction[] {
      const d = event.data as Decided;
      const asCommittee = (ctx: CommandContext): CommandContext => ({ ...ctx, actor: { id: `appeal:${d.appealId}`, role: 'appeals-committee' } });
      const reason = `appeal ${d.appealId} ${d.outcome}: ${d.reasons}`;
      const authority = { kind: 'appeal' as const, appealId: d.appealId };
      const reactions: Reaction[] = [];
      for (const r of d.remedies) {
        if (r.kind === 'correct-result') {
          const data = { ...(r.division !== undefined && { division: r.division }), round: r.round, table: r.table, result: r.result, reason };
          reactions.push({
            aggregate: TournamentAggregate,
            id: d.tournamentId,
            command: (ctx) => ({ type: 'tournament.correct-result', data, context: asCommittee(ctx) }),
          });
        } else if ((r.kind === 'cancel-penalty' || r.kind === 'reduce-penalty') && penalties) {
          const command = (ctx: CommandContext): Command =>
            r.kind === 'cancel-penalty'
              ? { type: 'penalties.cancel-penalty', data: { penaltyId: r.penaltyId, reason, authority }, context: ctx }
              : { type: 'penalties.reduce-penalty', data: { penaltyId: r.penaltyId, amount: r.amount, reason, authority }, context: ctx };
          reactions.push({ aggregate: penalties, id: d.tournamentId, command });
        }
      }
      return reactions;
    },
  };
}
