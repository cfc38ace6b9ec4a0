/**
 * Penalties recorded inside a game, copied into the tournament's penalty ledger (issue 10: "one ledger for
 * all disciplines"; issue 13: "arbiter penalties … into the penalty ledger"). Only games linked to a
 * tournament: an unlinked game has no ledger to go to, and nothing is copied.
 *
 * Which game events are penalties, and how each maps to the ledger, each discipline's descriptor says (`penalties.inGame`).
 * The game has already applied each of these (its score or its clock), so the ledger entry carries
 * `appliedIn` and the standings do not deduct it a second time (libs/domain/penalties/standings-feed.ts).
 */
import type { DisciplineDescriptor } from '../../../domain/discipline-kit/descriptor.js';
import { DESCRIPTORS } from '../../../domain/discipline-kit/registry.js';
import type { PenaltyCommandData } from '../../../domain/penalties/index.js';
import type { RecordedEvent } from '../../../store/event-store.port.js';
import type { ProcessManager, Reaction } from '../../process-manager.js';
import { PenaltiesAggregate } from './penalties.aggregate.js';

export const GAME_PENALTIES_PM = 'game-penalties-to-ledger';

type Issue = PenaltyCommandData['penalties.issue-penalty'];

interface GameStart {
  readonly link: { readonly tournamentId: string; readonly round: number; readonly table: number; readonly division?: string } | null;
  readonly players: readonly { readonly id: string }[];
}

/** The discipline whose descriptor maps this event type to a ledger penalty (its `penalties.inGame`). */
const sourceOf = (type: string): DisciplineDescriptor | undefined => DESCRIPTORS.find((d) => d.penalties.inGame[type] !== undefined);

/** The ledger's penalty id for a game event: stable, so a redelivered event names the same penalty. */
export const ledgerPenaltyId = (gameId: string, e: RecordedEvent): string => `game-${gameId}-${e.revision}`;

/** The issue command for one in-game penalty, or null (not a penalty, no seat, or the game is not linked). Pure. */
export function ledgerIssueFor(event: RecordedEvent, start: RecordedEvent | null): { tournamentId: string; data: Issue } | null {
  const source = sourceOf(event.type);
  if (!source || !start || start.type !== source.game.startEvent) return null;
  const prefix = `${source.game.aggregate}-`;
  if (!event.stream.startsWith(prefix)) return null;
  const p = source.penalties.inGame[event.type](event);
  const { link, players } = start.data as GameStart;
  if (!p || !link) return null;
  // The offender (罰則 罰分: 只由犯規者的分數中扣除): who the game says sat in the seat, else the seat's player as started.
  // A substitute who is not a registered player is named in the ledger only: the standings count the penalties of the
  // division's players (standings-input.ts), so no registered player is charged for them.
  const player = p.player ?? players[p.seat]?.id;
  if (!player) return null;
  const gameId = event.stream.slice(prefix.length);
  const data: Issue = {
    penaltyId: ledgerPenaltyId(gameId, event),
    discipline: source.id,
    target: { player, round: link.round, table: link.table, game: gameId, ...(link.division !== undefined && { division: link.division }) },
    offence: p.offence,
    kind: p.kind,
    ...(p.amount !== undefined && { amount: p.amount }),
    rule: { section: p.section },
    reason: p.reason,
    appliedIn: { game: gameId, event: event.id, by: p.by, ...(source.penalties.notInResult && { notInResult: true }) },
  };
  return { tournamentId: link.tournamentId, data };
}

export const gamePenaltiesToLedger: ProcessManager = {
  name: GAME_PENALTIES_PM,
  handles: (type) => sourceOf(type) !== undefined,
  // Needs the game's start (its link and seats): see reactWith.
  react: () => [],
  async reactWith(event, reader): Promise<Reaction[]> {
    const issue = ledgerIssueFor(event, await reader.firstEvent(event.stream));
    if (!issue) return [];
    return [{ aggregate: PenaltiesAggregate, id: issue.tournamentId, command: (context) => ({ type: 'penalties.issue-penalty', context, data: issue.data }) }];
  },
};
