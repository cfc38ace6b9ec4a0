/**
 * Penalties recorded inside a game, copied into the tournament's penalty ledger (issue 10: "one ledger for
 * all disciplines"; issue 13: "arbiter penalties … into the penalty ledger"). Only games linked to a
 * tournament: an unlinked game has no ledger to go to, and nothing is copied.
 *
 * The game has already applied each of these (its score or its clock), so the ledger entry carries
 * `appliedIn` and the standings do not deduct it a second time (libs/domain/penalties/standings-feed.ts).
 */
import type { Actor } from '../../../domain/kernel/index.js';
import type { PenaltyCommandData, PenaltyKind } from '../../../domain/penalties/index.js';
import { SCRABBLE_RULES } from '../../../domain/disciplines/scrabble/index.js';
import type { Discipline } from '../../../domain/standings/results.js';
import type { RecordedEvent } from '../../../store/event-store.port.js';
import type { ProcessManager, Reaction } from '../../process-manager.js';
import { PenaltiesAggregate } from './penalties.aggregate.js';

export const GAME_PENALTIES_PM = 'game-penalties-to-ledger';

type Issue = PenaltyCommandData['penalties.issue-penalty'];

interface GameStart {
  readonly link: { readonly tournamentId: string; readonly round: number; readonly table: number; readonly division?: string } | null;
  readonly players: readonly { readonly id: string }[];
}

/** A penalty as the game recorded it, before the game's link and seats are known. */
interface GamePenalty {
  readonly seat: number;
  /** Who sat in the seat, when the game names them (a mahjong substitute, 行為守則 缺席); else the seat's player as started. */
  readonly player?: string;
  readonly kind: PenaltyKind;
  readonly amount?: number;
  readonly offence: string;
  readonly section: string;
  readonly reason: string;
  readonly by: Actor;
}

interface Source {
  readonly discipline: Discipline;
  /** The game aggregate's stream prefix (`<aggregate>-<gameId>`). */
  readonly prefix: string;
  readonly startEvent: string;
  /** The game's tournament result leaves its point penalties out (mahjong): the standings deduct them from the ledger. */
  readonly notInResult?: boolean;
  readonly penalties: Readonly<Record<string, (e: RecordedEvent) => GamePenalty | null>>;
}

type Data = Record<string, unknown>;
const dataOf = (e: RecordedEvent) => e.data as Data;

const CHESS: Source = {
  discipline: 'chess-rapid',
  prefix: 'chess-game-',
  startEvent: 'chess.GameStarted',
  penalties: {
    // Rapid chess rules 第24條 (the arbiter's penalties): time added to the opponent's clock, or the game lost; the rule is the arbiter's.
    'chess.PenaltyImposed': (e) => {
      const d = dataOf(e) as { seat: number; penalty: { kind: 'loss' } | { kind: 'time-to-opponent'; ms: number }; rule: string; reason: string };
      const base = { seat: d.seat, offence: 'arbiter-penalty', section: d.rule, reason: d.reason, by: e.meta.actor };
      if (d.penalty.kind === 'loss') return { ...base, kind: 'game-forfeit' };
      // The ledger counts whole seconds (at least one) of time added to the opponent's clock.
      return { ...base, kind: 'time-to-opponent', amount: Math.max(1, Math.round(d.penalty.ms / 1000)) };
    },
  },
};

const SCRABBLE: Source = {
  discipline: 'scrabble',
  prefix: 'scrabble-game-',
  startEvent: 'scrabble.GameCreated',
  penalties: {
    // WESPA seed 過時: points off per minute over, applied to the game's score when it ends (or entered by the TD).
    'scrabble.TimePenaltyApplied': (e) => {
      const d = dataOf(e) as { seat: number; overMs: number | null; points: number; by: Actor };
      const over = d.overMs === null ? 'entered by the TD' : `${Math.ceil(d.overMs / 60_000)} started minute(s) over`;
      return {
        seat: d.seat,
        kind: 'points',
        amount: d.points,
        offence: 'overtime',
        section: SCRABBLE_RULES.overtime,
        reason: `time penalty: ${over}`,
        by: d.by,
      };
    },
    // WESPA Rules v3 Preamble: the TD's warnings and penalties, recorded in the game as incidents.
    'scrabble.IncidentRecorded': (e) => {
      const d = dataOf(e) as { kind: string; seat: number | null; description: string; rule: string; points: number; by: Actor };
      if (d.seat === null) return null;
      const base = { seat: d.seat, section: d.rule, reason: d.description, by: d.by };
      if (d.kind === 'td-penalty' && d.points > 0) return { ...base, kind: 'points', amount: d.points, offence: 'td-penalty' };
      if (d.kind === 'td-warning') return { ...base, kind: 'warning', offence: 'td-warning' };
      return null;
    },
  },
};

const MAHJONG: Source = {
  discipline: 'mahjong',
  prefix: 'mahjong-table-',
  startEvent: 'mahjong.SessionStarted',
  // WMC 行為守則 罰則 罰分: the table points the session posts sum to zero, so its 罰分 come off the offender in the standings.
  notInResult: true,
  penalties: {
    // Every penalty of a WMC table (罰張, 相公, 錯鳴, 打牌時限, 暫停, conduct) is one event citing its section. It names
    // who sat in the seat (`player`: a substitute after 行為守則 缺席); older events do not, and are the seat's player's.
    'mahjong.PenaltyRecorded': (e) => {
      const d = dataOf(e) as { seat: number; player?: string; kind: PenaltyKind; amount?: number; offence: string; rule: string; reason: string };
      return {
        seat: d.seat,
        ...(d.player !== undefined && { player: d.player }),
        kind: d.kind,
        ...(d.amount !== undefined && { amount: d.amount }),
        offence: d.offence,
        section: d.rule,
        reason: d.reason,
        by: e.meta.actor,
      };
    },
  },
};

const SOURCES: readonly Source[] = [CHESS, SCRABBLE, MAHJONG];
const sourceOf = (type: string) => SOURCES.find((s) => s.penalties[type] !== undefined);

/** The ledger's penalty id for a game event: stable, so a redelivered event names the same penalty. */
export const ledgerPenaltyId = (gameId: string, e: RecordedEvent): string => `game-${gameId}-${e.revision}`;

/** The issue command for one in-game penalty, or null (not a penalty, no seat, or the game is not linked). Pure. */
export function ledgerIssueFor(event: RecordedEvent, start: RecordedEvent | null): { tournamentId: string; data: Issue } | null {
  const source = sourceOf(event.type);
  if (!source || !start || start.type !== source.startEvent || !event.stream.startsWith(source.prefix)) return null;
  const p = source.penalties[event.type](event);
  const { link, players } = dataOf(start) as unknown as GameStart;
  if (!p || !link) return null;
  // The offender (罰則 罰分: 只由犯規者的分數中扣除): who the game says sat in the seat, else the seat's player as started.
  // A substitute who is not a registered player is named in the ledger only: the standings count the penalties of the
  // division's players (standings-input.ts), so no registered player is charged for them.
  const player = p.player ?? players[p.seat]?.id;
  if (!player) return null;
  const gameId = event.stream.slice(source.prefix.length);
  const data: Issue = {
    penaltyId: ledgerPenaltyId(gameId, event),
    discipline: source.discipline,
    target: { player, round: link.round, table: link.table, game: gameId, ...(link.division !== undefined && { division: link.division }) },
    offence: p.offence,
    kind: p.kind,
    ...(p.amount !== undefined && { amount: p.amount }),
    rule: { section: p.section },
    reason: p.reason,
    appliedIn: { game: gameId, event: event.id, by: p.by, ...(source.notInResult && { notInResult: true }) },
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
