/**
 * A mahjong table session (半場) as a GameFeature: four seats, referee-level recording (no hidden
 * information kept), the locked score card's totals posted to the tournament's mahjong table as table
 * points, and a chief-referee ruling after submission posted as a correction.
 */
import {
  mahjongCommand,
  mahjongDecider,
  occupant,
  totalsOf,
  type MahjongCommand,
  type MahjongEvent,
  type MahjongLink,
  type MahjongPlayer,
  type MahjongState,
  type MahjongStep,
  type Seat,
} from '../../../domain/disciplines/mahjong/index.js';
import type { RecordedEvent } from '../../../store/event-store.port.js';
import { OFFICIALS_OBSERVE, ownSeatOnly, type GameCommandBody, type GameFeature, type TournamentResult } from '../../games/game-feature.js';
import { correctedResult, recordedResult } from '../../games/linked-result.js';

export type MahjongCommandBody = GameCommandBody<MahjongStep>;

interface Posted {
  totals: readonly number[];
  players: readonly MahjongPlayer[];
  link: MahjongLink | null;
  hand?: number;
  ground?: string;
  reference?: string;
  reason?: string;
}

/**
 * The table result in the tournament's terms: each paired player's table points for the half-session
 * (the hands' payments, which sum to zero; 罰分 reach the standings through the penalty ledger).
 */
export function mahjongTournamentResult(event: RecordedEvent, gameId: string): TournamentResult | null {
  if (event.type !== 'mahjong.ScorecardLocked' && event.type !== 'mahjong.ChiefRefereeRuled') return null;
  const d = event.data as Posted;
  if (!d.link) return null;
  const link = d.link;
  const result = { kind: 'mahjong-table' as const, seats: d.players.map((p, i) => ({ player: p.id, points: d.totals[i] })) };
  if (event.type === 'mahjong.ScorecardLocked') return recordedResult(link, gameId, result);
  const reason = `table ${gameId}: chief-referee ruling on hand ${d.hand} (${d.ground} ${d.reference}): ${d.reason}`;
  // The chief referee decided the correction (WMC 總則 3: 裁判長的判決為最終決定), not the process manager that carries
  // it: it is sent as theirs (Arbitra: a locked round is corrected by an appeals-committee or chief-arbiter decision).
  return correctedResult(link, result, reason, event);
}

export const MAHJONG_GAME: GameFeature<MahjongCommand, MahjongEvent, MahjongState, MahjongCommandBody, Record<string, never>> = {
  discipline: 'mahjong',
  tournamentDisciplines: ['mahjong'],
  aggregate: { name: 'mahjong-table', decider: mahjongDecider },
  seats: 4,
  exists: (s) => s.phase !== 'none',
  // Who sits in each seat now: a substitute (代打者) records for the seat they fill.
  players: (s) => (s.phase === 'none' ? [] : ([0, 1, 2, 3] as Seat[]).map((seat) => occupant(s.table, seat))),
  link: (s) => (s.phase === 'none' ? null : s.table.link),
  playerActsFor: ownSeatOnly,
  observedTime: OFFICIALS_OBSERVE,
  // The record is at the level a referee vouches for: hands are laid open when won, nothing is kept hidden.
  hidesInformation: () => false,
  // No table clock is read at a mahjong table: turn times and time-outs are the referee's own commands.
  clock: null,
  command: (body, context) => mahjongCommand(body, context),
  resultEvents: ['mahjong.ScorecardLocked', 'mahjong.ChiefRefereeRuled'],
  toTournamentResult: mahjongTournamentResult,
  redactState: (s) => s,
  redactEventData: (e) => e.data,
  readModel: {
    // 2: a game's document is persisted as a snapshot and a journal of its events (issue 34).
    version: 2,
    extras: () => ({}),
    summary: (s) => ({ phase: s.phase, scores: s.phase === 'none' ? [] : totalsOf(s.table.card) }),
  },
};
